#include "training/recipe/recipe_run.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/atomic_file.h"
#include "core/cpu_time.h"
#include "core/read_file.h"
#include "core/sha256.h"
#include "nn/evaluator.h"
#include "nn/model_path.h"
#include "nn/weights_file.h"
#include "training/distill.h"
#include "training/kill_point.h"
#include "training/model_name.h"
#include "training/race_refit.h"
#include "training/recipe/recipe_report.h"
#include "training/recipe/recipe_run_parts.h"
#include "training/run_directory.h"
#include "training/supervised.h"
#include "training/trainer.h"

namespace nard::training {

using namespace recipe_run;
namespace fs = std::filesystem;

namespace {

// The starting model's strength, the curves' first point (once per run; every rank).
std::optional<Error> measure_start_model(RecipeRun& run) {
  const bool root = run.comm.is_root();
  const Recipe& recipe = run.recipe;
  const auto& progress = run.progress;
  const std::string out = run.options.out_dir;
  std::string measure_start =
      root && !run.start_bytes.empty() && !run.start && !recipe.measure.vs.empty() ? run.start_bytes
                                                                                   : std::string();
  if (auto e = share(run, measure_start)) return *e;
  if (!measure_start.empty()) {
    if (root && progress) {
      RecipeProgress p;
      p.stages = int(recipe.stages.size());
      p.fraction = -1;
      p.event = true;
      p.status = "measuring the starting model";
      progress(p);
    }
    Result<std::vector<StrengthPoint>> s =
        measure_model(run, measure_start, path_in(out, "start.nardnet"), recipe.measure, nullptr);
    if (!s) return s.error();
    if (root) {
      run.start = StartRecord{run.start_name, *s};
      if (auto e = write_file_atomic(path_in(out, "start.json"), start_record_json(*run.start)))
        return *e;
    }
  }

  return std::nullopt;
}

// Stage k of the recipe (every rank): runs its pipeline, writes its model, measures it and
// writes its record. Returns the model's path, or `*stopped` says why the run stops before it
// (the budget is spent).
Result<std::string> run_stage(RecipeRun& run, size_t k, const std::string& input_path,
                              std::string* stopped) {
  const Recipe& recipe = run.recipe;
  const RecipeRunOptions& options = run.options;
  Communicator& comm = run.comm;
  const bool root = comm.is_root();
  const RecipeStage& stage = recipe.stages[k];
  const std::string dir = stage_dir(run, k);
  // The budget: stop before a stage once it is spent.
  std::string stop;
  if (root && options.budget_cpu_hours > 0 &&
      spent_cpu_seconds(run.done) >= options.budget_cpu_hours * 3600) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "the budget of %.2f CPU-hours is spent (%.2f) after stage %zu of %zu: run the "
                  "same command with --resume and a larger --budget to go on",
                  options.budget_cpu_hours, spent_cpu_seconds(run.done) / 3600, k,
                  recipe.stages.size());
    stop = buf;
  }
  if (auto e = share(run, stop)) return *e;
  if (!stop.empty()) {
    if (root)
      if (auto e = write_report(run, std::nullopt)) return *e;
    *stopped = stop;
    return std::string();
  }
  double cpu_before = 0;
  if (root) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return make_error("cannot create " + dir + ": " + ec.message());
    if (Result<std::string> t = read_whole(path_in(dir, "cpu-seconds"), "CPU time file"))
      cpu_before = std::atof(t->c_str());
    kill_point("recipe-stage");
  }
  StageMeter meter(run, int(k), path_in(dir, "cpu-seconds"), cpu_before);
  meter.update(0, "started", true);
  Result<std::string> model = run_stage_pipeline(run, k, input_path, meter);
  std::string bytes;
  if (root) {
    if (!model) {
      meter.save_cpu();
      if (comm.size() > 1) comm.stop_all(model.error().message);
      return model.error();
    }
    bytes = *model;
  } else if (!model) {
    return model.error();
  }
  const double train_cpu = meter.cpu_seconds();
  const std::string output = path_in(dir, "output.nardnet");
  if (root) {
    meter.save_cpu();
    if (auto e = write_file_atomic(output, bytes)) return *e;
    kill_point("recipe-stage-output");
  }
  if (auto e = share(run, bytes)) return *e;
  const double measure_start = process_cpu_seconds();
  meter.update(1, "measuring");
  Result<std::vector<StrengthPoint>> strength =
      measure_model(run, bytes, output, recipe.measure, nullptr);
  if (!strength) return strength.error();
  if (root) {
    StageRecord rec;
    rec.number = int(k) + 1;
    rec.name = stage.name;
    rec.kind = std::string(stage_kind_name(stage.kind));
    rec.seed = stage.seed;
    rec.model_sha256 = sha256_hex(bytes);
    rec.cpu_seconds = train_cpu;
    rec.measure_cpu_seconds = (process_cpu_seconds() - measure_start) * comm.size();
    rec.wall_seconds = meter.wall_seconds();
    rec.games = stage.self_play_games();
    rec.strength = *strength;
    if (auto e = write_file_atomic(path_in(dir, "stage.json"), stage_record_json(rec))) return *e;
    run.done.push_back(rec);
    std::string summary = "done: " + std::to_string(rec.games) + " games";
    char buf[96];
    std::snprintf(buf, sizeof buf, ", %.3f CPU-hours", rec.cpu_seconds / 3600);
    summary += buf;
    for (const StrengthPoint& p : rec.strength) {
      std::snprintf(buf, sizeof buf, "; vs %s %+.3f ± %.3f", p.opponent.c_str(), p.points_per_game,
                    p.standard_error);
      summary += buf;
    }
    meter.update(1, summary, true);
    if (auto e = write_report(run, std::nullopt)) return *e;
    kill_point("recipe-stage-done");
  }
  return output;
}

