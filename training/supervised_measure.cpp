// The supervised step's strength measurement (training/supervised_steps.h): the fitted model
// against the previous one and the run's first one (0-ply, cubeless, paired dice).
#include <cstdio>

#include "training/strength.h"
#include "training/supervised_steps.h"

namespace nard::training::supervised {

namespace {

constexpr uint64_t kEvalSeed = 20261124;  // every evaluation plays the same dice

}  // namespace

std::optional<Error> measure_step(const RunState& run, int step, const NetWeights& next,
                                  StepReport& rep) {
  const SupervisedConfig& c = run.config;
  Result<std::shared_ptr<const NeuralModel>> new_model = NeuralModel::create(run.rules, next);
  if (!new_model) return new_model.error();
  Result<std::shared_ptr<const NeuralModel>> prev_model =
      NeuralModel::create(run.rules, run.current);
  if (!prev_model) return prev_model.error();
  if (c.eval_games <= 0) return std::nullopt;
  std::vector<std::pair<std::string, std::shared_ptr<const NeuralModel>>> opponents;
  opponents.emplace_back("previous", *prev_model);
  if (step > 1) opponents.emplace_back("first", run.first_model);
  for (auto& [name, opp] : opponents) {
    run.report(step, "eval", 0, c.eval_games);
    Result<StrengthResult> r =
        measure_strength(run.comm, run.rules, *new_model, Opponent{OpponentKind::Net, opp},
                         c.eval_games, kEvalSeed, c.threads);
    if (!r) return r.error();
    rep.metrics.strength.push_back({name, r->points_per_game, r->standard_error, r->games});
    char m[160];
    std::snprintf(m, sizeof m, "vs %s: %+.4f ± %.4f ppg over %d games", name.c_str(),
                  r->points_per_game, r->standard_error, r->games);
    run.report(step, "eval", c.eval_games, c.eval_games, m);
  }
  return std::nullopt;
}

}  // namespace nard::training::supervised
