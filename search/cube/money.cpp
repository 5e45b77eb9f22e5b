#include "search/cube/money.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace nard {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Why the side on roll may not double now ("" when it may).
std::string money_double_blocker(const CubeView& cube, size_t levels) {
  if (cube.owner == CubeHolder::Opponent) return "the opponent owns the cube";
  if (levels < 2) return "the cube is at its cap";
  return "";
}

bool jacoby_applies(const CubeView& cube, const Rules& rules) {
  return rules.jacoby && !cube.turned && cube.owner == CubeHolder::Centred;
}

// The money ladder: utilities are points, from the side on roll.
CubeLadder money_ladder(const std::vector<int>& stakes, double W, double L, bool jacoby) {
  std::vector<CubeLevel> levels(stakes.size());
  for (size_t k = 0; k < stakes.size(); ++k) {
    const double v = stakes[k];
    CubeLevel& l = levels[k];
    l.value = v;
    l.win = v * W;
    l.lose = -v * L;
    l.centred_win = jacoby ? v : l.win;
    l.centred_lose = jacoby ? -v : l.lose;
    l.cash_me = v;
    l.cash_opp = -v;
    l.me_can_double = l.opp_can_double = k + 1 < stakes.size();
  }
  return CubeLadder(std::move(levels));
}

}  // namespace

namespace {

// Everything about a money cube decision that does not depend on the winning chance: the ladder
// is built once per shape of game and then read at any p (the doubling window scans p).
class MoneyModel {
 public:
  static Result<MoneyModel> make(const GameOdds& odds, const CubeView& cube, double cube_life,
                                 const Rules& rules) {
    if (!rules.cube) return make_error("this game has no doubling cube");
    if (!(cube_life >= 0.0 && cube_life <= 1.0))
      return make_error("cube life index must lie in [0,1]");
    Result<std::vector<int>> stakes = cube_stakes(rules, cube.value);
    if (!stakes) return stakes.error();
    const std::vector<int>& s = stakes.value();
    const double W = odds.points_per_win(rules);
    const double L = odds.points_per_loss(rules);
    // Beavers: money only (this is money), geometric cube only (game/cube.h), and the
    // beavered cube must stay within the cap.
    const bool beaver_possible =
        rules.beavers && rules.cube_progression == CubeProgression::Geometric && s.size() >= 3;
    return MoneyModel(money_ladder(s, W, L, jacoby_applies(cube, rules)), cube, cube_life, W, L,
                      money_double_blocker(cube, s.size()), beaver_possible);
  }

  CubeDecision decide(double p) const {
    const double unit = cube_.value;
    CubeDecision d;
    d.match = false;
    d.redouble = cube_.owner == CubeHolder::Me;
    d.cube_life = x_;
    d.cubeless = p * W_ - (1.0 - p) * L_;
    d.mwc_cubeless = d.mwc_no_double = d.mwc_double_take = d.mwc_double_pass = d.mwc = kNaN;
    d.double_beaver = kNaN;
    if (!blocker_.empty()) {
      d.doubler = DoublerAction::CannotDouble;
      d.cannot_double_reason = blocker_;
      d.no_double = d.equity = ladder_.cubeful(cube_.owner, 0, x_)(p) / unit;
      d.double_take = d.double_pass = kNaN;
      d.take_point = d.take_point_dead = d.take_point_live = d.cash_point = kNaN;
      return d;
    }
    const LadderEquities e = ladder_equities(ladder_, cube_.owner, x_, p, beaver_possible_);
    d.no_double = e.no_double / unit;
    d.double_take = e.double_take / unit;
    d.double_pass = e.double_pass / unit;
    d.take_point = e.take_point;
    d.take_point_dead = e.take_point_dead;
    d.take_point_live = e.take_point_live;
    d.cash_point = 1.0 - e.take_point;
    double effective_take = d.double_take;
    bool beaver = false;
    if (beaver_possible_) {
      d.double_beaver = e.beaver / unit;
      beaver = d.double_beaver < d.double_take;
      if (beaver) effective_take = d.double_beaver;
    }
    classify_cube_action(d, effective_take, beaver);
    return d;
  }

  bool can_double() const { return blocker_.empty(); }
  const std::string& blocker() const { return blocker_; }

 private:
  MoneyModel(CubeLadder ladder, const CubeView& cube, double x, double W, double L,
             std::string blocker, bool beaver_possible)
      : ladder_(std::move(ladder)),
        cube_(cube),
        x_(x),
        W_(W),
        L_(L),
        blocker_(std::move(blocker)),
        beaver_possible_(beaver_possible) {}

  CubeLadder ladder_;
  CubeView cube_;
  double x_, W_, L_;
  std::string blocker_;  // why the side on roll may not double; "" when it may
  bool beaver_possible_;
};

}  // namespace

Result<CubeDecision> analyse_money_cube(const GameOdds& odds, const CubeView& cube,
                                        double cube_life, const Rules& rules) {
  Result<MoneyModel> model = MoneyModel::make(odds, cube, cube_life, rules);
  if (!model) return model.error();
  return model->decide(odds.win);
}

Result<CubeDecision> analyse_money_cube(const Probabilities& probs, const CubeView& cube,
                                        double cube_life, const Rules& rules) {
  Result<GameOdds> odds = GameOdds::from(probs);
  if (!odds) return odds.error();
  return analyse_money_cube(odds.value(), cube, cube_life, rules);
}

Result<CubeDecision> analyse_money_cube(const Probabilities& probs, const CubeView& cube,
                                        const PositionClass& cls, const Rules& rules) {
  return analyse_money_cube(probs, cube, cube_life_index(cls), rules);
}

Result<CubeDecision> predict_money_cube(const Probabilities& probs, const CubeView& cube,
                                        const Position& pos, const Rules& rules) {
  return analyse_money_cube(probs, cube, classify_for_cube(pos), rules);
}

namespace {

// The lowest p on [lo, hi] where pred holds, given pred(hi) and !pred(lo): bisection.
template <class Pred>
double first_true(double lo, double hi, Pred pred) {
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (pred(mid))
      hi = mid;
    else
      lo = mid;
  }
  return hi;
}

// Scans p upwards on a grid and refines the first change of pred from false to true.
template <class Pred>
double first_crossing(double from, Pred pred) {
  constexpr int kSteps = 256;  // the regions scanned for are intervals wider than this step
  if (pred(from)) return from;
  double prev = from;
  for (int i = 1; i <= kSteps; ++i) {
    const double p = from + (1.0 - from) * i / kSteps;
    if (pred(p)) return first_true(prev, p, pred);
    prev = p;
  }
  return 1.0;
}

}  // namespace

Result<DoublingWindow> money_doubling_window(const GameOdds& odds, const CubeView& cube,
                                             double cube_life, const Rules& rules) {
  Result<MoneyModel> model = MoneyModel::make(odds, cube, cube_life, rules);
  if (!model) return model.error();
  if (!model->can_double()) return make_error("no double possible: " + model->blocker());
  auto at = [&](double p) { return model->decide(p); };
  DoublingWindow w;
  w.double_point =
      first_crossing(0.0, [&](double p) { return at(p).doubler == DoublerAction::Double; });
  w.cash_point = first_crossing(0.0, [&](double p) { return at(p).taker == TakerAction::Pass; });
  // In the fully live model (x = 1) doubling never strictly beats holding: the window closes
  // and the moment to double is the cash point itself.
  w.double_point = std::min(w.double_point, w.cash_point);
  w.too_good_point = first_crossing(
      w.cash_point, [&](double p) { return at(p).doubler == DoublerAction::TooGood; });
  return w;
}

}  // namespace nard
