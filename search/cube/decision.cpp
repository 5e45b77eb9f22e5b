#include "search/cube/decision.h"

#include <algorithm>
#include <cmath>

namespace nard {

CubeView cube_view(const CubeState& cube, int player) {
  CubeView v;
  v.value = cube.value;
  v.turned = cube.turned;
  if (cube.owner < 0)
    v.owner = CubeHolder::Centred;
  else
    v.owner = cube.owner == player ? CubeHolder::Me : CubeHolder::Opponent;
  return v;
}

Result<std::vector<int>> cube_stakes(const Rules& rules, int value) {
  if (value < 1) return make_error("cube value must be at least 1");
  const bool geometric = rules.cube_progression == CubeProgression::Geometric;
  if (geometric && (value & (value - 1)) != 0)
    return make_error("cube value " + std::to_string(value) + " is not a power of two");
  if (value > std::max(rules.cube_cap, 1))
    return make_error("cube value " + std::to_string(value) + " is above the cube cap " +
                      std::to_string(rules.cube_cap));
  std::vector<int> stakes{value};
  while (int(stakes.size()) < kMaxCubeLevels) {
    const long long v = stakes.back();
    const long long next = geometric ? 2 * v : v + 1;
    if (v >= rules.cube_cap || next > rules.cube_cap) break;
    stakes.push_back(int(next));
  }
  return stakes;
}

namespace {

constexpr double kTolerance = 1e-4;

bool in_unit(double v) { return v >= -kTolerance && v <= 1.0 + kTolerance; }

double rate(double part, double whole) {
  return whole > 0.0 ? std::clamp(part / whole, 0.0, 1.0) : 0.0;
}

}  // namespace

Result<GameOdds> GameOdds::from(const Probabilities& p) {
  const double f[5] = {p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon};
  for (double v : f) {
    if (!std::isfinite(v) || !in_unit(v))
      return make_error("cube analysis: probabilities must lie in [0,1]");
  }
  const double win = std::clamp(double(p.win), 0.0, 1.0);
  const double lose = 1.0 - win;
  if (p.win_gammon > win + kTolerance || p.win_backgammon > p.win_gammon + kTolerance ||
      p.lose_gammon > lose + kTolerance || p.lose_backgammon > p.lose_gammon + kTolerance)
    return make_error(
        "cube analysis: probabilities are not cumulative (need win >= win_gammon >= "
        "win_backgammon and 1-win >= lose_gammon >= lose_backgammon)");
  GameOdds o;
  o.win = win;
  o.win_gammon_rate = rate(p.win_gammon, win);
  o.win_backgammon_rate = std::min(rate(p.win_backgammon, win), o.win_gammon_rate);
  o.lose_gammon_rate = rate(p.lose_gammon, lose);
  o.lose_backgammon_rate = std::min(rate(p.lose_backgammon, lose), o.lose_gammon_rate);
  return o;
}

double GameOdds::points_per_win(const Rules& rules) const {
  return 1.0 + (rules.gammon_value - 1) * win_gammon_rate +
         (rules.backgammon_value - rules.gammon_value) * win_backgammon_rate;
}

double GameOdds::points_per_loss(const Rules& rules) const {
  return 1.0 + (rules.gammon_value - 1) * lose_gammon_rate +
         (rules.backgammon_value - rules.gammon_value) * lose_backgammon_rate;
}

void classify_cube_action(CubeDecision& d, double effective_take, bool beaver) {
  // Ties: a receiver exactly at his take point takes; a doubler who gains nothing by doubling
  // holds, except that with a pass coming he cashes unless playing on is strictly better
  // (rounding aside) - so a fully live cube doubles at the cash point itself.
  constexpr double kTie = 1e-12;
  const bool pass = effective_take > d.double_pass;
  d.taker = pass ? TakerAction::Pass : (beaver ? TakerAction::Beaver : TakerAction::Take);
  const bool too_good = d.no_double > d.double_pass + kTie;
  if (pass) {
    d.doubler = too_good ? DoublerAction::TooGood : DoublerAction::Double;
  } else if (effective_take > d.no_double) {
    d.doubler = DoublerAction::Double;
  } else {
    d.doubler = too_good ? DoublerAction::TooGood : DoublerAction::NoDouble;
  }
  if (d.doubler == DoublerAction::Double)
    d.equity = pass ? d.double_pass : effective_take;
  else
    d.equity = d.no_double;
}

std::string CubeDecision::action_text() const {
  const std::string verb = redouble ? "redouble" : "double";
  const std::string answer = taker == TakerAction::Pass     ? "pass"
                             : taker == TakerAction::Beaver ? "beaver"
                                                            : "take";
  switch (doubler) {
    case DoublerAction::CannotDouble:
      return "No " + verb + " possible (" + cannot_double_reason + ")";
    case DoublerAction::NoDouble:
      return std::string(redouble ? "No redouble" : "No double") +
             (taker == TakerAction::Beaver ? ", beaver" : "");
    case DoublerAction::Double:
      return std::string(redouble ? "Redouble" : "Double") + ", " + answer;
    case DoublerAction::TooGood:
      return "Too good to " + verb + ", " + answer;
  }
  return "?";
}

}  // namespace nard
