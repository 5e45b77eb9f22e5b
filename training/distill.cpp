#include "training/distill.h"

#include <omp.h>

#include <algorithm>
#include <memory>
#include <numeric>

#include "game/dice.h"
#include "game/game.h"
#include "nn/encoder.h"
#include "nn/evaluator.h"
#include "play/seeded_games.h"
#include "play/self_play.h"
#include "training/learner.h"

namespace nard::training {

namespace {

constexpr uint64_t kShuffleStream = 0x5d15711u;
constexpr int kMaxTurns = 1000;

// One turn with a choice: its plays' results are examples [begin, begin + count), the full net
// chose begin + best.
struct Turn {
  int begin = 0, count = 0, best = 0;
};

struct GameRecord {
  std::vector<Position> positions;     // results of the plays, opponent on roll
  std::vector<Probabilities> targets;  // the full nets' values of them (opponent's view)
  std::vector<Turn> turns;
};

// One self-play game (play/self_play.h, greedy): every turn with a choice gives its plays' results
// and the full nets' values of them.
GameRecord record_game(GamePlayer& player, NeuralEvaluator& eval, uint64_t seed) {
  GameRecord g;
  SelfPlayOptions options;
  options.max_turns = kMaxTurns;
  player.play(eval, seed, options, [&](const SelfPlayTurn& turn) {
    if (turn.results.size() < 2) return;
    g.turns.push_back({int(g.positions.size()), int(turn.results.size()), turn.chosen});
    g.positions.insert(g.positions.end(), turn.results.begin(), turn.results.end());
    g.targets.insert(g.targets.end(), turn.values.begin(), turn.values.end());
  });
  return g;
}

}  // namespace

Result<DistillResult> distill_prune_net(const NetWeights& model, const DistillConfig& c) {
  const std::optional<EncoderId> prune_id = optional_encoder_for(model.variant);
  if (!prune_id)
    return make_error("the " + std::string(variant_name(model.variant)) +
                      " game has no pruning net");
  if (c.games < 10 || c.epochs < 1 || c.batch_size < 1 || c.threads < 1 || c.keep < 1)
    return make_error(
        "distill needs >= 10 games and positive epochs, batch size, keep and threads");
  // The game's default rules (backgammon: wbf): the nets were trained under them.
  Result<Rules> rules = rules_for_variant(variant_name(model.variant));
  if (!rules) return rules.error();
  NetWeights full = model;
  std::erase_if(full.nets, [&](const MlpWeights& m) { return m.encoder == *prune_id; });
  Result<std::shared_ptr<const NeuralModel>> full_model = NeuralModel::create(*rules, full);
  if (!full_model) return full_model.error();

  // Self-play records, in game order whatever the thread count.
  std::vector<GameRecord> games(size_t(c.games));
  run_seeded(
      {0, c.games, c.threads, 4}, [&] { return SelfPlayThread(*full_model, *rules); },
      [&](SelfPlayThread& t, long long g) {
        games[size_t(g)] = record_game(t.player, t.evaluator, game_seed(c.seed, uint64_t(g)));
      });
  const int train_games = c.games - std::max(1, c.games / 10);

  // Training examples: every non-terminal result of the training games.
  std::vector<Position> xs;
  std::vector<Probabilities> ys;
  for (int g = 0; g < train_games; ++g)
    for (size_t i = 0; i < games[size_t(g)].positions.size(); ++i) {
      const Position& p = games[size_t(g)].positions[i];
      if (terminal_probabilities(*rules, p)) continue;
      xs.push_back(p);
      ys.push_back(games[size_t(g)].targets[i]);
    }
  if (xs.empty()) return make_error("distill: the self-play games gave no training positions");

  LearnerConfig lc;
  lc.inputs = encoder_inputs(*prune_id);
  lc.hidden = c.hidden;
  lc.learning_rate = c.learning_rate;
  lc.init_seed = game_seed(c.seed, 0x9a11ull);
  lc.threads = 1;
  Learner learner(lc);
  DistillResult result;
  std::vector<int> order(xs.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<float> xb, yb;
  for (int epoch = 0; epoch < c.epochs; ++epoch) {
    Rng shuffle(game_seed(c.seed ^ kShuffleStream, uint64_t(epoch)));
    for (size_t i = order.size() - 1; i > 0; --i)
      std::swap(order[i], order[shuffle.below(uint32_t(i + 1))]);
    double loss_sum = 0;
    for (size_t start = 0; start < order.size(); start += size_t(c.batch_size)) {
      const int m = int(std::min(order.size() - start, size_t(c.batch_size)));
      xb.resize(size_t(m) * lc.inputs);
      yb.resize(size_t(m) * kOutputs);
      for (int j = 0; j < m; ++j) {
        const int k = order[start + size_t(j)];
        encode(*prune_id, xs[size_t(k)], xb.data() + size_t(j) * lc.inputs);
        const auto t = ys[size_t(k)].as_array();
        std::copy(t.begin(), t.end(), yb.data() + size_t(j) * kOutputs);
      }
      loss_sum += learner.train_batch(xb, yb, m) * m;
    }
    result.report.final_loss = loss_sum / double(xs.size());
  }
  result.report.train_positions = (long long)xs.size();

  MlpWeights prune;
  prune.encoder = *prune_id;
  prune.layers = learner.layers();
  result.weights = full;
  result.weights.nets.push_back(prune);
  std::string hidden;
  for (int h : c.hidden) hidden += (hidden.empty() ? "" : ",") + std::to_string(h);
  result.weights.description += "; " + std::string(encoder_name(*prune_id)) + " " + hidden +
                                " distilled from " + std::to_string(train_games) +
                                " greedy self-play games, " + std::to_string(c.epochs) + " epochs";
  if (auto e = result.weights.validate()) return *e;

  // Held-out turns: does the pruner keep the full net's choice?
  Result<std::shared_ptr<const NeuralModel>> pruned_model =
      NeuralModel::create(*rules, result.weights);
  if (!pruned_model) return pruned_model.error();
  NeuralPruneEvaluator pruner(*pruned_model);
  long long turns = 0, top1 = 0, topk = 0;
  double loss = 0;
  std::vector<Probabilities> rough;
  std::vector<int> rank;
  for (int g = train_games; g < c.games; ++g) {
    const GameRecord& rec = games[size_t(g)];
    for (const Turn& t : rec.turns) {
      const std::span<const Position> plays(rec.positions.data() + t.begin, size_t(t.count));
      rough.resize(size_t(t.count));
      pruner.evaluate(plays, rough);
      rank.resize(size_t(t.count));
      std::iota(rank.begin(), rank.end(), 0);
      std::stable_sort(rank.begin(), rank.end(), [&](int a, int b) {
        return cubeless_equity(invert(rough[size_t(a)]), *rules) >
               cubeless_equity(invert(rough[size_t(b)]), *rules);
      });
      const auto full_equity = [&](int i) {
        return cubeless_equity(invert(rec.targets[size_t(t.begin + i)]), *rules);
      };
      const int kept = std::min(c.keep, t.count);
      float chosen = -1e30f;
      for (int k = 0; k < kept; ++k) chosen = std::max(chosen, full_equity(rank[size_t(k)]));
      ++turns;
      top1 += rank[0] == t.best;
      topk += std::find(rank.begin(), rank.begin() + kept, t.best) != rank.begin() + kept;
      loss += full_equity(t.best) - chosen;
    }
  }
  result.report.held_out_turns = turns;
  if (turns) {
    result.report.top1_agreement = double(top1) / double(turns);
    result.report.topk_agreement = double(topk) / double(turns);
    result.report.mean_equity_loss = loss / double(turns);
  }
  return result;
}

}  // namespace nard::training
