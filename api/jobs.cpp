#include "api/jobs.h"

#include <chrono>
#include <cstdio>
#include <random>
#include <thread>

#include "api/documents.h"

namespace nard::api {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Jobs::Job {
  std::string id, kind;
  JobWork work;
  int threads = 1;
  Clock::time_point started = Clock::now();
  std::atomic<bool> stop{false};       // what the work reads
  std::atomic<bool> cancelled{false};  // why it was raised
  std::atomic<bool> timed_out{false};
  std::atomic<bool> finished{false};
  std::atomic<int> done{0}, total{0};
  std::mutex mutex;  // guards the fields below
  std::string status = "running";
  json result;
  std::string error;
  double elapsed = 0;  // when finished
  std::thread thread;
};

Jobs::Jobs(JobLimits limits) : limits_(limits) {
  id_salt_ = (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
}

Jobs::~Jobs() {
  std::lock_guard lock(mutex_);
  for (auto& [id, job] : jobs_) job->stop = true;
  for (auto& [id, job] : jobs_)
    if (job->thread.joinable()) job->thread.join();
}

int Jobs::running() const {
  std::lock_guard lock(mutex_);
  int n = 0;
  for (const auto& [id, job] : jobs_) n += !job->finished;
  return n;
}

void Jobs::reap_locked() {
  size_t finished = 0;
  for (const auto& [id, job] : jobs_) finished += job->finished;
  for (auto it = order_.begin(); it != order_.end() && finished > limits_.keep_finished;) {
    auto job = jobs_.find(*it);
    if (job != jobs_.end() && job->second->finished) {
      if (job->second->thread.joinable()) job->second->thread.join();
      jobs_.erase(job);
      it = order_.erase(it);
      --finished;
    } else {
      ++it;
    }
  }
}

Result<std::string> Jobs::start(const std::string& kind, int total, JobWork work) {
  std::lock_guard lock(mutex_);
  reap_locked();
  int running = 0;
  for (const auto& [id, job] : jobs_) running += !job->finished;
  if (running >= limits_.max_running)
    return make_error(std::to_string(running) +
                      " jobs are running, the server's limit (--max-jobs); wait for one to "
                      "finish or cancel one");
  auto job = std::make_shared<Job>();
  const uint64_t number = ++next_id_;
  char id[32];
  std::snprintf(id, sizeof id, "%c%llu-%06llx", kind.empty() ? 'j' : kind[0],
                static_cast<unsigned long long>(number),
                static_cast<unsigned long long>((id_salt_ * number >> 20) & 0xffffff));
  job->id = id;
  job->kind = kind;
  job->work = std::move(work);
  job->threads = std::max(1, limits_.threads_per_job);
  job->total = total;
  jobs_.emplace(job->id, job);
  order_.push_back(job->id);
  const double limit = limits_.time_limit_seconds;
  job->thread = std::thread([j = job.get(), limit] { run(*j, limit); });
  return job->id;
}

void Jobs::run(Job& job, double time_limit_seconds) {
  const auto deadline = job.started + std::chrono::duration_cast<Clock::duration>(
                                          std::chrono::duration<double>(time_limit_seconds));
  JobControl control;
  control.stop = &job.stop;
  control.threads = job.threads;
  control.progress = [&job, deadline](int done, int total) {
    job.done = done;
    job.total = total;
    if (Clock::now() > deadline && !job.stop) {
      job.timed_out = true;
      job.stop = true;
    }
  };
  Result<json> result = make_error("the job did not run");
  try {
    result = job.work(control);
  } catch (const std::exception& e) {
    result = make_error(std::string("the job failed: ") + e.what());
  } catch (...) { result = make_error("the job failed"); }
  std::lock_guard lock(job.mutex);
  job.elapsed = std::chrono::duration<double>(Clock::now() - job.started).count();
  if (job.cancelled || job.timed_out) {
    job.status = job.cancelled ? "cancelled" : "timed_out";
    // What the work finished before it stopped (a rollout's trials so far), when it returns it.
    if (result) job.result = std::move(result).value();
  } else if (!result) {
    job.status = "failed";
    job.error = result.error().message;
  } else {
    job.status = "done";
    job.result = std::move(result).value();
    job.done = job.total.load();
  }
  job.finished = true;
}

std::shared_ptr<Jobs::Job> Jobs::find(const std::string& id, const std::string& kind) {
  std::lock_guard lock(mutex_);
  auto it = jobs_.find(id);
  if (it == jobs_.end() || it->second->kind != kind) return nullptr;
  return it->second;
}

std::optional<json> Jobs::status(const std::string& id, const std::string& kind) {
  std::shared_ptr<Job> job = find(id, kind);
  if (!job) return std::nullopt;
  std::lock_guard lock(job->mutex);
  const double elapsed = job->finished
                             ? job->elapsed
                             : std::chrono::duration<double>(Clock::now() - job->started).count();
  json doc = {{"id", job->id},
              {"kind", job->kind},
              {"status", job->status},
              {"done", job->done.load()},
              {"total", job->total.load()},
              {"elapsed", number_json(elapsed)}};
  if (job->status == "done" || !job->result.is_null()) doc["result"] = job->result;
  if (job->status == "failed") doc["error"] = job->error;
  if (job->status == "timed_out")
    doc["error"] = "the job ran past the server's time limit of " +
                   std::to_string(int(limits_.time_limit_seconds)) + " s (--job-time-limit)";
  return doc;
}

std::optional<json> Jobs::cancel(const std::string& id, const std::string& kind) {
  std::shared_ptr<Job> job = find(id, kind);
  if (!job) return std::nullopt;
  if (!job->finished) {
    job->cancelled = true;
    job->stop = true;
  }
  // The work ends soon after the flag (a rollout finishes the trials under way); wait for it.
  const auto give_up = Clock::now() + std::chrono::seconds(5);
  while (!job->finished && Clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return status(id, kind);
}

}  // namespace nard::api
