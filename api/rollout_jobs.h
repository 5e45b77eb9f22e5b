// Rollouts as background jobs for the HTTP API: POST /api/rollout starts one, GET polls its
// progress and result, DELETE cancels it. Each job runs on its own thread (with an OpenMP team of
// `threads_per_job` for the trials) and stops early through RolloutConfig::stop when cancelled
// or past its time limit. At most `max_running` jobs run at once; finished jobs are kept (the
// `keep_finished` most recent) for their results to be read.
//
// Thread-safety: every member may be called from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bot/rollout.h"
#include "bot/search.h"
#include "engine/result.h"
#include "engine/rules.h"
#include "nn/evaluator.h"

namespace nard::api {

// What to roll out: the position (before the roll), or with `dice` the best `candidates` plays
// of that roll (ranked by a search with `search` first), or the cube decision of the position.
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

struct RolloutJobLimits {
  int max_running = 2;
  double time_limit_seconds = 600;
  size_t keep_finished = 64;
  int threads_per_job = 1;
};

class RolloutJobs {
 public:
  explicit RolloutJobs(RolloutJobLimits limits);
  ~RolloutJobs();  // stops every running job and waits for it
  RolloutJobs(const RolloutJobs&) = delete;
  RolloutJobs& operator=(const RolloutJobs&) = delete;

  // The new job's id, or an Error when max_running jobs are running already.
  Result<std::string> start(RolloutJobSpec spec);
  // {"id", "status": "running"|"done"|"cancelled"|"timed_out"|"failed", "done", "total",
  //  "elapsed", "result" (when done), "error" (when failed)}; nullopt for an unknown id.
  std::optional<nlohmann::json> status(const std::string& id);
  // Asks a running job to stop (its status becomes "cancelled"); the status after the request.
  std::optional<nlohmann::json> cancel(const std::string& id);
  int running() const;
  const RolloutJobLimits& limits() const { return limits_; }

 private:
  struct Job;
  static void run(Job& job, double time_limit_seconds);
  void reap_locked();  // joins finished jobs beyond keep_finished

  RolloutJobLimits limits_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Job>> jobs_;
  std::vector<std::string> order_;  // ids, oldest first
  uint64_t next_id_ = 0;
  uint64_t id_salt_ = 0;
};

}  // namespace nard::api
