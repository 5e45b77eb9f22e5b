// nard moves POSITION DICE: every distinct legal play, one line each:
// the play in standard notation, a tab, and the resulting position with the opponent on roll.
#include <iostream>

#include "api/documents.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "formats/notation.h"
#include "formats/position_arg.h"
#include "game/movegen/movegen.h"

namespace nard::tools {

namespace {
struct MovesOptions {
  std::string position, dice, variant, rules;
  bool json = false;
};

void run_moves(const MovesOptions& o) {
  Result<Rules> rules = resolve_rules(o.variant, o.rules);
  if (!rules) return fail_input(rules.error());
  Result<Position> pos = parse_position_arg(o.position, *rules);
  if (!pos) return fail_input(pos.error());
  Result<Dice> dice = parse_dice(o.dice);
  if (!dice) return fail_input(dice.error());

  if (o.json) {  // the document of the API's /api/moves
    std::cout << api::moves_document(*rules, *pos, *dice).dump(2) << '\n';
    return;
  }
  MoveGenerator gen(*rules);
  PlayList list;
  list.size = gen.generate(*pos, *dice, list.positions.get(), list.moves.get());
  for (int i = 0; i < list.size; ++i)
    std::cout << format_move(list.moves[i]) << '\t'
              << format_position_for(list.positions[i].flipped(), *rules) << '\n';
}
}  // namespace

void register_moves(CLI::App& app) {
  auto o = std::make_shared<MovesOptions>();
  CLI::App* cmd = app.add_subcommand("moves", "List the distinct legal plays of a roll");
  cmd->add_option("position", o->position, "Position ID, PosID:MatchID, XGID or our notation")
      ->required();
  cmd->add_option("dice", o->dice, "The roll, like 65 or 6-5")->required();
  cmd->add_option(
      "--variant", o->variant,
      "backgammon|plakoto|tawla31|fevga|longnardy (aliases tapa, mahbusa, narde, moultezim)");
  cmd->add_option("--rules", o->rules,
                  "Rules preset, e.g. wbf, iran, ru_short, arab_tawla, gr_portes, tr_tavla");
  cmd->add_flag("--json", o->json, "Machine-readable output");
  cmd->callback([o] { run_moves(*o); });
}

}  // namespace nard::tools
