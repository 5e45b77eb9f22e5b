#include "bot/position_sampling.h"

#include <omp.h>

#include <unordered_map>

#include "bot/self_play.h"
#include "engine/dice.h"

namespace nard {

namespace {
constexpr uint64_t kKeepStream = 0x6B656570ull;  // "keep"
constexpr int kGamesPerBlock = 32;               // games between progress reports
}  // namespace

std::vector<Position> sample_positions(const std::shared_ptr<const NeuralModel>& model,
                                       const SamplingConfig& c,
                                       const std::function<bool(const Position&)>& skip,
                                       SampleStatistics* statistics,
                                       const std::function<void(long long, long long)>& progress) {
  const Rules& rules = model->rules();
  SelfPlayOptions options;
  options.exploration = c.exploration;
  std::vector<std::vector<Position>> kept(size_t(std::max(0, c.games)));
  std::vector<uint8_t> unfinished(kept.size(), 0);
  long long done = 0;
  const int threads = std::max(1, c.threads);
  for (int block = 0; block < c.games; block += kGamesPerBlock) {
    const int end = std::min(c.games, block + kGamesPerBlock);
#pragma omp parallel num_threads(threads)
    {
      NeuralEvaluator evaluator(model);
      GamePlayer player(rules);
#pragma omp for schedule(dynamic, 1)
      for (int g = block; g < end; ++g) {
        const uint64_t seed = game_seed(c.seed, uint64_t(c.first_game + g));
        const PlayedGame game = player.play(evaluator, seed, options);
        unfinished[size_t(g)] = game.finished ? 0 : 1;
        Rng keep(seed ^ kKeepStream);
        std::vector<Position>& out = kept[size_t(g)];
        for (size_t t = 1; t < game.positions.size(); ++t)  // t = 0: the starting position
          if (keep.uniform() < c.keep) out.push_back(game.positions[t]);
      }
    }
    done = end;
    if (progress) progress(done, c.games);
  }
  SampleStatistics st;
  st.games = c.games;
  std::unordered_map<uint64_t, size_t> first_with_hash;  // hash -> index into result
  std::vector<Position> result;
  for (size_t g = 0; g < kept.size(); ++g) {
    st.unfinished_games += unfinished[g];
    for (const Position& p : kept[g]) {
      ++st.candidates;
      if (terminal_probabilities(rules, p) || (skip && skip(p))) {
        ++st.skipped;
        continue;
      }
      const auto [it, fresh] = first_with_hash.try_emplace(p.hash(), result.size());
      if (!fresh && result[it->second] == p) {  // a different position with the same hash is kept
        ++st.repeats;
        continue;
      }
      result.push_back(p);
    }
  }
  if (statistics) *statistics = st;
  return result;
}

}  // namespace nard
