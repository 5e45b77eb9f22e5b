// `nard train --targets ply1|ply2|ply3`: the supervised pipeline's config from the options of
// `nard train` (train.cpp), run by training/supervised.h with a progress line.
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>

#include "cli/distributed_args.h"
#include "cli/output.h"
#include "cli/progress_line.h"
#include "cli/train/train_options.h"
#include "nn/model_path.h"
#include "training/supervised.h"

namespace nard::tools {

namespace {
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
}  // namespace

void run_train_supervised(TrainOptions& o, const Rules& rules) {
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

}  // namespace nard::tools
