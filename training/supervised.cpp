#include "training/supervised.h"

#include <cstdio>
#include <filesystem>
#include <sstream>

#include "core/atomic_file.h"
#include "core/cpu_time.h"
#include "core/work_share.h"
#include "nn/weights_file.h"
#include "play/bot.h"
#include "training/checkpoint.h"
#include "training/metrics.h"
#include "training/run_directory.h"
#include "training/supervised_steps.h"

// The pipeline's steps run by run_supervised below; their phases are in supervised_setup.cpp,
// supervised_sampling.cpp, supervised_fit.cpp and supervised_measure.cpp (supervised_steps.h).

namespace nard::training {

namespace fs = std::filesystem;

namespace supervised {

std::string step_dir(const SupervisedConfig& c, int step) {
  char name[32];
  std::snprintf(name, sizeof name, "step-%04d", step);
  return (fs::path(c.out_dir) / name).string();
}
std::string chunk_path(const std::string& dir, int chunk) {
  char name[32];
  std::snprintf(name, sizeof name, "positions-%04d.npdb", chunk);
  return (fs::path(dir) / name).string();
}

std::string report_text(const StepReport& r) {
  std::ostringstream s;
  s.precision(9);
  s << "positions " << r.positions << "\npositions_total " << r.positions_total << "\nseconds "
    << r.seconds << "\ncpu_seconds " << r.cpu_seconds << "\nvalue_seconds " << r.value_seconds
    << "\nvalue_cpu_seconds " << r.value_cpu_seconds << "\nfit_seconds " << r.fit_seconds
    << "\nfit_cpu_seconds " << r.fit_cpu_seconds << "\nheld_out_before " << r.held_out_before
    << "\nheld_out_after " << r.held_out_after << "\nloss " << r.loss << "\n";
  if (r.held_out_choice_before > 0 || r.held_out_choice_after > 0)
    s << "held_out_choice_before " << r.held_out_choice_before << "\nheld_out_choice_after "
      << r.held_out_choice_after << "\n";
  for (const StrengthPoint& p : r.metrics.strength)
    s << "strength " << p.opponent << ' ' << p.points_per_game << ' ' << p.standard_error << ' '
      << p.games << "\n";
  return s.str();
}

void set_metrics_row(StepReport& r, const std::vector<StepReport>& before) {
  r.metrics.games = r.positions_total;
  r.metrics.loss = r.loss;
  r.metrics.seconds = r.seconds + (before.empty() ? 0.0 : before.back().metrics.seconds);
}

Result<StepReport> parse_report(const std::string& path) {
  Result<std::string> text = read_file(path);
  if (!text) return text.error();
  StepReport r;
  std::istringstream in(*text);
  std::string key;
  while (in >> key) {
    if (key == "strength") {
      StrengthPoint p;
      in >> p.opponent >> p.points_per_game >> p.standard_error >> p.games;
      r.metrics.strength.push_back(p);
    } else {
      double v = 0;
      in >> v;
      if (key == "positions")
        r.positions = (long long)v;
      else if (key == "positions_total")
        r.positions_total = (long long)v;
      else if (key == "seconds")
        r.seconds = v;
      else if (key == "cpu_seconds")
        r.cpu_seconds = v;
      else if (key == "value_seconds")
        r.value_seconds = v;
      else if (key == "value_cpu_seconds")
        r.value_cpu_seconds = v;
      else if (key == "fit_seconds")
        r.fit_seconds = v;
      else if (key == "fit_cpu_seconds")
        r.fit_cpu_seconds = v;
      else if (key == "held_out_before")
        r.held_out_before = v;
      else if (key == "held_out_after")
        r.held_out_after = v;
      else if (key == "loss")
        r.loss = v;
      else if (key == "held_out_choice_before")
        r.held_out_choice_before = v;
      else if (key == "held_out_choice_after")
        r.held_out_choice_after = v;
    }
    if (!in)
      return make_error(path +
                        ": malformed step report (delete the step directory to redo the step)");
  }
  return r;
}

// The CPU seconds of every rank added up (on rank 0; the others get their own).
Result<double> cpu_of_all_ranks(Communicator& comm, double mine) {
  if (comm.size() == 1) return mine;
  Result<std::vector<double>> all =
      gather_values<double>(comm, comm.size(), std::vector<double>{mine});
  if (!all) return all.error();
  if (!comm.is_root()) return mine;
  double sum = 0;
  for (double x : *all) sum += x;
  return sum;
}

void RunState::report(int step, const std::string& phase, long long done, long long total,
                      const std::string& message) const {
  if (!progress || !root) return;
  SupervisedProgress p;
  p.step = step;
  p.steps = config.steps;
  p.phase = phase;
  p.done = done;
  p.total = total;
  p.message = message;
  progress(p);
}

namespace {

// The model that values positions: the nets, plus the exact bear-off database where it applies.
Result<std::shared_ptr<const NeuralModel>> playing_model(const Rules& rules, const NetWeights& w,
                                                         bool bearoff) {
  Result<std::shared_ptr<const NeuralModel>> m = NeuralModel::create(rules, w);
  if (!m) return m;
  return with_bearoff(*m, bearoff ? BearoffDatabases::Both : BearoffDatabases::None);
}

// Rank 0: the files of a finished step; report.txt last (the step is complete).
std::optional<Error> write_step_files(const RunState& run, const std::string& dir,
                                      const StepReport& rep, const NetWeights& next) {
  std::vector<MetricsRow> rows;
  for (const StepReport& r : run.reports) rows.push_back(r.metrics);
  if (auto e = write_file_atomic((run.out / "metrics.csv").string(), metrics_csv(rows))) return e;
  if (auto e = write_file_atomic(
          (run.out / "strength.svg").string(),
          strength_svg(rows,
                       "nard " + run.rules.preset + ": supervised steps, " +
                           std::to_string(run.config.ply) + "-ply targets (0-ply play)",
                       "positions valued")))
    return e;
  if (auto e = save_weights((run.out / "latest.nardnet").string(), next)) return e;
  if (auto e = write_file_atomic((fs::path(dir) / "report.txt").string(), report_text(rep)))
    return e;
  return std::nullopt;
}

// Step `step` of the run, from sampling to its files; the fitted model becomes the current one.
std::optional<Error> run_step(RunState& run, int step) {
  const SupervisedConfig& c = run.config;
  const auto t_step = Clock::now();
  const double cpu_step = process_cpu_seconds();
  const std::string dir = step_dir(c, step);
  if (run.root) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return make_error("cannot create " + dir + ": " + ec.message());
  }
  Result<std::shared_ptr<const NeuralModel>> model =
      playing_model(run.rules, run.current, c.bearoff_database);
  if (!model) return model.error();

