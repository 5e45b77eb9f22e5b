#include "training/self_play.h"

#include <omp.h>

#include "core/parallel_items.h"
#include "core/work_share.h"
#include "game/dice.h"
#include "game/game.h"
#include "game/movegen/movegen.h"
#include "training/td_targets.h"

namespace nard::training {

namespace {
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

namespace {
// A pool thread's evaluator of the model and its game loop (kept by the pool between rounds).
struct PoolThread {
  PoolThread(std::shared_ptr<const NeuralModel> model, GamePlayer& p)
      : evaluator(std::move(model)), player(p) {}
  NeuralEvaluator evaluator;
  GamePlayer& player;
};
}  // namespace

SelfPlayPool::SelfPlayPool(const Rules& rules, int threads) : rules_(rules), threads_(threads) {
  for (int i = 0; i < threads_; ++i) players_.push_back(std::make_unique<GamePlayer>(rules));
}
SelfPlayPool::~SelfPlayPool() = default;

Examples SelfPlayPool::play(std::shared_ptr<const NeuralModel> model, uint64_t run_seed,
                            uint64_t first, int count, const SelfPlayConfig& config) {
  std::vector<Examples> per_game(count);
  run_seeded(
      {0, count, threads_, 1}, [&] { return PoolThread(model, *players_[omp_get_thread_num()]); },
      [&](PoolThread& t, long long i) {
        per_game[i] = empty_examples(rules_.variant);
        const PlayedGame g =
            t.player.play(t.evaluator, game_seed(run_seed, first + uint64_t(i)), config.options());
        add_examples(rules_, g, config.lambda, per_game[i]);
      });
  Examples all = empty_examples(rules_.variant);
  for (const Examples& e : per_game) all.append(e);
  return all;
}

Result<Examples> SelfPlayPool::play(Communicator& comm, std::shared_ptr<const NeuralModel> model,
                                    uint64_t run_seed, uint64_t first, int count,
                                    const SelfPlayConfig& config) {
  if (comm.size() == 1) return play(std::move(model), run_seed, first, count, config);
  const std::vector<long long> mine = share_of(comm, count);
  std::vector<PlayedGame> played(mine.size());
  run_seeded(
      {0, (long long)mine.size(), threads_, 1},
      [&] { return PoolThread(model, *players_[omp_get_thread_num()]); },
      [&](PoolThread& t, long long k) {
        played[k] = t.player.play(t.evaluator, game_seed(run_seed, first + uint64_t(mine[k])),
                                  config.options());
      });
  // What add_examples reads of a game: positions, values, result, finished (not `explored`).
  const auto encode = [](ByteWriter& w, const PlayedGame& g) {
    w.put_vector(g.positions);
    w.put_vector(g.values);
    w.put(g.result);
    w.put<uint8_t>(g.finished ? 1 : 0);
    w.put<int32_t>(g.turns);
  };
  const auto decode = [](ByteReader& r, PlayedGame& g) {
    uint8_t finished = 0;
    int32_t turns = 0;
    if (!(r.get_vector(g.positions) && r.get_vector(g.values) && r.get(g.result) &&
          r.get(finished) && r.get(turns)))
      return false;
    g.finished = finished != 0;
    g.turns = turns;
    return true;
  };
  Result<std::vector<PlayedGame>> games =
      gather_items<PlayedGame>(comm, count, played, encode, decode);
  if (!games) return games.error();
  if (!comm.is_root()) return empty_examples(rules_.variant);
  std::vector<Examples> per_game(static_cast<size_t>(count));
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 1)
  for (int i = 0; i < count; ++i) {
    per_game[size_t(i)] = empty_examples(rules_.variant);
    add_examples(rules_, (*games)[size_t(i)], config.lambda, per_game[size_t(i)]);
  }
  Examples all = empty_examples(rules_.variant);
  for (const Examples& e : per_game) all.append(e);
  return all;
}

}  // namespace nard::training
