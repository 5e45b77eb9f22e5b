#include "nn/bearoff_two_sided.h"

#include <algorithm>
#include <limits>

#include "game/dice.h"
#include "nn/bearoff_database.h"

namespace nard {

namespace {

int binomial(int n, int k) {
  long long c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return int(c);
}

}  // namespace

TwoSidedBearoff::TwoSidedBearoff(int checkers, bool beavers, int doublings)
    : checkers_(checkers),
      beavers_(beavers),
      doublings_(doublings),
      sides_(binomial(kHomePoints + checkers, kHomePoints)) {
  enumerate_plays();
  if (doublings_ == kUncapped) {
    solve(nullptr, nullptr);
    return;
  }
  // Level k is built from levels k - 1 (the double) and k - 2 (the beaver).
  Table lower, lowest;  // the levels below the one being built
  for (int level = 0; level <= doublings; ++level) {
    doublings_ = level;
    solve(level >= 1 ? &lower : nullptr, level >= 2 ? &lowest : nullptr);
    if (level == doublings) break;
    lowest.swap(lower);
    lower.swap(table_);
  }
}

void TwoSidedBearoff::enumerate_plays() {
  const std::array<Dice, 21>& rolls = all_rolls();
  offsets_.assign(size_t(sides_) * 21 + 1, 0);
  plays_.clear();
  for (int a = 0; a < sides_; ++a) {
    const BearoffDatabase::Counts counts = BearoffDatabase::counts_of(a);
    for (int r = 0; r < 21; ++r) {
      for (const int child : BearoffDatabase::play_results(counts, rolls[size_t(r)]))
        plays_.push_back(uint16_t(child));
      offsets_[size_t(a) * 21 + size_t(r) + 1] = uint32_t(plays_.size());
    }
  }
  plays_.shrink_to_fit();
}

double TwoSidedBearoff::answer(float take, float beaver) const {
  double a = std::min(2.0 * take, 1.0);
  if (beavers_) a = std::min(a, std::max(4.0 * beaver, -2.0));
  return a;
}

double TwoSidedBearoff::double_answer(const Equities& e) const {
  return answer(e.opponent_owns, e.opponent_owns);
}

void TwoSidedBearoff::solve(const Table* lower, const Table* lowest) {
  const size_t n = size_t(sides_);
  table_.assign(n * n, Equities{});
  const std::array<Dice, 21>& rolls = all_rolls();
  constexpr float kNone = -std::numeric_limits<float>::infinity();
  const bool dead = doublings_ == 0;
  // seen[(b, a')]: entry (b, a') from the side that played to it (the parent's view): its cubeless,
  // owned, centred and opponent_owns values in that order.
  Table seen(n * n);
  // The doubler's answer at entry k: double/take from the level below (uncapped: this level), the
  // beaver from two below (none when the cap leaves room for one doubling only).
  const auto answer_at = [&](size_t k, const Equities& e) {
    const float take = lower ? (*lower)[k].opponent_owns : e.opponent_owns;
    if (!beavers_ || (lower && !lowest)) return std::min(2.0 * take, 1.0);
    return answer(take, lowest ? (*lowest)[k].opponent_owns : e.opponent_owns);
  };
  // Every child (b, a') of (a, b) has a' < a, so a + b increasing is a valid order.
  for (size_t sum = 1; sum <= 2 * (n - 1); ++sum) {
    for (size_t a = sum > n - 1 ? sum - (n - 1) : 0; a <= std::min(sum, n - 1); ++a) {
      const size_t b = sum - a;
      Equities& e = table_[a * n + b];
      if (a == 0 || b == 0) {
        const float end = a == 0 ? 1.0f : -1.0f;
        e = {end, end, end, end};
        seen[a * n + b] = {-end, -end, -end, -end};
        continue;
      }
      const Equities* theirs = &seen[b * n];  // (b, a') as this side sees it
      double total[4] = {0, 0, 0, 0};
      for (int r = 0; r < 21; ++r) {
        // Each cube state's best play.
        float best[4] = {kNone, kNone, kNone, kNone};
        each_play(int(a), r, [&](int child) {
          const Equities& c = theirs[child];
          best[0] = std::max(best[0], c.cubeless);
          best[1] = std::max(best[1], c.owned);
          best[2] = std::max(best[2], c.centred);
          best[3] = std::max(best[3], c.opponent_owns);
        });
        const int w = roll_weight(rolls[size_t(r)]);
        for (int k = 0; k < 4; ++k) total[k] += w * double(best[k]);
      }
      e = {float(total[0] / 36), float(total[1] / 36), float(total[2] / 36), float(total[3] / 36)};
      // The entry from the other side, the parent of a play that leads here: my cube states swapped
      // and negated, after my own cube decision where I may double.
      const size_t k = a * n + b;
      const double my_answer = dead ? -2.0 : answer_at(k, e);
      seen[k] = {-e.cubeless, -e.opponent_owns, -float(std::max(double(e.centred), my_answer)),
                 -float(std::max(double(e.owned), my_answer))};
    }
  }
  table_[0] = {1.0f, 1.0f, 1.0f, 1.0f};
}

bool TwoSidedBearoff::covers(const Position& pos, int checkers) {
  if (pos.geometry() != Geometry::Contrary || pos.pins() || pos.mover_bar || pos.opp_bar)
    return false;
  int mover = 0, opp = 0;
  for (int p = 1; p <= kPoints; ++p) {
    const int v = pos.at(p);
    if (v > 0) {
      if (p > kHomePoints) return false;
      mover += v;
    } else if (v < 0) {
      if (p <= kPoints - kHomePoints) return false;
      opp -= v;
    }
  }
  return mover >= 1 && mover <= checkers && opp >= 1 && opp <= checkers;
}

std::array<int, 2> TwoSidedBearoff::indices(const Position& pos) {
  BearoffDatabase::Counts mine{}, theirs{};
  for (int p = 1; p <= kHomePoints; ++p) {
    mine[size_t(p - 1)] = uint8_t(pos.mover_count(p));
    theirs[size_t(p - 1)] = uint8_t(pos.opp_count(kPoints + 1 - p));  // his point p
  }
  return {BearoffDatabase::index_of(mine), BearoffDatabase::index_of(theirs)};
}

}  // namespace nard