  // 1. Sampling.
  Result<std::vector<Position>> sample = sample_step(run, step, *model);
  if (!sample) return sample.error();
  // 2. Valuation, chunk by chunk; chunks already on disk (from before a kill) are kept.
  StepReport rep;
  if (auto e = value_step(run, step, dir, *model, *sample, rep)) return e;
  // 3. Fit every net to the positions of the window (rank 0; the others get the new weights).
  NetWeights next = run.current;
  if (auto e = fit_step(run, step, dir, rep, next)) return e;
  // 4. Strength: the new model against the previous one and the first one.
  if (auto e = measure_step(run, step, next, rep)) return e;

  rep.seconds = since(t_step);
  Result<double> step_cpu = cpu_of_all_ranks(run.comm, process_cpu_seconds() - cpu_step);
  if (!step_cpu) return step_cpu.error();
  rep.cpu_seconds = *step_cpu;
  set_metrics_row(rep, run.reports);
  run.reports.push_back(rep);

  run.current = next;
  if (!run.root) return std::nullopt;
  if (auto e = write_step_files(run, dir, rep, next)) return e;
  char m[200];
  std::snprintf(m, sizeof m,
                "step %d done in %.0f s (%.0f CPU-s): %lld positions, held-out error %.4f -> %.4f",
                step, rep.seconds, rep.cpu_seconds, rep.positions, rep.held_out_before,
                rep.held_out_after);
  run.report(step, "step", step, c.steps, m);
  return std::nullopt;
}

}  // namespace

}  // namespace supervised

std::optional<Error> run_supervised(
    const SupervisedConfig& config,
    const std::function<void(const SupervisedProgress&)>& progress) {
  const std::unique_ptr<Communicator> alone = Communicator::single();
  return run_supervised(*alone, config, progress);
}

std::optional<Error> run_supervised(
    Communicator& comm, const SupervisedConfig& c,
    const std::function<void(const SupervisedProgress&)>& progress) {
  Result<Rules> rules = rules_by_name(c.variant);
  if (!rules) return rules.error();
  supervised::RunState run(comm, c, progress, *rules);
  if (auto e = supervised::set_up_run(run)) return e;
  for (int step = run.first_step; step <= c.steps; ++step)
    if (auto e = supervised::run_step(run, step)) return e;
  return std::nullopt;
}

}  // namespace nard::training
