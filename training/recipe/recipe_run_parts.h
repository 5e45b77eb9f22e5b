// The parts of a recipe run (training/recipe/recipe_run.h) that its files share: the run's state,
// the progress of a stage, and the steps: opening the run directory (recipe_directory.cpp),
// running a stage's pipeline and measuring a model (recipe_stages.cpp). Private to the recipe
// runner.
#pragma once

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/atomic_file.h"
#include "core/cpu_time.h"
#include "core/read_file.h"
#include "training/recipe/recipe_report.h"
#include "training/recipe/recipe_run.h"
#include "training/run_directory.h"

namespace nard::training::recipe_run {

using Clock = std::chrono::steady_clock;

inline std::string path_in(const std::string& dir, const std::string& name) {
  return (std::filesystem::path(dir) / name).string();
}

inline Result<std::string> read_whole(const std::string& path, std::string_view what) {
  return read_regular_file(path, what);
}

// The shared state of one run_recipe call.
struct RecipeRun {
  Communicator& comm;
  const Recipe& recipe;
  const RecipeRunOptions& options;
  const ExternalStrength& external;
  const std::function<void(const RecipeProgress&)>& progress;
  Rules rules;
  std::string start_bytes;           // the first stage's model ("" for random weights)
  std::string shipped_bytes;         // the "shipped" opponent ("" when no measurement asks for it)
  size_t from = 0;                   // the first stage this run runs (--from-stage)
  std::string start_name;            // what the start model is, for the report
  std::optional<StartRecord> start;  // its strength (start.json)
  std::vector<StageRecord> done;
};

// Progress of a stage under way: its fraction of the work, with an ETA from the rate since this
// attempt started, and CPU time saved now and then so that a kill loses little of the count.
class StageMeter {
 public:
  StageMeter(RecipeRun& run, int index, std::string cpu_path, double cpu_before)
      : run_(run),
        index_(index),
        cpu_path_(std::move(cpu_path)),
        cpu_before_(cpu_before),
        cpu_start_(process_cpu_seconds()),
        wall_start_(Clock::now()),
        last_save_(wall_start_) {}

  double cpu_seconds() const {
    return cpu_before_ + (process_cpu_seconds() - cpu_start_) * run_.comm.size();
  }
  double wall_seconds() const {
    return std::chrono::duration<double>(Clock::now() - wall_start_).count();
  }

  void update(double fraction, const std::string& status, bool event = false) {
    if (!run_.comm.is_root()) return;
    const auto now = Clock::now();
    if (std::chrono::duration<double>(now - last_save_).count() > 20) {
      save_cpu();
      last_save_ = now;
    }
    if (!run_.progress) return;
    if (first_fraction_ < 0 && fraction >= 0) first_fraction_ = fraction;
    RecipeProgress p;
    p.stage = index_ + 1;
    p.stages = int(run_.recipe.stages.size());
    p.stage_name = run_.recipe.stages[size_t(index_)].name;
    p.kind = std::string(stage_kind_name(run_.recipe.stages[size_t(index_)].kind));
    p.fraction = fraction;
    if (fraction > first_fraction_ && first_fraction_ >= 0 && fraction <= 1)
      p.eta_seconds = wall_seconds() * (1 - fraction) / (fraction - first_fraction_);
    p.status = status;
    p.event = event;
    run_.progress(p);
  }
  void save_cpu() const {
    // Best effort: a failed write only makes the reported cost smaller.
    (void)write_file_atomic(cpu_path_, fmt_seconds(cpu_seconds()));
  }

 private:
  static std::string fmt_seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f\n", s);
    return buf;
  }
  RecipeRun& run_;
  int index_;
  std::string cpu_path_;
  double cpu_before_, cpu_start_;
  Clock::time_point wall_start_, last_save_;
  double first_fraction_ = -1;
};

// The directory of stage `index` (0-based) of the recipe.
inline std::string stage_dir(const RecipeRun& run, size_t index) {
  return path_in(run.options.out_dir,
                 "stage-" + std::to_string(index + 1) + "-" + run.recipe.stages[index].name);
}

// Rank 0 sends `bytes` to every rank (a copy when alone). Errors end the run on every rank.
inline std::optional<Error> share(RecipeRun& run, std::string& bytes) {
  if (run.comm.size() == 1) return std::nullopt;
  return run.comm.broadcast(bytes);
}

inline double spent_cpu_seconds(const std::vector<StageRecord>& done) {
  double s = 0;
  for (const StageRecord& r : done) s += r.cpu_seconds;
  return s;
}

// Runs the stage's pipeline (every rank); returns the output model's bytes on rank 0.
Result<std::string> run_stage_pipeline(RecipeRun& run, size_t index, const std::string& input_path,
                                       StageMeter& meter);
// The model in `bytes` against each opponent of `measure` (every rank takes part); what could not
// be measured goes to *notes when given.
Result<std::vector<StrengthPoint>> measure_model(RecipeRun& run, const std::string& bytes,
                                                 const std::string& model_path,
                                                 const RecipeMeasure& measure,
                                                 std::vector<std::string>* notes);
// Rank 0: opens (or creates) the run directory and reads what earlier attempts finished.
Result<std::unique_ptr<RunDirectoryLock>> open_run(RecipeRun& run);
// Rank 0: report.html from what is done.
std::optional<Error> write_report(const RecipeRun& run, const std::optional<FinalRecord>& fin);

}  // namespace nard::training::recipe_run