// The finished model, named as models/ names it, and its final measurements (every rank).
Result<RecipeOutcome> finish_run(RecipeRun& run, const std::string& input_path) {
  const bool root = run.comm.is_root();
  const Recipe& recipe = run.recipe;
  const auto& progress = run.progress;
  const std::string out = run.options.out_dir;
  std::string bytes;
  if (root) {
    Result<std::string> b = read_whole(input_path, "model file");
    if (!b) return b.error();
    bytes = *b;
  }
  if (auto e = share(run, bytes)) return *e;
  Result<NetWeights> w = parse_weights(bytes, input_path);
  if (!w) return w.error();
  const std::string name = model_file_name(w->variant, bytes);
  const std::string model_path = path_in(out, name);
  const std::string final_path = path_in(out, "final.json");
  std::optional<FinalRecord> fin;
  std::string have_final;
  if (root) {
    if (auto e = write_file_atomic(model_path, bytes)) return *e;
    std::error_code ec;
    if (fs::exists(final_path, ec)) {
      Result<std::string> t = read_whole(final_path, "final record");
      if (!t) return t.error();
      Result<FinalRecord> f = parse_final_record(*t, final_path);
      if (!f) return f.error();
      fin = *f;
      have_final = "1";
    }
  }
  if (auto e = share(run, have_final)) return *e;
  if (have_final.empty()) {
    FinalRecord f;
    f.model_file = name;
    if (root && progress) {
      RecipeProgress p;
      p.stages = int(recipe.stages.size());
      p.status = "final measurement of " + name;
      p.event = true;
      p.fraction = -1;
      progress(p);
    }
    Result<std::vector<StrengthPoint>> s =
        measure_model(run, bytes, model_path, recipe.final, &f.notes);
    if (!s) return s.error();
    f.strength = *s;
    if (root)
      if (auto e = write_file_atomic(final_path, final_record_json(f))) return *e;
    fin = f;
  }
  if (root)
    if (auto e = write_report(run, fin)) return *e;
  std::string message = "finished: " + model_path;
  if (fin)
    for (const StrengthPoint& p : fin->strength) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "; vs %s %+.4f ± %.4f (%d games)", p.opponent.c_str(),
                    p.points_per_game, p.standard_error, p.games);
      message += buf;
    }
  return RecipeOutcome{true, model_path, message, spent_cpu_seconds(run.done) / 3600};
}

}  // namespace

Result<RecipeOutcome> run_recipe(Communicator& comm, const Recipe& recipe,
                                 const RecipeRunOptions& options, const ExternalStrength& external,
                                 const std::function<void(const RecipeProgress&)>& progress) {
  Result<Rules> rules = rules_by_name(recipe.game);
  if (!rules) return rules.error();
  RecipeRun run{comm, recipe, options, external, progress, *rules, {}, {}, 0, {}, {}, {}};
  if (!options.from_stage.empty()) {
    while (run.from < recipe.stages.size() && recipe.stages[run.from].name != options.from_stage)
      ++run.from;
    if (run.from == recipe.stages.size())
      return make_error("--from-stage " + options.from_stage + ": the recipe has no such stage");
    if (options.init_from.empty())
      return make_error("--from-stage needs --init-from: the model the stages before it made");
  }
  const bool root = comm.is_root();
  std::unique_ptr<RunDirectoryLock> lock;
  // Rank 0 opens the run directory and tells the others where to start: the number of stages
  // done, the model the next stage starts from, and the shipped model.
  std::string state;
  if (root) {
    Result<std::unique_ptr<RunDirectoryLock>> opened = open_run(run);
    if (!opened) {
      if (comm.size() > 1) comm.stop_all(opened.error().message);
      return opened.error();
    }
    lock = std::move(opened.value());
    state = std::to_string(run.from + run.done.size());
  }
  if (auto e = share(run, state)) return *e;
  const size_t first_stage = std::stoul(state);
  if (auto e = share(run, run.shipped_bytes)) return *e;

  const std::string out = options.out_dir;
  std::string input_path;  // the model the next stage starts from ("" for random weights)
  if (root && first_stage > run.from)
    input_path = path_in(stage_dir(run, first_stage - 1), "output.nardnet");
  else if (root && !run.start_bytes.empty())
    input_path = path_in(out, "start.nardnet");
  if (auto e = share(run, input_path)) return *e;

  if (auto e = measure_start_model(run)) return *e;
  for (size_t k = first_stage; k < recipe.stages.size(); ++k) {
    std::string stopped;
    Result<std::string> output = run_stage(run, k, input_path, &stopped);
    if (!output) return output.error();
    if (!stopped.empty())
      return RecipeOutcome{false, "", stopped, spent_cpu_seconds(run.done) / 3600};
    input_path = *output;
  }
  return finish_run(run, input_path);
}

}  // namespace nard::training
