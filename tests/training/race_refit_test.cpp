// Race-net refit by value iteration from the bear-off database (training/race_refit.h).
#include "training/race_refit.h"

#include <gtest/gtest.h>

#include "nn/encoder.h"
#include "nn/weights_file.h"

namespace nard::training {
namespace {

TEST(RaceRefit, MovesOnlyTheRaceNetTowardsItsOnePlyTargetsWhateverTheThreadCount) {
  const NetWeights start = random_net_weights(Variant::Backgammon, 21);
  RaceRefitConfig c;
  c.games = 60;
  c.rounds = 2;
  c.epochs = 3;
  c.learning_rate = 3e-3;
  c.batch_size = 32;
  c.threads = 2;
  Result<RaceRefitResult> r = refit_race_net(start, c);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_GT(r->report.train_positions, 50);
  EXPECT_GT(r->report.held_out_positions, 0);
  ASSERT_EQ(r->report.rounds.size(), 2u);
  // A random race net is far from its own 1-ply values; training on them brings it closer.
  EXPECT_LT(r->report.rounds[0].held_out_after, r->report.rounds[0].held_out_before);
  EXPECT_EQ(*r->weights.net_for(EncoderId::BackgammonContact),
            *start.net_for(EncoderId::BackgammonContact));
  EXPECT_NE(*r->weights.net_for(EncoderId::BackgammonRace),
            *start.net_for(EncoderId::BackgammonRace));
  EXPECT_FALSE(r->weights.validate().has_value());

  c.threads = 1;
  Result<RaceRefitResult> one = refit_race_net(start, c);
  ASSERT_TRUE(one.ok()) << one.error().message;
  EXPECT_EQ(one->weights, r->weights);
}

TEST(RaceRefit, RefusesOtherGamesAndBadSettings) {
  Result<RaceRefitResult> plakoto = refit_race_net(random_net_weights(Variant::Plakoto, 1), {});
  ASSERT_FALSE(plakoto.ok());
  EXPECT_NE(plakoto.error().message.find("backgammon"), std::string::npos);
  RaceRefitConfig c;
  c.rounds = 0;
  EXPECT_FALSE(refit_race_net(random_net_weights(Variant::Backgammon, 1), c).ok());
}

}  // namespace
}  // namespace nard::training
