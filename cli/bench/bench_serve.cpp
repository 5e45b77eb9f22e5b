// nard bench serve: a load test of the HTTP API on the loopback interface. Starts `nard serve`'s
// server in this process on 127.0.0.1 (a free port), then --clients threads send --requests
// requests in all, a mix of moves, eval (0-ply), hint (0-ply), hint (2-ply) and cube (0-ply) over
// fixed backgammon positions, all clients starting at once, each request on its own connection.
// Bounded: --requests in all and --time-limit seconds (no request starts after it). Prints the
// requests per second and each kind's latency percentiles; exits 1 when any request failed.
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <latch>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "api/http_server.h"
#include "api/jobs.h"
#include "api/model_registry.h"
#include "cli/output.h"
#include "cli/subcommand.h"

namespace nard::tools {

namespace {
using Clock = std::chrono::steady_clock;
using nlohmann::json;

struct BenchServeOptions {
  int clients = 200;
  int requests = 1000;
  double time_limit = 120;
  int threads = 0;
};

// Backgammon contact positions with a roll each (those of `nard bench hint`).
constexpr std::pair<const char*, const char*> kPositions[] = {
    {"4HPwATDgc/ABMA", "31"}, {"jGfwATDgc/ABMA", "52"}, {"4GvwBSDgH/AAWA", "64"},
    {"Ju8aBQBvhzEAAw", "41"}, {"3wNSQgTvS1EAQA", "65"}, {"/xMAIODeJAMBCA", "32"},
    {"jFMYpGI9zBKCEg", "43"}, {"hR/wAwgmE3xAYQ", "21"}, {"Jh8BoFZwF1nAUA", "31"},
    {"fw8AhGBPPEAURQ", "53"},
};

struct Kind {
  const char* name;
  const char* path;
  json (*body)(const char* position, const char* dice);
};
const Kind kKinds[] = {
    {"moves", "/api/moves",
     [](const char* p, const char* d) {
       return json{{"position", p}, {"dice", d}};
     }},
    {"eval 0-ply", "/api/eval",
     [](const char* p, const char*) {
       return json{{"position", p}};
     }},
    {"hint 0-ply", "/api/hint",
     [](const char* p, const char* d) {
       return json{{"position", p}, {"dice", d}};
     }},
    {"hint 2-ply", "/api/hint",
     [](const char* p, const char* d) {
       return json{{"position", p}, {"dice", d}, {"ply", 2}};
     }},
    {"cube 0-ply", "/api/cube",
     [](const char* p, const char*) {
       return json{{"position", p}};
     }},
};
constexpr int kKindCount = int(std::size(kKinds));

struct Sample {
  int kind = 0;
  double seconds = 0;
  bool ok = false;
};

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t i = std::min(v.size() - 1, size_t(q * double(v.size() - 1) + 0.5));
  return v[i];
}

void run_bench_serve(const BenchServeOptions& o) {
  if (o.clients < 1 || o.requests < 1 || o.time_limit <= 0)
    return fail_input(make_error("--clients and --requests must be >= 1, --time-limit > 0"));
  Result<std::unique_ptr<api::ModelRegistry>> models = api::ModelRegistry::create({});
  if (!models) return fail_runtime(models.error());
  api::Jobs jobs({});
  api::ApiLimits limits;
  limits.timeout_seconds = o.time_limit + 60;
  api::Api api(**models, jobs, limits);
  api::ServerOptions so;
  so.host = "127.0.0.1";  // loopback only
  so.port = 0;
  so.threads = o.threads;
  so.timeout_seconds = limits.timeout_seconds;
  api::HttpServer server(api, so);
  Result<int> port = server.bind();
  if (!port) return fail_runtime(port.error());
  std::thread serving([&server] { server.run(); });
  while (!server.running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));

  auto send = [&](int i, std::string* failure) {
    const Kind& k = kKinds[i % kKindCount];
    const auto& [position, dice] = kPositions[(i / kKindCount) % std::size(kPositions)];
    httplib::Client client("127.0.0.1", *port);
    client.set_connection_timeout(time_t(limits.timeout_seconds));
    client.set_read_timeout(time_t(limits.timeout_seconds));
    httplib::Result r = client.Post(k.path, k.body(position, dice).dump(), "application/json");
    if (!r) {
      *failure = std::string(k.name) + ": " + httplib::to_string(r.error());
      return false;
    }
    if (r->status != 200 || !json::accept(r->body)) {
      *failure = std::string(k.name) + ": HTTP " + std::to_string(r->status) + " " +
                 r->body.substr(0, 200);
      return false;
    }
    return true;
  };
  // Warm-up (not counted): the model is prepared on the first request.
  for (int k = 0; k < kKindCount; ++k) {
    std::string failure;
    if (!send(k, &failure)) {
      server.stop();
      serving.join();
      return fail_runtime(make_error("warm-up request failed: " + failure));
    }
  }

