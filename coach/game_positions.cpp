#include "coach/game_positions.h"

#include <string>

#include "game/game.h"

namespace nard {

std::optional<Error> add_game_positions(const MatchRecord& record, const Rules& rules, bool unique,
                                        PositionSet& seen, GamePositions& out) {
  for (const MatchGame& game : record.games) {
    Result<Rules> played = record_rules(record, game);
    const std::string name = "game " + std::to_string(game.number);
    if (!played) return make_error(name + ": " + played.error().message);
    if (played->variant != rules.variant)
      return make_error(name + " is " + std::string(variation_name(played->variant)) + ", not " +
                        std::string(variation_name(rules.variant)));
    if (played->preset != rules.preset)
      return make_error(name + " is played under the rules '" + played->preset + "', not '" +
                        rules.preset + "'");
    ++out.games;
    for (const MatchAction& action : game.actions) {
      if (action.kind != ActionKind::Play) continue;
      // A game ends only on its mover's play (game/game.h): the position after it is not one
      // anybody rolls in.
      if (game_result(*played, action.after).over()) continue;
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

void add_listed_positions(std::span<const Position> listed, bool unique, PositionSet& seen,
                          GamePositions& out) {
  for (const Position& pos : listed) {
    ++out.listed;
    if (unique && !seen.insert(pos).second) {
      ++out.repeats;
      continue;
    }
    out.positions.push_back(pos);
  }
}

}  // namespace nard
