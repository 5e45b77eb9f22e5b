// nard refit-race --model FILE --out FILE|DIR [--games N] [--rounds R] [--epochs E] [--lr A]:
// refits a backgammon model's race net by value iteration from the bear-off database
// (training/race_refit.h). When --out is a directory the file is named
// nard-<game>-<sha256[0:12]>.nardnet. In nard-train (LibTorch).
#include <cstdio>

#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "cli/train/training_commands.h"
#include "nn/weights_file.h"
#include "training/model_name.h"
#include "training/race_refit.h"

namespace nard::tools {

namespace {
struct RefitRaceOptions {
  std::string model, out;
  training::RaceRefitConfig config;
};

void run_refit_race(const RefitRaceOptions& o) {
  Result<NetWeights> w = load_weights(o.model);
  if (!w) return fail_input(w.error());
  if (auto e = training::prepare_model_output(o.out)) return fail_input(*e);
  std::printf("refitting the race net of %s: %d self-play games, %d rounds of %d epochs\n",
              o.model.c_str(), o.config.games, o.config.rounds, o.config.epochs);
  std::fflush(stdout);
  Result<training::RaceRefitResult> r = training::refit_race_net(*w, o.config);
  if (!r) return fail_input(r.error());
  const training::RaceRefitReport& rep = r->report;
  std::printf("  %lld training race positions, %lld held out\n", rep.train_positions,
              rep.held_out_positions);
  for (size_t k = 0; k < rep.rounds.size(); ++k)
    std::printf("  round %zu: held-out |0-ply - 1-ply| equity %.4f -> %.4f, loss %.5f\n", k + 1,
                rep.rounds[k].held_out_before, rep.rounds[k].held_out_after, rep.rounds[k].loss);
  const std::string path = training::model_output_path(o.out, r->weights);
  if (auto e = save_weights(path, r->weights)) return fail_runtime(*e);
  std::printf("%s\n", path.c_str());
}
}  // namespace

void register_refit_race(CLI::App& app) {
  auto o = std::make_shared<RefitRaceOptions>();
  CLI::App* cmd =
      app.add_subcommand("refit-race", std::string(training_command_description("", "refit-race")));
  cmd->add_option("--model", o->model, "Backgammon model file")->required();
  cmd->add_option("--out", o->out, "Model file to write, or a directory (DIR/ is made if missing)")
      ->required();
  cmd->add_option("--games", o->config.games,
                  "Self-play games giving the race positions (the last tenth held out)")
      ->check(at_least(10));
  cmd->add_option("--rounds", o->config.rounds, "Rounds of 1-ply targets and training")
      ->check(at_least(1));
  cmd->add_option("--epochs", o->config.epochs, "Passes over the training positions per round")
      ->check(at_least(1));
  cmd->add_option("--lr", o->config.learning_rate, "Adam learning rate")->check(positive_real());
  cmd->add_option("--batch", o->config.batch_size, "Examples per optimizer step")
      ->check(at_least(1));
  cmd->add_option("--bearoff-one-in", o->config.bearoff_one_in,
                  "Of the bear-off turns the database covers, train on one in this many (0: none)")
      ->check(at_least(0));
  cmd->add_option("--threads", o->config.threads, "Self-play and target threads")
      ->check(at_least(1));
  cmd->add_option("--seed", o->config.seed, "Seed")->check(unsigned_whole());
  cmd->callback([o] { run_refit_race(*o); });
}

}  // namespace nard::tools
