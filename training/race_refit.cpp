#include "training/race_refit.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <span>

#include "game/dice.h"
#include "game/game.h"
#include "game/movegen/movegen.h"
#include "nn/bearoff_database.h"
#include "nn/encoder.h"
#include "nn/evaluator.h"
#include "play/seeded_games.h"
#include "play/self_play.h"
#include "search/search.h"
#include "training/learner.h"

namespace nard::training {

namespace {

constexpr uint64_t kShuffleStream = 0x7ace7ef1u;
constexpr int kMaxTurns = 1000;

// The race positions (before the roll, mover's view) of one self-play game (play/self_play.h,
// greedy): every position the race net values (Position::is_race()); of the bear-offs the database
// covers, one turn in `bearoff_one_in` (0: none; they are most of a race's turns).
std::vector<Position> race_positions_of_game(const Rules& rules, Evaluator& eval,
                                             const BearoffDatabase& db, int bearoff_one_in,
                                             GamePlayer& player, uint64_t seed) {
  SelfPlayOptions options;
  options.max_turns = kMaxTurns;
  const PlayedGame game = player.play(eval, seed, options);
  std::vector<Position> out;
  for (size_t t = 0; t < game.positions.size(); ++t) {
    const Position& pos = game.positions[t];
    const bool sampled = !db.covers(pos) || (bearoff_one_in > 0 && t % size_t(bearoff_one_in) == 0);
    if (pos.is_race() && sampled && !terminal_probabilities(rules, pos)) out.push_back(pos);
  }
  return out;
}

const MlpWeights* race_net(const NetWeights& w) { return w.net_for(EncoderId::BackgammonRace); }

}  // namespace

Result<RaceRefitResult> refit_race_net(const NetWeights& model, const RaceRefitConfig& c) {
  if (model.variant != Variant::Backgammon)
    return make_error("only backgammon models have a race net");
  if (c.games < 10 || c.rounds < 1 || c.epochs < 1 || c.batch_size < 1 || c.threads < 1 ||
      c.bearoff_one_in < 0 || !(c.learning_rate > 0))
    return make_error(
        "refit-race needs >= 10 games, positive rounds, epochs, batch size, threads and rate, "
        "and --bearoff-one-in >= 0");
  if (!race_net(model)) return make_error("the model has no race net");
  Result<Rules> rules = rules_preset("wbf");
  if (!rules) return rules.error();
  Result<std::shared_ptr<const BearoffDatabase>> db = BearoffDatabase::create(*rules);
  if (!db) return db.error();
  NetWeights weights = model;
  Result<std::shared_ptr<const NeuralModel>> start_net = NeuralModel::create(*rules, weights);
  if (!start_net) return start_net.error();
  const std::shared_ptr<const NeuralModel> start_model = with_bearoff_database(*start_net, *db);

  // Race positions of the games, in game order whatever the thread count.
  std::vector<std::vector<Position>> per_game(size_t(c.games));
  run_seeded(
      {0, c.games, c.threads, 4}, [&] { return SelfPlayThread(start_model, *rules); },
      [&](SelfPlayThread& t, long long g) {
        per_game[size_t(g)] = race_positions_of_game(*rules, t.evaluator, **db, c.bearoff_one_in,
                                                     t.player, game_seed(c.seed, uint64_t(g)));
      });
  const int train_games = c.games - std::max(1, c.games / 10);
  std::vector<Position> positions;
  for (int g = 0; g < c.games; ++g)
    positions.insert(positions.end(), per_game[size_t(g)].begin(), per_game[size_t(g)].end());
  size_t train_count = 0;
  for (int g = 0; g < train_games; ++g) train_count += per_game[size_t(g)].size();
  per_game.clear();
  if (train_count == 0 || train_count == positions.size())
    return make_error(
        "refit-race: the self-play games gave too few race positions; play more games");

  RaceRefitResult result;
  result.report.train_positions = (long long)train_count;
  result.report.held_out_positions = (long long)(positions.size() - train_count);
  const MlpWeights& race = *race_net(weights);
  LearnerConfig lc;
  lc.inputs = encoder_inputs(EncoderId::BackgammonRace);
  for (size_t k = 0; k + 1 < race.layers.size(); ++k) lc.hidden.push_back(race.layers[k].outputs);
  lc.learning_rate = c.learning_rate;
  lc.init_seed = game_seed(c.seed, 0x7aceull);
  lc.threads = 1;
  Learner learner(lc);  // one optimizer for all rounds
  learner.set_layers(race.layers);

  std::vector<Probabilities> targets(positions.size()),
      held_out_values(positions.size() - train_count);
  std::vector<int> order(train_count);
  std::vector<float> xb, yb;
  // Mean |race net alone, 0-ply - target| cubeless equity over the held-out positions.
  const std::span<const Position> held_out =
      std::span<const Position>(positions).subspan(train_count);
  const auto held_out_error = [&](const NetWeights& w) -> Result<double> {
    Result<std::shared_ptr<const NeuralModel>> m = NeuralModel::create(*rules, w);
    if (!m) return m.error();
    NeuralEvaluator(*m).evaluate(held_out, held_out_values);
    double sum = 0;
    for (size_t i = 0; i < held_out.size(); ++i)
      sum += std::fabs(cubeless_equity(held_out_values[i], *rules) -
                       cubeless_equity(targets[train_count + i], *rules));
    return sum / double(held_out.size());
  };
  for (int round = 0; round < c.rounds; ++round) {
    Result<std::shared_ptr<const NeuralModel>> current_net = NeuralModel::create(*rules, weights);
    if (!current_net) return current_net.error();
    const std::shared_ptr<const NeuralModel> current = with_bearoff_database(*current_net, *db);
    // Targets: the database's exact values where it covers the position, else the 1-ply value
    // under the current model with the database (every play valued by the full nets: no pruning).
#pragma omp parallel num_threads(c.threads)
    {
      NeuralEvaluator eval(current);
      SearchConfig sc;
      sc.ply = 1;
      sc.prune_keep = 0;
      Search search(*rules, eval, sc);
#pragma omp for schedule(dynamic, 64)
      for (size_t i = 0; i < positions.size(); ++i) {
        const Position& pos = positions[i];
        targets[i] = (*db)->covers(pos) ? (*db)->probabilities(pos) : search.evaluate(pos, 1);
      }
    }
    RaceRefitRound r;
    Result<double> before = held_out_error(weights);
    if (!before) return before.error();
    r.held_out_before = *before;
    for (int epoch = 0; epoch < c.epochs; ++epoch) {
      std::iota(order.begin(), order.end(), 0);
      Rng shuffle(game_seed(c.seed ^ kShuffleStream, uint64_t(round * 1000 + epoch)));
      for (size_t i = order.size() - 1; i > 0; --i)
        std::swap(order[i], order[shuffle.below(uint32_t(i + 1))]);
      double loss_sum = 0;
      for (size_t start = 0; start < order.size(); start += size_t(c.batch_size)) {
        const int m = int(std::min(order.size() - start, size_t(c.batch_size)));
        xb.resize(size_t(m) * size_t(lc.inputs));
        yb.resize(size_t(m) * kOutputs);
        for (int j = 0; j < m; ++j) {
          const size_t k = size_t(order[start + size_t(j)]);
          encode(EncoderId::BackgammonRace, positions[k],
                 xb.data() + size_t(j) * size_t(lc.inputs));
          const auto t = targets[k].as_array();
          std::copy(t.begin(), t.end(), yb.data() + size_t(j) * kOutputs);
        }
        loss_sum += learner.train_batch(xb, yb, m) * m;
      }
      r.loss = loss_sum / double(order.size());
    }
    for (MlpWeights& m : weights.nets)
      if (m.encoder == EncoderId::BackgammonRace) m.layers = learner.layers();
    // The new net against the same targets.
    Result<double> after = held_out_error(weights);
    if (!after) return after.error();
    r.held_out_after = *after;
    result.report.rounds.push_back(r);
  }
  weights.description += "; race net refitted: " + std::to_string(c.rounds) +
                         " rounds of 1-ply targets over " + std::to_string(train_count) +
                         " race positions (bear-off database leaves)";
  if (c.bearoff_one_in > 0)
    weights.description += ", 1 in " + std::to_string(c.bearoff_one_in) +
                           " covered bear-offs at the database's values";
  if (auto e = weights.validate()) return *e;
  result.weights = std::move(weights);
  return result;
}

}  // namespace nard::training
