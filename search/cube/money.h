// Money-play cube decisions from cubeless probabilities (Janowski's model, search/cube/ladder.h).
//
// Per unit of stake, with W = points per win and L = points per loss (gammons included, the
// rules' gammon and backgammon values), the model gives for the geometric cube without a cap
//   take point  TP = (W - 1/2) / (W + L + x/2)      (the receiver's loss is the doubler's W)
//   cash point  CP = (L + 1/2 + x/2) / (W + L + x/2) = 1 - TP
// so 25% dead (x = 0), 20% fully live (x = 1), 1/(4+x) without gammons (21.4% at x = 2/3).
// The cube cap of the rules kills the cube at its last level; the arithmetic "dave" progression
// (rules.cube_progression == Arithmetic) uses the same ladder with stakes 1,2,3,… (docs/dave.md).
//
// Rules honoured: cube (off = no analysis), cube_cap, cube_progression, jacoby (gammons count
// only once the cube was turned: with a centred, unturned cube the no-double equity uses W = L = 1,
// so the side on roll is never "too good"), beavers (geometric cube only, as the engine: the
// receiver beavers when taking and redoubling at once beats taking; the doubler may then drop,
// paying the doubled stake).
//
// Pure functions; thread-safe.
#pragma once

#include "core/result.h"
#include "game/rules.h"
#include "nn/probabilities.h"
#include "search/cube/decision.h"
#include "search/cube/efficiency.h"

namespace nard {

// The side on roll considers doubling: its cubeful equities, proper action, take and cash
// points. Fails when the rules have no cube, the cube value is impossible under the rules
// (e.g. 3 with a geometric cube, above the cap) or the probabilities are malformed.
Result<CubeDecision> analyse_money_cube(const Probabilities& probs, const CubeView& cube,
                                        const PositionClass& cls, const Rules& rules);
// The same with an explicit cube-life index x in [0,1].
Result<CubeDecision> analyse_money_cube(const Probabilities& probs, const CubeView& cube,
                                        double cube_life, const Rules& rules);
Result<CubeDecision> analyse_money_cube(const GameOdds& odds, const CubeView& cube,
                                        double cube_life, const Rules& rules);

// For rollout tests: the decision the model predicts for `pos` (side on roll = the side that may
// double) from its cubeless probabilities (e.g. a cubeless rollout's), the cube and the rules,
// e.g. the ru_short preset with the arithmetic dave. The rollout then checks it cubefully.
Result<CubeDecision> predict_money_cube(const Probabilities& probs, const CubeView& cube,
                                        const Position& pos, const Rules& rules);

// The doubling window for a fixed shape of game (the conditional gammon rates of `odds`) as the
// winning chance p of the side on roll varies. Points are winning chances; 1 when never reached.
struct DoublingWindow {
  double double_point = 1.0;    // the lowest p at which doubling is right (<= cash_point)
  double cash_point = 1.0;      // the lowest p at which the receiver should pass
  double too_good_point = 1.0;  // the lowest p (past the cash point) at which playing on is better
};
Result<DoublingWindow> money_doubling_window(const GameOdds& odds, const CubeView& cube,
                                             double cube_life, const Rules& rules);

}  // namespace nard
