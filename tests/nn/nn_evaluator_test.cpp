// NeuralEvaluator: batch results equal per-position encode + net, nets chosen per position,
// finished games scored exactly; FakeEvaluator for tests of search.
#include <gtest/gtest.h>

#include <vector>

#include "formats/notation.h"
#include "game/movegen/movegen.h"
#include "game/playout.h"
#include "nn/evaluator.h"
#include "nn/fake_evaluator.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

std::shared_ptr<const NeuralModel> random_model(const Rules& rules, uint64_t seed) {
  auto m = NeuralModel::create(rules, random_net_weights(rules.variant, seed));
  EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
  return *m;
}

// Direct computation: encode with the position's encoder and run that net alone.
Probabilities direct(const NeuralModel& model, const Position& pos) {
  const EncoderId id = encoder_for(model.rules(), pos);
  std::vector<float> x(encoder_inputs(id));
  encode(id, pos, x.data());
  float out[kOutputs];
  MlpScratch s;
  model.net(id).forward(x.data(), 1, out, s);
  return Probabilities::from_array(out);
}

TEST(NnEvaluator, BatchEqualsDirectEvaluationInEveryGame) {
  for (const char* preset : {"wbf", "plakoto", "tawla31", "fevga", "longnardy"}) {
    const Rules rules = *rules_preset(preset);
    const auto model = random_model(rules, 5);
    std::vector<Position> positions;
    for (const PositionRoll& pr : sample_positions(rules, 4, 3)) positions.push_back(pr.position);
    ASSERT_GT(positions.size(), 300u) << preset;  // more than one chunk
    NeuralEvaluator eval(model);
    std::vector<Probabilities> out(positions.size());
    eval.evaluate(positions, out);
    EXPECT_EQ(eval.evaluated(), positions.size());
    int races = 0;
    for (size_t i = 0; i < positions.size(); ++i) {
      races += encoder_for(rules, positions[i]) == EncoderId::BackgammonRace;
      const Probabilities d = direct(*model, positions[i]);
      ASSERT_EQ(out[i], d) << preset << " position " << i << ": " << format_notation(positions[i]);
    }
    if (rules.variant == Variant::Backgammon) {
      EXPECT_GT(races, 0);  // both nets exercised
    }
  }
}

// A model whose contact net is a bg-contact2 net (random weights on every input, the new ones
// too): the evaluator encodes contact positions with bg-contact2's inputs.
TEST(NnEvaluator, ContactRoleFilledByAContact2Net) {
  const Rules rules = *rules_preset("wbf");
  NetWeights w = random_net_weights(Variant::Backgammon, 6);
  for (MlpWeights& n : w.nets)
    if (n.encoder == EncoderId::BackgammonContact)
      n = random_mlp(EncoderId::BackgammonContact2, n.hidden_sizes(), 7, 0.3f);
  auto model = NeuralModel::create(rules, w);
  ASSERT_TRUE(model.ok()) << model.error().message;
  EXPECT_EQ((*model)->net(EncoderId::BackgammonContact).encoder(), EncoderId::BackgammonContact2);
  std::vector<Position> positions;
  for (const PositionRoll& pr : sample_positions(rules, 2, 9)) positions.push_back(pr.position);
  NeuralEvaluator eval(*model);
  std::vector<Probabilities> out(positions.size());
  eval.evaluate(positions, out);
  int contact = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    const EncoderId role = encoder_for(rules, positions[i]);
    const EncoderId id =
        role == EncoderId::BackgammonContact ? EncoderId::BackgammonContact2 : role;
    contact += id == EncoderId::BackgammonContact2;
    std::vector<float> x(encoder_inputs(id));
    encode(id, positions[i], x.data());
    float o[kOutputs];
    MlpScratch s;
    (*model)->net(role).forward(x.data(), 1, o, s);
    ASSERT_EQ(out[i], Probabilities::from_array(o)) << format_notation(positions[i]);
  }
  EXPECT_GT(contact, 50);
}

TEST(NnEvaluator, ReferenceModeIsCloseToFastMode) {
  const Rules rules = *rules_preset("wbf");
  const auto model = random_model(rules, 8);
  std::vector<Position> positions;
  for (const PositionRoll& pr : sample_positions(rules, 2, 9)) positions.push_back(pr.position);
  NeuralEvaluator fast(model), ref(model, /*reference=*/true);
  std::vector<Probabilities> a(positions.size()), b(positions.size());
  fast.evaluate(positions, a);
  ref.evaluate(positions, b);
  for (size_t i = 0; i < positions.size(); ++i) {
    const auto x = a[i].as_array(), y = b[i].as_array();
    for (int o = 0; o < kOutputs; ++o) ASSERT_NEAR(x[o], y[o], 1e-6);
  }
}

