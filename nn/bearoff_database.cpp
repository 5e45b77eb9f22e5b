#include "nn/bearoff_database.h"

#include <algorithm>
#include <limits>
#include <mutex>

namespace nard {

namespace {

// Each roll lowers the pips by at least 2 (every die moves a checker at least one pip while one
// is left), and a side has at most 90 pips: at most 45 rolls. Working buffers hold 0..63.
constexpr int kMaxRolls = 64;
constexpr double kTail = 1e-12;  // trailing probability folded into the last stored entry

struct Binomials {
  int c[22][7] = {};  // c[n][k] = C(n, k), n <= 21, k <= 6
};
constexpr Binomials make_binomials() {
  Binomials b;
  for (int n = 0; n <= 21; ++n) {
    b.c[n][0] = 1;
    for (int k = 1; k <= 6 && k <= n; ++k)
      b.c[n][k] = b.c[n - 1][k - 1] + (k <= n - 1 ? b.c[n - 1][k] : 0);
  }
  return b;
}
constexpr Binomials kBinomial = make_binomials();
static_assert(kBinomial.c[21][6] == BearoffDatabase::kPositions);

// One side while plays are enumerated: w[0] checkers off, w[p] checkers on point p (1..6).
using Side = std::array<uint8_t, 7>;

int index_of_side(const Side& w) {
  int index = 0, above = 0;  // above: checkers on points 7-k..6
  for (int k = 1; k <= 6; ++k) {
    above += w[7 - k];
    index += kBinomial.c[above + k - 1][k];
  }
  return index;
}

int highest(const Side& w) {
  for (int p = 6; p >= 1; --p)
    if (w[p]) return p;
  return 0;
}

// Every legal sub-move of die d (rules.md §1.4: from p > d a move to p - d, which nothing can
// block here; from p = d a bear-off; from p < d a bear-off only from the highest occupied point).
// Calls next(v) with the side after it. With no checker left it calls next(w) once, unchanged:
// a play ends when the last checker is off (every die can be played while one is left, so the
// maximal-dice rule never removes a play here).
template <class Next>
void each_submove(const Side& w, int d, Next&& next) {
  const int hi = highest(w);
  if (hi == 0) return next(w);
  for (int p = hi; p >= 1; --p) {
    if (!w[p] || (p < d && p != hi)) continue;
    Side v = w;
    --v[p];
    ++v[p > d ? p - d : 0];
    next(v);
  }
}

// The distinct sides after every legal play of `dice`: both orders of a non-double, four
// sub-moves of a double.
std::vector<Side> play_sides(const Side& start, Dice dice) {
  std::vector<Side> out;
  for (int order = 0; order < (dice.is_double() ? 1 : 2); ++order) {
    std::vector<Side> level{start};
    for (int step = 0; step < (dice.is_double() ? 4 : 2); ++step) {
      const int die = dice.is_double() || (step == 0) == (order == 0) ? dice.d1 : dice.d2;
      std::vector<Side> next;
      for (const Side& w : level) each_submove(w, die, [&](const Side& v) { next.push_back(v); });
      level = std::move(next);
    }
    out.insert(out.end(), level.begin(), level.end());
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

Side side_of(const BearoffDatabase::Counts& c) {
  Side w{};
  int on = 0;
  for (int p = 1; p <= 6; ++p) on += w[size_t(p)] = c[size_t(p - 1)];
  w[0] = uint8_t(kCheckers - on);
  return w;
}

int pips_of(int index) {
  const BearoffDatabase::Counts c = BearoffDatabase::counts_of(index);
  int pips = 0;
  for (int p = 1; p <= 6; ++p) pips += p * c[size_t(p - 1)];
  return pips;
}

// Sum over i of P(X = i) * P(Y >= i + shift).
double sum_before(const BearoffDatabase::Distribution& x, const BearoffDatabase::Distribution& y,
                  int shift) {
  double total = 0, y_below = 0;  // y_below = P(Y < n)
  int n = y.first;
  for (size_t k = 0; k < x.p.size(); ++k) {
    for (const int limit = x.first + int(k) + shift; n < limit; ++n) y_below += y.at(n);
    total += x.p[k] * std::max(0.0, 1.0 - y_below);
  }
  return total;
}

}  // namespace

bool BearoffDatabase::applies_to(const Rules& rules) {
  return rules.variant == Variant::Backgammon && rules.geometry == Geometry::Contrary &&
         rules.landing == Landing::Hit;
}

Result<std::shared_ptr<const BearoffDatabase>> BearoffDatabase::create(const Rules& rules,
                                                                       int two_sided_checkers) {
  if (!applies_to(rules))
    return make_error("the bear-off database covers backgammon's bear-off only, not " +
                      std::string(variant_name(rules.variant)) + " (rules " + rules.preset + ")");
  if (two_sided_checkers < 0 || two_sided_checkers > TwoSidedBearoff::kMaxCheckers)
    return make_error("the two-sided bear-off database holds 0 to " +
                      std::to_string(TwoSidedBearoff::kMaxCheckers) + " checkers a side, not " +
                      std::to_string(two_sided_checkers));
  std::shared_ptr<BearoffDatabase> db(new BearoffDatabase());
  db->gammons_ = rules.has_gammons();
  db->beavers_ = rules.beavers;
  db->two_sided_checkers_ = two_sided_checkers;
  return std::shared_ptr<const BearoffDatabase>(std::move(db));
}

const TwoSidedBearoff* BearoffDatabase::two_sided() const {
  if (two_sided_checkers_ == 0) return nullptr;
  std::call_once(two_sided_built_, [this] {
    two_sided_ = std::make_unique<const TwoSidedBearoff>(two_sided_checkers_, beavers_);
  });
  return two_sided_.get();
}

const BearoffDatabase::Tables& BearoffDatabase::tables() const {
  std::call_once(computed_, [this] { compute(tables_); });
  return tables_;
}

int BearoffDatabase::index_of(const Counts& counts) { return index_of_side(side_of(counts)); }

BearoffDatabase::Counts BearoffDatabase::counts_of(int index) {
  // Greedy inverse of the rank: the largest s_k with C(s_k, k) <= what is left, k = 6..1.
  int s[7] = {};
  int left = index;
  for (int k = 6; k >= 1; --k) {
    int v = k - 1;
    while (v + 1 <= 20 && kBinomial.c[v + 1][k] <= left) ++v;
    s[k] = v;
    left -= kBinomial.c[v][k];
  }
  // s_k = (checkers on points 7-k..6) + k - 1.
  Counts c{};
  int previous = 0;
  for (int k = 1; k <= 6; ++k) {
    const int above = s[k] - (k - 1);
    c[size_t(6 - k)] = uint8_t(above - previous);  // point 7-k
    previous = above;
  }
  return c;
}

std::vector<int> BearoffDatabase::play_results(const Counts& counts, Dice dice) {
  std::vector<int> out;
  for (const Side& v : play_sides(side_of(counts), dice.normalised()))
    out.push_back(index_of_side(v));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// The plays are never enumerated whole. For each position x (in increasing pip order) and die d
// the table keeps best[k][d][x]: the best position reachable from x by k sub-moves of d (k = 1..3),
// best meaning the lowest (expected rolls, index). The best play of a roll from a position y is
// then the best of best[1][b][x] over x one sub-move of a from y and best[1][a][x'] over x' one
// sub-move of b from y (non-double a-b), or of best[3][d][x] over x one sub-move of d from y
// (double d-d): minima over unions of the same sets the whole plays reach. The first-off criterion
// keeps its own tables; there any position with a checker off is as good as index 0 (all off).
void BearoffDatabase::compute(Tables& t) {
  // Positions in increasing pip order: every sub-move lowers the pips, so children come first.
  std::vector<int> order(kPositions), pips(kPositions);
  for (int i = 0; i < kPositions; ++i) pips[size_t(i)] = pips_of(i), order[size_t(i)] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return pips[size_t(a)] < pips[size_t(b)]; });
  std::vector<double>& mean = t.expected;  // minimal expected rolls
  std::vector<double>& first_mean = t.first_expected;
  std::vector<float>& values = t.values;
  mean.assign(kPositions, 0.0);
  first_mean.assign(kPositions, 0.0);
  t.bear_off.assign(kPositions, Range{});
  t.first_off.assign(kPositions, Range{});
  values.reserve(size_t(kPositions) * 12);
  // best[x][k - 1][d - 1] (k = 1..3, d = 1..6), then first_best likewise: one position's entries
  // together, as they are read.
  constexpr size_t kStride = 2 * 3 * 6;
  static_assert(kPositions <= 65536, "indices fit 16 bits");
  std::vector<uint16_t> best_table(kStride * kPositions, 0);
  uint16_t* const best = best_table.data();
  uint16_t* const first_best = best_table.data() + 3 * 6;
  const auto slot = [](int k, int d, int x) {
    return size_t(x) * kStride + size_t(k - 1) * 6 + size_t(d - 1);
  };

  const auto store = [&](const double* dist) {
    int first = 0, last = kMaxRolls - 1;
    while (first < kMaxRolls && dist[first] == 0.0) ++first;
    while (last > first && dist[last] == 0.0) --last;
    double tail = 0;  // fold a negligible tail into the entry before it
    while (last > first && tail + dist[last] < kTail) tail += dist[last--];
    Range r;
    r.offset = uint32_t(values.size());
    r.first = uint8_t(first);
    r.size = uint8_t(last - first + 1);
    for (int i = first; i <= last; ++i) values.push_back(float(dist[i] + (i == last ? tail : 0.0)));
    return r;
  };
  const auto add_shifted = [&](double* dist, const Range& r, double weight) {
    for (int k = 0; k < r.size; ++k) dist[r.first + k + 1] += weight * values[r.offset + size_t(k)];
  };
  // The lowest (value, index) of the candidates offered.
  struct Pick {
    const std::vector<double>& value;
    int index = -1;
    double best = std::numeric_limits<double>::infinity();
    void offer(int x) {
      const double v = value[size_t(x)];
      if (v < best || (v == best && x < index)) best = v, index = x;
    }
  };

  // Everything of one position but storing its distributions: reads the entries of positions of
  // fewer pips only, writes this position's.
  const std::array<Dice, 21>& rolls = all_rolls();
  const auto solve = [&](int index, double* dist, double* first_dist) {
    std::array<std::array<int, 6>, 6> children{};  // children[d - 1]: one sub-move of d
    std::array<int, 6> child_count{};
    const Side w = side_of(counts_of(index));
    const bool none_off = w[0] == 0;
    for (int d = 1; d <= 6; ++d) {
      int n = 0;
      each_submove(w, d,
                   [&](const Side& v) { children[size_t(d - 1)][size_t(n++)] = index_of_side(v); });
      child_count[size_t(d - 1)] = n;
    }
    const auto over = [&](int d, auto&& f) {
      for (int c = 0; c < child_count[size_t(d - 1)]; ++c) f(children[size_t(d - 1)][size_t(c)]);
    };
    // The best tables of this position (used by the positions above it).
    for (int d = 1; d <= 6; ++d)
      for (int k = 1; k <= 3; ++k) {
        Pick p{mean}, f{first_mean};
        over(d, [&](int x) { p.offer(k == 1 ? x : best[slot(k - 1, d, x)]); });
        best[slot(k, d, index)] = uint16_t(p.index);
        if (!none_off) continue;  // first_best stays 0
        over(d, [&](int x) { f.offer(k == 1 ? x : first_best[slot(k - 1, d, x)]); });
        first_best[slot(k, d, index)] = uint16_t(f.index);
      }
    std::fill(dist, dist + kMaxRolls, 0.0);
    std::fill(first_dist, first_dist + kMaxRolls, 0.0);
    double expected = 1.0, first_expected = 1.0;
    for (const Dice roll : rolls) {
      const double weight = roll_weight(roll) / 36.0;
      const int a = roll.d1, b = roll.d2;
      Pick p{mean}, f{first_mean};
      // After each first sub-move, the best of the rest: the other die, or three more of a double.
      const int k = roll.is_double() ? 3 : 1;
      const auto offer_plays = [&](const uint16_t* table, Pick& pick) {
        over(a, [&](int x) { pick.offer(table[slot(k, b, x)]); });
        if (!roll.is_double()) over(b, [&](int x) { pick.offer(table[slot(k, a, x)]); });
      };
      offer_plays(best, p);
      expected += weight * p.best;
      add_shifted(dist, t.bear_off[size_t(p.index)], weight);
      if (none_off) {
        offer_plays(first_best, f);
        first_expected += weight * f.best;
        add_shifted(first_dist, t.first_off[size_t(f.index)], weight);
      }
    }
    mean[size_t(index)] = expected;
    first_mean[size_t(index)] = none_off ? first_expected : 0.0;
  };

  // Index 0 (all off, the only position of 0 pips): 0 rolls.
  {
    double dist[kMaxRolls] = {1.0};
    t.bear_off[0] = t.first_off[0] = store(dist);
  }
  // Then the rest in increasing pip order. (Positions of equal pips are independent and could be
  // solved in parallel; on a loaded 2-core machine OpenMP per pip level made it slower, and one
  // thread takes about 0.15 s.)
  double dist[kMaxRolls], first_dist[kMaxRolls];
  for (size_t i = 1; i < order.size(); ++i) {
    const int index = order[i];
    solve(index, dist, first_dist);
    t.bear_off[size_t(index)] = store(dist);
    // A checker already off: 0 rolls to the first one.
    t.first_off[size_t(index)] = first_mean[size_t(index)] > 0 ? store(first_dist) : t.first_off[0];
  }
  values.shrink_to_fit();
}

BearoffDatabase::Distribution BearoffDatabase::bear_off(int index) const {
  const Tables& t = tables();
  const Range& r = t.bear_off[size_t(index)];
  return {r.first, std::span<const float>(t.values.data() + r.offset, r.size)};
}

BearoffDatabase::Distribution BearoffDatabase::first_off(int index) const {
  const Tables& t = tables();
  const Range& r = t.first_off[size_t(index)];
  return {r.first, std::span<const float>(t.values.data() + r.offset, r.size)};
}

double BearoffDatabase::expected_bear_off(int index) const {
  return tables().expected[size_t(index)];
}
double BearoffDatabase::expected_first_off(int index) const {
  return tables().first_expected[size_t(index)];
}

bool BearoffDatabase::covers(const Position& pos) const {
  if (pos.geometry() != Geometry::Contrary || pos.pins() || pos.mover_bar || pos.opp_bar)
    return false;
  if (pos.mover_off >= kCheckers || pos.opp_off >= kCheckers) return false;
  int mover = pos.mover_off, opp = pos.opp_off;
  for (int p = 1; p <= kPoints; ++p) {
    const int v = pos.at(p);
    if (v > 0) {
      if (p > 6) return false;
      mover += v;
    } else if (v < 0) {
      if (p < 19) return false;
      opp -= v;
    }
  }
  return mover == kCheckers && opp == kCheckers;
}

Probabilities BearoffDatabase::probabilities(const Position& pos) const {
  if (two_sided_covers(pos)) {
    Probabilities r;
    r.win = float(two_sided()->win_probability(pos));
    return make_consistent(r);
  }
  return one_sided_probabilities(pos);
}

Probabilities BearoffDatabase::one_sided_probabilities(const Position& pos) const {
  Counts mine{}, theirs{};
  for (int p = 1; p <= 6; ++p) {
    mine[size_t(p - 1)] = uint8_t(pos.mover_count(p));
    theirs[size_t(p - 1)] = uint8_t(pos.opp_count(25 - p));  // his point p
  }
  const int a_index = index_of(mine), b_index = index_of(theirs);
  const Distribution a = bear_off(a_index), b = bear_off(b_index);
  // The side on roll finishes on its roll i before the opponent's roll i: he needs >= i rolls.
  const double win = sum_before(a, b, 0);
  // Gammon win: the opponent has no checker off after i - 1 rolls; gammon loss: the opponent
  // finishes on his roll j while the side on roll has none off after j rolls.
  const double win_gammon =
      gammons_ && pos.opp_off == 0 ? sum_before(a, first_off(b_index), 0) : 0.0;
  const double lose_gammon =
      gammons_ && pos.mover_off == 0 ? sum_before(b, first_off(a_index), 1) : 0.0;
  Probabilities r;
  r.win = float(win);
  r.win_gammon = float(win_gammon);
  r.lose_gammon = float(lose_gammon);
  return make_consistent(r);
}

size_t BearoffDatabase::memory_bytes() const {
  const Tables& t = tables();
  return t.values.size() * sizeof(float) +
         (t.bear_off.size() + t.first_off.size()) * sizeof(Range) +
         (t.expected.size() + t.first_expected.size()) * sizeof(double);
}

}  // namespace nard
