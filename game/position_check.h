// Checking a position against its game's rules: everything the Position struct can hold that no
// game under these rules can reach. Every position that enters nard from outside (the parsers of
// formats/notation.h, gnubg_id.h, xgid.h, fibs_board.h; the command line; the external protocol)
// goes through check_position(); positions built inside the library (move generation, tests)
// are not checked, so library constructors stay free.
//
// What is checked, in this order (the first problem found is reported):
//   * no unknown flag bits; the geometry bit is the game's (contrary or parallel movement);
//   * each side has exactly 15 checkers, counting board, bar, borne off and pinned checkers;
//   * pins only in a pinning game (Plakoto, Tapa, Mahbusa), each under checkers on top, and never
//     under a side's checkers on its own 24-point (a side never lands there);
//   * checkers on the bar only in a hitting game (backgammon and its presets);
//   * not both sides finished (the game ended when the first bore off his last checker);
//   * in a game without hitting, a side that has borne off has all its checkers in its home
//     (points 1..6 of its own numbering): nothing can send a checker back;
//   * first-turn flags only in Long Nardy; a side whose first turn is still to come has all 15
//     on its head; the opponent's first turn cannot still be to come when the side on roll has
//     already played his (the opponent would have played or forfeited in between).
// The position is seen from the side on roll, as every format and command gives it: a play's
// result before it is turned round (mover_off 15 after the winning play, a Long Nardy first turn
// just played) is not such a position.
// Two sides on one point cannot be expressed by Position (one signed count per point), except a
// Plakoto pin; the parsers refuse it in the text.
//
// Messages name the side as our notation does ("x" the side on roll, "o" the opponent) and
// points in the side on roll's numbering, e.g. "x has 16 checkers, not 15",
// "a pin on point 14, but backgammon has no pins (only plakoto pins)".
#pragma once

#include <optional>

#include "core/result.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

// nullopt when the position can occur in a game under `rules`; else what is impossible.
std::optional<Error> check_position(const Position& pos, const Rules& rules);

}  // namespace nard
