// The positions of saved games (game/match_record.h, as the match file readers give them): what a
// position database (coach/position_database.h) is made of when the games come from elsewhere than
// our self-play, e.g. games against gnubg or a player's own matches. Each position is one a side
// was on roll in, before the roll: the position after every checker play, turned round to the
// opponent, as long as the game goes on (the position that ends a game is left out, and so is the
// opening position, which every game shares). Or the positions of a list (formats/position_list.h).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <unordered_set>
#include <vector>

#include "core/result.h"
#include "game/match_record.h"
#include "game/position.h"

namespace nard {

struct PositionHasher {
  size_t operator()(const Position& p) const { return size_t(p.hash()); }
};
using PositionSet = std::unordered_set<Position, PositionHasher>;

struct GamePositions {
  std::vector<Position> positions;  // in the order met, games in record order
  long long games = 0;              // games read
  long long listed = 0;             // positions read from lists (add_listed_positions)
  long long repeats = 0;            // positions left out as repeats (with `unique`)
};

// Adds the positions of every game of `record` to `out`. Every game must be played under the
// rules preset of `rules` (a record of another game or preset, or such a game of a mixed record,
// fails naming the game, and `out` keeps what the earlier games gave). With `unique`, a position
// already in `seen` is counted as a repeat and left out, and each position added goes into
// `seen`, which carries over between calls so that several records make one sample without
// repeats; without `unique`, `seen` is not used.
std::optional<Error> add_game_positions(const MatchRecord& record, const Rules& rules, bool unique,
                                        PositionSet& seen, GamePositions& out);

// Adds positions read from a list (formats/position_list.h), in their order. `unique` and `seen`
// as add_game_positions; `out.listed` counts the positions given.
void add_listed_positions(std::span<const Position> listed, bool unique, PositionSet& seen,
                          GamePositions& out);

}  // namespace nard
