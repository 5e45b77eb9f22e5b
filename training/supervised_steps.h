// Private to the supervised pipeline (training/supervised*.cpp): the state a run's phases share,
// and the phases of a step (training/supervised.h lists them): setup and resume
// (supervised_setup.cpp), sampling and valuation (supervised_sampling.cpp), the fit
// (supervised_fit.cpp) and the strength measurement (supervised_measure.cpp); supervised.cpp runs
// them step by step and writes each step's files.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/distributed.h"
#include "core/result.h"
#include "game/position.h"
#include "game/rules.h"
#include "nn/evaluator.h"
#include "nn/weights_file.h"
#include "training/metrics.h"
#include "training/run_directory.h"
#include "training/supervised.h"

namespace nard::training::supervised {

using Clock = std::chrono::steady_clock;
inline double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::string step_dir(const SupervisedConfig& c, int step);
std::string chunk_path(const std::string& dir, int chunk);

// The figures of a finished step (report.txt: "key value" lines).
struct StepReport {
  long long positions = 0;                          // valued in this step
  long long positions_total = 0;                    // valued in steps 1..k
  double seconds = 0, cpu_seconds = 0;              // this step, all phases (CPU: of every rank)
  double value_seconds = 0, value_cpu_seconds = 0;  // the valuation alone (CPU: of every rank)
  double fit_seconds = 0, fit_cpu_seconds = 0;      // the fit alone (rank 0: the part of a step
                                                    // that more ranks do not shorten)
  double held_out_before = 0, held_out_after = 0;   // mean |equity error| vs targets, held out
  double loss = 0;                                  // held-out cross-entropy after the fit
  // Held-out play groups: the targets' equity lost by the net's choice, before and after the fit
  // (0 without play groups).
  double held_out_choice_before = 0, held_out_choice_after = 0;
  MetricsRow metrics;
};

std::string report_text(const StepReport& r);
// The step's row of metrics.csv from its report: positions valued so far, the held-out loss, the
// run's seconds so far (the steps before it in `before`), and the strength it measured.
void set_metrics_row(StepReport& r, const std::vector<StepReport>& before);
Result<StepReport> parse_report(const std::string& path);

// The CPU seconds of every rank added up (on rank 0; the others get their own).
Result<double> cpu_of_all_ranks(Communicator& comm, double mine);

// The state of a run that its phases share. Every rank holds one; the fields marked "rank 0" are
// filled on rank 0 alone.
struct RunState {
  RunState(Communicator& comm, const SupervisedConfig& config,
           const std::function<void(const SupervisedProgress&)>& progress, const Rules& rules)
      : comm(comm),
        config(config),
        progress(progress),
        root(comm.is_root()),
        rules(rules),
        out(config.out_dir) {}

  Communicator& comm;
  const SupervisedConfig& config;
  const std::function<void(const SupervisedProgress&)>& progress;
  const bool root;
  const Rules rules;
  const std::filesystem::path out;  // config.out_dir
  NetWeights init;                  // the starting model (as read, and grown: --contact-inputs)
  NetWeights current;               // the model the next step starts from
  std::vector<std::string> extra_files;         // rank 0: the --positions-from databases
  std::vector<StepReport> reports;              // rank 0: the complete steps'
  std::unique_ptr<RunDirectoryLock> run_claim;  // rank 0: the run directory, until the run ends
  int first_step = 1;
  std::shared_ptr<const NeuralModel> first_model;  // init's

  // Calls `progress` (rank 0 only).
  void report(int step, const std::string& phase, long long done, long long total,
              const std::string& message = "") const;
};

// Setup and resume (all ranks): rank 0 checks the settings and the run directory and finds where
// the run stands; every rank gets the starting model, the current one and the first step to do.
std::optional<Error> set_up_run(RunState& run);

// 1. The step's sample (all ranks, the same on each): positions from self-play of `model`, then
// --focus.
Result<std::vector<Position>> sample_step(const RunState& run, int step,
                                          const std::shared_ptr<const NeuralModel>& model);

// 2. Values `sample` with `model`, chunk by chunk, into the step directory `dir` (chunks already on
// disk are kept); sets the valuation's figures of `rep`.
std::optional<Error> value_step(const RunState& run, int step, const std::string& dir,
                                const std::shared_ptr<const NeuralModel>& model,
                                const std::vector<Position>& sample, StepReport& rep);

// 3. Fits the nets of `next` (the current model on entry) to the window's positions on rank 0 and
// writes dir/model.nardnet; every rank gets the fitted weights in `next`. Sets the fit's figures of
// `rep` (rank 0).
std::optional<Error> fit_step(const RunState& run, int step, const std::string& dir,
                              StepReport& rep, NetWeights& next);

// 4. Measures `next` against the current model and the first one; adds the results to `rep`.
std::optional<Error> measure_step(const RunState& run, int step, const NetWeights& next,
                                  StepReport& rep);

}  // namespace nard::training::supervised
