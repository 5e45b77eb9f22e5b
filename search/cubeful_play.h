// Checker play valued with the cube, as gnubg's cubeful hint: each play's result (the opponent on
// roll, before his cube decision) is valued by the cubeful lookahead of search/cube/lookahead.h at
// the ply asked, money or match, and the plays are ranked by that value through the move
// filters of the SearchConfig (the same {keep, threshold} per level as Search::rank_plays, here
// on the cubeful values, as gnubg filters). Cubeless mode (or a game without a cube) values
// the same plays by their cubeless equity: money points, or in a match the MWC of the cubeless
// probabilities with the cube dead at its value (gnubg's cubeless match equity).
//
// Units (PlayValue):
//   equity  money: points per unit of the cube in play; match: gnubg's normalised equity (EMG),
//           2 * (MWC - cash_opp) / (cash_me - cash_opp) - 1 at the current cube
//   mwc     match winning chance of the mover (NaN in money play)
// both from the mover's side after the play.
//
// Thread-safety: uses the caller's Search (one per thread).
#pragma once

#include <span>
#include <vector>

#include "core/result.h"
#include "game/position.h"
#include "nn/probabilities.h"
#include "search/cube/match.h"
#include "search/search.h"

namespace nard {

// What a play's result is worth to its mover.
struct PlayValue {
  int index = 0;          // into the plays given
  int ply = 0;            // the depth it was last valued at
  Probabilities probs;    // cubeless probabilities, mover's view (of the same tree)
  float cubeless = 0.0f;  // cubeless money equity with the rules' gammon values
  double equity = 0.0;    // the ranking value (see the units above)
  double mwc = 0.0;       // NaN in money play
};

struct PlayValuation {
  int ply = 0;
  bool cubeful = true;  // false, or a game without a cube: cubeless values
};

// Does this valuation use the cube for these rules?
inline bool uses_cube(const PlayValuation& v, const Rules& rules) {
  return v.cubeful && rules.cube;
}

// Ranks the plays (results of a roll from the mover's position, mover's view, not turned round)
// best first. `ctx`: the mover's view of the match and cube (match_length 0 = money; met needed
// in a match). `always` (an index into plays, or -1) is valued at the full ply whatever the
// filters say (the play that was made, for analysis). Plays dropped by a filter keep the value of
// the last ply they reached. Fails when the cube or match context is invalid.
Result<std::vector<PlayValue>> rank_plays_cubeful(Search& search, std::span<const Position> plays,
                                                  const MatchContext& ctx, const PlayValuation& how,
                                                  int always = -1);

// The value of one position for the side on roll (before its cube decision), with the same units
// and modes: the cubeful lookahead, or the cubeless equity/MWC at `how.ply`.
Result<PlayValue> value_position(Search& search, const Position& pos, const MatchContext& ctx,
                                 const PlayValuation& how);

// The match context of the other side (scores and cube swapped).
MatchContext opponent_context(const MatchContext& ctx);

// Cubeless value of probabilities (side on roll's view): money points, or in a match the MWC with
// the cube dead at ctx.cube.value and its normalised equity. Fails on a bad match context.
Result<PlayValue> cubeless_value(const Probabilities& probs, const MatchContext& ctx,
                                 const Rules& rules);

}  // namespace nard
