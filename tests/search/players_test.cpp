// Baseline players: pubeval's known plays, pubeval and the heuristic players against random
// play in every game, the 0-ply greedy player, and the duel runner.
#include <gtest/gtest.h>

#include <algorithm>

#include "formats/notation.h"
#include "game/match.h"
#include "game/movegen/movegen.h"
#include "nn/fake_evaluator.h"
#include "play/duel.h"
#include "play/self_play.h"
#include "search/greedy_player.h"
#include "search/heuristic_player.h"
#include "search/pubeval.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

PubevalWeights pubeval_weights() {
  Result<PubevalWeights> w = load_pubeval(default_pubeval_path());
  EXPECT_TRUE(w.ok()) << (w.ok() ? "" : w.error().message);
  return w.ok() ? *w : PubevalWeights{};
}

// The play a player picks for (position, roll), in standard notation.
std::string chosen_play(Player& player, const Rules& rules, const Position& pos, Dice dice) {
  MoveGenerator gen(rules);
  PlayList list;
  list.size = gen.generate(pos, dice, list.positions.get(), list.moves.get());
  EXPECT_GT(list.size, 0);
  const int i = player.choose(pos, dice, list.plays());
  return format_move(list.moves[i]);
}

TEST(Pubeval, ParsesTheShippedWeights) {
  const PubevalWeights w = pubeval_weights();
  EXPECT_FLOAT_EQ(w.race[1], -0.17160f);
  EXPECT_FLOAT_EQ(w.contact[0], 0.25696f);
  EXPECT_NE(w.race[121], 0.0f);
  EXPECT_NE(w.contact[121], 0.0f);
}

TEST(Pubeval, RejectsMalformedWeights) {
  Result<PubevalWeights> r = parse_pubeval("race 1 2 3\n", "w.txt");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("w.txt:1: the race line has 3 weights, expected 122"),
            std::string::npos)
      << r.error().message;
  r = parse_pubeval("# only comments\n", "w.txt");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("missing the race weight line"), std::string::npos)
      << r.error().message;
  EXPECT_FALSE(load_pubeval("/nonexistent/pubeval.txt").ok());
}

TEST(Pubeval, InputsFollowTheDocumentedLayout) {
  // Block j describes the mover's point 24 - j: the 24 point (2 checkers) is block 0.
  const std::array<float, kPubevalInputs> x = pubeval_inputs(backgammon_start());
  EXPECT_EQ(x[0 * 5 + 2], 1.0f);         // 24 point: n >= 2
  EXPECT_EQ(x[18 * 5 + 2], 1.0f);        // 6 point (block 18)
  EXPECT_FLOAT_EQ(x[18 * 5 + 4], 1.0f);  // (5 - 3) / 2
  EXPECT_EQ(x[16 * 5 + 3], 1.0f);        // 8 point: exactly 3
  EXPECT_EQ(x[23 * 5 + 0], 0.0f);        // the opponent's two on mover 1 are not a blot
  const std::array<float, kPubevalInputs> y = pubeval_inputs(P("x 6:14 off:1; o bar:2 1:1 24:12"));
  EXPECT_EQ(y[23 * 5 + 0], 1.0f);  // a lone opponent checker on mover 1
  EXPECT_FLOAT_EQ(y[120], 1.0f);   // two opponent checkers on the bar / 2
  EXPECT_FLOAT_EQ(y[121], 1.0f / 15.0f);
}

TEST(Pubeval, PicksKnownOpeningPlays) {
  const Rules rules = *rules_preset("wbf");
  PubevalPlayer pubeval(pubeval_weights());
  EXPECT_EQ(chosen_play(pubeval, rules, backgammon_start(), Dice{3, 1}), "8/5 6/5");
  EXPECT_EQ(chosen_play(pubeval, rules, backgammon_start(), Dice{4, 2}), "8/4 6/4");
  EXPECT_EQ(chosen_play(pubeval, rules, backgammon_start(), Dice{6, 1}), "13/7 8/7");
  // Bearing off the last checkers always wins.
  EXPECT_EQ(chosen_play(pubeval, rules, P("x 2:1 1:1 off:13; o 24:15"), Dice{2, 1}), "2/off 1/off");
}

