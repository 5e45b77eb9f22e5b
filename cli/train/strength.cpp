// nard strength --model FILE [--variant X] [--vs pubeval|heuristic|FILE] [--games N] [--threads T]:
// cubeless 0-ply strength of a model against a baseline, points per game with standard error
// (training/strength.h). In nard-train, with the trainer, which holds the match code.
#include "training/strength.h"

#include <chrono>
#include <cstdio>

#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "cli/train/training_commands.h"
#include "formats/position_arg.h"
#include "nn/weights_file.h"

namespace nard::tools {

namespace {
struct StrengthOptions {
  std::string model, variant, rules, vs = "heuristic";
  int games = 2000, threads = 2;
  uint64_t seed = 7;
};

void run_strength(const StrengthOptions& o) {
  Result<NetWeights> w = load_weights(o.model);
  if (!w) return fail_input(w.error());
  const std::string variant = o.variant.empty() ? std::string(variant_name(w->variant)) : o.variant;
  Result<Rules> rules = resolve_rules(variant, o.rules);
  if (!rules) return fail_input(rules.error());
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::create(*rules, *w);
  if (!model) return fail_input(model.error());
  training::Opponent opp;
  if (o.vs == "pubeval")
    opp.kind = training::OpponentKind::Pubeval;
  else if (o.vs == "heuristic")
    opp.kind = training::OpponentKind::Heuristic;
  else {
    Result<std::shared_ptr<const NeuralModel>> m = NeuralModel::load(*rules, o.vs);
    if (!m) return fail_input(m.error());
    opp.kind = training::OpponentKind::Net;
    opp.net = *m;
  }
  if (o.games < 2 || o.threads < 1)
    return fail_input(make_error("--games must be >= 2 and --threads >= 1"));
  const auto t0 = std::chrono::steady_clock::now();
  Result<training::StrengthResult> r =
      training::measure_strength(*rules, *model, opp, o.games, o.seed, o.threads);
  if (!r) return fail_input(r.error());
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "%s vs %s (%s): %d games, %+.4f points/game ± %.4f (1 s.e.), wins %d losses %d draws %d "
      "unfinished %d, %.1f s\n",
      o.model.c_str(), o.vs.c_str(), rules->preset.c_str(), r->games, r->points_per_game,
      r->standard_error, r->wins, r->losses, r->draws, r->unfinished, s);
}
}  // namespace

void register_strength(CLI::App& app) {
  auto o = std::make_shared<StrengthOptions>();
  CLI::App* cmd =
      app.add_subcommand("strength", std::string(training_command_description("", "strength")));
  cmd->add_option("--model", o->model, "Model file")->required();
  cmd->add_option("--variant", o->variant, "Game (default: the model's)");
  cmd->add_option("--rules", o->rules, "Rules preset");
  cmd->add_option("--vs", o->vs, "pubeval, heuristic, or another model file");
  cmd->add_option("--games", o->games, "Games (pairs with shared dice, sides swapped)")
      ->check(at_least(2));
  cmd->add_option("--threads", o->threads, "Threads")->check(at_least(1));
  cmd->add_option("--seed", o->seed, "Dice seed")->check(unsigned_whole());
  cmd->callback([o] { run_strength(*o); });
}

}  // namespace nard::tools
