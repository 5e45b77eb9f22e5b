// The stages of a recipe run: each kind's pipeline, and the measurements after a stage
// (training/recipe/recipe_run_parts.h).
#include <nlohmann/json.hpp>

#include "core/sha256.h"
#include "nn/evaluator.h"
#include "nn/weights_file.h"
#include "training/distill.h"
#include "training/race_refit.h"
#include "training/recipe/recipe_run_parts.h"
#include "training/supervised.h"
#include "training/trainer.h"

namespace nard::training::recipe_run {

namespace fs = std::filesystem;
using json = nlohmann::json;

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

}  // namespace nard::training::recipe_run
