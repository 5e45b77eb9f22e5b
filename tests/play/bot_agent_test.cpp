// The bot's checker play (play/agents.h BotAgent): by cubeful equity for the cube and score where
// the cube is in play, by cubeless money equity when SearchConfig::cubeful_checker_play is off.
// Checked at double match point, where a match winning chance is the game's winning chance: the
// bot must pick the play that wins most often, which in gammonish positions is not the play of
// most money equity.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "formats/gnubg_id.h"
#include "game/dice.h"
#include "game/movegen/movegen.h"
#include "game/rules.h"
#include "nn/evaluator.h"
#include "nn/model_path.h"
#include "play/agents.h"
#include "search/match_equity.h"

namespace nard {
namespace {

TEST(BotAgent, AtDoubleMatchPointPlaysForTheWinNotTheMoneyEquity) {
  const Rules rules = *rules_preset("wbf");
  Result<std::string> path = default_model_path(Variant::Backgammon);
  ASSERT_TRUE(path.ok());
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::load(rules, *path);
  ASSERT_TRUE(model.ok()) << model.error().message;
  Result<MatchEquityTable> met = MatchEquityTable::load(MatchEquityTable::default_path());
  ASSERT_TRUE(met.ok()) << met.error().message;
  NeuralEvaluator evaluator(*model);
  SearchConfig cubeful;  // 0-ply, cubeful checker play (the default)
  SearchConfig cubeless;
  cubeless.cubeful_checker_play = false;
  BotAgent bot(rules, evaluator, cubeful, &*met);
  BotAgent money_bot(rules, evaluator, cubeless, &*met);
  Search search(rules, evaluator);
  MatchView dmp;  // 7 points, 6-6: the Crawford game is over, the next game wins the match
  dmp.match_length = 7;
  dmp.my_score = dmp.opp_score = 6;

  MoveGenerator gen(rules);
  PlayList list;
  Rng rng(20261128);
  Position pos = backgammon_start();
  int decisions = 0, differ = 0;
  for (int turn = 0; turn < 600; ++turn) {
    const Dice dice = rng.roll();
    list.size = gen.generate(pos, dice, list.positions.get());
    if (list.size >= 2) {
      // Each play's winning chance at 0-ply, from the mover's side.
      std::vector<double> win(size_t(list.size));
      for (int i = 0; i < list.size; ++i) {
        const Position after = list.positions[i].flipped();
        win[size_t(i)] = terminal_probabilities(rules, after)
                             ? 1.0 - terminal_probabilities(rules, after)->win
                             : invert(search.evaluate(after, 0)).win;
      }
      const double best = *std::max_element(win.begin(), win.end());
      const int chosen = bot.choose_play(pos, dice, list.plays(), dmp);
      EXPECT_GE(win[size_t(chosen)], best - 1e-6) << encode_position_id(pos) << " " << dice.str();
      const int by_money = money_bot.choose_play(pos, dice, list.plays(), dmp);
      EXPECT_EQ(by_money, search.best_play(pos, dice, list.plays()));
      ++decisions;
      differ += win[size_t(by_money)] < best - 1e-4;
    }
    // On with a random play (a fresh game once this one is over).
    pos = list.size ? list.positions[rng.below(uint32_t(list.size))].flipped() : pos.flipped();
    if (terminal_probabilities(rules, pos)) pos = backgammon_start();
  }
  EXPECT_GT(decisions, 400);
  EXPECT_GT(differ, 0);  // the money bot's play differs somewhere, so the check above can fail
}

}  // namespace
}  // namespace nard
