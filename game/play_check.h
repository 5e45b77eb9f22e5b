// Independent checks of the move generator's output, for the fuzz targets
// (tests/fuzz/) and the invariant soak (bench/invariant_soak.h). They re-derive
// what a play must satisfy from the plain rules of movement, without the
// generator's search or its legality filters:
//   * each play's sub-moves, replayed one at a time (a checker of the mover
//   leaves its point or
//     the bar, moves one die, lands on an open point, hits or pins a lone
//     opposing checker where the game does, bears off only with every checker
//     home), lead to the position written;
//   * the plays of one roll are distinct positions, each consistent
//   (Position::is_consistent),
//     with the geometry, the opponent's borne-off checkers and his first-turn
//     flag unchanged;
//   * the mover's pip count falls by the pips his sub-moves cover, never more
//   than the dice, and
//     the opponent's pip count rises only by the checkers hit (sent back to the
//     bar).
// Which plays are legal (the most dice, the higher die, the variant
// restrictions) is NOT checked here: perft and the gnubg cross-checks cover
// that.
#pragma once

#include <optional>
#include <span>

#include "core/result.h"
#include "game/dice.h"
#include "game/move.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

// One play: the sub-moves of `move`, played from `before` (mover on roll) with
// `dice`, lead to `after` (the generator's result: mover's view, the mover's
// first-turn flag cleared).
std::optional<Error> check_play_moves(const Rules& rules, const Position& before, Dice dice,
                                      const Move& move, const Position& after);

// Every play of one roll, as MoveGenerator::generate wrote them (moves may be
// empty: then only the position checks run). The message names the play (its
// index and notation).
std::optional<Error> check_plays(const Rules& rules, const Position& before, Dice dice,
                                 std::span<const Position> plays, std::span<const Move> moves);

}  // namespace nard
