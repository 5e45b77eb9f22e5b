// The run directory of a recipe run: opening it (a new run, or one to resume) and its report
// (training/recipe/recipe_run_parts.h).
#include <nlohmann/json.hpp>

#include "core/build_arithmetic.h"
#include "core/sha256.h"
#include "nn/model_path.h"
#include "nn/weights_file.h"
#include "training/recipe/recipe_run_parts.h"

#ifndef NARD_VERSION
#define NARD_VERSION "unknown"
#endif

namespace nard::training::recipe_run {

namespace fs = std::filesystem;
using json = nlohmann::json;

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
                {"build_arithmetic", build_arithmetic()},
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

}  // namespace nard::training::recipe_run
