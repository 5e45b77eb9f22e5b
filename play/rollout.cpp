#include "play/rollout.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>

#include "core/work_share.h"
#include "game/cube.h"
#include "game/dice.h"
#include "game/game.h"
#include "game/movegen/movegen.h"
#include "search/cube/bearoff.h"
#include "search/cube/efficiency.h"
#include "search/cube/money.h"
#include "search/search.h"

namespace nard {

namespace {

// Per-trial values: the five probabilities, the cubeless equity, the cubeful equity.
constexpr int kValues = kOutputs + 2;
constexpr int kEquity = kOutputs;
constexpr int kCubeful = kOutputs + 1;
using Values = std::array<double, kValues>;

constexpr uint64_t kStratifySalt = 0x9E3779B97F4A7C15ull;

// A difference of two mover's-view probability vectors, seen by the other side: the mover's wins
// are the other side's losses, so win flips sign and the gammon slots swap.
Values other_side_difference(const Values& d) {
  Values r = d;
  r[0] = -d[0];
  r[1] = d[3];
  r[2] = d[4];
  r[3] = d[1];
  r[4] = d[2];
  r[kEquity] = -d[kEquity];
  r[kCubeful] = -d[kCubeful];
  return r;
}

Values values_of(const Probabilities& p, const Rules& rules) {
  const auto a = p.as_array();
  Values v{};
  for (int k = 0; k < kOutputs; ++k) v[k] = a[k];
  v[kEquity] = cubeless_equity(p, rules);
  return v;
}

int roll_index(Dice d) {
  const Dice n = d.normalised();
  const auto& rolls = all_rolls();
  for (int r = 0; r < 21; ++r)
    if (rolls[r] == n) return r;
  return 0;
}

// One thread's tools: evaluator, move generator, search and scratch.
struct Worker {
  Worker(const Rules& r, std::unique_ptr<Evaluator> e, const RolloutConfig& c)
      : rules(r), evaluator(std::move(e)), gen(r), config(c) {
    if (c.ply > 0) {
      SearchConfig sc;
      sc.ply = c.ply;
      search = std::make_unique<Search>(rules, *evaluator, sc);
    }
  }
  Rules rules;
  std::unique_ptr<Evaluator> evaluator;
  MoveGenerator gen;
  RolloutConfig config;
  std::unique_ptr<Search> search;
  PlayList list;
  std::vector<Position> batch;
  std::vector<Probabilities> probs;
  std::array<int, 22> begin{};

  Probabilities evaluate_one(const Position& p) {
    Probabilities out;
    evaluator->evaluate({&p, 1}, {&out, 1});
    return out;
  }

  // The money cube decision the trial plays by: the cube model on the probabilities, exact where
  // the two-sided bear-off database reaches (search/cube/bearoff.h).
  Result<CubeDecision> money_cube(const Probabilities& p, const Position& pos,
                                  const CubeView& view) const {
    Result<CubeDecision> d = analyse_money_cube(p, view, classify_for_cube(pos), rules);
    if (!d) return d;
    if (auto exact = exact_bearoff_cube(evaluator->bearoff_database(), pos, view, rules))
      return with_exact_equities(std::move(d).value(), *exact);
    return d;
  }

  // Best play (index into list) of `dice` at 0-ply, with its value from the mover's view.
  int best_of_batch(int first, int last, Probabilities* value) const {
    int best = first;
    float best_eq = -1e30f;
    for (int k = first; k < last; ++k) {
      const float eq = cubeless_equity(invert(probs[k]), rules);
      if (eq > best_eq) best_eq = eq, best = k;
    }
    *value = invert(probs[best]);
    return best - first;
  }

