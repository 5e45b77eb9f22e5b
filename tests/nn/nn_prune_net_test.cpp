// PruneNet (a pruning net straight from a Position) against encode(its encoder) + the reference
// MLP, for backgammon's bg-prune and the other games' board-prune nets.
#include <gtest/gtest.h>

#include <span>
#include <string_view>
#include <vector>

#include "formats/notation.h"
#include "game/dice.h"
#include "game/game.h"
#include "game/movegen/movegen.h"
#include "game/rules.h"
#include "nn/encoder.h"
#include "nn/mlp.h"
#include "nn/prune_net.h"
#include "tests/support/nn_test_positions.h"

namespace nard {
namespace {

TEST(NnPruneNet, MatchesEncoderPlusReferenceMlp) {
  using namespace test_positions;
  for (int hidden : {32, 40, 7, 200}) {
    const std::vector<int> sizes{hidden};
    const MlpWeights w = random_mlp(EncoderId::BackgammonPrune, sizes, uint64_t(hidden), 0.4f);
    Result<PruneNet> net = PruneNet::create(w, Geometry::Contrary);
    ASSERT_TRUE(net.ok()) << net.error().message;
    const Mlp reference(w);
    std::vector<float> x(encoder_inputs(EncoderId::BackgammonPrune));
    int checked = 0;
    for (const auto* list : {&kBackgammonContactPositions}) {
      for (std::string_view text : *list) {
        const Position p = *parse_notation(text, Geometry::Contrary);
        for (const Position& q : {p, p.flipped()}) {
          encode(EncoderId::BackgammonPrune, q, x.data());
          float expect[kOutputs];
          reference.forward_reference(x.data(), 1, expect);
          const auto got = net->evaluate(q).as_array();
          for (int k = 0; k < kOutputs; ++k) ASSERT_NEAR(got[size_t(k)], expect[k], 2e-6) << text;
          ++checked;
        }
      }
    }
    for (std::string_view text : kBackgammonRacePositions) {
      const Position p = *parse_notation(text, Geometry::Contrary);
      encode(EncoderId::BackgammonPrune, p, x.data());
      float expect[kOutputs];
      reference.forward_reference(x.data(), 1, expect);
      EXPECT_NEAR(net->evaluate(p).win, expect[0], 2e-6) << text;
      ++checked;
    }
    EXPECT_GT(checked, 50);
  }
}

// evaluate_results (incremental from the parent) against evaluate() of each flipped result, over
// every play of every roll of the test positions: hits, entering from the bar, bearing off.
TEST(NnPruneNet, IncrementalResultsMatchWholeEvaluation) {
  using namespace test_positions;
  const Rules rules = *rules_for_variant("backgammon");
  MoveGenerator gen(rules);
  PlayList list;
  std::vector<Probabilities> got;
  for (int hidden : {64, 40, 200}) {
    const std::vector<int> sizes{hidden};
    const MlpWeights w = random_mlp(EncoderId::BackgammonPrune, sizes, uint64_t(hidden) + 7, 0.4f);
    Result<PruneNet> net = PruneNet::create(w, Geometry::Contrary);
    ASSERT_TRUE(net.ok()) << net.error().message;
    int checked = 0, hits = 0, entering = 0, bearing_off = 0;
    std::vector<std::string_view> texts(kBackgammonContactPositions.begin(),
                                        kBackgammonContactPositions.end());
    texts.insert(texts.end(), kBackgammonRacePositions.begin(), kBackgammonRacePositions.end());
    {
      for (std::string_view text : texts) {
        const Position start = *parse_notation(text, Geometry::Contrary);
        for (const Position& parent : {start, start.flipped()}) {
          for (const Dice dice : all_rolls()) {
            list.size = gen.generate(parent, dice, list.positions.get());
            got.resize(size_t(list.size));
            net->evaluate_results(parent, list.plays(), got);
            for (int i = 0; i < list.size; ++i) {
              const Position& play = list.positions[size_t(i)];
              if (play.mover_off == kCheckers) continue;  // game over: no net value (precondition)
              hits += play.opp_bar > parent.opp_bar;
              entering += play.mover_bar < parent.mover_bar;
              bearing_off += play.mover_off > parent.mover_off;
              const auto expect = net->evaluate(play.flipped()).as_array();
              const auto a = got[size_t(i)].as_array();
              for (int k = 0; k < kOutputs; ++k)
                ASSERT_NEAR(a[size_t(k)], expect[size_t(k)], 2e-6) << text;
              ++checked;
            }
          }
        }
      }
    }
    EXPECT_GT(checked, 5000);
    EXPECT_GT(hits, 50);
    EXPECT_GT(entering, 20);
    EXPECT_GT(bearing_off, 50);
  }
}

// The other games' pruning nets: both geometries (Tawla 31 in either, by its rule option),
// Plakoto's pins.
struct GameCase {
  EncoderId encoder;
  const char* game;  // the rules preset, options included
  std::span<const std::string_view> positions;
  Geometry geometry;
};

std::vector<GameCase> other_games() {
  using namespace test_positions;
  return {{EncoderId::PlakotoPrune, "plakoto", kPlakotoPositions, Geometry::Contrary},
          {EncoderId::Tawla31Prune, "tawla31", kTawla31Positions, Geometry::Contrary},
          {EncoderId::Tawla31Prune, "tawla31,t31_geometry=parallel", kTawla31Positions,
           Geometry::Parallel},
          {EncoderId::FevgaPrune, "fevga", kFevgaPositions, Geometry::Parallel},
          {EncoderId::LongNardyPrune, "longnardy", kLongNardyPositions, Geometry::Parallel}};
}

TEST(NnPruneNet, OtherGamesMatchEncoderPlusReferenceMlp) {
  for (const GameCase& c : other_games()) {
    const std::vector<int> sizes{40};
    const MlpWeights w = random_mlp(c.encoder, sizes, 11, 0.4f);
    Result<PruneNet> net = PruneNet::create(w, c.geometry);
    ASSERT_TRUE(net.ok()) << net.error().message;
    const Mlp reference(w);
    std::vector<float> x(encoder_inputs(c.encoder));
    int pinned = 0;
    for (std::string_view text : c.positions) {
      const Position p = *parse_notation(text, c.geometry);
      for (const Position& q : {p, p.flipped()}) {
        encode(c.encoder, q, x.data());
        float expect[kOutputs];
        reference.forward_reference(x.data(), 1, expect);
        const auto got = net->evaluate(q).as_array();
        for (int k = 0; k < kOutputs; ++k)
          ASSERT_NEAR(got[size_t(k)], expect[k], 2e-6) << c.game << ": " << text;
        pinned += q.pins() != 0;
      }
    }
    if (c.encoder == EncoderId::PlakotoPrune) { EXPECT_GT(pinned, 10); }
  }
}

// evaluate_results against evaluate() of each flipped result over every play of every roll:
// Plakoto's pins made and released, the parallel games' flip, bearing off.
TEST(NnPruneNet, OtherGamesIncrementalResultsMatchWholeEvaluation) {
  PlayList list;
  std::vector<Probabilities> got;
  for (const GameCase& c : other_games()) {
    Result<Rules> found = rules_preset(c.game);
    ASSERT_TRUE(found.ok()) << found.error().message;
    const Rules rules = *found;
    ASSERT_EQ(rules.geometry, c.geometry) << c.game;
    MoveGenerator gen(rules);
    const std::vector<int> sizes{48};
    const MlpWeights w = random_mlp(c.encoder, sizes, 5, 0.4f);
    Result<PruneNet> net = PruneNet::create(w, c.geometry);
    ASSERT_TRUE(net.ok()) << net.error().message;
    int checked = 0, pins_changed = 0, bearing_off = 0;
    for (std::string_view text : c.positions) {
      const Position start = *parse_notation(text, c.geometry);
      for (const Position& parent : {start, start.flipped()}) {
        for (const Dice dice : all_rolls()) {
          list.size = gen.generate(parent, dice, list.positions.get());
          got.resize(size_t(list.size));
          net->evaluate_results(parent, list.plays(), got);
          for (int i = 0; i < list.size; ++i) {
            const Position& play = list.positions[size_t(i)];
            if (game_result(rules, play).over()) continue;  // no net value (precondition)
            pins_changed += play.pins() != parent.pins();
            bearing_off += play.mover_off > parent.mover_off;
            const auto expect = net->evaluate(play.flipped()).as_array();
            const auto a = got[size_t(i)].as_array();
            for (int k = 0; k < kOutputs; ++k)
              ASSERT_NEAR(a[size_t(k)], expect[size_t(k)], 2e-6) << c.game << ": " << text;
            ++checked;
          }
        }
      }
    }
    EXPECT_GT(checked, 2000) << c.game;
    EXPECT_GT(bearing_off, 5) << c.game;
    if (c.encoder == EncoderId::PlakotoPrune) { EXPECT_GT(pins_changed, 200); }
  }
}

TEST(NnPruneNet, RejectsOtherShapes) {
  const std::vector<int> two{16, 8}, one{16};
  EXPECT_FALSE(
      PruneNet::create(random_mlp(EncoderId::BackgammonPrune, two, 1), Geometry::Contrary).ok());
  EXPECT_FALSE(
      PruneNet::create(random_mlp(EncoderId::BackgammonContact, one, 1), Geometry::Contrary).ok());
  EXPECT_FALSE(PruneNet::create(random_mlp(EncoderId::Fevga, one, 1), Geometry::Parallel).ok());
  const std::vector<int> huge{PruneNet::kMaxHidden + 1};
  EXPECT_FALSE(
      PruneNet::create(random_mlp(EncoderId::BackgammonPrune, huge, 1), Geometry::Contrary).ok());
}

}  // namespace
}  // namespace nard