  std::printf(
      "serve bench: %d clients, %d requests (moves, eval 0-ply, hint 0-ply, hint 2-ply, cube "
      "0-ply), "
      "%d server threads, 127.0.0.1:%d, %u cores\n",
      o.clients, o.requests,
      so.threads > 0 ? so.threads : int(std::max(8u, 2 * std::thread::hardware_concurrency())),
      *port, std::thread::hardware_concurrency());
  std::vector<Sample> samples(size_t(o.requests));
  std::atomic<int> next{0};
  std::vector<std::string> failures;
  std::mutex failures_mutex;
  std::latch start(o.clients + 1);
  const auto t0 = Clock::now();
  const auto stop_at =
      t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.time_limit));
  std::vector<std::thread> clients;
  for (int c = 0; c < o.clients; ++c)
    clients.emplace_back([&] {
      start.arrive_and_wait();
      for (int i; (i = next++) < o.requests && Clock::now() < stop_at;) {
        const auto begin = Clock::now();
        std::string failure;
        const bool ok = send(i, &failure);
        samples[size_t(i)] = {i % kKindCount,
                              std::chrono::duration<double>(Clock::now() - begin).count(), ok};
        if (!ok) {
          std::lock_guard lock(failures_mutex);
          failures.push_back(failure);
        }
      }
    });
  const auto started = Clock::now();
  start.arrive_and_wait();
  for (std::thread& t : clients) t.join();
  const double wall = std::chrono::duration<double>(Clock::now() - started).count();
  server.stop();
  serving.join();

  const int sent = std::min(o.requests, next.load());
  std::vector<std::vector<double>> by_kind(kKindCount);
  int ok = 0;
  for (int i = 0; i < sent; ++i)
    if (samples[size_t(i)].ok)
      ++ok, by_kind[size_t(samples[size_t(i)].kind)].push_back(samples[size_t(i)].seconds);
  std::printf("  %d requests in %.2f s: %.1f requests/s, %d failed%s\n", sent, wall, sent / wall,
              sent - ok, sent < o.requests ? " (stopped at --time-limit)" : "");
  std::printf("  %-12s %6s %9s %9s %9s %9s\n", "kind", "count", "p50 ms", "p90 ms", "p99 ms",
              "max ms");
  for (int k = 0; k < kKindCount; ++k) {
    const std::vector<double>& v = by_kind[size_t(k)];
    std::printf("  %-12s %6zu %9.1f %9.1f %9.1f %9.1f\n", kKinds[k].name, v.size(),
                1e3 * percentile(v, 0.5), 1e3 * percentile(v, 0.9), 1e3 * percentile(v, 0.99),
                1e3 * percentile(v, 1.0));
  }
  std::printf("  hint 2-ply p99 latency: %.1f ms\n", 1e3 * percentile(by_kind[3], 0.99));
  for (size_t i = 0; i < failures.size() && i < 5; ++i)
    std::printf("  failure: %s\n", failures[i].c_str());
  if (sent != ok) set_exit_code(1);
}
}  // namespace

void register_bench_serve(CLI::App& app) {
  auto o = std::make_shared<BenchServeOptions>();
  CLI::App* bench = app.get_subcommand("bench");
  CLI::App* cmd = bench->add_subcommand(
      "serve", "Load test of the HTTP API on 127.0.0.1 (requests/s, latency)");
  cmd->add_option("--clients", o->clients, "Client threads sending at once (default 200)");
  cmd->add_option("--requests", o->requests, "Requests in all (default 1000)");
  cmd->add_option("--time-limit", o->time_limit,
                  "Seconds after which no request starts (default 120)");
  cmd->add_option("--threads", o->threads, "Server worker threads (default: as nard serve)");
  cmd->callback([o] { run_bench_serve(*o); });
}

}  // namespace nard::tools
