// The shipped models (models/nard-<game>-<sha256[0:12]>.nardnet): every one loads, and each
// passes canaries that any competent net passes and a random or broken one fails (style P14):
// it prefers the obvious best play in clear positions and knows who is winning a clear race.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "formats/notation.h"
#include "game/movegen/movegen.h"
#include "nn/evaluator.h"
#include "nn/weights_file.h"
#include "play/self_play.h"
#include "search/greedy_player.h"
#include "search/search.h"

namespace nard {
namespace {

namespace fs = std::filesystem;

// The one shipped model file of a game.
std::string model_path(std::string_view game) {
  std::vector<std::string> found;
  const std::string prefix = "nard-" + std::string(game) + "-";
  for (const auto& e : fs::directory_iterator(fs::path(NARD_SOURCE_DIR) / "models"))
    if (e.path().extension() == ".nardnet" && e.path().filename().string().rfind(prefix, 0) == 0)
      found.push_back(e.path().string());
  EXPECT_EQ(found.size(), 1u) << "expected exactly one model " << prefix << "*.nardnet in models/";
  return found.empty() ? std::string() : found.front();
}

struct Canary {
  std::shared_ptr<const NeuralModel> model;
  Rules rules;
};

Canary load(std::string_view game) {
  Canary c;
  c.rules = *rules_for_variant(game);
  Result<std::shared_ptr<const NeuralModel>> m = NeuralModel::load(c.rules, model_path(game));
  EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
  if (m) c.model = *m;
  return c;
}

// The play the net chooses at 0-ply, in standard notation.
std::string chosen_play(const Canary& c, const Position& pos, Dice dice) {
  MoveGenerator gen(c.rules);
  PlayList list;
  list.size = gen.generate(pos, dice, list.positions.get(), list.moves.get());
  EXPECT_GT(list.size, 0);
  NeuralEvaluator ev(c.model);
  GreedyPlayer player(c.rules, ev);
  return format_move(list.moves[size_t(player.choose(pos, dice, list.plays()))]);
}

float win_probability(const Canary& c, const Position& pos) {
  NeuralEvaluator ev(c.model);
  Probabilities p;
  ev.evaluate({&pos, 1}, {&p, 1});
  return p.win;
}

Position parse(const Canary& c, const std::string& text) {
  Result<Position> p = parse_notation(text, c.rules.geometry);
  EXPECT_TRUE(p.ok()) << text;
  return p.ok() ? *p : Position{};
}

// A bear-off race common to every game: the mover, with 4 checkers left on 6, 5, 4, 3, rolls 6-5.
// Taking two checkers off (6/off 5/off) leaves a likely one-roll finish; anything else needs two
// more turns, while the opponent (3 checkers on his 1-point) needs at most two.
std::string bear_off_race(const Canary& c) {
  const bool parallel = c.rules.geometry == Geometry::Parallel;
  return std::string("x 6:1 5:1 4:1 3:1 off:11; o ") + (parallel ? "13:3" : "24:3") + " off:12";
}

void common_canaries(const Canary& c) {
  ASSERT_TRUE(c.model);
  EXPECT_EQ(chosen_play(c, parse(c, bear_off_race(c)), Dice{6, 5}), "6/off 5/off");
  // A clear race lead either way.
  const bool parallel = c.rules.geometry == Geometry::Parallel;
  const Position ahead = parse(
      c, std::string("x 2:1 1:1 off:13; o ") + (parallel ? "18:5 17:5 16:5" : "19:5 20:5 21:5"));
  EXPECT_GT(win_probability(c, ahead), 0.9f);
  EXPECT_LT(win_probability(c, ahead.flipped()), 0.1f);
  // The start is roughly even for the side on roll.
  const float start = win_probability(c, start_position(c.rules));
  EXPECT_GT(start, 0.3f);
  EXPECT_LT(start, 0.75f);
}

TEST(ShippedModels, Backgammon) {
  const Canary c = load("backgammon");
  common_canaries(c);
  if (!c.model) return;
  const Position start = start_position(c.rules);
  EXPECT_EQ(chosen_play(c, start, Dice{3, 1}), "8/5 6/5");
  EXPECT_EQ(chosen_play(c, start, Dice{4, 2}), "8/4 6/4");
  EXPECT_EQ(chosen_play(c, start, Dice{6, 1}), "13/7 8/7");
}
// The backgammon model ships a pruning net (nn/prune_net.h) for the search's lookahead: for every
// opening roll, the full net's choice is among the pruner's best SearchConfig::prune_keep plays.
TEST(ShippedModels, BackgammonPruningNetKeepsTheOpeningPlays) {
  const Canary c = load("backgammon");
  ASSERT_TRUE(c.model);
  ASSERT_NE(c.model->prune_net(), nullptr)
      << "the shipped backgammon model has no bg-prune net (nard distill)";
  NeuralEvaluator full(c.model);
  Evaluator& pruner = *full.pruner();
  MoveGenerator gen(c.rules);
  PlayList list;
  const Position start = start_position(c.rules);
  const int keep = SearchConfig{}.prune_keep;
  for (const Dice& d : all_rolls()) {
    if (d.is_double()) continue;
    list.size = gen.generate(start, d, list.positions.get());
    std::vector<Position> after(size_t(list.size));
    for (int i = 0; i < list.size; ++i) after[size_t(i)] = list.positions[i].flipped();
    std::vector<Probabilities> exact(after.size()), rough(after.size());
    full.evaluate(after, exact);
    pruner.evaluate(after, rough);
    auto equity = [&](const Probabilities& p) { return cubeless_equity(invert(p), c.rules); };
    size_t best = 0;
    for (size_t i = 1; i < after.size(); ++i)
      if (equity(exact[i]) > equity(exact[best])) best = i;
    int better = 0;  // plays the pruner ranks above the full net's choice
    for (size_t i = 0; i < after.size(); ++i) better += equity(rough[i]) > equity(rough[best]);
    EXPECT_LT(better, keep) << "roll " << int(d.d1) << int(d.d2);
  }
}

// Every game's model ships a pruning net: over the turns of seeded 0-ply self-play with at least
// 8 plays, the full net's choice is among the pruner's best SearchConfig::prune_keep plays in at
// least 75% of them (the shipped nets: 81-90%; a pruner ranking at random: at most 3 in 8).
TEST(ShippedModels, EveryGamesPruningNetKeepsTheFullNetsChoice) {
  for (const char* game : {"backgammon", "plakoto", "tawla31", "fevga", "longnardy"}) {
    const Canary c = load(game);
    ASSERT_TRUE(c.model) << game;
    ASSERT_NE(c.model->prune_net(), nullptr)
        << "the shipped " << game << " model has no pruning net (nard distill)";
    NeuralEvaluator full(c.model);
    Evaluator& pruner = *full.pruner();
    const int keep = SearchConfig{}.prune_keep;
    int turns = 0, kept = 0;
    std::vector<Probabilities> rough;
    GamePlayer player(c.rules);
    for (uint64_t seed = 1; seed <= 6; ++seed)
      player.play(full, seed, {}, [&](const SelfPlayTurn& t) {
        if (t.results.size() < 8) return;
        rough.resize(t.results.size());
        pruner.evaluate(t.results, rough);
        auto equity = [&](const Probabilities& p) { return cubeless_equity(invert(p), c.rules); };
        int better = 0;  // plays the pruner ranks above the full net's choice
        for (const Probabilities& r : rough)
          better += equity(r) > equity(rough[size_t(t.chosen)]);
        ++turns;
        kept += better < keep;
      });
    EXPECT_GT(turns, 100) << game;
    EXPECT_GE(kept, 0.75 * turns) << game << ": kept " << kept << " of " << turns;
  }
}

TEST(ShippedModels, Plakoto) { common_canaries(load("plakoto")); }
// Tawla 31 scores the loser's checkers left on the board: the net knows the count, not only the win.
TEST(ShippedModels, Tawla31KnowsTheCount) {
  const Canary c = load("tawla31");
  common_canaries(c);
  if (!c.model) return;
  NeuralEvaluator ev(c.model);
  auto equity = [&](const std::string& text) {
    const Position p = parse(c, text);
    Probabilities out;
    ev.evaluate({&p, 1}, {&out, 1});
    return cubeless_equity(out, c.rules);
  };
  // Both are certain wins next roll; the opponent has 15 checkers left in one, 3 in the other.
  const float fifteen = equity("x 1:1 off:14; o 19:5 20:5 21:5");
  const float three = equity("x 1:1 off:14; o 19:1 20:1 21:1 off:12");
  EXPECT_GT(fifteen, 12.0f);
  EXPECT_GT(three, 1.5f);
  EXPECT_LT(three, 4.5f);
}
TEST(ShippedModels, Fevga) { common_canaries(load("fevga")); }
TEST(ShippedModels, LongNardy) { common_canaries(load("longnardy")); }

}  // namespace
}  // namespace nard
