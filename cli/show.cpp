// nard show POSITION: the board, pip counts and whose turn it is.
#include <iostream>

#include "cli/analysis/board_diagram.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "formats/notation.h"
#include "formats/position_arg.h"

namespace nard::tools {

namespace {
struct ShowOptions {
  std::string position, variant, rules;
};

void run_show(const ShowOptions& o) {
  Result<Rules> rules = resolve_rules(o.variant, o.rules);
  if (!rules) return fail_input(rules.error());
  Result<Position> pos = parse_position_arg(o.position, *rules);
  if (!pos) return fail_input(pos.error());
  std::cout << "Game: " << variant_name(rules->variant) << " (rules " << rules->preset << ")\n";
  std::cout << board_diagram(*pos, *rules);
  std::cout << "  X is on roll.  Position: " << format_position_for(*pos, *rules) << "\n";
  if (rules->variant != Variant::Backgammon)
    std::cout << "  Notation: " << format_notation(*pos) << "\n";
}
}  // namespace

void register_show(CLI::App& app) {
  auto o = std::make_shared<ShowOptions>();
  CLI::App* cmd = app.add_subcommand("show", "Draw a position");
  cmd->add_option("position", o->position, "Position ID, PosID:MatchID, XGID or our notation")
      ->required();
  cmd->add_option("--variant", o->variant, "Game (default backgammon)");
  cmd->add_option("--rules", o->rules, "Rules preset");
  cmd->callback([o] { run_show(*o); });
}

}  // namespace nard::tools
