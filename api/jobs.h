// Long analyses as background jobs for the HTTP API (rollouts; match analysis): a POST starts one
// and replies at once with its id, GET polls its progress and result, DELETE cancels it. Each job
// runs its work on its own thread; the work reports progress and must end soon after the stop
// flag is raised (cancel, or the time limit). At most `max_running` jobs run at once; finished
// jobs are kept (the `keep_finished` most recent) for their results to be read.
//
// Thread-safety: every member may be called from any thread.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace nard::api {

struct JobLimits {
  int max_running = 2;
  double time_limit_seconds = 600;
  size_t keep_finished = 64;
  int threads_per_job = 1;  // for the work to use (OpenMP teams)
};

// What a job's work sees: where to report progress (any thread) and the flag to stop at.
struct JobControl {
  std::function<void(int done, int total)> progress;
  const std::atomic<bool>* stop = nullptr;
  int threads = 1;
};
// The work: the result document, or an Error. Runs on the job's thread; exceptions are caught.
using JobWork = std::function<Result<nlohmann::json>(const JobControl&)>;

class Jobs {
 public:
  explicit Jobs(JobLimits limits);
  ~Jobs();  // stops every running job and waits for it
  Jobs(const Jobs&) = delete;
  Jobs& operator=(const Jobs&) = delete;

  // Starts `work` as a job of `kind` ("rollout", "analyze") with `total` units of progress (an
  // estimate until the work reports); the new job's id, or an Error when max_running jobs run.
  Result<std::string> start(const std::string& kind, int total, JobWork work);
  // {"id", "kind", "status": "running"|"done"|"cancelled"|"timed_out"|"failed", "done", "total",
  //  "elapsed", "result" (when done; when cancelled or timed out, what the work returned: e.g. a
  //  rollout's trials so far), "error" (when failed or timed out)}; nullopt for an
  // unknown id or one of another kind.
  std::optional<nlohmann::json> status(const std::string& id, const std::string& kind);
  // Stops a running job (its status becomes "cancelled", within a few seconds); the status after.
  std::optional<nlohmann::json> cancel(const std::string& id, const std::string& kind);
  int running() const;
  const JobLimits& limits() const { return limits_; }

 private:
  struct Job;
  static void run(Job& job, double time_limit_seconds);
  void reap_locked();  // joins finished jobs beyond keep_finished
  std::shared_ptr<Job> find(const std::string& id, const std::string& kind);

  JobLimits limits_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Job>> jobs_;
  std::vector<std::string> order_;  // ids, oldest first
  uint64_t next_id_ = 0;
  uint64_t id_salt_ = 0;
};

}  // namespace nard::api
