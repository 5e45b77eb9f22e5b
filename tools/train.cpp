// nard train --variant X --out DIR [--games N] [--hidden H] [--threads T] [--resume] [...]:
// TD(lambda) self-play training (training/trainer.h), with a progress line, atomic checkpoints,
// metrics.csv and strength.svg in DIR.
#ifdef NARD_WITH_TORCH  // the trainer is built only with LibTorch
#include <cstdio>
#include <sstream>

#include "tools/subcommand.h"
#include "tools/output.h"
#include "tools/position_arg.h"
#include "training/trainer.h"

namespace nard::tools {

namespace {
struct TrainOptions {
  std::string variant, rules, optimizer = "adam";
  training::TrainConfig config;
};

std::string strength_text(const training::MetricsRow& row) {
  std::ostringstream s;
  for (const auto& p : row.strength) {
    char buf[96];
    std::snprintf(buf, sizeof buf, " %s %+.3f±%.3f", p.opponent.c_str(), p.points_per_game, p.standard_error);
    s << buf;
  }
  return s.str();
}

void show_progress(const training::TrainProgress& p) {
  const double frac = p.games_total ? double(p.games_done) / double(p.games_total) : 1.0;
  if (p.event == "eval" && p.last_eval) {
    std::fprintf(stderr, "\n[eval] %lld games, %.0f s, loss %.5f:%s\n", p.games_done, p.seconds,
                 p.last_eval->loss, strength_text(*p.last_eval).c_str());
    return;
  }
  if (p.event == "started" || p.event == "resumed") {
    std::fprintf(stderr, "%s at %lld of %lld games\n", p.event.c_str(), p.games_done, p.games_total);
    return;
  }
  if (p.event != "round") return;
  const int width = 30, filled = int(frac * width + 0.5);
  std::string bar(size_t(filled), '#');
  bar.resize(size_t(width), '.');
  std::string latest;
  if (p.last_eval && !p.last_eval->strength.empty()) {
    const auto& s = p.last_eval->strength.front();
    char buf[96];
    std::snprintf(buf, sizeof buf, "  vs %s %+.3f±%.3f", s.opponent.c_str(), s.points_per_game, s.standard_error);
    latest = buf;
  }
  std::fprintf(stderr, "\r[%s] %lld/%lld games  %.0f games/s (%.0f per CPU-s)  loss %.5f%s   ", bar.c_str(),
               p.games_done, p.games_total, p.games_per_second, p.games_per_cpu_second, p.loss, latest.c_str());
  std::fflush(stderr);
}

void run_train(TrainOptions o) {
  Result<Rules> rules = resolve_rules(o.variant, o.rules);
  if (!rules) return fail_input(rules.error());
  o.config.variant = rules->preset;
  if (o.optimizer == "adam") o.config.optimizer = training::OptimizerKind::Adam;
  else if (o.optimizer == "sgd") o.config.optimizer = training::OptimizerKind::Sgd;
  else return fail_input(make_error("--optimizer must be adam or sgd, not '" + o.optimizer + "'"));
  for (const auto* sizes : {&o.config.hidden, &o.config.race_hidden})
    for (int h : *sizes)
      if (h < 1 || h > 4096) return fail_input(make_error("--hidden and --race-hidden sizes must be 1..4096"));
  if (o.config.games < 1) return fail_input(make_error("--games must be positive"));
  if (o.config.threads < 1 || o.config.threads > 256) return fail_input(make_error("--threads must be 1..256"));
  if (o.config.batch_size < 1 || o.config.round_games < 1)
    return fail_input(make_error("--batch and --round-games must be positive"));
  if (o.config.lambda < 0 || o.config.lambda > 1) return fail_input(make_error("--lambda must be in [0, 1]"));
  if (!(o.config.learning_rate > 0)) return fail_input(make_error("--lr must be positive"));
  if (o.config.exploration < 0 || o.config.exploration > 1)
    return fail_input(make_error("--exploration must be in [0, 1]"));
  if (auto e = training::run_training(o.config, show_progress)) {
    std::fprintf(stderr, "\n");
    // Settings that contradict a run directory are the user's input; the rest are failures.
    const bool input = e->message.find("resume") != std::string::npos ||
                       e->message.find("corrupt") != std::string::npos ||
                       e->message.find("no checkpoint") != std::string::npos;
    return input ? fail_input(*e) : fail_runtime(*e);
  }
  std::fprintf(stderr, "\ndone: %s\n", o.config.out_dir.c_str());
}
}  // namespace

void register_train(CLI::App& app) {
  auto o = std::make_shared<TrainOptions>();
  auto& c = o->config;
  CLI::App* cmd = app.add_subcommand("train", "Train a net by TD(lambda) self-play (checkpoints in --out)");
  cmd->add_option("--variant", o->variant, "Game (default backgammon)");
  cmd->add_option("--rules", o->rules, "Rules preset");
  cmd->add_option("--out", c.out_dir, "Run directory (checkpoints, metrics.csv, strength.svg)")->required();
  cmd->add_option("--games", c.games, "Self-play games in total (rounded up to whole rounds)");
  cmd->add_option("--hidden", c.hidden, "Hidden layer sizes of the main net (backgammon: contact), e.g. --hidden 128 or --hidden 128,64 (default: nn/ defaults)")
      ->delimiter(',');
  cmd->add_option("--race-hidden", c.race_hidden, "Hidden layer sizes of backgammon's race net (default: nn/ defaults)")
      ->delimiter(',');
  cmd->add_option("--threads", c.threads, "Self-play and evaluation threads");
  cmd->add_flag("--resume", c.resume, "Continue the run in --out from its latest checkpoint");
  cmd->add_option("--lambda", c.lambda, "TD(lambda) parameter");
  cmd->add_option("--lr", c.learning_rate, "Learning rate");
  cmd->add_option("--optimizer", o->optimizer, "adam or sgd");
  cmd->add_option("--batch", c.batch_size, "Minibatch size of the learner");
  cmd->add_option("--round-games", c.round_games, "Self-play games between weight updates of the players");
  cmd->add_option("--exploration", c.exploration, "Probability of a random play in self-play");
  cmd->add_option("--seed", c.seed, "Run seed");
  cmd->add_option("--checkpoint-every", c.checkpoint_games, "Games between checkpoints");
  cmd->add_option("--eval-every", c.eval_games, "Games between evaluations (0: none)");
  cmd->add_option("--eval-games", c.eval_match_games, "Games per evaluation match");
  cmd->add_option("--init-from", c.init_from, "Start from this model file's weights (same variant and sizes)");
  cmd->callback([o] { run_train(*o); });
}

}  // namespace nard::tools

#endif  // NARD_WITH_TORCH
