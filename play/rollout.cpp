#include "play/rollout.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>

#include "core/parallel_items.h"
#include "core/work_share.h"
#include "game/cube.h"
#include "game/dice.h"
#include "game/game.h"
#include "game/match.h"
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

// A trial's agent on both sides: the rollout's player (0-ply greedy, or the worker's search at its
// ply) and its money cube; it keeps the trial's luck (variance reduction) and, when the trial
// ends, its values from the root's view. Player 0 is the root.
class TrialAgent final : public Agent {
 public:
  TrialAgent(Worker& w, double start_stake) : w_(w), start_stake_(start_stake) {}

  // Truncation: the position's value at the start of turn `turn` ends the trial.
  bool stop_before(int turn, const Position& pos, int side, const CubeState& cube) {
    mover_ = side;
    turn_ = turn;
    chosen_ = -1;
    cube_value_ = cube.value;
    if (!(w_.config.truncate_plies > 0 && turn >= w_.config.truncate_plies)) return false;
    const Probabilities p = w_.evaluate_one(pos);
    Values v = values_of(p, w_.rules);
    v[kCubeful] = v[kEquity] * cube.value / start_stake_;
    if (w_.config.cubeful) {
      Result<CubeDecision> d = w_.money_cube(make_consistent(p), pos, cube_view(cube, side));
      if (d) v[kCubeful] = d->equity * cube.value / start_stake_;
    }
    result_ = to_root_value(v);
    return true;
  }

  // The cube by the money cube model of the side on roll; the same decision answers for the
  // taker (a beaver is played as a take). The root holds at the root unless it may double there.
  bool wants_to_double(const Position& pos, const MatchView& view) override {
    if (turn_ == 0 && !w_.config.root_may_double) return false;
    const Probabilities p = make_consistent(w_.evaluate_one(pos));
    Result<CubeDecision> d = w_.money_cube(p, pos, cube_view(view.cube, 0));
    if (!d || d->doubler != DoublerAction::Double) return false;
    pass_ = d->taker == TakerAction::Pass;
    if (pass_) {
      Values v = values_of(decided(true, 1), w_.rules);
      v[kCubeful] = view.cube.value / start_stake_;
      result_ = to_root_value(v);
    }
    return true;
  }
  CubeResponse respond_to_double(const Position&, const MatchView& view) override {
    if (pass_) return CubeResponse::Drop;
    cube_value_ = next_cube_value(w_.rules, view.cube.value);
    return CubeResponse::Take;
  }

  // Variance reduction: every roll's best play at 0-ply, in one batch; the average is the value
  // before the roll, the actual roll's minus it the luck. It also picks the actual roll's play.
  void rolled(const Position& pos, Dice dice) {
    if (!w_.config.variance_reduction) return;
    w_.batch.clear();
    const auto& rolls = all_rolls();
    for (int r = 0; r < 21; ++r) {
      w_.begin[r] = int(w_.batch.size());
      const int n = w_.gen.generate(pos, rolls[r], w_.list.positions.get());
      if (n == 0) {
        Position pass = pos;
        pass.set_mover_first_turn(false);
        w_.batch.push_back(pass.flipped());
      }
      for (int k = 0; k < n; ++k) w_.batch.push_back(w_.list.positions[k].flipped());
    }
    w_.begin[21] = int(w_.batch.size());
    w_.probs.resize(w_.batch.size());
    w_.evaluator->evaluate(w_.batch, w_.probs);
    Values mean{}, actual{};
    const int actual_roll = roll_index(dice);
    for (int r = 0; r < 21; ++r) {
      Probabilities best;
      const int idx = w_.best_of_batch(w_.begin[r], w_.begin[r + 1], &best);
      const Values v = values_of(best, w_.rules);
      const double weight = roll_weight(rolls[r]) / 36.0;
      for (int k = 0; k < kValues; ++k) mean[k] += weight * v[k];
      if (r == actual_roll) actual = v, chosen_ = idx;
    }
    Values d{};
    for (int k = 0; k < kValues; ++k) d[k] = actual[k] - mean[k];
    d[kCubeful] = d[kEquity] * cube_value_ / start_stake_;
    const Values r = to_root(d);
    for (int k = 0; k < kValues; ++k) luck_[k] += r[k];
  }

  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView& view) override {
    int chosen = chosen_;
    if (w_.search) {
      chosen = w_.search->best_play(pos, dice, plays);
    } else if (chosen < 0) {
      w_.batch.clear();
      for (const Position& q : plays) w_.batch.push_back(q.flipped());
      w_.probs.resize(w_.batch.size());
      w_.evaluator->evaluate(w_.batch, w_.probs);
      Probabilities unused;
      chosen = w_.best_of_batch(0, int(plays.size()), &unused);
    }
    const Position& next = plays[chosen];
    const GameResult res = game_result(w_.rules, next);
    if (res.over()) {
      const std::optional<Probabilities> t = terminal_probabilities(w_.rules, next.flipped());
      const Probabilities mover_view = t ? invert(*t) : draw_probabilities();
      Values v = values_of(mover_view, w_.rules);
      int points = res.outcome == Outcome::Draw ? 0 : res.points;
      if (w_.rules.jacoby && !view.cube.turned && w_.rules.cube) points = std::min(points, 1);
      v[kCubeful] = (res.mover_wins ? 1 : -1) * double(points) * view.cube.value / start_stake_;
      result_ = to_root_value(v);
    }
    return chosen;
  }

  std::optional<Values> result_;  // set when the trial ended (root's view)
  Values luck_{};

 private:
  // Differences (luck) and absolute values (results) turn to the root's view differently: an
  // absolute win chance w becomes 1 - w, a difference d becomes -d.
  Values to_root(const Values& mover_view) const {
    return mover_ == 0 ? mover_view : other_side_difference(mover_view);
  }
  Values to_root_value(const Values& mover_view) const {
    if (mover_ == 0) return mover_view;
    Values r = other_side_difference(mover_view);
    r[0] += 1.0;
    return r;
  }

  Worker& w_;
  const double start_stake_;
  int mover_ = 0, turn_ = 0, chosen_ = -1;
  int cube_value_ = 1;  // the cube after this turn's cube action: it scales the cubeful luck
  bool pass_ = false;
};

