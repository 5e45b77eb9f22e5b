// `nard train` with --targets td (the default): TD(lambda) self-play training
// (training/trainer.h) with the options of `nard train` (train.cpp), a progress line, atomic
// checkpoints, metrics.csv and strength.svg in --out.
#include <cstdio>
#include <functional>
#include <memory>
#include <sstream>
#include <string>

#include "cli/distributed_args.h"
#include "cli/output.h"
#include "cli/progress_line.h"
#include "cli/train/train_options.h"
#include "training/trainer.h"

namespace nard::tools {

namespace {
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
}  // namespace

void run_train_td(TrainOptions& o) {
  for (const CLI::Option* opt : o.supervised_only->get_options())
    if (opt->count())
      return fail_input(make_error(opt->get_name() +
                                   " is an option of the supervised pipeline (--targets "
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

}  // namespace nard::tools