TEST(NnEvaluator, FinishedGamesAreExact) {
  const Rules bg = *rules_preset("wbf");
  // The side on roll has lost: the opponent bore off its 15th checker. Seen by the loser.
  const Position single = P("x 6:5 5:5 off:5; o off:15");
  const Position gammon = P("x 13:5 6:10; o off:15");
  const Position backgammon = P("x 20:1 13:4 6:10; o off:15");  // x still in o's home
  const std::vector<Position> ps{single, gammon, backgammon, backgammon_start()};
  std::vector<Probabilities> out(ps.size());
  NeuralEvaluator eval(random_model(bg, 1));
  eval.evaluate(ps, out);
  EXPECT_EQ(out[0], decided(false, 1));
  EXPECT_EQ(out[1], decided(false, 2));
  EXPECT_EQ(out[2], decided(false, 3));
  EXPECT_GT(out[3].win, 0.0f);
  EXPECT_LT(out[3].win, 1.0f);
  // Portes-style rules without backgammons: the same position is a gammon.
  const Rules portes = *rules_preset("gr_portes");
  EXPECT_EQ(*terminal_probabilities(portes, backgammon), decided(false, 2));
  EXPECT_FALSE(terminal_probabilities(bg, backgammon_start()).has_value());
  // Tawla 31 scores the loser's checkers left: count/15 in the gammon slot, equity in checkers.
  const Rules t31 = *rules_preset("tawla31");
  const Probabilities all_left = *terminal_probabilities(t31, P("x 24:15; o off:15"));
  EXPECT_EQ(all_left, (Probabilities{0.0f, 0.0f, 0.0f, 1.0f, 0.0f}));
  EXPECT_FLOAT_EQ(cubeless_equity(all_left, t31), -15.0f);
  const Probabilities five_left = *terminal_probabilities(t31, P("x 24:5 off:10; o off:15"));
  EXPECT_FLOAT_EQ(five_left.lose_gammon, 5.0f / 15.0f);
  EXPECT_FLOAT_EQ(cubeless_equity(five_left, t31), -5.0f);
  EXPECT_FLOAT_EQ(cubeless_equity(invert(five_left), t31), 5.0f);
  EXPECT_EQ(make_consistent(five_left), five_left);
}

TEST(NnEvaluator, RejectsAModelOfAnotherGame) {
  auto m = NeuralModel::create(*rules_preset("plakoto"), random_net_weights(Variant::Fevga, 1));
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error().message.find("the model is for fevga, not plakoto"), std::string::npos)
      << m.error().message;
}

TEST(NnEvaluator, OptionalPruningNetIsStoredLoadedAndServedAsPruner) {
  const Rules rules = *rules_preset("wbf");
  NetWeights w = random_net_weights(Variant::Backgammon, 3);
  NeuralEvaluator without(*NeuralModel::create(rules, w));
  EXPECT_EQ(without.pruner(), nullptr);
  const std::vector<int> hidden = default_hidden_sizes(EncoderId::BackgammonPrune);
  w.nets.push_back(random_mlp(EncoderId::BackgammonPrune, hidden, 4));
  Result<NetWeights> back = parse_weights(serialize_weights(w), "memory");
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(*back, w);
  auto model = NeuralModel::create(rules, *back);
  ASSERT_TRUE(model.ok()) << model.error().message;
  NeuralEvaluator with(*model);
  ASSERT_NE(with.pruner(), nullptr);
  // The pruner is the bg-prune net on its own encoding; the full evaluator is unchanged by it.
  const Position p = P("x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5");
  std::vector<float> x(encoder_inputs(EncoderId::BackgammonPrune));
  encode(EncoderId::BackgammonPrune, p, x.data());
  float expect[kOutputs];
  Mlp(*back->net_for(EncoderId::BackgammonPrune)).forward_reference(x.data(), 1, expect);
  Probabilities rough, full_with, full_without;
  with.pruner()->evaluate({&p, 1}, {&rough, 1});
  for (int k = 0; k < kOutputs; ++k) EXPECT_NEAR(rough.as_array()[size_t(k)], expect[k], 1e-6);
  with.evaluate({&p, 1}, {&full_with, 1});
  without.evaluate({&p, 1}, {&full_without, 1});
  EXPECT_EQ(full_with.win, full_without.win);
  // A prune net in a model of another game is refused.
  NetWeights fevga = random_net_weights(Variant::Fevga, 1);
  fevga.nets.push_back(random_mlp(EncoderId::BackgammonPrune, hidden, 4));
  EXPECT_TRUE(fevga.validate().has_value());
}

