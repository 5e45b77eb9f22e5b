#include "game/playout.h"

namespace nard {

std::vector<PositionRoll> sample_positions(const Rules& rules, int games, uint64_t seed) {
  std::vector<PositionRoll> out;
  MoveGenerator gen(rules);
  std::unique_ptr<Position[]> buffer(new Position[kMaxPlays]);
  for (int g = 0; g < games; ++g) {
    Rng rng(game_seed(seed, uint64_t(g)));
    random_playout(gen, buffer.get(), start_position(rules), rng, 2000,
                   [&](const Position& p, Dice d, const Position*, int) {
                     out.push_back({p, d});
                   });
  }
  return out;
}

}  // namespace nard
