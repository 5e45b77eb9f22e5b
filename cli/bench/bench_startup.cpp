// nard bench startup [--runs N] [--binary FILE]: how fast nard starts and answers. Runs
// `nard moves 4HPwATDgc/ABMA 31`, `nard hint 4HPwATDgc/ABMA 31 --ply 0` and `nard --help` N times
// each as child processes (posix_spawn, output to /dev/null) and prints per command the median
// and the largest wall time (spawn to exit, ms), the median CPU time (user + system, which a busy
// machine inflates less than the wall time) and the peak resident memory (wait4's ru_maxrss, MB).
// Goal: <= 20 ms and <= 20 MB. --binary measures another nard executable (e.g. an older build).
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli/output.h"
#include "cli/subcommand.h"

extern char** environ;

namespace nard::tools {

namespace {
struct BenchStartupOptions {
  int runs = 20;
  std::string binary;
};

struct ChildRun {
  double wall_ms = 0;
  double cpu_ms = 0;  // user + system: what the run costs whatever else the machine is running
  double max_rss_mb = 0;
};

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Runs binary with args once; stdout and stderr go to /dev/null.
Result<ChildRun> run_child(const std::string& binary, const std::vector<std::string>& args) {
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(binary.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  const auto t0 = std::chrono::steady_clock::now();
  pid_t pid = 0;
  const int err = posix_spawn(&pid, binary.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) return make_error("cannot run " + binary + ": " + std::strerror(err));
  int status = 0;
  rusage usage{};
  if (::wait4(pid, &status, 0, &usage) != pid) return make_error("wait4 failed for " + binary);
  const auto t1 = std::chrono::steady_clock::now();
  std::string line = binary;
  for (const std::string& a : args) line += " " + a;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return make_error("'" + line + "' failed");
  ChildRun r;
  r.wall_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  r.cpu_ms = 1e3 * double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
             1e-3 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
  r.max_rss_mb = double(usage.ru_maxrss) / 1024.0;  // Linux: kilobytes
  return r;
}

std::string self_path() {
  std::string self(4096, '\0');
  const ssize_t n = ::readlink("/proc/self/exe", self.data(), self.size() - 1);
  if (n <= 0) return "nard";
  self.resize(size_t(n));
  return self;
}

void run_bench_startup(const BenchStartupOptions& o) {
  if (o.runs < 1) return fail_input(make_error("--runs must be >= 1"));
  const std::string binary = o.binary.empty() ? self_path() : o.binary;
  if (::access(binary.c_str(), X_OK) != 0)
    return fail_input(make_error(binary + ": not an executable file"));
  const std::vector<std::vector<std::string>> commands = {
      {"moves", "4HPwATDgc/ABMA", "31"},
      {"hint", "4HPwATDgc/ABMA", "31", "--ply", "0"},
      {"--help"},
  };
  std::printf("startup bench: %s, %d runs per command (goal: <= 20 ms, <= 20 MB)\n", binary.c_str(),
              o.runs);
  std::printf("  %-36s %10s %10s %10s %10s\n", "command", "median ms", "max ms", "CPU ms",
              "peak MB");
  for (const auto& args : commands) {
    std::vector<double> wall, cpu;
    double rss = 0;
    for (int i = 0; i < o.runs; ++i) {
      Result<ChildRun> r = run_child(binary, args);
      if (!r) return fail_runtime(r.error());
      wall.push_back(r->wall_ms);
      cpu.push_back(r->cpu_ms);
      rss = std::max(rss, r->max_rss_mb);
    }
    std::string name = "nard";
    for (const std::string& a : args) name += " " + a;
    std::printf("  %-36s %10.1f %10.1f %10.1f %10.1f\n", name.c_str(), median_of(wall),
                *std::max_element(wall.begin(), wall.end()), median_of(cpu), rss);
  }
  std::printf(
      "  (wall: spawn to exit; CPU: the child's user + system time, median; peak: largest "
      "ru_maxrss)\n");
}
}  // namespace

void register_bench_startup(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<BenchStartupOptions>();
  CLI::App* cmd = bench->add_subcommand(
      "startup", "Start-up time and memory of moves, hint --ply 0 and --help");
  cmd->add_option("--runs", o->runs, "Runs per command (default 20)");
  cmd->add_option("--binary", o->binary, "The nard executable to measure (default: this one)");
  cmd->callback([o] { run_bench_startup(*o); });
}

}  // namespace nard::tools
