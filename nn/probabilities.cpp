#include "nn/probabilities.h"

#include <algorithm>
#include <cmath>

namespace nard {

Probabilities decided(bool wins, int level) {
  Probabilities r;
  const float g = level >= 2 ? 1.0f : 0.0f, bg = level >= 3 ? 1.0f : 0.0f;
  if (wins) {
    r.win = 1.0f;
    r.win_gammon = g;
    r.win_backgammon = bg;
  } else {
    r.lose_gammon = g;
    r.lose_backgammon = bg;
  }
  return r;
}

Probabilities draw_probabilities() {
  Probabilities r;
  r.win = 0.5f;
  return r;
}

bool is_consistent(const Probabilities& p, float slack) {
  for (float x : p.as_array())
    if (!std::isfinite(x) || x < -slack || x > 1.0f + slack) return false;
  return p.win_gammon <= p.win + slack && p.win_backgammon <= p.win_gammon + slack &&
         p.lose_gammon <= 1.0f - p.win + slack && p.lose_backgammon <= p.lose_gammon + slack;
}

Probabilities make_consistent(const Probabilities& p) {
  auto clamp01 = [](float x) { return std::clamp(x, 0.0f, 1.0f); };
  Probabilities r;
  r.win = clamp01(p.win);
  r.win_gammon = std::min(clamp01(p.win_gammon), r.win);
  r.win_backgammon = std::min(clamp01(p.win_backgammon), r.win_gammon);
  r.lose_gammon = std::min(clamp01(p.lose_gammon), 1.0f - r.win);
  r.lose_backgammon = std::min(clamp01(p.lose_backgammon), r.lose_gammon);
  return r;
}

}  // namespace nard