// The trial is a game from `start` through the one game loop (game/match.h), money play, the
// cube only when cubeful, the first rolls stratified, no deadlock check (a trial that cannot end
// runs to max_turns and is a draw).
Values Worker::play_trial(const Position& start, int trial, Values* luck_out) {
  Rng rng(game_seed(config.seed, uint64_t(trial)));
  CubeState cube;  // players: 0 = root, 1 = the other side
  cube.value = config.cube.value;
  cube.owner = config.cube.owner == CubeHolder::Centred ? -1
               : config.cube.owner == CubeHolder::Me    ? 0
                                                        : 1;
  cube.turned = config.cube.turned;
  TrialAgent agent(*this, cube.value);
  Agent* const agents[2] = {&agent, &agent};
  GameOptions o;
  o.start = &start;
  o.start_cube = cube;
  o.cubeless = !config.cubeful;
  o.max_turns = config.max_turns;
  o.deadlock_forfeits = config.max_turns + 1;
  o.stop_before = [&](int turn, const Position& pos, int side, const CubeState& c) {
    return agent.stop_before(turn, pos, side, c);
  };
  // Normalised, so that the plays come in the same order as in the 21-roll batch.
  o.roll = [&](int turn) {
    return (turn < config.stratified_turns ? stratified_roll(config.seed, trial, turn) : rng.roll())
        .normalised();
  };
  o.on_roll = [&](const Position& pos, Dice dice) { agent.rolled(pos, dice); };
  play_game(rules, agents, rng, o, gen, list.positions.get());
  *luck_out = agent.luck_;
  return agent.result_ ? *agent.result_ : values_of(draw_probabilities(), rules);
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

// One trial's values and its accumulated luck; played is false for a trial a stop skipped.
struct TrialValues {
  Values raw, luck;
  bool played = false;
};

// Job j of a rollout of S positions: trial j / S of position j % S. The positions' trials are
// interleaved, so that a stopped rollout has played about as many trials of each.
size_t job_index(size_t start, int trial, size_t starts) { return size_t(trial) * starts + start; }

// Runs `jobs` trials (see job_index) on the configured threads; with config.comm, this rank's
// share of them, and then every rank gets every job's values. Stopped (config.stop): this
// process's values so far (the skipped trials not played), or an error under config.comm.
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
  // Thread 0 of the team is the calling thread, the one that may talk to the other ranks.
  run_seeded(
      {0, count, threads, 1}, [&] { return Worker(rules, make_evaluator(), config); },
      [&](Worker& worker, long long k) {
        if (config.stop && config.stop->load(std::memory_order_relaxed)) return;
        const int j = int(mine[size_t(k)]);
        const int n_starts = int(starts.size());
        TrialValues& v = values[size_t(k)];
        v.raw = worker.play_trial(starts[size_t(j % n_starts)], j / n_starts, &v.luck);
        v.played = true;
        const int d = ++done;
        if (omp_get_thread_num() == 0) report(d);
      });
  if (config.stop && config.stop->load()) {
    if (comm) return make_error("rollout stopped");
    return values;
  }
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
  std::vector<RolloutResult> out(starts.size());
  for (size_t s = 0; s < starts.size(); ++s) {
    // The position's played trials in trial order, luck taken off.
    std::vector<Values> v;
    for (int t = 0; t < trials; ++t) {
      const TrialValues& trial = (*jobs)[job_index(s, t, starts.size())];
      if (!trial.played) continue;
      v.push_back(trial.raw);
      if (config.variance_reduction)
        for (int k = 0; k < kValues; ++k) v.back()[k] -= trial.luck[k];
    }
    if (v.empty()) return make_error("rollout stopped before its first trials finished");
    RolloutResult& r = out[s];
    r.trials = int(v.size());
    r.stopped = r.trials < trials;
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
