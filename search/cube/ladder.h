// The cube ladder: Janowski's live-cube model generalised to any sequence of cube values and any
// utility of the game's outcomes. Money play (utility = points) and match play (utility = match
// winning chance) both reduce to this, and so do the geometric cube (1-2-4-8…) and the Russian
// arithmetic "dave" (1-2-3-4…), whose raises are worth less and less (docs/dave.md).
//
// The model (Janowski 1993, "Take-Points in Money Games"; the gnubg manual, "Cubeful equities"):
//   * p is the cubeless winning chance of the side on roll ("me"); the conditional gammon and
//     backgammon rates stay fixed while p moves, so every utility is linear in p between the
//     points where somebody doubles (a fully live cube = continuous p, no market losers).
//   * In the fully live cube a holder doubles exactly at his opponent's take point, where the
//     opponent is indifferent, so the holder gets the "cash" value there. Each ownership state is
//     then a piecewise-linear function of p through these knots:
//       I own the cube:        (0, lose) (CP_me, cash_me) (1, win)
//       opponent owns it:      (0, lose) (TP_me, cash_opp) (1, win)
//       cube centred:          (0, lose) (TP_me, cash_opp) (CP_me, cash_me) (1, win)
//     with a knot dropped when that side cannot double (cap reached, Crawford, dead cube).
//   * Take points come from the level above: the opponent takes my double from level k to k+1 if
//     owning the cube at k+1 leaves him at least what passing costs, so
//       CP_me[k] = root of  F_opp_owns[k+1](p) = cash_me[k]
//       TP_me[k] = root of  F_me_owns[k+1](p)  = cash_opp[k]
//     computed from the top level (where nobody can double, the cube is dead) downwards.
//   * The real cube is between dead and fully live: with cube-life index x in [0,1]
//       E(x) = x * E(live) + (1 - x) * E(dead),   E(dead) = p*win + (1-p)*lose
//     applied at the level of the decision (the live part uses the fully live ladder above).
//     For money play with W = L = 1 this gives the textbook take point 1/(4 + x).
//
// Units: whatever the caller's utilities are (points for money, MWC for match play), always from
// the side on roll. The functions are pure; thread-safe.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <span>
#include <vector>

namespace nard {

// A non-decreasing piecewise-linear function on p in [0,1], given by knots with increasing p.
// The knots live inline (no allocation: the n-ply cube lookahead builds millions of these); the
// ladder's lines have at most 4 knots and a blend of two of them at most 6.
class PiecewiseLinear {
 public:
  struct Knot {
    double p, value;
  };
  static constexpr size_t kMaxKnots = 8;
  PiecewiseLinear() = default;
  // knots[0].p == 0, knots.back().p == 1, at most kMaxKnots of them.
  explicit PiecewiseLinear(std::span<const Knot> knots);
  PiecewiseLinear(std::initializer_list<Knot> knots)
      : PiecewiseLinear(std::span<const Knot>(knots.begin(), knots.size())) {}

  double operator()(double p) const;
  // The smallest p in [0,1] with f(p) >= target (0 if f(0) >= target, 1 if f(1) < target).
  double solve(double target) const;
  // (1-x) * this + x * other, on the union of both knot sets (at most kMaxKnots).
  PiecewiseLinear blend(const PiecewiseLinear& other, double x) const;
  std::span<const Knot> knots() const { return {knots_.data(), size_}; }

 private:
  std::array<Knot, kMaxKnots> knots_{};
  size_t size_ = 0;
};

// One rung of the ladder: the cube showing `value`, and what the game's end is worth to me there.
struct CubeLevel {
  double value = 1;           // the stake (for reports; the utilities below already include it)
  double win = 1, lose = -1;  // expected utility when I win / lose the game played to the end
  // The same while the cube stays centred and unturned: differs from win/lose only under the
  // Jacoby rule (gammons count only once the cube was turned). Used for the centred state only.
  double centred_win = 1, centred_lose = -1;
  double cash_me = 1;           // utility when the opponent passes my double from this level
  double cash_opp = -1;         // utility when I pass the opponent's double from this level
  bool me_can_double = false;   // a double from here to the next level exists and is of use to me
  bool opp_can_double = false;  // the same for the opponent
};

enum class CubeHolder : unsigned char { Centred, Me, Opponent };

// The ladder from the current cube level (index 0) upwards. levels.back() is the last level:
// nobody can double from it. me/opp_can_double must be false on the last level.
class CubeLadder {
 public:
  explicit CubeLadder(std::vector<CubeLevel> levels);

  int size() const { return int(levels_.size()); }
  const CubeLevel& level(int k) const { return levels_[k]; }
  // My cash point at level k (I double to k+1 when p reaches it), fully live; 1 when I cannot.
  double cash_point(int k) const { return cp_me_[k]; }
  // My take point when the opponent doubles from level k, fully live; 0 when he cannot.
  double take_point(int k) const { return tp_me_[k]; }

  // The fully live equity of holder state at level k as a function of p.
  PiecewiseLinear live(CubeHolder holder, int k) const;
  // The dead (cubeless) equity at level k: p*win + (1-p)*lose (centred_win/lose if Centred).
  PiecewiseLinear dead(CubeHolder holder, int k) const;
  // x*live + (1-x)*dead at level k.
  PiecewiseLinear cubeful(CubeHolder holder, int k, double x) const;

 private:
  std::vector<CubeLevel> levels_;
  std::vector<double> cp_me_, tp_me_;
};

// The quantities of a cube decision of the side on roll at level 0 (ladder utilities). Needs at
// least two levels. Beaver: the receiver takes and at once redoubles to level 2, keeping the
// cube; the doubler then either plays on at level 2 or drops, paying level 1's stake.
struct LadderEquities {
  double no_double = 0, double_take = 0, double_pass = 0;
  double beaver = 0;           // doubler's utility after a beaver (only if beaver_possible)
  double take_point = 0;       // receiver's minimum winning chance to take, with cube life x
  double take_point_dead = 0;  // the same with x = 0
  double take_point_live = 0;  // the same with x = 1
};
LadderEquities ladder_equities(const CubeLadder& ladder, CubeHolder holder, double x, double p,
                               bool beaver_possible);

}  // namespace nard
