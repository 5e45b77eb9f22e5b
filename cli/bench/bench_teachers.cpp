// nard bench teachers [--file F]... [--every N] [--plays K] [--max-ply P] [--trials T] [--truncate L]
// [--seed S] [--threads N] [--model M]: how good the supervised pipeline's possible teachers (the
// model's n-ply search, truncated rollouts) are against reference checker-play equities that no net
// of ours made (GNU Backgammon 2-ply's by default: both committed checker sets), per CPU second
// (bench/teacher_quality.h). Prints per teacher the choice loss among the reference's best plays, the
// value error of its best play (absolute and signed) and both paired against 2-ply.
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "bench/teacher_quality.h"
#include "cli/bot_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/progress_line.h"
#include "cli/subcommand.h"

namespace nard::tools {

namespace {

struct BenchTeachersOptions {
  std::vector<std::string> files;
  std::string model;
  TeacherQualityConfig config;
  bool quiet = false;
};

void run_bench_teachers(const BenchTeachersOptions& o) {
  std::vector<std::string> files = o.files;
  if (files.empty()) {
    files = default_checker_reference_paths();
  }
  std::vector<CheckerReference> refs;
  for (const std::string& f : files) {
    Result<std::vector<CheckerReference>> r = load_checker_references(f);
    if (!r) return fail_input(r.error());
    refs.insert(refs.end(), r->begin(), r->end());
  }
  BotArgs args;
  args.model = o.model;
  std::unique_ptr<LoadedBot> bot = load_bot(args);
  if (!bot) return;
  const TeacherProgress bar =
      o.quiet ? TeacherProgress{} : progress_bar_on_stderr("Valuing", "positions");
  Result<TeacherQuality> q = measure_teachers(bot->model, refs, o.config, bar);
  if (!q) return fail_input(q.error());
  std::printf(
      "teacher bench: %d pairs (every %d of %zu), the reference's best %d plays each (%d "
      "positions); model %s\n",
      q->pairs, o.config.every, refs.size(), o.config.plays, q->positions,
      std::filesystem::path(bot->model_path).filename().string().c_str());
  // The paired figures are against the pipeline's teacher, 2-ply (the deepest search measured when less).
  const std::string base = q->teachers[q->baseline].name;
  std::printf("  equities x1000; +- one standard error; 'vs %s' paired (teacher minus %s)\n",
              base.c_str(), base.c_str());
  std::printf("  %-40s %16s %16s %16s %18s %18s %10s\n", "teacher", "choice loss", "|value error|",
              "value bias", ("loss vs " + base).c_str(), ("|error| vs " + base).c_str(),
              "ms CPU/pos");
  for (const TeacherScore& t : q->teachers)
    std::printf(
        "  %-40s %7.2f +- %5.2f %7.1f +- %5.1f %+7.1f +- %5.1f %+8.2f +- %5.2f %+8.1f +- %5.1f "
        "%10.2f\n",
        t.name.c_str(), 1000 * t.choice_loss.mean, 1000 * t.choice_loss.std_error,
        1000 * t.abs_value_error.mean, 1000 * t.abs_value_error.std_error, 1000 * t.value_bias.mean,
        1000 * t.value_bias.std_error, 1000 * t.choice_loss_vs_baseline.mean,
        1000 * t.choice_loss_vs_baseline.std_error, 1000 * t.abs_error_vs_baseline.mean,
        1000 * t.abs_error_vs_baseline.std_error, t.cpu_ms_per_position);
  for (const TeacherScore& t : q->teachers)
    if (t.mean_value_std_error > 0)
      std::printf("  %s: its values' own mean standard error %.1f (x1000)\n", t.name.c_str(),
                  1000 * t.mean_value_std_error);
}

}  // namespace

void register_bench_teachers(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<BenchTeachersOptions>();
  CLI::App* cmd = bench->add_subcommand("teachers",
                                        "Training targets (n-ply, truncated rollouts) against "
                                        "reference checker-play equities (gnubg 2-ply)");
  cmd->add_option("--file", o->files,
                  "Checker reference files (bench/checker_reference.h; default: both gnubg 2-ply "
                  "sets in tests/data)");
  cmd->add_option("--model", o->model, "Model file (default: the shipped backgammon model)");
  cmd->add_option("--every", o->config.every, "Take every N-th pair of the references (default 10)")
      ->check(at_least(1));
  cmd->add_option("--plays", o->config.plays,
                  "The reference's best plays per pair the teachers rank (default 3)")
      ->check(at_least(2));
  cmd->add_option("--max-ply", o->config.max_ply, "n-ply teachers 0..P (default 3)")
      ->check(CLI::Range(0, 3));
  cmd->add_option("--trials", o->config.rollout_trials,
                  "Rollout teacher's trials (0: none; default 72)")
      ->check(CLI::Range(0, 1000000));
  cmd->add_option(
         "--truncate", o->config.truncate_plies,
         "Rollout trials end with the net's value after L plies (default 10; 0: to the end)")
      ->check(CLI::Range(0, 10000));
  cmd->add_option("--seed", o->config.seed, "Rollout dice seed (default 5)")
      ->check(unsigned_whole());
  cmd->add_option("--threads", o->config.threads,
                  "Threads (the CPU figures count OpenMP's waiting too: 1 for clean ones)")
      ->check(at_least(1));
  cmd->add_flag("--quiet", o->quiet, "No progress bar");
  cmd->callback([o] { run_bench_teachers(*o); });
}

}  // namespace nard::tools