  // Plays one trial; returns its values (root's view) and writes the accumulated luck.
  Values play_trial(const Position& start, int trial, Values* luck_out);
};

Values Worker::play_trial(const Position& start, int trial, Values* luck_out) {
  Rng rng(game_seed(config.seed, uint64_t(trial)));
  Values luck{};
  Position pos = start;
  bool root_on_roll = true;
  CubeState cube;  // players: 0 = root, 1 = the other side
  cube.value = config.cube.value;
  cube.owner = config.cube.owner == CubeHolder::Centred ? -1
               : config.cube.owner == CubeHolder::Me    ? 0
                                                        : 1;
  cube.turned = config.cube.turned;
  const double start_stake = cube.value;
  // Differences (luck) and absolute values (results) turn to the root's view differently: an
  // absolute win chance w becomes 1 - w, a difference d becomes -d.
  auto to_root = [&](const Values& mover_view) {
    return root_on_roll ? mover_view : other_side_difference(mover_view);
  };
  auto to_root_value = [&](const Values& mover_view) {
    if (root_on_roll) return mover_view;
    Values r = other_side_difference(mover_view);
    r[0] += 1.0;
    return r;
  };
  auto finish = [&](Values v) {
    *luck_out = luck;
    return v;
  };

  for (int turn = 0; turn < config.max_turns; ++turn) {
    const int mover = root_on_roll ? 0 : 1;
    if (config.truncate_plies > 0 && turn >= config.truncate_plies) {
      const Probabilities p = evaluate_one(pos);
      Values v = values_of(p, rules);
      v[kCubeful] = v[kEquity] * cube.value / start_stake;
      if (config.cubeful) {
        Result<CubeDecision> d = money_cube(make_consistent(p), pos, cube_view(cube, mover));
        if (d) v[kCubeful] = d->equity * cube.value / start_stake;
      }
      return finish(to_root_value(v));
    }
    const bool root_holds = turn == 0 && !config.root_may_double;
    if (config.cubeful && !root_holds && may_double(rules, cube, mover, false).allowed) {
      const Probabilities p = make_consistent(evaluate_one(pos));
      Result<CubeDecision> d = money_cube(p, pos, cube_view(cube, mover));
      if (d && d->doubler == DoublerAction::Double) {
        if (d->taker == TakerAction::Pass) {
          Values v = values_of(decided(true, 1), rules);
          v[kCubeful] = cube.value / start_stake;
          return finish(to_root_value(v));
        }
        cube.value = next_cube_value(rules, cube.value);  // a beaver is played as a take
        cube.owner = 1 - mover;
        cube.turned = true;
      }
    }
    // Normalised, so that the plays come in the same order as in the 21-roll batch above.
    const Dice dice =
        (turn < config.stratified_turns ? stratified_roll(config.seed, trial, turn) : rng.roll())
            .normalised();

    int chosen = -1;  // index into list of the play made
    if (config.variance_reduction) {
      // Every roll's best play at 0-ply, in one batch: the average is the value before the roll.
      batch.clear();
      const auto& rolls = all_rolls();
      for (int r = 0; r < 21; ++r) {
        begin[r] = int(batch.size());
        const int n = gen.generate(pos, rolls[r], list.positions.get());
        if (n == 0) {
          Position pass = pos;
          pass.set_mover_first_turn(false);
          batch.push_back(pass.flipped());
        }
        for (int k = 0; k < n; ++k) batch.push_back(list.positions[k].flipped());
      }
      begin[21] = int(batch.size());
      probs.resize(batch.size());
      evaluator->evaluate(batch, probs);
      Values mean{}, actual{};
      const int actual_roll = roll_index(dice);
      for (int r = 0; r < 21; ++r) {
        Probabilities best;
        const int idx = best_of_batch(begin[r], begin[r + 1], &best);
        const Values v = values_of(best, rules);
        const double w = roll_weight(rolls[r]) / 36.0;
        for (int k = 0; k < kValues; ++k) mean[k] += w * v[k];
        if (r == actual_roll) actual = v, chosen = idx;
      }
      Values d{};
      for (int k = 0; k < kValues; ++k) d[k] = actual[k] - mean[k];
      d[kCubeful] = d[kEquity] * cube.value / start_stake;
      const Values r = to_root(d);
      for (int k = 0; k < kValues; ++k) luck[k] += r[k];
    }

    list.size = gen.generate(pos, dice, list.positions.get());
    if (list.size == 0) {
      pos.set_mover_first_turn(false);
      pos = pos.flipped();
      root_on_roll = !root_on_roll;
      continue;
    }
    if (search) {
      chosen = search->best_play(pos, dice, list.plays());
    } else if (chosen < 0) {
      batch.clear();
      for (int k = 0; k < list.size; ++k) batch.push_back(list.positions[k].flipped());
      probs.resize(batch.size());
      evaluator->evaluate(batch, probs);
      Probabilities unused;
      chosen = best_of_batch(0, list.size, &unused);
    }
    const Position next = list.positions[chosen];
    const GameResult res = game_result(rules, next);
    if (res.over()) {
      const std::optional<Probabilities> t = terminal_probabilities(rules, next.flipped());
      const Probabilities mover_view = t ? invert(*t) : draw_probabilities();
      Values v = values_of(mover_view, rules);
      int points = res.outcome == Outcome::Draw ? 0 : res.points;
      if (rules.jacoby && !cube.turned && rules.cube) points = std::min(points, 1);
      v[kCubeful] = (res.mover_wins ? 1 : -1) * double(points) * cube.value / start_stake;
      return finish(to_root_value(v));
    }
    pos = next.flipped();
    root_on_roll = !root_on_roll;
  }
  return finish(values_of(draw_probabilities(), rules));
}

Estimate estimate(const std::vector<Values>& v, int k) {
  const size_t n = v.size();
  double sum = 0;
  for (const Values& x : v) sum += x[k];
  const double mean = sum / double(n);
  double ss = 0;
  for (const Values& x : v) ss += (x[k] - mean) * (x[k] - mean);
  const double sd = n > 1 ? std::sqrt(ss / double(n - 1)) : 0.0;
  return {mean, sd / std::sqrt(double(n))};
}

std::optional<Error> check_config(const Rules& rules, const RolloutConfig& c) {
  if (c.trials < 1) return make_error("a rollout needs at least 1 trial");
  if (c.truncate_plies < 0) return make_error("truncation must be >= 0 plies");
  if (c.ply < 0 || c.ply > 3) return make_error("rollout checker play must be 0..3 ply");
  if (c.stratified_turns < 0 || c.stratified_turns > 8)
    return make_error("stratified turns must be 0..8");
  if (c.cubeful) {
    if (!rules.cube) return make_error("this game has no doubling cube: use a cubeless rollout");
    Result<std::vector<int>> stakes = cube_stakes(rules, c.cube.value);
    if (!stakes) return stakes.error();
  }
  return std::nullopt;
}

// One trial's values and its accumulated luck.
struct TrialValues {
  Values raw, luck;
};

// Runs `jobs` trials (job j = trial j % trials of position j / trials) on the configured threads;
// with config.comm, this rank's share of them, and then every rank gets every job's values.
Result<std::vector<TrialValues>> run_jobs(const Rules& rules, std::span<const Position> starts,
                                          const RolloutConfig& config,
                                          const EvaluatorFactory& make_evaluator,
                                          const RolloutProgress& progress) {
  const int trials = config.trials;
  const int jobs = trials * int(starts.size());
  Communicator* comm = config.comm && config.comm->size() > 1 ? config.comm : nullptr;
  std::vector<long long> mine;
  if (comm)
    mine = share_of(*comm, jobs);
  else
    for (int j = 0; j < jobs; ++j) mine.push_back(j);
  const int count = int(mine.size());
  std::vector<TrialValues> values(static_cast<size_t>(count));
  const int threads = config.threads > 0 ? config.threads : omp_get_num_procs();
  std::atomic<int> done{0};
  // A rank's share stands for the whole: its progress is scaled to all the jobs.
  auto report = [&](int d) {
    if (comm) comm->heartbeat();
    if (progress) progress(count ? int((long long)d * jobs / count) : jobs, jobs);
  };
#pragma omp parallel num_threads(threads)
  {
    Worker worker(rules, make_evaluator(), config);
#pragma omp for schedule(dynamic, 1)
    for (int k = 0; k < count; ++k) {
      if (config.stop && config.stop->load(std::memory_order_relaxed)) continue;
      const int j = int(mine[size_t(k)]);
      TrialValues& v = values[size_t(k)];
      v.raw = worker.play_trial(starts[size_t(j / trials)], j % trials, &v.luck);
      const int d = ++done;
      if (omp_get_thread_num() == 0) report(d);
    }
  }
  if (config.stop && config.stop->load()) return make_error("rollout stopped");
  if (progress) progress(jobs, jobs);
  if (!comm) return values;
  Result<std::vector<TrialValues>> all = gather_values<TrialValues>(*comm, jobs, values);
  if (!all) return all.error();
  // Every rank returns the same complete result (callers go on with it, e.g. the cube rollout).
  Result<std::string> back = from_root(*comm, [&]() -> Result<std::string> {
    ByteWriter w;
    w.put_vector(*all);
    return w.take();
  });
  if (!back) return back.error();
  ByteReader in(*back);
  std::vector<TrialValues> out;
  if (!in.get_vector(out) || !in.at_end() || int(out.size()) != jobs)
    return make_error("malformed rollout results from rank 0");
  return out;
}

Result<std::vector<RolloutResult>> run(const Rules& rules, std::span<const Position> starts,
                                       const RolloutConfig& config,
                                       const EvaluatorFactory& make_evaluator,
                                       const RolloutProgress& progress) {
  const int trials = config.trials;
  Result<std::vector<TrialValues>> jobs = run_jobs(rules, starts, config, make_evaluator, progress);
  if (!jobs) return jobs.error();
  std::vector<Values> raw, luck;
  for (const TrialValues& v : *jobs) raw.push_back(v.raw), luck.push_back(v.luck);

  std::vector<RolloutResult> out(starts.size());
  for (size_t s = 0; s < starts.size(); ++s) {
    std::vector<Values> v(raw.begin() + long(s * trials), raw.begin() + long((s + 1) * trials));
    if (config.variance_reduction)
      for (int t = 0; t < trials; ++t)
        for (int k = 0; k < kValues; ++k) v[size_t(t)][k] -= luck[s * trials + size_t(t)][k];
    RolloutResult& r = out[s];
    r.trials = trials;
    for (int k = 0; k < kOutputs; ++k) r.probs[k] = estimate(v, k);
    r.equity = estimate(v, kEquity);
    r.cubeful = config.cubeful;
    r.cubeful_equity = config.cubeful ? estimate(v, kCubeful) : r.equity;
    if (config.cubeful)
      for (const Values& x : v) r.cubeful_trials.push_back(x[kCubeful]);
  }
  return out;
}

}  // namespace

Probabilities RolloutResult::mean_probabilities() const {
  float v[kOutputs];
  for (int k = 0; k < kOutputs; ++k) v[k] = float(probs[k].mean);
  return make_consistent(Probabilities::from_array(v));
}

Dice stratified_roll(uint64_t seed, int trial, int turn) {
  int sum = 0;
  uint64_t rest = uint64_t(trial);
  for (int t = 0; t <= turn; ++t) {
    sum += int(rest % 36);
    rest /= 36;
  }
  std::array<int, 36> perm;
  for (int k = 0; k < 36; ++k) perm[k] = k;
  Rng rng(game_seed(seed ^ kStratifySalt, uint64_t(turn)));
  for (int k = 35; k > 0; --k) std::swap(perm[k], perm[rng.below(uint32_t(k + 1))]);
  const int roll = perm[sum % 36];
  return Dice{uint8_t(roll / 6 + 1), uint8_t(roll % 6 + 1)}.normalised();
}

Result<RolloutResult> rollout(const Rules& rules, const Position& pos, const RolloutConfig& config,
                              const EvaluatorFactory& make_evaluator,
                              const RolloutProgress& progress) {
  if (auto e = check_config(rules, config)) return *e;
  Result<std::vector<RolloutResult>> r = run(rules, {&pos, 1}, config, make_evaluator, progress);
  if (!r) return r.error();
  return (*r)[0];
}

Result<std::vector<RolloutResult>> rollout_plays(const Rules& rules,
                                                 std::span<const Position> plays,
                                                 const RolloutConfig& config,
                                                 const EvaluatorFactory& make_evaluator,
                                                 const RolloutProgress& progress) {
  if (auto e = check_config(rules, config)) return *e;
  std::vector<Position> starts;
  for (const Position& p : plays) starts.push_back(p.flipped());
  RolloutConfig c = config;  // the cube as the opponent (on roll after the play) sees it
  if (c.cube.owner != CubeHolder::Centred)
    c.cube.owner = c.cube.owner == CubeHolder::Me ? CubeHolder::Opponent : CubeHolder::Me;
  Result<std::vector<RolloutResult>> ran = run(rules, starts, c, make_evaluator, progress);
  if (!ran) return ran.error();
  std::vector<RolloutResult> out = std::move(ran.value());
  // Back to the mover's view: the opponent's wins are the mover's losses.
  for (RolloutResult& r : out) {
    const Estimate w = r.probs[0], wg = r.probs[1], wb = r.probs[2], lg = r.probs[3],
                   lb = r.probs[4];
    r.probs[0] = {1.0 - w.mean, w.std_error};
    r.probs[1] = lg;
    r.probs[2] = lb;
    r.probs[3] = wg;
    r.probs[4] = wb;
    r.equity.mean = -r.equity.mean;
    r.cubeful_equity.mean = -r.cubeful_equity.mean;
    for (double& x : r.cubeful_trials) x = -x;
  }
  return out;
}

}  // namespace nard
