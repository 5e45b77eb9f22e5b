#include "api/rollout_jobs.h"

#include <random>

#include "api/documents.h"
#include "bot/cube_rollout.h"
#include "engine/movegen.h"
#include "engine/position_arg.h"

namespace nard::api {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct RolloutJobs::Job {
  std::string id;
  RolloutJobSpec spec;
  Clock::time_point started = Clock::now();
  std::atomic<bool> stop{false};       // what the rollout reads
  std::atomic<bool> cancelled{false};  // why it was set
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

RolloutJobs::RolloutJobs(RolloutJobLimits limits) : limits_(limits) {
  id_salt_ = (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
}

RolloutJobs::~RolloutJobs() {
  std::lock_guard lock(mutex_);
  for (auto& [id, job] : jobs_) job->stop = true;
  for (auto& [id, job] : jobs_)
    if (job->thread.joinable()) job->thread.join();
}

int RolloutJobs::running() const {
  std::lock_guard lock(mutex_);
  int n = 0;
  for (const auto& [id, job] : jobs_) n += !job->finished;
  return n;
}

void RolloutJobs::reap_locked() {
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

Result<std::string> RolloutJobs::start(RolloutJobSpec spec) {
  std::lock_guard lock(mutex_);
  reap_locked();
  int running = 0;
  for (const auto& [id, job] : jobs_) running += !job->finished;
  if (running >= limits_.max_running)
    return make_error(std::to_string(running) + " rollouts are running, the server's limit " +
                      "(--max-jobs); wait for one to finish or cancel one");
  auto job = std::make_shared<Job>();
  const uint64_t number = ++next_id_;
  char id[32];
  std::snprintf(id, sizeof id, "r%llu-%06llx", static_cast<unsigned long long>(number),
                static_cast<unsigned long long>((id_salt_ * number >> 20) & 0xffffff));
  job->id = id;
  job->spec = std::move(spec);
  job->spec.config.threads = std::max(1, limits_.threads_per_job);
  job->spec.config.stop = &job->stop;
  const int trials = job->spec.config.trials;
  job->total = job->spec.cube_decision ? 3 * trials
               : job->spec.dice        ? trials * std::max(1, job->spec.candidates)
                                       : trials;
  jobs_.emplace(job->id, job);
  order_.push_back(job->id);
  const double limit = limits_.time_limit_seconds;
  job->thread = std::thread([j = job.get(), limit] { run(*j, limit); });
  return job->id;
}

void RolloutJobs::run(Job& job, double time_limit_seconds) {
  const RolloutJobSpec& s = job.spec;
  const auto deadline = job.started + std::chrono::duration_cast<Clock::duration>(
                                          std::chrono::duration<double>(time_limit_seconds));
  const RolloutProgress progress = [&job, deadline](int done, int total) {
    job.done = done;
    job.total = total;
    if (Clock::now() > deadline && !job.stop) {
      job.timed_out = true;
      job.stop = true;
    }
  };
  const auto model = s.model;
  const EvaluatorFactory factory = [model] { return std::make_unique<NeuralEvaluator>(model); };
  json result;
  std::string error;
  try {
    if (s.cube_decision) {
      Result<CubeRolloutResult> r =
          rollout_cube_decision(s.rules, s.position, s.config, factory, progress);
      if (!r)
        error = r.error().message;
      else
        result = {{"kind", "cube_decision"},
                  {"cube_decision", cube_rollout_document(*r, s.rules, s.config.cube)}};
    } else if (!s.dice) {
      Result<RolloutResult> r = rollout(s.rules, s.position, s.config, factory, progress);
      if (!r)
        error = r.error().message;
      else
        result = rollout_position_document(*r);
    } else {
      MoveGenerator gen(s.rules);
      PlayList list;
      list.size = gen.generate(s.position, *s.dice, list.positions.get(), list.moves.get());
      NeuralEvaluator evaluator(s.model);
      Search search(s.rules, evaluator, s.search);
      const std::vector<RankedPlay> ranked = search.rank_plays(s.position, *s.dice, list.plays());
      std::vector<Position> plays;
      std::vector<std::string> moves, positions;
      for (size_t i = 0; i < ranked.size() && int(i) < std::max(1, s.candidates); ++i) {
        plays.push_back(list.positions[ranked[i].index]);
        moves.push_back(format_move(list.moves[ranked[i].index]));
        positions.push_back(format_position_for(plays.back().flipped(), s.rules));
      }
      job.total = s.config.trials * int(plays.size());
      Result<std::vector<RolloutResult>> r =
          rollout_plays(s.rules, plays, s.config, factory, progress);
      if (!r)
        error = r.error().message;
      else
        result = rollout_plays_document(*s.dice, moves, positions, *r);
    }
  } catch (const std::exception& e) {
    error = std::string("rollout failed: ") + e.what();
  } catch (...) {
    error = "rollout failed";
  }
  std::lock_guard lock(job.mutex);
  job.elapsed = std::chrono::duration<double>(Clock::now() - job.started).count();
  if (job.cancelled)
    job.status = "cancelled";
  else if (job.timed_out)
    job.status = "timed_out";
  else if (!error.empty())
    job.status = "failed", job.error = error;
  else
    job.status = "done", job.result = std::move(result), job.done = job.total.load();
  job.finished = true;
}

std::optional<json> RolloutJobs::status(const std::string& id) {
  std::shared_ptr<Job> job;
  {
    std::lock_guard lock(mutex_);
    auto it = jobs_.find(id);
    if (it == jobs_.end()) return std::nullopt;
    job = it->second;
  }
  std::lock_guard lock(job->mutex);
  const double elapsed = job->finished
                             ? job->elapsed
                             : std::chrono::duration<double>(Clock::now() - job->started).count();
  json doc = {{"id", job->id},
              {"status", job->status},
              {"done", job->done.load()},
              {"total", job->total.load()},
              {"elapsed", number_json(elapsed)}};
  if (job->status == "done") doc["result"] = job->result;
  if (job->status == "failed") doc["error"] = job->error;
  if (job->status == "timed_out")
    doc["error"] = "the rollout ran past the server's time limit of " +
                   std::to_string(int(limits_.time_limit_seconds)) + " s";
  return doc;
}

std::optional<json> RolloutJobs::cancel(const std::string& id) {
  std::shared_ptr<Job> job;
  {
    std::lock_guard lock(mutex_);
    auto it = jobs_.find(id);
    if (it == jobs_.end()) return std::nullopt;
    job = it->second;
    if (!job->finished) {
      job->cancelled = true;
      job->stop = true;
    }
  }
  // The trials under way finish first (milliseconds each); wait for them, within reason.
  const auto give_up = Clock::now() + std::chrono::seconds(5);
  while (!job->finished && Clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return status(id);
}

}  // namespace nard::api
