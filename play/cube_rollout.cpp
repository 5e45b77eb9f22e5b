#include "play/cube_rollout.h"

#include <cmath>
#include <limits>

#include "game/cube.h"
#include "search/cube/money.h"

namespace nard {

namespace {

// The engine's cube state (root = player 0) for the cube the root sees.
CubeState root_cube_state(const CubeView& view) {
  CubeState s;
  s.value = view.value;
  s.owner = view.owner == CubeHolder::Centred ? -1 : view.owner == CubeHolder::Me ? 0 : 1;
  s.turned = view.turned;
  return s;
}

// Mean and standard error of a[i] * scale_a - b[i] over the trials.
Estimate paired_difference(const std::vector<double>& a, double scale_a,
                           const std::vector<double>& b) {
  const size_t n = a.size();
  double sum = 0.0;
  for (size_t i = 0; i < n; ++i) sum += a[i] * scale_a - b[i];
  const double mean = sum / double(n);
  double ss = 0.0;
  for (size_t i = 0; i < n; ++i) {
    const double d = a[i] * scale_a - b[i] - mean;
    ss += d * d;
  }
  const double sd = n > 1 ? std::sqrt(ss / double(n - 1)) : 0.0;
  return {mean, sd / std::sqrt(double(n))};
}

Estimate scaled(const Estimate& e, double k) { return {e.mean * k, e.std_error * k}; }

}  // namespace

Result<CubeRolloutResult> rollout_cube_decision(const Rules& rules, const Position& pos,
                                                const RolloutConfig& config,
                                                const EvaluatorFactory& make_evaluator,
                                                const RolloutProgress& progress) {
  if (!rules.cube) return make_error("this game has no doubling cube");
  Result<std::vector<int>> stakes = cube_stakes(rules, config.cube.value);
  if (!stakes) return stakes.error();
  const DoubleCheck check = may_double(rules, root_cube_state(config.cube), 0, false);
  if (!check.allowed)
    return make_error(std::string("the side on roll cannot double: ") + check.reason);
  const int stake = config.cube.value;
  const int raised = next_cube_value(rules, stake);

  // Progress over the three rollouts, each config.trials long.
  auto part = [&](int index) -> RolloutProgress {
    if (!progress) return {};
    return
        [&progress, index, n = config.trials](int done, int) { progress(index * n + done, 3 * n); };
  };

  RolloutConfig cubeless = config;
  cubeless.cubeful = false;
  Result<RolloutResult> plain = rollout(rules, pos, cubeless, make_evaluator, part(0));
  if (!plain) return plain.error();
  if (plain->stopped) return make_error("rollout stopped");  // the three lines must pair

  RolloutConfig hold = config;
  hold.cubeful = true;
  hold.root_may_double = false;
  Result<RolloutResult> nd = rollout(rules, pos, hold, make_evaluator, part(1));
  if (!nd) return nd.error();
  if (nd->stopped) return make_error("rollout stopped");  // the three lines must pair

  RolloutConfig taken = config;
  taken.cubeful = true;
  taken.root_may_double = true;  // the root cannot double anyway: the opponent owns the cube
  taken.cube = CubeView{raised, CubeHolder::Opponent, true};
  Result<RolloutResult> dt = rollout(rules, pos, taken, make_evaluator, part(2));
  if (!dt) return dt.error();
  if (dt->stopped) return make_error("rollout stopped");  // the three lines must pair

  const double ratio = double(raised) / double(stake);  // dt is per unit of the raised stake
  CubeRolloutResult r;
  r.trials = config.trials;
  r.no_double = nd->cubeful_equity;
  r.double_take = scaled(dt->cubeful_equity, ratio);
  r.double_pass = 1.0;
  r.take_minus_no_double = paired_difference(dt->cubeful_trials, ratio, nd->cubeful_trials);
  r.cubeless = *plain;

  Result<CubeDecision> predicted =
      predict_money_cube(plain->mean_probabilities(), config.cube, pos, rules);
  if (!predicted) return predicted.error();
  r.predicted = *predicted;

  CubeDecision& d = r.rolled_out;
  d.match = false;
  d.redouble = config.cube.owner == CubeHolder::Me;
  d.cube_life = std::numeric_limits<double>::quiet_NaN();  // no model: measured
  d.cubeless = plain->equity.mean;
  d.no_double = r.no_double.mean;
  d.double_take = r.double_take.mean;
  d.double_pass = r.double_pass;
  d.double_beaver = std::numeric_limits<double>::quiet_NaN();  // beavers are not rolled out
  d.take_point = d.take_point_dead = d.take_point_live = d.cash_point = d.double_beaver;
  d.mwc_cubeless = d.mwc_no_double = d.mwc_double_take = d.mwc_double_pass = d.mwc =
      d.double_beaver;
  classify_cube_action(d, d.double_take, false);
  return r;
}

}  // namespace nard
