// nard distill --model FILE --out FILE|DIR [--games N] [--hidden H] [--epochs E] [--keep K]:
// adds a pruning net (distilled from the model's own nets, training/distill.h) to a model of any
// game, which makes the search's lookahead several times cheaper. When --out is a directory the
// file is named nard-<game>-<sha256[0:12]>.nardnet. In nard-train (LibTorch).
#include "training/distill.h"

#include <cstdio>

#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "cli/train/training_commands.h"
#include "nn/weights_file.h"
#include "training/model_name.h"

namespace nard::tools {

namespace {
struct DistillOptions {
  std::string model, out;
  training::DistillConfig config;
};

void run_distill(const DistillOptions& o) {
  Result<NetWeights> w = load_weights(o.model);
  if (!w) return fail_input(w.error());
  for (int h : o.config.hidden)
    if (h < 1 || h > 4096) return fail_input(make_error("--hidden sizes must be 1..4096"));
  if (auto e = training::prepare_model_output(o.out)) return fail_input(*e);
  std::printf("distilling a pruning net from %s: %d self-play games, %d epochs\n", o.model.c_str(),
              o.config.games, o.config.epochs);
  std::fflush(stdout);
  Result<training::DistillResult> r = training::distill_prune_net(*w, o.config);
  if (!r) return fail_input(r.error());
  const training::DistillReport& rep = r->report;
  std::printf("  %lld training positions, final loss %.5f\n", rep.train_positions, rep.final_loss);
  std::printf(
      "  held out: %lld turns; the pruner's best is the full net's best in %.1f%%, its best %d "
      "contain it "
      "in %.1f%%; equity lost by pruning %.5f per turn\n",
      rep.held_out_turns, 100 * rep.top1_agreement, o.config.keep, 100 * rep.topk_agreement,
      rep.mean_equity_loss);
  const std::string path = training::model_output_path(o.out, r->weights);
  if (auto e = save_weights(path, r->weights)) return fail_runtime(*e);
  std::printf("%s\n", path.c_str());
}
}  // namespace

void register_distill(CLI::App& app) {
  auto o = std::make_shared<DistillOptions>();
  CLI::App* cmd =
      app.add_subcommand("distill", std::string(training_command_description("", "distill")));
  cmd->add_option("--model", o->model, "Model file (any game)")->required();
  cmd->add_option("--out", o->out, "Model file to write, or a directory (DIR/ is made if missing)")
      ->required();
  cmd->add_option("--games", o->config.games, "Self-play games (the last tenth held out)")
      ->check(at_least(10));
  cmd->add_option("--hidden", o->config.hidden, "Hidden sizes of the pruning net (default 32)")
      ->delimiter(',')
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--epochs", o->config.epochs, "Passes over the training positions")
      ->check(at_least(1));
  cmd->add_option("--lr", o->config.learning_rate, "Adam learning rate")->check(positive_real());
  cmd->add_option("--keep", o->config.keep,
                  "Plays the search keeps per roll (for the held-out figure)")
      ->check(at_least(1));
  cmd->add_option("--threads", o->config.threads, "Self-play threads")->check(at_least(1));
  cmd->add_option("--seed", o->config.seed, "Seed")->check(unsigned_whole());
  cmd->callback([o] { run_distill(*o); });
}

}  // namespace nard::tools
