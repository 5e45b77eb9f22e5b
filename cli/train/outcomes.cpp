// nard outcomes --out FILE.npdb --games N [--model FILE] [--seed S] [--first-game G]
//   [--exploration E] [--keep K] [--threads T] [--quiet]: plays self-play games with a model and
// writes the positions they pass through, each with its variance-reduced game result as the
// target (coach/outcome_targets.h), as a position database (coach/position_database.h) that
// `nard train --targets plyN --positions-from` fits beside n-ply targets. The database says
// "1-trial rollout" (the game itself, 0-ply play, luck adjusted by the 1-ply values of every turn).
// The positions are those `nard train` samples with the same model, seed, exploration and keep.
#include <cstdio>

#include "cli/bot_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/progress_line.h"
#include "cli/subcommand.h"
#include "coach/outcome_targets.h"
#include "coach/position_database.h"
#include "nn/bearoff_database.h"

namespace nard::tools {

namespace {

struct OutcomesOptions {
  std::string out, model, variant, rules;
  long long first_game = 0;
  int games = 1000;
  uint64_t seed = 1;
  double exploration = 0.05, keep = 0.5;
  int threads = 2;
  bool quiet = false;
};

void run_outcomes(const OutcomesOptions& o) {
  BotArgs args;
  args.variant = o.variant;
  args.rules = o.rules;
  args.model = o.model;
  std::unique_ptr<LoadedBot> bot = load_bot(args);
  if (!bot) return;
  const std::shared_ptr<const NeuralModel>& model = bot->model;
  const Rules& rules = bot->rules;
  Result<std::string> model_name = targets_model_name(bot->model_path, model->description());
  if (!model_name) return fail_input(model_name.error());

  SamplingConfig sc;
  sc.first_game = o.first_game;
  sc.games = o.games;
  sc.seed = o.seed;
  sc.exploration = o.exploration;
  sc.keep = o.keep;
  sc.threads = o.threads;
  const std::function<bool(const Position&)> skip = skip_bearoff_database(*model);
  const std::function<void(long long, long long)> bar =
      o.quiet ? [](long long, long long) {} : progress_bar_on_stderr("Playing", "games", 0);
  SampleStatistics stats;
  Result<std::vector<PositionRecord>> records =
      sample_outcome_targets(model, sc, skip, &stats, bar);
  if (!records) return fail_input(records.error());

  PositionDatabase out;
  out.variant = rules.variant;
  out.rules = rules.preset;
  out.target_kind = TargetKind::Rollout;
  out.target_ply = 0;
  out.target_trials = 1;
  out.model = *model_name;
  out.description =
      "nard outcomes: self-play games " + std::to_string(o.first_game) + ".." +
      std::to_string(o.first_game + o.games - 1) + " of seed " + std::to_string(o.seed) +
      " (0-ply greedy, exploration " + std::to_string(o.exploration) + ", keep " +
      std::to_string(o.keep) +
      "), each position's target its game's result adjusted for the luck of every later roll "
      "and the equity of every exploring play (1-ply values of the full net)";
  out.records = std::move(records).value();
  if (auto e = save_position_database(o.out, out)) return fail_runtime(*e);
  std::printf(
      "wrote %s: %zu positions from %lld games (%lld unfinished, %lld repeats, %lld bear-offs "
      "skipped)\n",
      o.out.c_str(), out.records.size(), stats.games, stats.unfinished_games, stats.repeats,
      stats.skipped);
}

}  // namespace

void register_outcomes(CLI::App& app) {
  auto o = std::make_shared<OutcomesOptions>();
  CLI::App* cmd = app.add_subcommand("outcomes",
                                     "Self-play positions with their variance-reduced game results "
                                     "as targets (a position database)");
  cmd->add_option("--out", o->out, "Position database file to write (*.npdb)")->required();
  cmd->add_option("--games", o->games, "Self-play games")->check(at_least(1));
  cmd->add_option("--first-game", o->first_game,
                  "Index of the first game (games first..first+N-1 of the seed)")
      ->check(at_least(0));
  cmd->add_option("--seed", o->seed, "Dice, exploration and keep seed")->check(unsigned_whole());
  cmd->add_option("--exploration", o->exploration, "Probability of a random play per move")
      ->check(real_in(0.0, 1.0));
  cmd->add_option("--keep", o->keep, "Probability of keeping a position met")
      ->check(real_in(0.0, 1.0));
  cmd->add_option("--threads", o->threads, "Threads")->check(at_least(1));
  cmd->add_option("--model", o->model,
                  "Model file (default: the shipped model of the game in models/)");
  cmd->add_option("--variant", o->variant, "backgammon|plakoto|tawla31|fevga|longnardy");
  cmd->add_option("--rules", o->rules, "Rules preset, e.g. wbf, iran, ru_short");
  cmd->add_flag("--quiet", o->quiet, "No progress bar");
  cmd->callback([o] { run_outcomes(*o); });
}

}  // namespace nard::tools
