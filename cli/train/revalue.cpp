// nard revalue DB... --out DIR [--model FILE] [--ply N | --rollout T [--truncate P] [--rollout-ply N]
// [--seed S]] [--threads N] [--only race|contact] [--win-window LO HI] [--gammon-share LO HI]
// [--one-in K]: values the positions of position databases again with a model's n-ply search or
// with rollouts, e.g. those of a supervised run whose targets came from an older, weaker net
// (coach/revaluation.h: where each output goes, what is kept, how a run resumes from
// OUTPUT.partial). Bad arguments and files exit with code 2, failures while valuing or writing
// (and a game without a shipped model) with code 1.
#include <cstdio>
#include <functional>
#include <memory>

#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/progress_line.h"
#include "cli/subcommand.h"
#include "coach/revaluation.h"

namespace nard::tools {

namespace {

struct RevalueOptions {
  RevaluationConfig config;
  bool quiet = false;  // no progress bar
};

void run_revalue(const RevalueOptions& o) {
  bool no_shipped_model = false;
  Result<RevaluationPlan> plan = plan_revaluation(o.config, &no_shipped_model);
  if (!plan) return no_shipped_model ? fail_runtime(plan.error()) : fail_input(plan.error());
  std::printf("valuing %lld positions of %zu database(s) by %s with %s\n", plan->positions,
              plan->jobs.size(), plan->header.target_name().c_str(), plan->model_path.c_str());
  std::fflush(stdout);
  // The bar is made at the first report, which gives the positions already valued: its ETA counts
  // only the positions valued now (progress_bar_text's done_at_start).
  std::function<void(long long, long long)> bar;
  const auto progress = [&](long long done, long long total) {
    if (o.quiet) return;
    if (!bar) bar = progress_bar_on_stderr("Valuing", "positions", done);
    bar(done, total);
  };
  Result<RevaluationSummary> summary = run_revaluation(*plan, progress);
  if (!summary) return fail_runtime(summary.error());
  std::printf("wrote %zu database(s) under %s (%lld positions valued, %lld already valued)\n",
              summary->databases, o.config.out.c_str(), summary->valued, summary->already_valued);
}

// An option of two numbers LO HI written into *lo and *hi (checked by plan_revaluation).
void add_unit_range_option(CLI::App* cmd, const std::string& name, double* lo, double* hi,
                           const std::string& help) {
  cmd->add_option_function<std::vector<double>>(
         name,
         [lo, hi](const std::vector<double>& v) {
           *lo = v[0];
           *hi = v[1];
         },
         help)
      ->expected(2)
      ->type_name("LO HI");
}
}  // namespace

void register_revalue(CLI::App& app) {
  auto o = std::make_shared<RevalueOptions>();
  CLI::App* cmd = app.add_subcommand("revalue",
                                     "Value position databases (*.npdb) again with a model's n-ply "
                                     "search or rollouts, e.g. a stronger net's");
  cmd->add_option("databases", o->config.inputs,
                  "Position database files, or directories searched for *.npdb")
      ->required();
  cmd->add_option("--out", o->config.out,
                  "Directory for the revalued databases (a file argument keeps its name, a "
                  "directory argument's files go under DIR/<its path>)")
      ->required();
  cmd->add_option("--model", o->config.model,
                  "Model file of the databases' game (default: the shipped one)");
  CLI::Option* ply =
      cmd->add_option("--ply", o->config.ply,
                      "Search depth of the new targets, 0..3 (gnubg's convention; default 2)")
          ->check(CLI::Range(0, 3));
  CLI::Option* rollout =
      cmd->add_option(
             "--rollout", o->config.rollout_trials,
             "Value by rollouts of this many trials instead of a search (variance reduction; "
             "a multiple of 36 uses the stratified dice fully)")
          ->check(at_least(1))
          ->excludes(ply);
  cmd->add_option("--truncate", o->config.truncate,
                  "Rollouts: the net's value after this many plies (0 = play to the end)")
      ->check(CLI::Range(0, 10000))
      ->needs(rollout);
  cmd->add_option("--rollout-ply", o->config.rollout_ply,
                  "Rollouts: checker-play depth inside the trials (default 0)")
      ->check(CLI::Range(0, 3))
      ->needs(rollout);
  cmd->add_option("--seed", o->config.seed,
                  "Rollouts: dice seed (each position's dice also depend on the position)")
      ->check(unsigned_whole())
      ->needs(rollout);
  cmd->add_option("--threads", o->config.threads, "Threads")->check(at_least(1));
  cmd->add_flag("--no-bearoff-db", o->config.no_bearoff_db,
                "Value bear-offs with the net, not the bear-off databases");
  cmd->add_option("--only", o->config.only,
                  "Value and write only the positions of this kind: race (no contact left, "
                  "bear-offs included) "
                  "or contact")
      ->check(CLI::IsMember({"race", "contact"}));
  add_unit_range_option(cmd, "--win-window", &o->config.win_min, &o->config.win_max,
                        "Value and write only the positions whose input target gives the side on "
                        "roll a winning chance from LO to HI (e.g. 0.55 0.92: where cube decisions "
                        "are made)");
  add_unit_range_option(
      cmd, "--gammon-share", &o->config.gammon_share_min, &o->config.gammon_share_max,
      "Value and write only the positions whose input target's gammon share "
      "(win_gammon / win) is from LO to HI (e.g. 0.4 1: the gammon-rich attacks)");
  cmd->add_option(
         "--one-in", o->config.one_in,
         "Of the positions chosen, value and write every K-th (the first, the K+1-th, ...)")
      ->check(at_least(1));
  cmd->add_flag("--quiet", o->quiet, "No progress bar");
  cmd->callback([o] { run_revalue(*o); });
}

}  // namespace nard::tools
