#include "nn/fake_evaluator.h"

#include <algorithm>
#include <cmath>

namespace nard {

void FakeEvaluator::evaluate(std::span<const Position> positions, std::span<Probabilities> out) {
  batch_sizes_.push_back(int(positions.size()));
  evaluated_ += positions.size();
  for (size_t i = 0; i < positions.size() && i < out.size(); ++i) {
    const Position& p = positions[i];
    if (auto t = terminal_probabilities(rules_, p)) {
      out[i] = *t;
      continue;
    }
    // The side on roll is worth about 8 pips; a little hash noise breaks ties between plays.
    const double lead = double(p.opp_pips() - p.mover_pips() + 8);
    const double noise = double(p.hash() % 1024) / 1024.0 * 0.02 - 0.01;
    const double win = std::clamp(1.0 / (1.0 + std::exp(-lead / 20.0)) + noise, 0.0, 1.0);
    Probabilities r;
    r.win = float(win);
    if (rules_.has_gammons()) {
      r.win_gammon = float(0.2 * win * win);
      r.lose_gammon = float(0.2 * (1.0 - win) * (1.0 - win));
    }
    if (rules_.has_backgammons()) {
      r.win_backgammon = 0.1f * r.win_gammon;
      r.lose_backgammon = 0.1f * r.lose_gammon;
    }
    out[i] = r;
  }
}

}  // namespace nard
