#include "bench/teacher_quality.h"

#include <algorithm>
#include <cmath>
#include <ctime>

#include "coach/position_valuation.h"
#include "core/cpu_time.h"
#include "game/dice.h"

namespace nard {

namespace {

Estimate mean_of(const std::vector<double>& xs) {
  const double n = double(xs.size());
  double s = 0;
  for (double x : xs) s += x;
  const double m = s / n;
  double ss = 0;
  for (double x : xs) ss += (x - m) * (x - m);
  return {m, n > 1 ? std::sqrt(ss / (n - 1) / n) : 0.0};
}

// One pair's plays: the reference's best first, then its next best (at most config.plays).
struct PairPlays {
  const CheckerReference* ref = nullptr;
  std::vector<int> plays;  // indices into ref->plays, the reference's best first
  size_t first = 0;        // index of plays[0]'s result in the flat list of all pairs' results
};

}  // namespace

Result<TeacherQuality> measure_teachers(const std::shared_ptr<const NeuralModel>& model,
                                        std::span<const CheckerReference> reference,
                                        const TeacherQualityConfig& c,
                                        const TeacherProgress& progress) {
  if (c.every < 1 || c.plays < 2 || c.max_ply < 0 || c.max_ply > 3 || c.rollout_trials < 0 ||
      c.truncate_plies < 0 || c.threads < 1)
    return make_error(
        "teacher bench: every >= 1, plays >= 2, max ply 0..3, trials >= 0, truncation >= 0, "
        "threads >= 1");
  const Rules& rules = model->rules();
  std::vector<PairPlays> pairs;
  std::vector<Position> results;  // each play's result, mover's view
  for (size_t i = 0; i < reference.size(); i += size_t(c.every)) {
    const CheckerReference& ref = reference[i];
    if (ref.plays.size() < 2) continue;
    const int deepest = ref.deepest_ply();
    std::vector<int> order;
    for (int k = 0; k < int(ref.plays.size()); ++k)
      if (ref.plays[size_t(k)].ply == deepest) order.push_back(k);
    if (order.size() < 2) continue;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      return ref.plays[size_t(a)].equity > ref.plays[size_t(b)].equity;
    });
    order.resize(std::min(order.size(), size_t(c.plays)));
    PairPlays p{&ref, order, results.size()};
    for (int k : order) results.push_back(ref.plays[size_t(k)].result);
    pairs.push_back(std::move(p));
  }
  if (pairs.empty())
    return make_error("teacher bench: no pair of the reference has two plays at its deepest ply");

  // values[t][j]: teacher t's cubeless equity of result j, mover's view.
  const int searches = c.max_ply + 1;
  const bool with_rollout = c.rollout_trials > 0;
  std::vector<std::vector<double>> values;
  std::vector<double> cpu_ms;
  std::vector<std::string> names;
  std::vector<Position> opponent_on_roll;
  double rollout_noise = 0;
  for (const Position& r : results) opponent_on_roll.push_back(r.flipped());
  const long long n = (long long)results.size();
  const long long total = n * (searches + (with_rollout ? 1 : 0));
  long long done = 0;
  if (progress) progress(0, total);
  {  // warm-up, not timed: the threads started, the bear-off databases and the net paged in
    std::vector<Probabilities> v(std::min(results.size(), size_t(64)));
    ValuationConfig vc;
    vc.ply = 1;
    vc.threads = c.threads;
    value_positions(model, std::span<const Position>(opponent_on_roll).first(v.size()), vc, v);
  }
  for (int ply = 0; ply < searches; ++ply) {
    std::vector<Probabilities> v(results.size());
    ValuationConfig vc;
    vc.ply = ply;
    vc.threads = c.threads;
    const double c0 = process_cpu_seconds();
    value_positions(model, opponent_on_roll, vc, v, [&](long long d, long long) {
      if (progress) progress(done + d, total);
    });
    done += n;
    cpu_ms.push_back(1000 * (process_cpu_seconds() - c0) / double(results.size()));
    std::vector<double> eq(results.size());
    for (size_t j = 0; j < v.size(); ++j) eq[j] = cubeless_equity(invert(v[j]), rules);
    values.push_back(std::move(eq));
    names.push_back(std::to_string(ply) + "-ply");
  }
  if (with_rollout) {
    RolloutConfig rc;
    rc.trials = c.rollout_trials;
    rc.truncate_plies = c.truncate_plies;
    rc.threads = c.threads;
    const EvaluatorFactory factory = [model] { return std::make_unique<NeuralEvaluator>(model); };
    std::vector<double> eq(results.size());
    double noise = 0;
    const double c0 = process_cpu_seconds();
    for (size_t i = 0; i < pairs.size(); ++i) {
      const PairPlays& p = pairs[i];
      rc.seed = game_seed(c.seed, i);
      Result<std::vector<RolloutResult>> r = rollout_plays(
          rules, std::span<const Position>(results).subspan(p.first, p.plays.size()), rc, factory);
      if (!r) return r.error();
      for (size_t k = 0; k < p.plays.size(); ++k) {
        eq[p.first + k] = (*r)[k].equity.mean;
        noise += (*r)[k].equity.std_error;
      }
      if (progress) progress(done + (long long)(p.first + p.plays.size()), total);
    }
    rollout_noise = noise / double(results.size());
    cpu_ms.push_back(1000 * (process_cpu_seconds() - c0) / double(results.size()));
    values.push_back(std::move(eq));
    names.push_back(std::to_string(c.rollout_trials) + "-trial rollout" +
                    (c.truncate_plies > 0
                         ? " truncated at " + std::to_string(c.truncate_plies) + " plies"
                         : ""));
  }

  auto loss_of = [&](size_t t, const PairPlays& p) {
    size_t arg = 0;
    for (size_t k = 1; k < p.plays.size(); ++k)
      if (values[t][p.first + k] > values[t][p.first + arg]) arg = k;
    return p.ref->plays[size_t(p.plays[0])].equity - p.ref->plays[size_t(p.plays[arg])].equity;
  };
  auto error_of = [&](size_t t, const PairPlays& p) {
    return values[t][p.first] - p.ref->plays[size_t(p.plays[0])].equity;
  };
  const size_t baseline = size_t(std::min(2, c.max_ply));
  TeacherQuality q;
  q.pairs = int(pairs.size());
  q.positions = int(results.size());
  q.baseline = baseline;
  for (size_t t = 0; t < values.size(); ++t) {
    std::vector<double> loss, abs_err, err, dloss, derr;
    for (const PairPlays& p : pairs) {
      loss.push_back(loss_of(t, p));
      err.push_back(error_of(t, p));
      abs_err.push_back(std::fabs(err.back()));
      dloss.push_back(loss.back() - loss_of(baseline, p));
      derr.push_back(abs_err.back() - std::fabs(error_of(baseline, p)));
    }
    const bool rollout_row = with_rollout && t + 1 == values.size();
    q.teachers.push_back({names[t], mean_of(loss), mean_of(abs_err), mean_of(err), mean_of(dloss),
                          mean_of(derr), rollout_row ? rollout_noise : 0.0, cpu_ms[t]});
  }
  return q;
}

}  // namespace nard
