// nard bench: the deterministic signature workload (counts only), printed as Stockfish does.
// nard bench movegen [--variant X]: distinct resulting positions per second on the fixed mix,
// one thread and all threads.
#include <omp.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "bench/bench_signature.h"
#include "bench/movegen_bench.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "formats/position_arg.h"

namespace nard::tools {

namespace {
struct BenchOptions {
  std::string variant, rules;
  int games = kBenchGames;
  int repeat = 3;
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void run_signature() {
  const BenchSignature b = compute_bench_signature();
  std::fprintf(stderr, "===========================\n");
  for (const std::string& line : b.lines) std::fprintf(stderr, "%s\n", line.c_str());
  std::fprintf(stderr, "Positions generated : %llu\n", (unsigned long long)b.positions_generated);
  std::fprintf(stderr, "Plays chosen        : %llu\n", (unsigned long long)b.plays_chosen);
  std::fprintf(stderr, "Signature           : 0x%016llx\n", (unsigned long long)b.signature);
  std::printf("Bench: %llu\n", (unsigned long long)b.positions_generated);
}

void run_movegen(const BenchOptions& o) {
  Result<Rules> rules = resolve_rules(o.variant, o.rules);
  if (!rules) return fail_input(rules.error());
  const MovegenWorkload w = movegen_workload(*rules, o.games, kBenchSeed);
  std::printf(
      "movegen bench: %s (rules %s), %zu positions from %d random games (seed %llu), all 21 rolls "
      "each\n",
      std::string(variant_name(rules->variant)).c_str(), rules->preset.c_str(), w.positions.size(),
      o.games, (unsigned long long)kBenchSeed);
  const int cores = omp_get_num_procs();
  for (int threads : {1, cores}) {
    double best = 1e30;
    MovegenCount c;
    for (int k = 0; k < o.repeat; ++k) {
      const auto t0 = std::chrono::steady_clock::now();
      c = run_movegen_workload(*rules, w, threads);
      best = std::min(best, seconds_since(t0));
    }
    std::printf(
        "  threads %d: %llu positions in %.3f s = %.2f M positions/s (%.2f M/s per thread), "
        "signature 0x%016llx\n",
        threads, (unsigned long long)c.plays, best, c.plays / best / 1e6,
        c.plays / best / 1e6 / threads, (unsigned long long)c.signature);
    if (cores == 1) break;
  }
}
}  // namespace

void register_bench(CLI::App& app) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* cmd =
      app.add_subcommand("bench", "Deterministic bench signature; 'bench movegen' for speed");
  cmd->callback([cmd] {
    if (cmd->get_subcommands().empty()) run_signature();
  });
  CLI::App* mg = cmd->add_subcommand(
      "movegen", "Move generation speed (distinct resulting positions per second)");
  mg->add_option("--variant", o->variant, "Game (default backgammon)");
  mg->add_option("--rules", o->rules, "Rules preset");
  mg->add_option("--games", o->games, "Random games in the position mix")->check(at_least(1));
  mg->add_option("--repeat", o->repeat, "Timed repetitions (best is reported)")->check(at_least(1));
  mg->callback([o] { run_movegen(*o); });
}

}  // namespace nard::tools
