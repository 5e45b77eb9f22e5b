// Match analysis (play/analysis.h) on small records with the shipped backgammon model at 0 ply:
// the structure (one turn per roll, the counts gnubg keeps, the double and its take), a planted
// blunder marked very bad, results independent of the thread count, and games without a cube.
#include "play/analysis.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <memory>
#include <string>

#include "formats/mat_file.h"
#include "game/game_replay.h"
#include "game/move.h"
#include "nn/bearoff_database.h"
#include "nn/model_path.h"
#include "tests/support/temp_files.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

std::shared_ptr<const NeuralModel> shipped(Variant v) {
  Result<std::string> path = default_model_path(v);
  EXPECT_TRUE(path.ok());
  Result<Rules> rules = rules_preset(std::string(variant_name(v)));
  if (!rules) rules = rules_preset("wbf");
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::load(*rules, *path);
  EXPECT_TRUE(model.ok()) << (model.ok() ? "" : model.error().message);
  return *model;
}

AnalysisEvaluatorFactory factory() {
  return [](const Rules& rules) -> Result<std::unique_ptr<Evaluator>> {
    static std::shared_ptr<const NeuralModel> bg = shipped(Variant::Backgammon);
    static std::shared_ptr<const NeuralModel> plakoto = shipped(Variant::Plakoto);
    return std::unique_ptr<Evaluator>(
        std::make_unique<NeuralEvaluator>(rules.variant == Variant::Plakoto ? plakoto : bg));
  };
}

AnalysisConfig at_ply(int ply, int threads = 1) {
  AnalysisConfig c;
  c.ply = ply;
  c.threads = threads;
  return c;
}

TEST(Analysis, GnubgMatchHasOneTurnPerRollAndGnubgsCounts) {
  const std::string text = testing_support::slurp_file(std::string(NARD_SOURCE_DIR) +
                                                       "/tests/data/matches/gnubg_3p_seed42.mat");
  const MatchRecord record = read_mat(text).value();
  Result<MatchAnalysis> m = analyse_match(record, at_ply(0), factory(), &met());
  ASSERT_TRUE(m.ok()) << m.error().message;
  ASSERT_EQ(m->games.size(), record.games.size());
  for (size_t g = 0; g < record.games.size(); ++g) {
    int plays[2] = {0, 0}, rolls = 0, turns_with_play = 0;
    for (const MatchAction& a : record.games[g].actions) {
      plays[a.player] += a.kind == ActionKind::Play;
      rolls += a.kind == ActionKind::Roll;
    }
    int rolled = 0;
    for (const TurnAnalysis& t : m->games[g].turns) {
      rolled += t.rolled;
      if (!t.play) continue;
      ++turns_with_play;
      const CheckerAnalysis& c = *t.play;
      EXPECT_GE(c.error, 0.0);
      if (c.legal_plays == 0) continue;
      ASSERT_GE(c.played, 0);
      ASSERT_LT(size_t(c.played), c.options.size());
      for (size_t k = 1; k < c.options.size(); ++k)
        EXPECT_GE(c.options[0].value.equity, c.options[k].value.equity);
      EXPECT_NEAR(c.error, c.options[0].value.equity - c.options[size_t(c.played)].value.equity,
                  1e-12);
      EXPECT_EQ(c.skill, skill_of(c.error, SkillThresholds{}));
      if (c.legal_plays == 1) { EXPECT_EQ(c.error, 0.0); }
      ASSERT_TRUE(t.luck.has_value());
    }
    EXPECT_EQ(rolled, rolls);
    EXPECT_EQ(turns_with_play, plays[0] + plays[1]);
    EXPECT_EQ(m->games[g].stats[0].moves, plays[0]);
    EXPECT_EQ(m->games[g].stats[1].moves, plays[1]);
  }
  // Game 1: root (player 1) doubles on his 4th turn and gnubg (player 0) takes.
  int doubles = 0;
  for (const TurnAnalysis& t : m->games[0].turns)
    if (t.cube && t.cube->doubled) {
      ++doubles;
      EXPECT_EQ(t.player, 1);
      EXPECT_EQ(t.cube->response, CubeAction::Take);
      EXPECT_TRUE(t.cube->close);
    }
  EXPECT_EQ(doubles, 1);
  EXPECT_EQ(m->stats[1].doubles, 1);
  EXPECT_EQ(m->stats[0].takes, 1);
  // gnubg's counts: a double and a take are close decisions; decisions = unforced + close cube.
  for (const PlayerStats& s : m->stats) {
    EXPECT_LE(s.unforced_moves, s.moves);
    EXPECT_LE(s.close_cube_decisions, s.cube_decisions);
    EXPECT_EQ(s.decisions(), s.unforced_moves + s.close_cube_decisions);
    EXPECT_NEAR(s.performance_rating(), s.error_rate() / 2, 1e-9);
  }
  // A match is zero-sum in MWC: the winner gains what the loser loses, luck-adjusted too.
  EXPECT_NEAR(m->stats[0].actual_result + m->stats[1].actual_result, 0.0, 1e-12);
  EXPECT_NEAR(m->stats[0].luck_adjusted_result + m->stats[1].luck_adjusted_result, 0.0, 1e-12);
  EXPECT_NEAR(m->stats[1].actual_result, 0.5, 1e-12);  // root won the match from 0-0
}