// evaluate_results: the pruner's incremental path and the base class's default (flip, evaluate)
// give evaluate() of the flipped results, and a play that wins gets its exact result.
TEST(NnEvaluator, ResultsOfPlaysAreTheFlippedPositionsValues) {
  const Rules rules = *rules_preset("wbf");
  NetWeights w = random_net_weights(Variant::Backgammon, 3);
  w.nets.push_back(
      random_mlp(EncoderId::BackgammonPrune, default_hidden_sizes(EncoderId::BackgammonPrune), 4));
  NeuralEvaluator full(*NeuralModel::create(rules, w));
  MoveGenerator gen(rules);
  PlayList list;
  // Contact with hits, and a bear-off where 6-5 wins (two checkers left).
  for (const char* text :
       {"x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:4 23:1", "x 6:1 5:1 off:13; o 19:3 20:3 off:9"}) {
    const Position parent = P(text);
    list.size = gen.generate(parent, Dice{6, 5}, list.positions.get());
    ASSERT_GT(list.size, 0);
    std::vector<Position> flipped;
    for (const Position& q : list.plays()) flipped.push_back(q.flipped());
    std::vector<Probabilities> expect_full(flipped.size()), expect_rough(flipped.size());
    full.evaluate(flipped, expect_full);
    full.pruner()->evaluate(flipped, expect_rough);
    std::vector<Probabilities> got_full(flipped.size()), got_rough(flipped.size());
    full.evaluate_results(parent, list.plays(), got_full);  // the default: flip and evaluate
    full.pruner()->evaluate_results(parent, list.plays(), got_rough);
    for (size_t i = 0; i < flipped.size(); ++i) {
      EXPECT_EQ(got_full[i].win, expect_full[i].win) << text;
      for (int k = 0; k < kOutputs; ++k)
        EXPECT_NEAR(got_rough[i].as_array()[size_t(k)], expect_rough[i].as_array()[size_t(k)], 2e-6)
            << text;
      if (list.positions[i].mover_off == kCheckers) {
        EXPECT_EQ(got_rough[i].win, 0.0f) << "the side on roll has lost";
        EXPECT_EQ(got_rough[i].lose_gammon, expect_rough[i].lose_gammon);
      }
    }
  }
}

// The other games' pruner: a play that pins the mother (Plakoto, PL-3) ends the game without
// bearing off; evaluate_results gives it the exact result, the other plays the pruning net's.
TEST(NnEvaluator, PrunerGivesAMotherPinItsExactResult) {
  const Rules rules = *rules_preset("plakoto");
  NetWeights w = random_net_weights(Variant::Plakoto, 3);
  w.nets.push_back(
      random_mlp(EncoderId::PlakotoPrune, default_hidden_sizes(EncoderId::PlakotoPrune), 4));
  NeuralEvaluator full(*NeuralModel::create(rules, w));
  ASSERT_NE(full.pruner(), nullptr);
  MoveGenerator gen(rules);
  PlayList list;
  const Position parent = *parse_notation("x 6:14 4:1; o 19:14 1:1", Geometry::Contrary);
  list.size = gen.generate(parent, Dice{3, 2}, list.positions.get());
  ASSERT_EQ(list.size, 4);
  std::vector<Probabilities> got(size_t(list.size)), expect(size_t(list.size));
  full.pruner()->evaluate_results(parent, list.plays(), got);
  int ended = 0;
  for (int i = 0; i < list.size; ++i) {
    const Position after = list.positions[size_t(i)].flipped();
    full.pruner()->evaluate({&after, 1}, {&expect[size_t(i)], 1});
    if (const auto t = terminal_probabilities(rules, after)) {
      ++ended;
      EXPECT_EQ(got[size_t(i)], *t);
      EXPECT_EQ(got[size_t(i)].win, 0.0f) << "the side on roll has lost";
    } else {
      for (int k = 0; k < kOutputs; ++k)
        EXPECT_NEAR(got[size_t(i)].as_array()[size_t(k)], expect[size_t(i)].as_array()[size_t(k)],
                    2e-6);
    }
  }
  EXPECT_EQ(ended, 2);  // 4/1* and 6/1*
}

TEST(NnEvaluator, FakeEvaluatorIsDeterministicAndCounts) {
  const Rules rules = *rules_preset("wbf");
  FakeEvaluator a(rules), b(rules);
  const std::vector<Position> ps{backgammon_start(), P("x 6:15; o 1:15"), P("x 24:15; o 19:15"),
                                 P("x 6:5 off:10; o off:15")};
  std::vector<Probabilities> x(ps.size()), y(ps.size());
  a.evaluate(ps, x);
  b.evaluate(ps, y);
  EXPECT_EQ(x, y);
  EXPECT_GT(x[1].win, 0.9f);  // far ahead in the race
  EXPECT_LT(x[2].win, 0.5f);  // far behind
  EXPECT_EQ(x[3], decided(false, 1));
  EXPECT_EQ(a.batch_sizes(), std::vector<int>{4});
  EXPECT_EQ(a.evaluated(), 4u);
}

}  // namespace
}  // namespace nard
