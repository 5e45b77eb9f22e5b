// `nard train --recipe GAME|FILE --out DIR [--threads T] [--budget CPU-HOURS] [--init-from MODEL]
// [--resume]`: every stage of a training recipe in order (training/recipe/recipe_run.h), with
// "stage k of n" and an ETA on a progress line, and DIR/report.html at the end. The recipe is read
// and checked, with the options, before anything is written: bad input exits with 2.
#include <cstdio>
#include <memory>
#include <set>
#include <string>

#include "cli/distributed_args.h"
#include "cli/output.h"
#include "cli/play/match_sides.h"
#include "cli/progress_line.h"
#include "cli/train/train_options.h"
#include "core/read_file.h"
#include "play/head_to_head.h"
#include "search/match_equity.h"
#include "training/recipe/recipe.h"
#include "training/recipe/recipe_run.h"

namespace nard::tools {

namespace {

// The recipe's "gnubg" opponent: the model at 0-ply against gnubg 0-ply, cubeless money games with
// duplicate dice, as `nard match --a net --b gnubg --cubeless` plays them.
Result<training::StrengthResult> gnubg_strength(const Rules& rules_in,
                                                const std::string& model_path,
                                                const std::string& /*opponent*/, int games,
                                                uint64_t seed, int threads) {
  Rules rules = rules_in;
  rules.cube = false;
  BotArgs defaults;
  defaults.variant = std::string(variant_name(rules.variant));
  defaults.rules = rules.preset;
  const std::vector<Rules> rotation{rules};
  MatchSide net_side, gnubg_side;  // both at 0-ply, the net with the model given
  net_side.model = model_path;
  net_side.ply = 0;
  gnubg_side.kind = "gnubg";
  gnubg_side.ply = 0;
  Result<RotationSide> a = resolve_rotation_side(net_side, defaults, rotation, false);
  if (!a) return a.error();
  Result<RotationSide> b = resolve_rotation_side(gnubg_side, defaults, rotation, false);
  if (!b) return b.error();
  Result<MatchEquityTable> met = MatchEquityTable::load(MatchEquityTable::default_path());
  if (!met) return met.error();
  HeadToHeadConfig config;
  config.games = games;
  config.threads = threads;
  config.seed = seed;
  Result<HeadToHeadResult> r =
      play_head_to_head(config, thread_agents(*a, *b, rotation, &*met, false), nullptr);
  if (!r) return r.error();
  training::StrengthResult s;
  s.opponent = "gnubg";
  s.games = int(r->played);
  s.wins = int(r->a_wins);
  s.points_per_game = r->mean;
  s.standard_error = r->se;
  return s;
}

std::string duration_text(double seconds) {
  char buf[32];
  const long s = long(seconds + 0.5);
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%ldh%02ldm", s / 3600, s / 60 % 60);
  else
    std::snprintf(buf, sizeof buf, "%ldm%02lds", s / 60, s % 60);
  return buf;
}

}  // namespace

void run_train_recipe(TrainOptions& o, const CLI::App& cmd) {
  // The recipe sets every setting of the stages: only these options go with --recipe.
  static const std::set<std::string> allowed = {
      "--recipe", "--out",        "--threads", "--budget", "--init-from",
      "--resume", "--from-stage", "--variant", "--rules",  "--mpi-timeout"};
  for (const CLI::Option* opt : cmd.get_options())
    if (opt->count() && !allowed.count(opt->get_name()))
      return fail_input(make_error(opt->get_name() +
                                   " is set by the recipe's stages; with "
                                   "--recipe give only --out, --threads, --budget, --init-from, "
                                   "--resume (and --variant/--rules to check the recipe's game)"));
  for (const CLI::App* group : cmd.get_subcommands({}))
    for (const CLI::Option* opt : group->get_options())
      if (opt->count())
        return fail_input(make_error(opt->get_name() + " is set by the recipe's stages"));
  if (o.budget_cpu_hours < 0) return fail_input(make_error("--budget must be positive"));
  Result<std::string> path = training::find_recipe(o.recipe);
  if (!path) return fail_input(path.error());
  Result<std::string> text = read_regular_file(*path, "recipe file", 1 << 20);
  if (!text) return fail_input(text.error());
  Result<training::Recipe> recipe = training::parse_recipe(*text, *path);
  if (!recipe) return fail_input(recipe.error());
  Result<Rules> recipe_rules = rules_by_name(recipe->game);
  if (!recipe_rules) return fail_input(recipe_rules.error());
  if (!o.variant.empty() || !o.rules.empty()) {
    Result<Rules> asked = resolve_rules(o.variant, o.rules);
    if (!asked) return fail_input(asked.error());
    if (asked->preset != recipe_rules->preset)
      return fail_input(make_error(*path + " is a recipe for " + recipe->game + " (rules " +
                                   recipe_rules->preset + "), not for " + asked->preset));
  }
  if (!o.config.init_from.empty()) {
    Result<NetWeights> w = load_weights(o.config.init_from, LegacyNets{.tawla31_as_count = true});
    if (!w) return fail_input(w.error());
    if (w->variant != recipe_rules->variant)
      return fail_input(make_error("--init-from " + o.config.init_from + " is a " +
                                   std::string(variant_name(w->variant)) +
                                   " model; the recipe is " + recipe->game + "'s"));
  }

  training::RecipeRunOptions run;
  run.out_dir = o.config.out_dir;
  run.recipe_text = *text;
  run.init_from = o.config.init_from;
  run.from_stage = o.from_stage;
  if (!run.from_stage.empty()) {
    bool found = false;
    for (const training::RecipeStage& s : recipe->stages) found = found || s.name == run.from_stage;
    if (!found)
      return fail_input(make_error("--from-stage " + run.from_stage + ": " + *path +
                                   " has no stage of that name"));
    if (run.init_from.empty())
      return fail_input(
          make_error("--from-stage needs --init-from: the model the stages before "
                     "it made"));
  }
  run.threads = o.config.threads;
  run.budget_cpu_hours = o.budget_cpu_hours;
  run.resume = o.config.resume;
  auto line = std::make_shared<ProgressLine>(ProgressLine::on_stderr());
  auto show = [line](const training::RecipeProgress& p) {
    std::string head = p.stage > 0
                           ? "stage " + std::to_string(p.stage) + "/" + std::to_string(p.stages) +
                                 " " + p.stage_name + " (" + p.kind + ")"
                           : "recipe";
    if (p.event) return line->message(head + ": " + p.status);
    std::string text = head;
    if (p.fraction >= 0) {
      char buf[32];
      std::snprintf(buf, sizeof buf, " %3.0f%%", 100 * p.fraction);
      text += buf;
    }
    if (p.eta_seconds >= 0) text += ", ETA " + duration_text(p.eta_seconds);
    line->update(text + "  " + p.status);
  };
  o.mpi.threads = o.config.threads;
  run_distributed(o.mpi, [&](Communicator& comm, DistributedSession& session) {
    session.set_stop_message("nard: " + run.out_dir +
                             " keeps the stages done so far: run the same command with --resume");
    std::function<void(const training::RecipeProgress&)> shown;
    if (comm.is_root()) shown = show;
    Result<training::RecipeOutcome> r =
        training::run_recipe(comm, *recipe, run, gnubg_strength, shown);
    if (comm.is_root()) line->finish();
    if (!r) {
      const std::string& m = r.error().message;
      const bool input = m.find("resume") != std::string::npos ||
                         m.find("not empty") != std::string::npos ||
                         m.find("already holds") != std::string::npos;
      return fail_distributed(comm, r.error(), input);
    }
    if (comm.is_root()) {
      std::printf("%s\n%.3f CPU-hours in the stages; report: %s/report.html\n", r->message.c_str(),
                  r->cpu_hours, run.out_dir.c_str());
      std::fflush(stdout);
    }
  });
}

}  // namespace nard::tools
