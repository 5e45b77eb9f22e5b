#include "api/model_registry.h"

#include "nn/model_path.h"
#include "play/bot.h"

namespace nard::api {

ModelRegistry::ModelRegistry(const ModelOptions& options, MatchEquityTable met)
    : options_(options), met_(std::move(met)) {}

Result<std::unique_ptr<ModelRegistry>> ModelRegistry::create(const ModelOptions& options) {
  Result<MatchEquityTable> met = MatchEquityTable::load(MatchEquityTable::default_path());
  if (!met) return met.error();
  std::unique_ptr<ModelRegistry> r(new ModelRegistry(options, std::move(*met)));
  for (const std::string& path : options.files) {
    Result<NetWeights> w = load_weights(path);
    if (!w) return w.error();
    Weights& slot = r->weights_[size_t(w->variant)];
    if (slot.tried)
      return make_error("two --model files for " + std::string(variant_name(w->variant)) + ": " +
                        slot.path + " and " + path);
    slot.tried = true;
    slot.path = path;
    slot.weights = std::move(*w);
  }
  return r;
}

ModelRegistry::Weights& ModelRegistry::weights_of(Variant v) {
  Weights& slot = weights_[size_t(v)];
  if (slot.tried) return slot;
  slot.tried = true;
  Result<std::string> path = default_model_path(v);
  if (!path) {
    slot.error = path.error();
    return slot;
  }
  slot.path = *path;
  Result<NetWeights> w = load_weights(*path);
  if (!w)
    slot.error = w.error();
  else
    slot.weights = std::move(*w);
  return slot;
}

Result<std::shared_ptr<const NeuralModel>> ModelRegistry::model(const Rules& rules,
                                                                const std::string& rules_key) {
  NetWeights weights;
  {
    std::lock_guard lock(mutex_);
    if (auto it = prepared_.find(rules_key); it != prepared_.end()) return it->second;
    Weights& w = weights_of(rules.variant);
    if (!w.weights) return w.error;
    weights = *w.weights;  // copied: preparing the model runs outside the lock
  }
  Result<std::shared_ptr<const NeuralModel>> m = NeuralModel::create(rules, weights);
  if (!m) return m;
  std::shared_ptr<const NeuralModel> model = *m;
  model =
      with_bearoff(model, options_.bearoff_db ? BearoffDatabases::Both : BearoffDatabases::None);
  std::lock_guard lock(mutex_);
  if (auto it = prepared_.find(rules_key); it != prepared_.end()) return it->second;  // a race
  if (prepared_.size() < options_.max_rule_sets) prepared_.emplace(rules_key, model);
  return model;
}

std::optional<ModelRegistry::FileInfo> ModelRegistry::file_info(Variant v) {
  std::lock_guard lock(mutex_);
  Weights& w = weights_of(v);
  if (!w.weights) return std::nullopt;
  return FileInfo{w.path, w.weights->description};
}

}  // namespace nard::api
