// nard serve: the HTTP/JSON API and the web page (api/http_server.h) until Ctrl-C or SIGTERM.
// Binds 127.0.0.1 unless --host says otherwise; the API has no authentication.
#include <pthread.h>
#include <signal.h>

#include <cstdio>
#include <filesystem>
#include <thread>

#include "api/http_server.h"
#include "api/jobs.h"
#include "api/model_registry.h"
#include "cli/output.h"
#include "cli/subcommand.h"

namespace nard::tools {

namespace {
struct ServeOptions {
  api::ServerOptions server;
  std::vector<std::string> models;
  int max_jobs = 2, max_trials = 100000, rollout_threads = 0;
  double job_time_limit = 600;
  bool no_bearoff_db = false;
};

bool is_loopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

void run_serve(const ServeOptions& o) {
  if (o.server.port < 0 || o.server.port > 65535)
    return fail_input(make_error("--port must be 0..65535"));
  if (o.server.timeout_seconds <= 0) return fail_input(make_error("--timeout must be > 0 seconds"));
  if (o.max_jobs < 0 || o.max_trials < 1 || o.job_time_limit <= 0)
    return fail_input(
        make_error("--max-jobs must be >= 0, --max-trials >= 1, --job-time-limit > 0"));
  if (!o.server.static_dir.empty() && !std::filesystem::is_directory(o.server.static_dir))
    return fail_input(make_error("--static '" + o.server.static_dir + "' is not a directory"));

  api::ModelOptions mo;
  mo.files = o.models;
  mo.bearoff_db = !o.no_bearoff_db;
  Result<std::unique_ptr<api::ModelRegistry>> models = api::ModelRegistry::create(mo);
  if (!models) return fail_input(models.error());

  // SIGINT/SIGTERM go to one waiting thread (blocked everywhere else, the workers included).
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  api::JobLimits jl;
  jl.max_running = o.max_jobs;
  jl.time_limit_seconds = o.job_time_limit;
  jl.threads_per_job =
      o.rollout_threads > 0 ? o.rollout_threads : std::max(1, cores / std::max(1, o.max_jobs));
  api::Jobs jobs(jl);
  api::ApiLimits limits;
  limits.timeout_seconds = o.server.timeout_seconds;
  limits.max_trials = o.max_trials;
  api::Api api(**models, jobs, limits);
  api::HttpServer server(api, o.server);
  Result<int> port = server.bind();
  if (!port) return fail_runtime(port.error());

  std::thread waiter([&server, signals] {
    int sig = 0;
    sigwait(&signals, &sig);
    server.stop();
  });
  std::fprintf(stderr, "nard serve: http://%s:%d/ (API under /api/, docs/api.md; Ctrl-C stops)\n",
               o.server.host.find(':') != std::string::npos ? ("[" + o.server.host + "]").c_str()
                                                            : o.server.host.c_str(),
               *port);
  if (!is_loopback(o.server.host))
    std::fprintf(stderr,
                 "nard serve: warning: %s is reachable from other machines, and the API has "
                 "no authentication\n",
                 o.server.host.c_str());
  server.run();
  pthread_kill(waiter.native_handle(), SIGTERM);  // run() may have ended on its own
  waiter.join();
  std::fprintf(stderr, "nard serve: stopped\n");
}
}  // namespace

void register_serve(CLI::App& app) {
  auto o = std::make_shared<ServeOptions>();
  CLI::App* cmd = app.add_subcommand("serve", "HTTP/JSON API and web page for analysis and play");
  cmd->add_option("--host", o->server.host,
                  "Address to listen on (default 127.0.0.1: this machine only)");
  cmd->add_option("--port", o->server.port, "Port (default 8080; 0 = any free port)");
  cmd->add_option("--model", o->models,
                  "Model file for its game (repeatable; default: the shipped models)");
  cmd->add_option("--max-body", o->server.max_body,
                  "Largest request body in bytes (default 1 MiB)");
  cmd->add_option("--timeout", o->server.timeout_seconds,
                  "Seconds a request may take (default 30)");
  cmd->add_option("--max-jobs", o->max_jobs, "Jobs (rollouts) running at once (default 2)");
  cmd->add_option("--max-trials", o->max_trials,
                  "Trials per rolled-out position or play (default 100000)");
  cmd->add_option("--job-time-limit", o->job_time_limit,
                  "Seconds a job (rollout) may run (default 600)");
  cmd->add_option("--rollout-threads", o->rollout_threads,
                  "Threads per job (default: cores / max-jobs)");
  cmd->add_option("--threads", o->server.threads,
                  "HTTP worker threads (default: max(8, 2 x cores))");
  cmd->add_option("--static", o->server.static_dir,
                  "Serve the web page from this directory (default: the copy built in)");
  cmd->add_flag("--log", o->server.log, "One line per request on stderr");
  cmd->add_flag("--no-bearoff-db", o->no_bearoff_db, "Evaluate bear-off positions with the net");
  cmd->callback([o] { run_serve(*o); });
}

}  // namespace nard::tools
