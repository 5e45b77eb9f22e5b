// A rollout as job work (api/jobs.h): the position (before the roll), or with `dice` the best
// `candidates` plays of that roll (ranked by a search with `search` first), or the cube decision
// of the position. It runs the trials on the job's threads and stops through RolloutConfig::stop.
// The result is the document of `nard rollout --json` (api/documents.h).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

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

// The plays of `dice` a rollout of plays takes: the best `candidates` by a search at `search`,
// best first, with their moves and resulting positions as the rollout document writes them
// (the position after the play, from the opponent's side, in the rules' format).
struct RolloutCandidates {
  std::vector<Position> plays;
  std::vector<std::string> moves, positions;
};
RolloutCandidates rollout_candidates(const Rules& rules, std::shared_ptr<const NeuralModel> model,
                                     const SearchConfig& search, const Position& position,
                                     Dice dice, int candidates);

// Trials in all (the job's progress total).
int rollout_job_total(const RolloutJobSpec& spec);
JobWork rollout_job(RolloutJobSpec spec);

}  // namespace nard::api
