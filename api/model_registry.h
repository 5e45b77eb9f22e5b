// The models `nard serve` shares between requests: each game's weights read once (a --model file
// or the shipped one, nn/model_path.h), and per set of rules the prepared NeuralModel with the
// bear-off database where the game has backgammon's bear-off. NeuralModel is immutable, so
// requests on any thread share it; each request makes its own (cheap) NeuralEvaluator.
//
// Thread-safety: every member may be called from any thread.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "game/rules.h"
#include "nn/evaluator.h"
#include "nn/weights_file.h"
#include "search/match_equity.h"

namespace nard::api {

struct ModelOptions {
  std::vector<std::string> files;  // --model: one file per game at most (the header names it)
  bool bearoff_db = true;          // false: the net values bear-off positions too
  size_t max_rule_sets = 32;       // prepared models kept; beyond, a model is made per request
};

class ModelRegistry {
 public:
  // Reads the --model files (fails on a bad file or two files for one game) and the match
  // equity table. The shipped models are found and read on first use.
  static Result<std::unique_ptr<ModelRegistry>> create(const ModelOptions& options);

  // The model for `rules` (rules_key: a string that identifies them, e.g. "variant|preset").
  // Fails when the game has no model file.
  Result<std::shared_ptr<const NeuralModel>> model(const Rules& rules,
                                                   const std::string& rules_key);

  // The model file of the game and its description; nullopt when it has none (or it is bad).
  struct FileInfo {
    std::string path, description;
  };
  std::optional<FileInfo> file_info(Variant v);

  const MatchEquityTable& met() const { return met_; }

 private:
  ModelRegistry(const ModelOptions& options, MatchEquityTable met);
  struct Weights {
    bool tried = false;
    std::string path;
    std::optional<NetWeights> weights;
    Error error;
  };
  Weights& weights_of(Variant v);  // under mutex_

  ModelOptions options_;
  MatchEquityTable met_;
  std::mutex mutex_;
  std::array<Weights, 5> weights_;  // by Variant value
  std::map<std::string, std::shared_ptr<const NeuralModel>> prepared_;
};

}  // namespace nard::api