// A money game of two turns where the second player plays the worst of his 66s.
TEST(Analysis, PlantedBlunderIsMarkedVeryBad) {
  Rules rules = rules_preset("wbf").value();
  GameReplay replay(rules, 0, {0, 0}, false);
  ASSERT_FALSE(replay.roll(0, {3, 1}).has_value());
  ASSERT_FALSE(replay.play_to(0, replay.legal_plays()[0]).has_value());
  ASSERT_FALSE(replay.roll(1, {6, 6}).has_value());
  // The worst 66 by the model's 0-ply cubeless equity.
  NeuralEvaluator evaluator(shipped(Variant::Backgammon));
  Search search(rules, evaluator);
  const std::vector<RankedPlay> ranked =
      search.rank_plays(replay.position(), {6, 6}, replay.legal_plays());
  const Position worst = replay.legal_plays()[size_t(ranked.back().index)];
  ASSERT_GT(ranked.front().equity - ranked.back().equity, 0.3);
  ASSERT_FALSE(replay.play_to(1, worst).has_value());
  MatchRecord record;
  record.games.push_back(replay.game(1));
  Result<MatchAnalysis> m = analyse_match(record, at_ply(0), factory(), nullptr);
  ASSERT_TRUE(m.ok()) << m.error().message;
  const std::vector<TurnAnalysis>& turns = m->games[0].turns;
  ASSERT_EQ(turns.size(), 2u);
  EXPECT_FALSE(turns[0].cube.has_value());  // no cube analysis on the game's first turn
  ASSERT_TRUE(turns[1].play.has_value());
  EXPECT_EQ(turns[1].play->skill, Skill::VeryBad);
  EXPECT_GT(turns[1].play->error, 0.16);
  EXPECT_EQ(turns[1].play->played, int(turns[1].play->options.size()) - 1);  // kept after the top 5
  EXPECT_EQ(m->stats[1].marked_moves[size_t(Skill::VeryBad)], 1);
  EXPECT_EQ(m->stats[1].unforced_moves, 1);
  // The second turn may double (cube centred): analysed, and not doubling there is no error.
  ASSERT_TRUE(turns[1].cube.has_value());
  EXPECT_FALSE(turns[1].cube->doubled);
  EXPECT_EQ(turns[1].cube->error, 0.0);
  EXPECT_DOUBLE_EQ(m->stats[1].checker_cost, turns[1].play->error);  // money, cube 1: points
}

TEST(Analysis, ResultsDoNotDependOnTheThreadCount) {
  const std::string text = testing_support::slurp_file(std::string(NARD_SOURCE_DIR) +
                                                       "/tests/data/matches/gnubg_money_seed5.mat");
  const MatchRecord record = read_mat(text).value();
  Result<MatchAnalysis> one = analyse_match(record, at_ply(1, 1), factory(), nullptr);
  Result<MatchAnalysis> two = analyse_match(record, at_ply(1, 2), factory(), nullptr);
  ASSERT_TRUE(one.ok() && two.ok());
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(one->stats[p].checker_error, two->stats[p].checker_error);
    EXPECT_EQ(one->stats[p].cube_error, two->stats[p].cube_error);
    EXPECT_EQ(one->stats[p].luck, two->stats[p].luck);
  }
}

TEST(Analysis, PlakotoHasNoCubeAnalysis) {
  Rules rules = rules_preset("plakoto").value();
  GameReplay replay(rules, 0, {0, 0}, false);
  ASSERT_FALSE(replay.roll(0, {5, 2}).has_value());
  ASSERT_FALSE(replay.play_to(0, replay.legal_plays()[0]).has_value());
  ASSERT_FALSE(replay.roll(1, {4, 4}).has_value());
  ASSERT_FALSE(replay.play_to(1, replay.legal_plays().back()).has_value());
  MatchRecord record;
  record.rules = "plakoto";
  record.games.push_back(replay.game(1));
  Result<MatchAnalysis> m = analyse_match(record, at_ply(1), factory(), nullptr);
  ASSERT_TRUE(m.ok()) << m.error().message;
  for (const TurnAnalysis& t : m->games[0].turns) {
    EXPECT_FALSE(t.cube.has_value());
    ASSERT_TRUE(t.play.has_value());
    EXPECT_TRUE(t.luck.has_value());
  }
  EXPECT_EQ(m->stats[0].cube_decisions + m->stats[1].cube_decisions, 0);
}

// The command: text, JSON and HTML reports, atomic files, one line and exit 2 on a bad file.

}  // namespace
}  // namespace nard
