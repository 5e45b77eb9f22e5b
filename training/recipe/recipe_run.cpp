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
#include "training/run_directory.h"
#include "training/supervised.h"
#include "training/trainer.h"

#ifndef NARD_VERSION
#define NARD_VERSION "unknown"
#endif

namespace nard::training {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

using Clock = std::chrono::steady_clock;

std::string path_in(const std::string& dir, const std::string& name) {
  return (fs::path(dir) / name).string();
}

Result<std::string> read_whole(const std::string& path, std::string_view what) {
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
std::string stage_dir(const RecipeRun& run, size_t index) {
  return path_in(run.options.out_dir,
                 "stage-" + std::to_string(index + 1) + "-" + run.recipe.stages[index].name);
}

// Runs the stage's pipeline (every rank); returns the output model's bytes on rank 0.
Result<std::string> run_stage_pipeline(RecipeRun& run, size_t index, const std::string& input_path,
                                       StageMeter& meter) {
  const RecipeStage& stage = run.recipe.stages[index];
  const std::string dir = stage_dir(run, index);
  std::error_code ec;
  switch (stage.kind) {
    case StageKind::Td: {
      TrainConfig c = stage.td;
      c.variant = run.rules.preset;
      c.out_dir = dir;
      c.threads = run.options.threads;
      c.init_from = input_path;
      c.resume = fs::exists(path_in(dir, "latest"), ec);
      auto on_progress = [&](const TrainProgress& p) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%lld/%lld games, %.0f games/s, loss %.5f", p.games_done,
                      p.games_total, p.games_per_second, p.loss);
        meter.update(p.games_total ? double(p.games_done) / double(p.games_total) : 0, buf,
                     p.event == "resumed");
      };
      if (auto e = run_training(run.comm, c, on_progress)) return *e;
      if (!run.comm.is_root()) return std::string();
      Result<NetWeights> w = checkpoint_weights(dir);
      if (!w) return w.error();
      return serialize_weights(*w);
    }
    case StageKind::Supervised: {
      SupervisedConfig c = stage.supervised;
      c.variant = run.rules.preset;
      c.out_dir = dir;
      c.threads = run.options.threads;
      c.init_from = input_path;
      c.resume = fs::exists(path_in(dir, "config.txt"), ec);
      for (const std::string& name : stage.positions_from)
        for (size_t j = run.from; j < index; ++j)  // stages before --from-stage did not run
          if (run.recipe.stages[j].name == name) c.extra_positions.push_back(stage_dir(run, j));
      auto on_progress = [&](const SupervisedProgress& p) {
        // The share of a step's work in each phase (valuation dominates).
        double start = 0, width = 0;
        if (p.phase == "sample")
          start = 0, width = 0.05;
        else if (p.phase == "value")
          start = 0.05, width = 0.75;
        else if (p.phase == "fit")
          start = 0.80, width = 0.15;
        else if (p.phase == "eval")
          start = 0.95, width = 0.05;
        else if (p.phase == "step")
          start = 1;
        const double in_phase = p.total > 0 ? double(p.done) / double(p.total) : 0;
        const double f =
            p.steps > 0 ? (std::max(p.step - 1, 0) + start + width * in_phase) / p.steps : 0;
        std::string status = "step " + std::to_string(p.step) + "/" + std::to_string(p.steps) +
                             " " + p.phase + " " + std::to_string(p.done) + "/" +
                             std::to_string(p.total);
        const bool event = !p.message.empty();
        if (event) status += ": " + p.message;
        meter.update(std::min(f, 1.0), status, event);
      };
      if (auto e = run_supervised(run.comm, c, on_progress)) return *e;
      if (!run.comm.is_root()) return std::string();
      return read_whole(path_in(dir, "latest.nardnet"), "model file");
    }
    case StageKind::RaceRefit:
    case StageKind::Distill: {
      // One process's work: rank 0 does it while the others wait for its result.
      if (!run.comm.is_root()) return std::string();
      fs::create_directories(dir, ec);
      Result<NetWeights> in = load_weights(input_path);
      if (!in) return in.error();
      meter.update(-1, stage.kind == StageKind::RaceRefit ? "refitting the race net"
                                                          : "distilling the pruning net");
      if (stage.kind == StageKind::RaceRefit) {
        RaceRefitConfig c = stage.race_refit;
        c.threads = run.options.threads;
        Result<RaceRefitResult> r = refit_race_net(*in, c);
        if (!r) return r.error();
        return serialize_weights(r->weights);
      }
      DistillConfig c = stage.distill;
      c.threads = run.options.threads;
      Result<DistillResult> r = distill_prune_net(*in, c);
      if (!r) return r.error();
      char buf[160];
      std::snprintf(buf, sizeof buf, "pruning net: best play kept in %.1f%% of held-out turns",
                    100 * r->report.topk_agreement);
      meter.update(1, buf, true);
      return serialize_weights(r->weights);
    }
  }
  return make_error("unknown stage kind");
}

