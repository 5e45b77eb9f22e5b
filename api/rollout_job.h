// A rollout as job work (api/jobs.h): the position (before the roll), or with `dice` the best
// `candidates` plays of that roll (ranked by a search with `search` first), or the cube decision
// of the position. It runs the trials on the job's threads and stops through RolloutConfig::stop.
// The result is the document of `nard rollout --json` (api/documents.h).
#pragma once

#include <memory>
#include <optional>

#include "api/jobs.h"
#include "game/rules.h"
#include "nn/evaluator.h"
#include "play/rollout.h"
#include "search/search.h"

namespace nard::api {

struct RolloutJobSpec {
  Rules rules;
  std::shared_ptr<const NeuralModel> model;
  Position position;
  std::optional<Dice> dice;
  int candidates = 5;
  SearchConfig search;
  bool cube_decision = false;
  RolloutConfig config;  // threads and stop are set by the job
};

// Trials in all (the job's progress total).
int rollout_job_total(const RolloutJobSpec& spec);
JobWork rollout_job(RolloutJobSpec spec);

}  // namespace nard::api
