// The API's endpoints as functions from a request body (JSON) to a response body (JSON), with no
// HTTP in sight (api/http_server.h routes to them; tests may call them directly). A bad request
// throws RequestError naming the field; a request past its time limit throws DeadlineExceeded.
// docs/api.md documents every field.
#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>

#include "api/jobs.h"
#include "api/model_registry.h"

namespace nard::api {

struct ApiLimits {
  double timeout_seconds = 30;  // per synchronous request (the search's deadline)
  int max_trials = 100000;      // per rolled-out position or play
  int max_candidates = 16;      // plays rolled out per rollout request
  int max_ply = 3;              // of hint, eval and cube
  int max_rollout_ply = 1;      // checker play inside rollout trials
};

class Api {
 public:
  // models and jobs are borrowed and must outlive the Api.
  Api(ModelRegistry& models, Jobs& jobs, ApiLimits limits);

  nlohmann::json info();
  nlohmann::json position(const nlohmann::json& request);
  nlohmann::json moves(const nlohmann::json& request);
  nlohmann::json hint(const nlohmann::json& request);
  nlohmann::json eval(const nlohmann::json& request);
  nlohmann::json cube(const nlohmann::json& request);
  nlohmann::json resign(const nlohmann::json& request);
  // Starts a job: {"id", "status", ...} as rollout_status. RequestError 429 at the job limit.
  nlohmann::json rollout_start(const nlohmann::json& request);
  // RequestError 404 for an unknown id.
  nlohmann::json rollout_status(const std::string& id);
  nlohmann::json rollout_cancel(const std::string& id);
  // A match file's analysis as a job (`nard analyze --json`'s document as its result): the
  // file's text in "match_file" (.mat or gnubg .sgf), "ply", "luck_ply", "cubeless". A file that
  // does not read is a 400 naming "match_file"; RequestError 429 at the job limit.
  nlohmann::json analyze_start(const nlohmann::json& request);
  // RequestError 404 for an unknown id.
  nlohmann::json analyze_status(const std::string& id);
  nlohmann::json analyze_cancel(const std::string& id);

  const ApiLimits& limits() const { return limits_; }

 private:
  nlohmann::json job_status(const char* kind, const std::string& id);
  nlohmann::json job_cancel(const char* kind, const std::string& id);
  std::chrono::steady_clock::time_point deadline() const;

  ModelRegistry& models_;
  Jobs& jobs_;
  ApiLimits limits_;
};

}  // namespace nard::api