// The model in `bytes` against each opponent of `measure` (every rank takes part).
Result<std::vector<StrengthPoint>> measure_model(RecipeRun& run, const std::string& bytes,
                                                 const std::string& model_path,
                                                 const RecipeMeasure& measure,
                                                 std::vector<std::string>* notes) {
  std::vector<StrengthPoint> out;
  if (measure.vs.empty()) return out;
  Result<NetWeights> w = parse_weights(bytes, model_path);
  if (!w) return w.error();
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::create(run.rules, *w);
  if (!model) return model.error();
  for (const std::string& vs : measure.vs) {
    Opponent opp;
    if (vs == "gnubg") {
      // One process talks to gnubg (rank 0); the others skip it.
      if (!run.comm.is_root()) continue;
      Result<StrengthResult> r =
          run.external ? run.external(run.rules, model_path, vs, measure.games, measure.seed,
                                      run.options.threads)
                       : Result<StrengthResult>(make_error("no gnubg bridge in this program"));
      if (!r) {
        if (notes) notes->push_back("not measured against gnubg: " + r.error().message);
        continue;
      }
      out.push_back({vs, r->points_per_game, r->standard_error, r->games});
      continue;
    }
    if (vs == "pubeval")
      opp.kind = OpponentKind::Pubeval;
    else if (vs == "heuristic")
      opp.kind = OpponentKind::Heuristic;
    else {
      if (run.shipped_bytes.empty()) {
        if (notes) notes->push_back("not measured against the shipped model: there was none");
        continue;
      }
      Result<NetWeights> sw = parse_weights(run.shipped_bytes, "shipped.nardnet");
      if (!sw) return sw.error();
      Result<std::shared_ptr<const NeuralModel>> sm = NeuralModel::create(run.rules, *sw);
      if (!sm) return sm.error();
      opp.kind = OpponentKind::Net;
      opp.net = *sm;
    }
    Result<StrengthResult> r = measure_strength(run.comm, run.rules, *model, opp, measure.games,
                                                measure.seed, run.options.threads);
    if (!r) return r.error();
    out.push_back({vs, r->points_per_game, r->standard_error, r->games});
  }
  return out;
}

// Rank 0 sends `bytes` to every rank (a copy when alone). Errors end the run on every rank.
std::optional<Error> share(RecipeRun& run, std::string& bytes) {
  if (run.comm.size() == 1) return std::nullopt;
  return run.comm.broadcast(bytes);
}

std::optional<Error> write_report(const RecipeRun& run, const std::optional<FinalRecord>& fin) {
  return write_file_atomic(path_in(run.options.out_dir, "report.html"),
                           recipe_report_html(run.recipe, run.start, run.done, fin, NARD_VERSION));
}

