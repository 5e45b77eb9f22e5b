#include "search/cube/ladder.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace nard {

PiecewiseLinear::PiecewiseLinear(std::span<const Knot> knots) : size_(knots.size()) {
  assert(size_ >= 2 && size_ <= kMaxKnots && knots.front().p == 0.0 && knots.back().p == 1.0);
  std::copy(knots.begin(), knots.end(), knots_.begin());
}

double PiecewiseLinear::operator()(double p) const {
  if (p <= 0.0) return knots_[0].value;
  for (size_t i = 1; i < size_; ++i) {
    const Knot& a = knots_[i - 1];
    const Knot& b = knots_[i];
    if (p <= b.p) return a.value + (b.value - a.value) * (p - a.p) / (b.p - a.p);
  }
  return knots_[size_ - 1].value;
}

double PiecewiseLinear::solve(double target) const {
  if (knots_[0].value >= target) return 0.0;
  for (size_t i = 1; i < size_; ++i) {
    const Knot& a = knots_[i - 1];
    const Knot& b = knots_[i];
    if (b.value >= target) {
      // a.value < target <= b.value, so the segment rises.
      return a.p + (b.p - a.p) * (target - a.value) / (b.value - a.value);
    }
  }
  return 1.0;
}

PiecewiseLinear PiecewiseLinear::blend(const PiecewiseLinear& other, double x) const {
  std::array<double, 2 * kMaxKnots> ps;
  size_t n = 0;
  for (const Knot& k : knots()) ps[n++] = k.p;
  for (const Knot& k : other.knots()) ps[n++] = k.p;
  std::sort(ps.begin(), ps.begin() + long(n));
  n = size_t(std::unique(ps.begin(), ps.begin() + long(n)) - ps.begin());
  assert(n <= kMaxKnots);
  std::array<Knot, kMaxKnots> out;
  for (size_t i = 0; i < n; ++i) out[i] = {ps[i], (1.0 - x) * (*this)(ps[i]) + x * other(ps[i])};
  return PiecewiseLinear(std::span<const Knot>(out.data(), n));
}

namespace {

// Knots from (0, start) through the interior points to (1, end). An interior knot at p <= 0,
// p >= 1 or not after the previous knot is dropped: at the edges the end values govern (such
// knots only arise where a doubled loss or win changes nothing, e.g. a side that already wins
// the match with any win).
PiecewiseLinear make_line(double start, std::initializer_list<PiecewiseLinear::Knot> interior,
                          double end) {
  std::array<PiecewiseLinear::Knot, PiecewiseLinear::kMaxKnots> knots;
  size_t n = 0;
  knots[n++] = {0.0, start};
  for (const PiecewiseLinear::Knot& k : interior) {
    if (k.p > knots[n - 1].p && k.p < 1.0) knots[n++] = k;
  }
  knots[n++] = {1.0, end};
  return PiecewiseLinear(std::span<const PiecewiseLinear::Knot>(knots.data(), n));
}

}  // namespace

CubeLadder::CubeLadder(std::vector<CubeLevel> levels) : levels_(std::move(levels)) {
  assert(!levels_.empty());
  assert(!levels_.back().me_can_double && !levels_.back().opp_can_double);
  const int n = int(levels_.size());
  cp_me_.assign(n, 1.0);
  tp_me_.assign(n, 0.0);
  for (int k = n - 2; k >= 0; --k) {
    const CubeLevel& l = levels_[k];
    // The opponent takes my double while owning the cube one level up is worth at least what
    // passing costs him: F_opp_owns[k+1](p) <= cash_me.
    if (l.me_can_double) cp_me_[k] = live(CubeHolder::Opponent, k + 1).solve(l.cash_me);
    // I take his double while F_me_owns[k+1](p) >= cash_opp.
    if (l.opp_can_double) tp_me_[k] = live(CubeHolder::Me, k + 1).solve(l.cash_opp);
  }
}

PiecewiseLinear CubeLadder::live(CubeHolder holder, int k) const {
  const CubeLevel& l = levels_[k];
  switch (holder) {
    case CubeHolder::Me:
      if (!l.me_can_double) return make_line(l.lose, {}, l.win);
      return make_line(l.lose, {{cp_me_[k], l.cash_me}}, l.win);
    case CubeHolder::Opponent:
      if (!l.opp_can_double) return make_line(l.lose, {}, l.win);
      return make_line(l.lose, {{tp_me_[k], l.cash_opp}}, l.win);
    case CubeHolder::Centred: {
      const double no = -1.0;  // a p outside (0,1): make_line drops it
      return make_line(l.centred_lose,
                       {{l.opp_can_double ? tp_me_[k] : no, l.cash_opp},
                        {l.me_can_double ? cp_me_[k] : no, l.cash_me}},
                       l.centred_win);
    }
  }
  return make_line(l.lose, {}, l.win);
}

PiecewiseLinear CubeLadder::dead(CubeHolder holder, int k) const {
  const CubeLevel& l = levels_[k];
  if (holder == CubeHolder::Centred) return make_line(l.centred_lose, {}, l.centred_win);
  return make_line(l.lose, {}, l.win);
}

PiecewiseLinear CubeLadder::cubeful(CubeHolder holder, int k, double x) const {
  return dead(holder, k).blend(live(holder, k), x);
}

LadderEquities ladder_equities(const CubeLadder& ladder, CubeHolder holder, double x, double p,
                               bool beaver_possible) {
  assert(ladder.size() >= 2);
  LadderEquities e;
  e.no_double = ladder.cubeful(holder, 0, x)(p);
  const PiecewiseLinear taken = ladder.cubeful(CubeHolder::Opponent, 1, x);
  e.double_take = taken(p);
  e.double_pass = ladder.level(0).cash_me;
  if (beaver_possible) {
    assert(ladder.size() >= 3);
    e.beaver = std::max(ladder.cubeful(CubeHolder::Opponent, 2, x)(p), ladder.level(1).cash_opp);
  }
  const double cash = ladder.level(0).cash_me;
  e.take_point = 1.0 - taken.solve(cash);
  e.take_point_dead = 1.0 - ladder.cubeful(CubeHolder::Opponent, 1, 0.0).solve(cash);
  e.take_point_live = 1.0 - ladder.cubeful(CubeHolder::Opponent, 1, 1.0).solve(cash);
  return e;
}

}  // namespace nard
