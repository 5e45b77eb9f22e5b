#include "search/greedy_player.h"

namespace nard {

int GreedyPlayer::choose(const Position&, Dice, std::span<const Position> plays) {
  const size_t n = plays.size();
  flipped_.resize(n);
  probs_.resize(n);
  equities_.resize(n);
  for (size_t i = 0; i < n; ++i) flipped_[i] = plays[i].flipped();
  evaluator_.evaluate(flipped_, probs_);
  int best = 0;
  for (size_t i = 0; i < n; ++i) {
    equities_[i] = cubeless_equity(invert(probs_[i]), rules_);
    if (equities_[i] > equities_[best]) best = int(i);
  }
  return best;
}

}  // namespace nard
