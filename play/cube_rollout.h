// Cube decision rollouts (money play): the side on roll's three cube actions valued by cubeful
// rollouts on the rules' stake ladder (the geometric cube, or the Russian dave 1,2,3,…), set
// against what the model of search/cube/money.h predicts from the cubeless rollout of the same
// position (docs/dave.md, "Rollout confirmation").
//
//   no double    cubeful rollout, the cube as it is, the root may not double on its first turn;
//                afterwards both sides play the cube with search/cube/money.h on the 0-ply net.
//   double/take  cubeful rollout from the raised cube (stake v' = next on the ladder) owned by
//                the opponent, scaled by v'/v to the current stake.
//   double/pass  exact: +1 (the current stake).
//
// The three rollouts use the same seed, so trial i throws the same dice in each: the difference
// double/take - no double is estimated trial by trial (paired), with a much smaller standard
// error than either equity. Units: equity per unit of the current stake, from the side on roll.
// Beavers are not rolled out (the dave has none; with the geometric cube a beaver is a take).
#pragma once

#include "play/rollout.h"
#include "search/cube/decision.h"

namespace nard {

struct CubeRolloutResult {
  int trials = 0;
  Estimate no_double, double_take;
  double double_pass = 1.0;
  Estimate take_minus_no_double;  // paired over the trials
  RolloutResult cubeless;         // the cubeless rollout the prediction reads
  // The model's decision from the cubeless rollout's mean probabilities (predict_money_cube).
  CubeDecision predicted;
  // The decision the rolled-out equities give (classify_cube_action on their means).
  CubeDecision rolled_out;
};

// config.cube is the cube as the side on roll sees it; config.cubeful is implied. Fails when the
// rules have no cube, the side on roll may not double (opponent's cube, cap), or the config is bad.
Result<CubeRolloutResult> rollout_cube_decision(const Rules& rules, const Position& pos,
                                                const RolloutConfig& config,
                                                const EvaluatorFactory& make_evaluator,
                                                const RolloutProgress& progress = {});

}  // namespace nard
