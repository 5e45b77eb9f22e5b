#include "coach/game_positions.h"

#include <string>

#include "game/game.h"

namespace nard {

std::optional<Error> add_game_positions(const MatchRecord& record, Variant variant, bool unique,
                                        PositionSet& seen, GamePositions& out) {
  for (const MatchGame& game : record.games) {
    Result<Rules> rules = record_rules(record, game);
    if (!rules)
      return make_error("game " + std::to_string(game.number) + ": " + rules.error().message);
    if (rules->variant != variant)
      return make_error("game " + std::to_string(game.number) + " is " +
                        std::string(variation_name(rules->variant)) + ", not " +
                        std::string(variation_name(variant)));
    ++out.games;
    for (const MatchAction& action : game.actions) {
      if (action.kind != ActionKind::Play) continue;
      // A game ends only on its mover's play (game/game.h): the position after it is not one
      // anybody rolls in.
      if (game_result(*rules, action.after).over()) continue;
      const Position before_roll = action.after.flipped();
      if (unique && !seen.insert(before_roll).second) {
        ++out.repeats;
        continue;
      }
      out.positions.push_back(before_roll);
    }
  }
  return std::nullopt;
}

}  // namespace nard