// Rank 0: opens (or creates) the run directory and reads what earlier attempts finished.
Result<std::unique_ptr<RunDirectoryLock>> open_run(RecipeRun& run) {
  const RecipeRunOptions& o = run.options;
  const std::string recipe_path = path_in(o.out_dir, "recipe.json");
  std::error_code ec;
  if (fs::exists(recipe_path, ec)) {
    if (!o.resume)
      return make_error(o.out_dir +
                        " already holds a recipe run: pass --resume to continue it, "
                        "or choose another --out");
    Result<Recipe> stored = load_recipe(recipe_path);
    if (!stored) return stored.error();
    if (recipe_identity(*stored) != recipe_identity(run.recipe))
      return make_error("cannot resume " + o.out_dir +
                        ": it was started with another recipe (its recipe.json); give that one");
    Result<std::string> record = read_whole(path_in(o.out_dir, "record.json"), "run record");
    if (record) {
      std::string from;
      try {
        from = json::parse(*record).value("from_stage", "");
      } catch (const json::exception&) {
        return make_error(path_in(o.out_dir, "record.json") + " is damaged");
      }
      if (from != o.from_stage)
        return make_error("cannot resume " + o.out_dir + ": it started at stage '" + from +
                          "', not '" + o.from_stage + "' (--from-stage)");
    }
  } else {
    if (o.resume)
      return make_error("cannot resume " + o.out_dir + ": no recipe run there (no recipe.json)");
    if (fs::exists(o.out_dir, ec) && !fs::is_empty(o.out_dir, ec))
      return make_error(o.out_dir + " is not empty: a recipe run needs a new or empty directory");
    fs::create_directories(o.out_dir, ec);
    if (ec) return make_error("cannot create " + o.out_dir + ": " + ec.message());
  }
  Result<ClaimedRunDirectory> claimed = claim_run_directory(o.out_dir);
  if (!claimed) return claimed.error();

  const std::string start_path = path_in(o.out_dir, "start.nardnet");
  const std::string shipped_path = path_in(o.out_dir, "shipped.nardnet");
  const std::string record_path = path_in(o.out_dir, "record.json");
  if (!fs::exists(record_path, ec)) {
    // A new run: the start and shipped models are copied in, so that a resumed run (or models/
    // changing meanwhile) cannot change what the run starts from or measures against.
    std::string start_file = o.init_from;
    const bool wants_shipped = [&] {
      for (const RecipeMeasure* m : {&run.recipe.measure, &run.recipe.final})
        for (const std::string& vs : m->vs)
          if (vs == "shipped") return true;
      return false;
    }();
    std::string shipped_file;
    if (wants_shipped || (start_file.empty() && run.recipe.start == RecipeStart::Shipped)) {
      Result<std::string> p = default_model_path(run.rules.variant);
      if (p)
        shipped_file = *p;
      else if (run.recipe.start == RecipeStart::Shipped && start_file.empty())
        return p.error();
    }
    if (start_file.empty() && run.recipe.start == RecipeStart::Shipped) start_file = shipped_file;
    if (!start_file.empty()) {
      Result<NetWeights> w = load_weights(start_file, LegacyNets{.tawla31_as_count = true});
      if (!w) return w.error();
      if (w->variant != run.rules.variant)
        return make_error(start_file + " is a " + std::string(variant_name(w->variant)) +
                          " model, not " + std::string(variant_name(run.rules.variant)));
      if (auto e = write_file_atomic(start_path, serialize_weights(*w))) return *e;
    }
    if (!shipped_file.empty()) {
      Result<std::string> b = read_whole(shipped_file, "model file");
      if (!b) return b.error();
      if (auto e = write_file_atomic(shipped_path, *b)) return *e;
    }
    if (auto e = write_file_atomic(recipe_path, o.recipe_text)) return *e;
    json seeds = json::object();
    for (const RecipeStage& s : run.recipe.stages) seeds[s.name] = s.seed;
    Result<std::string> start_bytes = fs::exists(start_path, ec)
                                          ? read_whole(start_path, "model file")
                                          : Result<std::string>(std::string());
    if (!start_bytes) return start_bytes.error();
    json record{{"nard_version", NARD_VERSION},
                {"game", run.recipe.game},
                {"rules", run.rules.preset},
                {"start_model", start_file},
                {"start_sha256", start_bytes->empty() ? "" : sha256_hex(*start_bytes)},
                {"shipped_model", shipped_file},
                {"from_stage", o.from_stage},
                {"seeds", seeds},
                {"recipe", json::parse(recipe_identity(run.recipe))}};
    if (auto e = write_file_atomic(record_path, record.dump(2) + "\n")) return *e;
  } else if (!o.init_from.empty()) {
    // --init-from on resume must name the model the run started from.
    Result<NetWeights> w = load_weights(o.init_from, LegacyNets{.tawla31_as_count = true});
    if (!w) return w.error();
    Result<std::string> stored = read_whole(start_path, "model file");
    if (!stored || *stored != serialize_weights(*w))
      return make_error("cannot resume " + o.out_dir + ": it started from another model than " +
                        o.init_from);
  }
  if (fs::exists(start_path, ec)) {
    Result<std::string> b = read_whole(start_path, "model file");
    if (!b) return b.error();
    run.start_bytes = *b;
    run.start_name = !o.init_from.empty()                       ? "--init-from " + o.init_from
                     : run.recipe.start == RecipeStart::Shipped ? "the shipped model"
                                                                : "start.nardnet";
    const std::string p = path_in(o.out_dir, "start.json");
    if (fs::exists(p, ec)) {
      Result<std::string> text = read_whole(p, "start record");
      if (!text) return text.error();
      Result<StartRecord> rec = parse_start_record(*text, p);
      if (!rec) return rec.error();
      run.start = *rec;
    }
  }
  if (fs::exists(shipped_path, ec)) {
    Result<std::string> b = read_whole(shipped_path, "model file");
    if (!b) return b.error();
    run.shipped_bytes = *b;
  }
  for (size_t i = run.from; i < run.recipe.stages.size(); ++i) {
    const std::string p = path_in(stage_dir(run, i), "stage.json");
    if (!fs::exists(p, ec)) break;
    Result<std::string> text = read_whole(p, "stage record");
    if (!text) return text.error();
    Result<StageRecord> rec = parse_stage_record(*text, p);
    if (!rec) return rec.error();
    run.done.push_back(*rec);
  }
  return std::move(claimed.value().lock);
}

double spent_cpu_seconds(const std::vector<StageRecord>& done) {
  double s = 0;
  for (const StageRecord& r : done) s += r.cpu_seconds;
  return s;
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

  // The starting model's strength, the curves' first point (once per run).
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

  for (size_t k = first_stage; k < recipe.stages.size(); ++k) {
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
      return RecipeOutcome{false, "", stop, spent_cpu_seconds(run.done) / 3600};
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
        std::snprintf(buf, sizeof buf, "; vs %s %+.3f ± %.3f", p.opponent.c_str(),
                      p.points_per_game, p.standard_error);
        summary += buf;
      }
      meter.update(1, summary, true);
      if (auto e = write_report(run, std::nullopt)) return *e;
      kill_point("recipe-stage-done");
    }
    input_path = output;
  }

  // The finished model, named as models/ names it, and its final measurements.
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

}  // namespace nard::training