TEST(Players, PubevalBeatsRandomClearly) {
  const Rules rules = *rules_preset("wbf");
  PubevalPlayer pubeval(pubeval_weights());
  RandomPlayer random(3);
  const DuelResult r = play_duel(rules, pubeval, random, 200, 11);
  EXPECT_EQ(r.games, 200);
  EXPECT_EQ(r.unfinished, 0);
  EXPECT_GE(r.wins_a, 180) << "pubeval won " << r.wins_a << " of 200";
  EXPECT_GT(r.points_per_game(), 1.0);
}

TEST(Players, HeuristicBeatsRandomInEveryGame) {
  for (const char* preset : {"wbf", "iran", "plakoto", "tawla31", "fevga", "longnardy"}) {
    const Rules rules = *rules_preset(preset);
    HeuristicPlayer heuristic(rules);
    RandomPlayer random(5);
    const int games = 100;
    const DuelResult r = play_duel(rules, heuristic, random, games, 17);
    EXPECT_EQ(r.unfinished, 0) << preset;
    EXPECT_GE(r.wins_a, 75) << preset << ": heuristic won " << r.wins_a << " of " << games
                            << ", lost " << r.wins_b << ", draws " << r.draws;
    EXPECT_GT(r.points_a, 0) << preset;
  }
}

TEST(Players, HeuristicPrefersMakingPointsAndHitting) {
  const Rules rules = *rules_preset("wbf");
  HeuristicPlayer h(rules);
  EXPECT_EQ(chosen_play(h, rules, backgammon_start(), Dice{3, 1}), "8/5 6/5");
  // A lone opponent checker on mover 5 next to our 6 and 8 points: hit it.
  const Position blot = P("x 13:5 8:3 6:5 24:2; o 5:1 1:1 12:5 17:3 19:5");
  EXPECT_NE(chosen_play(h, rules, blot, Dice{3, 1}).find('*'), std::string::npos);
}

TEST(Players, GreedyPlayerPicksTheBestEquityInOneBatch) {
  const Rules rules = *rules_preset("wbf");
  FakeEvaluator eval(rules);
  GreedyPlayer greedy(rules, eval);
  MoveGenerator gen(rules);
  PlayList list;
  const Position pos = P("x 6:3 5:3 4:3 3:3 2:3; o 19:3 20:3 21:3 22:3 23:3");
  list.size = gen.generate(pos, Dice{6, 5}, list.positions.get(), list.moves.get());
  ASSERT_GT(list.size, 1);
  const int i = greedy.choose(pos, Dice{6, 5}, list.plays());
  EXPECT_EQ(eval.batch_sizes(), std::vector<int>{list.size});  // one batch
  const std::vector<float>& eq = greedy.last_equities();
  ASSERT_EQ(int(eq.size()), list.size);
  EXPECT_EQ(eq[i], *std::max_element(eq.begin(), eq.end()));
  // The winning play is recognised exactly.
  const Position last = P("x 2:2 off:13; o 1:15");
  list.size = gen.generate(last, Dice{2, 2}, list.positions.get(), list.moves.get());
  const int w = greedy.choose(last, Dice{2, 2}, list.plays());
  EXPECT_EQ(list.positions[w].mover_off, kCheckers);
  EXPECT_FLOAT_EQ(greedy.last_equities()[w], 3.0f);  // a backgammon: o has not left x's home
}

TEST(Players, DuelIsDeterministicAndAlternatesStarts) {
  const Rules rules = *rules_preset("fevga");
  RandomPlayer a1(1), b1(2), a2(1), b2(2);
  const DuelResult x = play_duel(rules, a1, b1, 20, 99);
  const DuelResult y = play_duel(rules, a2, b2, 20, 99);
  EXPECT_EQ(x.wins_a, y.wins_a);
  EXPECT_EQ(x.points_a, y.points_a);
  EXPECT_EQ(x.wins_a + x.wins_b + x.draws + x.unfinished, 20);
}

