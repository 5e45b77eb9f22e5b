// Distilling a pruning net (training/distill.h) for every game: the model gains its game's
// pruning net, the search gets a pruner, the full nets are untouched, and the result does not
// depend on the thread count.
#include "training/distill.h"

#include <gtest/gtest.h>

#include "game/rules.h"
#include "nn/encoder.h"
#include "nn/evaluator.h"
#include "nn/weights_file.h"

namespace nard::training {
namespace {

TEST(Distill, EveryGameGetsItsPruningNetWhateverTheThreadCount) {
  for (Variant v : {Variant::Backgammon, Variant::Plakoto, Variant::Tawla31, Variant::Fevga,
                    Variant::LongNardy}) {
    const std::string game(variant_name(v));
    const NetWeights start = random_net_weights(v, 3);
    DistillConfig c;
    c.games = 12;
    c.hidden = {8};
    c.epochs = 1;
    c.threads = 2;
    Result<DistillResult> r = distill_prune_net(start, c);
    ASSERT_TRUE(r.ok()) << game << ": " << r.error().message;
    const EncoderId prune = *optional_encoder_for(v);
    ASSERT_NE(r->weights.net_for(prune), nullptr) << game;
    EXPECT_EQ(r->weights.nets.size(), start.nets.size() + 1) << game;
    for (EncoderId id : encoders_for(v))
      EXPECT_EQ(*r->weights.net_for(id), *start.net_for(id)) << game;
    EXPECT_GT(r->report.train_positions, 100) << game;
    EXPECT_GT(r->report.held_out_turns, 0) << game;
    EXPECT_NE(r->weights.description.find(std::string(encoder_name(prune))), std::string::npos);

    Result<std::shared_ptr<const NeuralModel>> model =
        NeuralModel::create(*rules_for_variant(game), r->weights);
    ASSERT_TRUE(model.ok()) << game << ": " << model.error().message;
    ASSERT_NE((*model)->prune_net(), nullptr) << game;
    NeuralEvaluator evaluator(*model);
    EXPECT_NE(evaluator.pruner(), nullptr) << game;

    c.threads = 1;
    Result<DistillResult> one = distill_prune_net(start, c);
    ASSERT_TRUE(one.ok()) << game << ": " << one.error().message;
    EXPECT_EQ(one->weights, r->weights) << game;
  }
}

}  // namespace
}  // namespace nard::training
