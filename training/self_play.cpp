#include "training/self_play.h"

#include <omp.h>

#include "engine/dice.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "training/td_targets.h"

namespace nard::training {

namespace {
// Both sides forfeiting this many turns in a row is a total deadlock: a draw (rules.md §3.7).
constexpr int kDeadlockForfeits = 200;
constexpr uint64_t kExplorationStream = 0x9E3779B97F4A7C15ull;

int block_index(const Examples& ex, EncoderId id) {
  for (size_t i = 0; i < ex.blocks.size(); ++i)
    if (ex.blocks[i].encoder == id) return int(i);
  return -1;
}
}  // namespace

void Examples::append(const Examples& other) {
  for (size_t i = 0; i < blocks.size() && i < other.blocks.size(); ++i) {
    blocks[i].inputs.insert(blocks[i].inputs.end(), other.blocks[i].inputs.begin(),
                            other.blocks[i].inputs.end());
    blocks[i].targets.insert(blocks[i].targets.end(), other.blocks[i].targets.begin(),
                             other.blocks[i].targets.end());
  }
  games += other.games;
  dropped_games += other.dropped_games;
  positions += other.positions;
}

Examples empty_examples(Variant variant) {
  Examples ex;
  for (EncoderId id : encoders_for(variant)) {
    ExampleBlock b;
    b.encoder = id;
    b.inputs_per_example = encoder_inputs(id);
    ex.blocks.push_back(std::move(b));
  }
  return ex;
}

struct GamePlayer::Impl {
  Rules rules;
  MoveGenerator generator;
  PlayList plays;
  std::vector<Position> flipped;
  std::vector<Probabilities> probs;
  explicit Impl(const Rules& r) : rules(r), generator(r) {}
};

GamePlayer::GamePlayer(const Rules& rules) : impl_(std::make_unique<Impl>(rules)) {}
GamePlayer::~GamePlayer() = default;

PlayedGame GamePlayer::play(Evaluator& evaluator, uint64_t seed, const SelfPlayConfig& config) {
  Impl& m = *impl_;
  Rng dice(seed);
  Rng explore(seed ^ kExplorationStream);
  PlayedGame g;
  Position pos = start_position(m.rules);
  g.values.push_back(Probabilities{});  // V_0 is never used
  int forfeits_in_row = 0;
  for (int turn = 0; turn < config.max_turns; ++turn) {
    g.positions.push_back(pos);
    g.turns = turn + 1;
    Dice d = dice.roll();
    if (turn == 0 && m.rules.opening == Opening::Both)
      while (d.is_double()) d = dice.roll();
    const int n = m.generator.generate(pos, d, m.plays.positions.get());
    if (n == 0) {
      if (++forfeits_in_row >= kDeadlockForfeits) {
        g.result = draw_probabilities();
        g.finished = true;
        return g;
      }
      Position next = pos;
      next.set_mover_first_turn(false);
      next = next.flipped();
      Probabilities v;
      evaluator.evaluate({&next, 1}, {&v, 1});
      g.values.push_back(v);
      pos = next;
      continue;
    }
    forfeits_in_row = 0;
    m.flipped.resize(n);
    m.probs.resize(n);
    for (int i = 0; i < n; ++i) m.flipped[i] = m.plays.positions[i].flipped();
    evaluator.evaluate(m.flipped, m.probs);
    int pick = 0;
    if (config.exploration > 0 && explore.uniform() < config.exploration) {
      pick = int(explore.below(uint32_t(n)));
    } else {
      // The best play for the mover is the worst position for the opponent on roll.
      float best = cubeless_equity(m.probs[0], m.rules);
      for (int i = 1; i < n; ++i) {
        const float e = cubeless_equity(m.probs[i], m.rules);
        if (e < best) best = e, pick = i;
      }
    }
    if (game_result(m.rules, m.plays.positions[pick]).over()) {
      g.result = invert(*terminal_probabilities(m.rules, m.flipped[pick]));
      g.finished = true;
      return g;
    }
    g.values.push_back(m.probs[pick]);
    pos = m.flipped[pick];
  }
  return g;  // unfinished
}

void add_examples(const Rules& rules, const PlayedGame& game, double lambda, Examples& out) {
  if (!game.finished) {
    ++out.dropped_games;
    return;
  }
  const std::vector<Probabilities> targets = lambda_returns(game.values, game.result, lambda);
  for (size_t t = 0; t < game.positions.size(); ++t) {
    const int b = block_index(out, encoder_for(rules, game.positions[t]));
    if (b < 0) continue;  // cannot happen: encoder_for returns one of encoders_for(variant)
    ExampleBlock& block = out.blocks[b];
    const size_t at = block.inputs.size();
    block.inputs.resize(at + block.inputs_per_example);
    encode(block.encoder, game.positions[t], block.inputs.data() + at);
    const auto y = targets[t].as_array();
    block.targets.insert(block.targets.end(), y.begin(), y.end());
  }
  ++out.games;
  out.positions += static_cast<long long>(game.positions.size());
}

SelfPlayPool::SelfPlayPool(const Rules& rules, int threads) : rules_(rules), threads_(threads) {
  for (int i = 0; i < threads_; ++i) players_.push_back(std::make_unique<GamePlayer>(rules));
}
SelfPlayPool::~SelfPlayPool() = default;

Examples SelfPlayPool::play(std::shared_ptr<const NeuralModel> model, uint64_t run_seed,
                            uint64_t first, int count, const SelfPlayConfig& config) {
  std::vector<Examples> per_game(count);
#pragma omp parallel num_threads(threads_)
  {
    NeuralEvaluator evaluator(model);
    GamePlayer& player = *players_[omp_get_thread_num()];
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < count; ++i) {
      per_game[i] = empty_examples(rules_.variant);
      const PlayedGame g = player.play(evaluator, game_seed(run_seed, first + uint64_t(i)), config);
      add_examples(rules_, g, config.lambda, per_game[i]);
    }
  }
  Examples all = empty_examples(rules_.variant);
  for (const Examples& e : per_game) all.append(e);
  return all;
}

}  // namespace nard::training
