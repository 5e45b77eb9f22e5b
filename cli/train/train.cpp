// nard train --variant X --out DIR [--games N] [--hidden H] [--threads T] [--resume] [...]:
// TD(lambda) self-play training (training/trainer.h), with a progress line, atomic checkpoints,
// metrics.csv and strength.svg in DIR.
// nard train --targets ply1|ply2|ply3 --out DIR [--init-from MODEL] [--steps K] [...]: the
// supervised pipeline (training/supervised.h): nets fitted to their own n-ply search, step by step.
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <sstream>

#include "cli/distributed_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/progress_line.h"
#include "cli/subcommand.h"
#include "cli/train/training_commands.h"
#include "formats/position_arg.h"
#include "nn/model_path.h"
#include "nn/weights_file.h"
#include "training/supervised.h"
#include "training/trainer.h"

namespace nard::tools {

namespace {
struct TrainOptions {
  std::string variant, rules, optimizer = "adam", targets = "td";
  training::TrainConfig config;
  training::SupervisedConfig supervised;
  // Options the two methods share but with other defaults: taken for the supervised pipeline only
  // when given.
  CLI::Option *lr = nullptr, *batch = nullptr, *exploration = nullptr, *games = nullptr;
  // The option group of the supervised pipeline's own options: refused with --targets td
  // instead of ignored.
  CLI::Option_group* supervised_only = nullptr;
  MpiArgs mpi;
};

// Progress of the supervised pipeline: a line redrawn on a terminal, a plain line every few
// seconds into a file or pipe (cli/progress_line.h); messages and phase ends stay.
// Each phase's bar has an ETA from the rate since the phase (or its resumption) began.
std::function<void(const training::SupervisedProgress&)> supervised_reporter(
    std::shared_ptr<ProgressLine> line) {
  struct Phase {
    std::string name;
    int step = 0;
    std::chrono::steady_clock::time_point start;
    long long done_at_start = 0;
  };
  auto phase = std::make_shared<Phase>();
  return [line, phase](const training::SupervisedProgress& p) {
    char head[64];
    std::snprintf(head, sizeof head, "[step %d/%d] ", p.step, p.steps);
    if (!p.message.empty()) return line->message(head + p.phase + ": " + p.message);
    if (p.phase == "started" || p.phase == "resumed")
      return line->message(p.phase + " after " + std::to_string(p.done) + " of " +
                           std::to_string(p.steps) + " steps");
    const auto now = std::chrono::steady_clock::now();
    if (p.phase != phase->name || p.step != phase->step) *phase = {p.phase, p.step, now, p.done};
    const std::string unit = p.phase == "value" || p.phase == "focus" ? "positions"
                             : p.phase == "fit"                       ? "epochs"
                                                                      : "games";
    const double elapsed = std::chrono::duration<double>(now - phase->start).count();
    line->update(
        progress_bar_text(head + p.phase, p.done, p.total, unit, elapsed, phase->done_at_start),
        p.done >= p.total);
  };
}

void run_supervised_cmd(TrainOptions& o, const Rules& rules) {
  training::SupervisedConfig& s = o.supervised;
  s.variant = rules.preset;
  s.out_dir = o.config.out_dir;
  s.threads = o.config.threads;
  s.seed = o.config.seed;
  s.resume = o.config.resume;
  s.hidden = o.config.hidden;
  s.race_hidden = o.config.race_hidden;
  s.ply = o.targets[3] - '0';
  if (o.lr->count()) s.learning_rate = o.config.learning_rate;
  if (o.batch->count()) s.batch_size = o.config.batch_size;
  if (o.exploration->count()) s.exploration = o.config.exploration;
  if (o.games->count())
    return fail_input(
        make_error("--games counts TD self-play games; the supervised pipeline takes --steps and "
                   "--games-per-step"));
  if (s.init_from.empty()) {
    Result<std::string> path = default_model_path(rules.variant);
    if (!path) return fail_input(path.error());
    s.init_from = *path;
  }
  auto line = std::make_shared<ProgressLine>(ProgressLine::on_stderr());
  const auto show_supervised = supervised_reporter(line);
  o.mpi.threads = o.config.threads;
  run_distributed(o.mpi, [&](Communicator& comm, DistributedSession& session) {
    // What rank 0 says when mpirun stops it (another rank died): what the run directory holds.
    auto progress = [&](const training::SupervisedProgress& p) {
      show_supervised(p);
      const bool start = p.phase == "started" || p.phase == "resumed";
      const long long finished = p.phase == "step" ? p.step : start ? p.done : -1;
      if (finished >= 0)
        session.set_stop_message(
            "nard: " + s.out_dir + " keeps " + std::to_string(finished) +
            " finished step(s) and the chunks valued since: run the same command with --resume "
            "to continue");
    };
    std::function<void(const training::SupervisedProgress&)> shown;  // rank 0 prints
    if (comm.is_root()) shown = progress;
    if (auto e = training::run_supervised(comm, s, shown)) {
      if (comm.is_root()) line->finish();
      const bool input = e->message.find("resume") != std::string::npos ||
                         e->message.find("--") != std::string::npos ||
                         e->message.find("corrupt") != std::string::npos;
      return fail_distributed(comm, *e, input);
    }
    if (comm.is_root())
      line->finish(), std::fprintf(stderr, "done: %s (model: %s/latest.nardnet)\n",
                                   s.out_dir.c_str(), s.out_dir.c_str());
  });
  line->finish();
}

std::string strength_text(const training::MetricsRow& row) {
  std::ostringstream s;
  for (const auto& p : row.strength) {
    char buf[96];
    std::snprintf(buf, sizeof buf, " %s %+.3f±%.3f", p.opponent.c_str(), p.points_per_game,
                  p.standard_error);
    s << buf;
  }
  return s.str();
}

// Progress of TD training: a bar redrawn on a terminal, a plain line every few seconds into a file
// or pipe (cli/progress_line.h); evaluations and (re)starts stay as lines of their own.
std::function<void(const training::TrainProgress&)> train_reporter(
    std::shared_ptr<ProgressLine> line) {
  return [line](const training::TrainProgress& p) {
    char buf[256];
    if (p.event == "eval" && p.last_eval) {
      std::snprintf(buf, sizeof buf, "[eval] %lld games, %.0f s, loss %.5f:", p.games_done,
                    p.seconds, p.last_eval->loss);
      return line->message(buf + strength_text(*p.last_eval));
    }
    if (p.event == "started" || p.event == "resumed") {
      std::snprintf(buf, sizeof buf, "%s at %lld of %lld games", p.event.c_str(), p.games_done,
                    p.games_total);
      return line->message(buf);
    }
    if (p.event != "round") return;
    std::string text;
    if (line->terminal()) {
      const double frac = p.games_total ? double(p.games_done) / double(p.games_total) : 1.0;
      const int width = 30, filled = int(frac * width + 0.5);
      std::string bar(size_t(filled), '#');
      bar.resize(size_t(width), '.');
      text = "[" + bar + "] ";
    }
    std::snprintf(buf, sizeof buf, "%lld/%lld games  %.0f games/s (%.0f per CPU-s)  loss %.5f",
                  p.games_done, p.games_total, p.games_per_second, p.games_per_cpu_second, p.loss);
    text += buf;
    if (p.last_eval && !p.last_eval->strength.empty()) {
      const auto& s = p.last_eval->strength.front();
      std::snprintf(buf, sizeof buf, "  vs %s %+.3f±%.3f", s.opponent.c_str(), s.points_per_game,
                    s.standard_error);
      text += buf;
    }
    line->update(text, p.games_done >= p.games_total);
  };
}

void run_train(TrainOptions o) {
  Result<Rules> rules = resolve_rules(o.variant, o.rules);
  if (!rules) return fail_input(rules.error());
  o.config.variant = rules->preset;
  // A model to start from is the user's input: a missing, special or damaged file exits with 2.
  // (An older Tawla 31 model is a valid start: nn/weights_file.h LegacyNets.)
  if (!o.config.init_from.empty())
    if (Result<NetWeights> w =
            load_weights(o.config.init_from, LegacyNets{.tawla31_as_count = true});
        !w)
      return fail_input(w.error());
  if (o.targets != "td") {
    if (o.targets != "ply1" && o.targets != "ply2" && o.targets != "ply3")
      return fail_input(
          make_error("--targets must be td, ply1, ply2 or ply3, not '" + o.targets + "'"));
    return run_supervised_cmd(o, *rules);
  }
  for (const CLI::Option* opt : o.supervised_only->get_options())
    if (opt->count())
      return fail_input(
          make_error(opt->get_name() + " is an option of the supervised pipeline (--targets "
                                       "ply1|ply2|ply3), not of TD training"));
  if (o.optimizer == "adam")
    o.config.optimizer = training::OptimizerKind::Adam;
  else if (o.optimizer == "sgd")
    o.config.optimizer = training::OptimizerKind::Sgd;
  else
    return fail_input(make_error("--optimizer must be adam or sgd, not '" + o.optimizer + "'"));
  for (const auto* sizes : {&o.config.hidden, &o.config.race_hidden})
    for (int h : *sizes)
      if (h < 1 || h > 4096)
        return fail_input(make_error("--hidden and --race-hidden sizes must be 1..4096"));
  if (o.config.games < 1) return fail_input(make_error("--games must be positive"));
  if (o.config.threads < 1 || o.config.threads > 256)
    return fail_input(make_error("--threads must be 1..256"));
  if (o.config.batch_size < 1 || o.config.round_games < 1)
    return fail_input(make_error("--batch and --round-games must be positive"));
  if (o.config.lambda < 0 || o.config.lambda > 1)
    return fail_input(make_error("--lambda must be in [0, 1]"));
  if (!(o.config.learning_rate > 0)) return fail_input(make_error("--lr must be positive"));
  if (o.config.exploration < 0 || o.config.exploration > 1)
    return fail_input(make_error("--exploration must be in [0, 1]"));
  auto line = std::make_shared<ProgressLine>(ProgressLine::on_stderr());
  const auto show_progress = train_reporter(line);
  o.mpi.threads = o.config.threads;
  run_distributed(o.mpi, [&](Communicator& comm, DistributedSession& session) {
    // What rank 0 says when mpirun stops it (another rank died): what the run directory holds.
    auto progress = [&](const training::TrainProgress& p) {
      show_progress(p);
      if (p.event != "checkpoint" && p.event != "started" && p.event != "resumed") return;
      session.set_stop_message(p.games_done == 0
                                   ? "nard: " + o.config.out_dir +
                                         " has no checkpoint yet: run the same command again"
                                   : "nard: " + o.config.out_dir + " keeps its checkpoint of " +
                                         std::to_string(p.games_done) +
                                         " games: run the same command with --resume to continue");
    };
    std::function<void(const training::TrainProgress&)> shown;  // rank 0 prints
    if (comm.is_root()) shown = progress;
    if (auto e = training::run_training(comm, o.config, shown)) {
      if (comm.is_root()) line->finish();
      // Settings that contradict a run directory are the user's input; the rest are failures.
      const bool input = e->message.find("resume") != std::string::npos ||
                         e->message.find("corrupt") != std::string::npos ||
                         e->message.find("no checkpoint") != std::string::npos;
      return fail_distributed(comm, *e, input);
    }
    if (comm.is_root())
      line->finish(), std::fprintf(stderr, "done: %s\n", o.config.out_dir.c_str());
  });
  line->finish();
}
}  // namespace

void register_train(CLI::App& app) {
  auto o = std::make_shared<TrainOptions>();
  auto& c = o->config;
  CLI::App* cmd =
      app.add_subcommand("train", std::string(training_command_description("", "train")));
  cmd->add_option("--variant", o->variant, "Game (default backgammon)");
  cmd->add_option("--rules", o->rules, "Rules preset");
  cmd->add_option("--out", c.out_dir, "Run directory (checkpoints, metrics.csv, strength.svg)")
      ->required();
  cmd->add_option("--targets", o->targets,
                  "td: TD(lambda) self-play (default); ply1|ply2|ply3: the supervised pipeline, "
                  "each step fitting "
                  "the nets to positions valued by their own n-ply search");
  o->games = cmd->add_option("--games", c.games,
                             "TD: self-play games in total (rounded up to whole rounds)")
                 ->check(at_least(1));
  cmd->add_option("--hidden", c.hidden,
                  "Hidden layer sizes of the main net (backgammon: contact), e.g. --hidden 128 or "
                  "--hidden 128,64 (default: nn/ defaults)")
      ->delimiter(',')
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--race-hidden", c.race_hidden,
                  "Hidden layer sizes of backgammon's race net (default: nn/ defaults)")
      ->delimiter(',')
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--threads", c.threads,
                  "Self-play and evaluation threads (of each rank under mpirun)")
      ->check(CLI::Range(1, 256));
  cmd->add_flag("--resume", c.resume, "Continue the run in --out from its latest checkpoint");
  cmd->add_option("--lambda", c.lambda, "TD(lambda) parameter")->check(real_in(0, 1));
  o->lr =
      cmd->add_option("--lr", c.learning_rate, "Learning rate (TD default 1e-3, supervised 3e-4)")
          ->check(positive_real());
  cmd->add_option("--optimizer", o->optimizer, "adam or sgd");
  o->batch = cmd->add_option("--batch", c.batch_size,
                             "Minibatch size of the learner (TD default 128, supervised 256)")
                 ->check(at_least(1));
  cmd->add_option("--round-games", c.round_games,
                  "Self-play games between weight updates of the players")
      ->check(at_least(1));
  o->exploration =
      cmd->add_option("--exploration", c.exploration,
                      "Probability of a random play in self-play (TD default 0, supervised 0.05)")
          ->check(real_in(0, 1));
  cmd->add_option("--seed", c.seed, "Run seed")->check(unsigned_whole());
  cmd->add_option("--checkpoint-every", c.checkpoint_games, "Games between checkpoints")
      ->check(at_least(1));
  cmd->add_option("--eval-every", c.eval_games, "Games between evaluations (0: none)")
      ->check(at_least(0));
  cmd->add_option("--eval-games", c.eval_match_games, "Games per evaluation match")
      ->check(at_least(2));
  cmd->add_option("--init-from", c.init_from,
                  "Start from this model file's weights (same variant and sizes)");
  auto& sv = o->supervised;
  CLI::Option_group* g = o->supervised_only = cmd->add_option_group(
      "Supervised",
      "Options of the supervised pipeline (--targets ply1|ply2|ply3); refused by TD training");
  g->add_option("--steps", sv.steps, "Steps in all (sample, value, fit, measure)")
      ->check(at_least(1));
  g->add_option("--games-per-step", sv.games_per_step, "Self-play games sampled per step")
      ->check(at_least(1));
  g->add_option("--keep", sv.keep, "Probability of keeping a position met in the sampling games")
      ->check(real_in(0, 1));
  g->add_option("--alternatives", sv.alternatives,
                "Per sampled turn, also the results of the net's K best plays other than the one "
                "made (default 0)")
      ->check(CLI::Range(0, 64));
  g->add_option("--play-groups", sv.play_groups,
                "Sample play groups instead of positions: per sampled turn, the results of the "
                "net's K best plays "
                "(2..64; for --rank-weight)")
      ->check(CLI::Range(0, 64));
  g->add_option("--rank-weight", sv.rank_weight,
                "Weight of a ranking term over the play groups of the fitted databases: the "
                "differences between a "
                "roll's plays fitted to the targets' (default 0: none)")
      ->check(CLI::NonNegativeNumber);
  g->add_option("--focus", sv.focus,
                "Value and fit only this fraction of each step's sample: the positions where the "
                "net's 0-ply and "
                "1-ply differ most (default 1: all)")
      ->check(real_in(0, 1));
  g->add_option("--window", sv.window,
                "A step fits the positions of this many steps (itself included)")
      ->check(at_least(1));
  g->add_option("--epochs", sv.epochs, "Passes over the positions per step")->check(at_least(1));
  g->add_option("--lr-final", sv.final_learning_rate,
                "Each step's fit anneals the learning rate from --lr to this (cosine; default: "
                "constant --lr)")
      ->check(positive_real());
  g->add_option("--chunk", sv.chunk_positions, "Positions per database chunk")->check(at_least(1));
  g->add_option("--step-eval-games", sv.eval_games,
                "Paired games vs the previous and first model per step (0: none)")
      ->check(at_least(0));
  g->add_option("--positions-from", sv.extra_positions,
                "Position databases (files or directories of *.npdb) every step also fits")
      ->expected(1, 64);
  g->add_flag(
      "--fresh-nets", sv.fresh_nets,
      "The first step fits nets of the --hidden shapes from random weights (e.g. deeper nets)");
  g->add_option("--contact-inputs", sv.contact_inputs,
                "Backgammon: the contact net's inputs (bg-contact2: more positional features; a "
                "bg-contact net grows into it)")
      ->check(CLI::IsMember({"bg-contact", "bg-contact2"}));
  g->add_option(
       "--fit-only", sv.fit_only,
       "Backgammon: fit only this net (race or contact) and keep the other's weights as they are")
      ->check(CLI::IsMember({"race", "contact"}));
  g->add_flag("!--no-bearoff-db", sv.bearoff_database,
              "Value bear-offs with the net instead of the exact database");
  add_mpi_options(cmd, o->mpi);
  cmd->callback([o] {
    o->supervised.init_from = o->config.init_from;
    run_train(*o);
  });
}

}  // namespace nard::tools
