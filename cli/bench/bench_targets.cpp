// nard bench targets [--positions N] [--trials T] [--max-ply P] [--model M] [--variant V]: how good
// the supervised pipeline's targets are per CPU second. Positions are sampled as the pipeline
// samples them (self-play of the model with exploration; bear-offs the database values exactly are
// left out); each is rolled out (0-ply checker play, full games, variance reduction) as the
// reference, then valued at 0..P ply by the model's search. Prints per ply the mean |cubeless
// equity - rollout equity| with its standard error, and the CPU time per position; the rollout's
// own standard error says how much of that is the reference's noise.
#include <omp.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>

#include "cli/bot_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/progress_line.h"
#include "cli/subcommand.h"
#include "coach/position_sampling.h"
#include "coach/position_valuation.h"
#include "core/cpu_time.h"
#include "nn/bearoff_database.h"
#include "play/rollout.h"

namespace nard::tools {

namespace {
struct BenchTargetsOptions {
  BotArgs bot;
  int positions = 150;
  int trials = 648;
  int max_ply = 2;
  int threads = 2;
  uint64_t seed = 11;
};

void run_bench_targets(const BenchTargetsOptions& o) {
  if (o.positions < 1 || o.trials < 36 || o.max_ply < 0 || o.max_ply > 3 || o.threads < 1)
    return fail_input(
        make_error("--positions >= 1, --trials >= 36, --max-ply 0..3, --threads >= 1"));
  std::unique_ptr<LoadedBot> bot = load_bot(o.bot);
  if (!bot) return;
  const Rules& rules = bot->rules;
  SamplingConfig sc;
  sc.games = std::max(4, o.positions / 4);  // ~25 positions a game at keep 0.25; trimmed below
  sc.seed = o.seed;
  sc.keep = 0.25;
  sc.threads = o.threads;
  const BearoffDatabase* db = bot->model->bearoff_database();
  std::vector<Position> sample =
      sample_positions(bot->model, sc, [db](const Position& p) { return db && db->covers(p); });
  if (int(sample.size()) > o.positions) sample.resize(size_t(o.positions));
  const size_t n = sample.size();
  std::printf(
      "target bench: %zu positions from self-play of %s (%s), reference: %d-trial 0-ply rollouts\n",
      n, bot->model_path.c_str(), rules.preset.c_str(), o.trials);

  // The reference.
  std::vector<double> ref(n), ref_se(n);
  RolloutConfig rc;
  rc.trials = o.trials;
  rc.threads = o.threads;
  rc.seed = o.seed;
  const auto model = bot->model;
  const EvaluatorFactory factory = [model] { return std::make_unique<NeuralEvaluator>(model); };
  const double cpu0 = process_cpu_seconds();
  ProgressLine progress = ProgressLine::on_stderr();
  for (size_t i = 0; i < n; ++i) {
    Result<RolloutResult> r = rollout(rules, sample[i], rc, factory);
    if (!r) return fail_runtime(r.error());
    ref[i] = r->equity.mean;
    ref_se[i] = r->equity.std_error;
    progress.update("rollouts " + std::to_string(i + 1) + "/" + std::to_string(n), i + 1 == n);
  }
  const double rollout_cpu = (process_cpu_seconds() - cpu0) / double(n);
  double mean_se = 0;
  for (double s : ref_se) mean_se += s;
  mean_se /= double(n);
  std::printf("  rollout: %.1f ms CPU per position, mean standard error of the reference %.4f\n",
              1000 * rollout_cpu, mean_se);
  std::printf("  %-6s %12s %10s %10s %14s\n", "ply", "mean|err|", "±se", "rms", "ms CPU/pos");
  for (int ply = 0; ply <= o.max_ply; ++ply) {
    std::vector<Probabilities> v(n);
    ValuationConfig vc;
    vc.ply = ply;
    vc.threads = o.threads;
    const double c0 = process_cpu_seconds();
    value_positions(model, sample, vc, v);
    const double per = (process_cpu_seconds() - c0) / double(n);
    double sum = 0, sum2 = 0, sq = 0;
    for (size_t i = 0; i < n; ++i) {
      const double e = std::fabs(double(cubeless_equity(v[i], rules)) - ref[i]);
      sum += e;
      sum2 += e * e;
    }
    const double mean = sum / double(n);
    sq = std::sqrt(sum2 / double(n));
    const double se = std::sqrt(std::max(0.0, sum2 / double(n) - mean * mean) / double(n));
    std::printf("  %-6d %12.4f %10.4f %10.4f %14.3f\n", ply, mean, se, sq, 1000 * per);
  }
}
}  // namespace

void register_bench_targets(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<BenchTargetsOptions>();
  CLI::App* cmd = bench->add_subcommand(
      "targets", "Quality per CPU second of n-ply training targets against rollouts");
  add_bot_options(cmd, o->bot);
  cmd->add_option("--positions", o->positions, "Positions sampled from self-play")
      ->check(at_least(1));
  cmd->add_option("--trials", o->trials, "Rollout trials per reference position")
      ->check(at_least(36));
  cmd->add_option("--max-ply", o->max_ply, "Value the positions at 0..P ply")
      ->check(CLI::Range(0, 3));
  cmd->add_option("--threads", o->threads, "Threads")->check(at_least(1));
  cmd->add_option("--seed", o->seed, "Sampling and rollout seed")->check(unsigned_whole());
  cmd->callback([o] { run_bench_targets(*o); });
}

}  // namespace nard::tools
