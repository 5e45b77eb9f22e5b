#include "cli/equity_context.h"

namespace nard::tools {

void add_context_options(CLI::App* cmd, ContextArgs& a) {
  cmd->add_option("--match", a.match, "Match length (default: from the Match ID, else money)");
  cmd->add_option("--score", a.score, "Score A-B: side on roll first");
  cmd->add_flag("--post-crawford", a.post_crawford,
                "With --score at match-1: the Crawford game is over");
  cmd->add_flag("--cubeless", a.cubeless,
                "Cubeless values (default: cubeful where the game has a cube)");
}

}  // namespace nard::tools
