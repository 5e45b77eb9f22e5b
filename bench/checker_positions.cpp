#include "bench/checker_positions.h"

#include <algorithm>
#include <string>
#include <unordered_set>

#include "coach/position_sampling.h"
#include "formats/gnubg_id.h"
#include "game/movegen/movegen.h"

namespace nard {

namespace {
constexpr uint64_t kRollStream = 0x636865636B6572ull;  // "checker"
// Positions a game gives at keep = 1 (both sides' turns of a typical game, about 60); a batch
// plays enough games for the pairs still wanted, with some room for repeats and single plays.
constexpr double kPositionsPerGame = 60.0;
constexpr int kMinBatchGames = 8;
constexpr int kMaxBatches = 1000;  // a net whose games never yield pairs must not loop forever
}  // namespace

CheckerSampleSet sample_checker_positions(const std::shared_ptr<const NeuralModel>& model,
                                          const CheckerSampleConfig& c) {
  CheckerSampleSet set;
  if (c.count <= 0 || !(c.keep > 0.0)) return set;
  const Rules& rules = model->rules();
  MoveGenerator generator(rules);
  PlayList list;
  Rng roller(c.seed ^ kRollStream);
  std::unordered_set<std::string> seen;  // Position IDs already met (an ID ignores flags)
  for (int batch = 0; batch < kMaxBatches && int(set.samples.size()) < c.count; ++batch) {
    const int wanted = c.count - int(set.samples.size());
    SamplingConfig sc;
    sc.first_game = set.games;
    sc.games = std::max(kMinBatchGames, int(1.3 * wanted / (c.keep * kPositionsPerGame)) + 1);
    sc.seed = c.seed;
    sc.exploration = c.exploration;
    sc.keep = c.keep;
    sc.threads = c.threads;
    const std::vector<Position> positions = sample_positions(model, sc, {});
    set.games += sc.games;
    for (const Position& p : positions) {
      if (int(set.samples.size()) >= c.count) break;
      if (!seen.insert(encode_position_id(p)).second) continue;
      const Dice dice = roller.roll().normalised();
      list.size = generator.generate(p, dice, list.positions.get());
      if (list.size < 2) {
        ++set.single_play_rolls;
        continue;
      }
      set.samples.push_back({p, dice, list.size});
    }
  }
  return set;
}

}  // namespace nard