// A Player that records the dice it was asked to play and who was on roll.
class RecordingPlayer final : public Player {
 public:
  RecordingPlayer(std::vector<std::pair<char, Dice>>& log, char tag) : log_(log), tag_(tag) {}
  std::string name() const override { return "recording"; }
  int choose(const Position&, Dice dice, std::span<const Position>) override {
    log_.push_back({tag_, dice});
    return 0;
  }

 private:
  std::vector<std::pair<char, Dice>>& log_;
  char tag_;
};

TEST(Players, DuelFixesTheStarterAndScoresGammonsDespiteJacoby) {
  Rules rules = *rules_preset("wbf");
  rules.jacoby = true;  // a cubeless duel counts the board's points
  for (const bool a_starts : {true, false}) {
    std::vector<std::pair<char, Dice>> log;
    RecordingPlayer a(log, 'a'), b(log, 'b');
    const DuelGame g = play_duel_game(rules, a, b, a_starts, 5);
    ASSERT_TRUE(g.result.over());
    ASSERT_FALSE(log.empty());
    EXPECT_EQ(log.front().first, a_starts ? 'a' : 'b');
    EXPECT_FALSE(log.front().second.is_double());  // the opening roll of O-BOTH
    // The same dice whoever starts: the seed alone gives them.
    std::vector<std::pair<char, Dice>> other_log;
    RecordingPlayer a2(other_log, 'a'), b2(other_log, 'b');
    play_duel_game(rules, a2, b2, !a_starts, 5);
    EXPECT_EQ(other_log.front().second.d1, log.front().second.d1);
  }
  // Random play against random play gives gammons; with the cube they would score 1 (Jacoby).
  RandomPlayer r1(3), r2(4);
  int gammons = 0;
  for (int i = 0; i < 40; ++i) {
    const DuelGame g = play_duel_game(rules, r1, r2, i % 2 == 0, game_seed(21, uint64_t(i)));
    if (g.result.outcome == Outcome::Gammon) {
      ++gammons;
      EXPECT_EQ(g.result.points, 2);
    }
  }
  EXPECT_GT(gammons, 0);
}

TEST(SelfPlay, TheObserverSeesEveryTurnOfTheGameAsPlayed) {
  const Rules rules = *rules_preset("wbf");
  FakeEvaluator eval(rules);
  GamePlayer player(rules);
  SelfPlayOptions options;
  options.exploration = 0.2;
  std::vector<SelfPlayTurn> seen;
  std::vector<std::vector<Position>> results;  // the spans live only during the call
  std::vector<std::vector<Probabilities>> values;
  const PlayedGame game = player.play(eval, 77, options, [&](const SelfPlayTurn& t) {
    seen.push_back(t);
    results.emplace_back(t.results.begin(), t.results.end());
    values.emplace_back(t.values.begin(), t.values.end());
  });
  ASSERT_TRUE(game.finished);
  ASSERT_FALSE(seen.empty());
  int explored = 0;
  for (size_t i = 0; i < seen.size(); ++i) {
    const SelfPlayTurn& t = seen[i];
    ASSERT_LT(size_t(t.turn), game.positions.size());
    EXPECT_EQ(t.position, game.positions[size_t(t.turn)]);
    EXPECT_EQ(t.explored, game.explored[size_t(t.turn)] != 0);
    explored += t.explored;
    ASSERT_EQ(results[i].size(), values[i].size());
    if (size_t(t.turn) + 1 < game.positions.size()) {  // the play made is the next position
      EXPECT_EQ(results[i][size_t(t.chosen)], game.positions[size_t(t.turn) + 1]);
    }
    // Greedy turns choose the play that leaves the opponent the lowest equity.
    if (!t.explored) {
      for (const Probabilities& v : values[i]) {
        EXPECT_GE(cubeless_equity(v, rules), cubeless_equity(values[i][size_t(t.chosen)], rules));
      }
    }
  }
  EXPECT_GT(explored, 0);
  // Without an observer the game is the same.
  const PlayedGame again = player.play(eval, 77, options);
  EXPECT_EQ(again.positions, game.positions);
}

}  // namespace
}  // namespace nard
