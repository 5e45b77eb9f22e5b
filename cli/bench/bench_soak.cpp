// nard bench soak [--games N] [--seed S] [--threads T] [--random-only]: the
// invariant soak (bench/invariant_soak.h). Prints per rules set the games, moves,
// violations and how the games ended, the totals, games per second and the
// first violations; exit code 1 when any is found.
#include <cstdio>

#include "bench/invariant_soak.h"
#include "cli/output.h"
#include "cli/subcommand.h"

namespace nard::tools {

namespace {

struct SoakArgs {
  SoakOptions soak;
  bool random_only = false;
};

void print_counts(const char* name, const char* players, const SoakCounts& c) {
  std::printf(
      "%-50s %-13s %9llu %11llu %5llu %8llu %7llu %6llu %6llu %6llu "
      "%5llu %6llu %6llu %5llu\n",
      name, players, (unsigned long long)c.games, (unsigned long long)c.moves,
      (unsigned long long)c.violations, (unsigned long long)c.single, (unsigned long long)c.gammon,
      (unsigned long long)c.backgammon, (unsigned long long)c.mother_pin,
      (unsigned long long)c.closure, (unsigned long long)(c.draw + c.deadlock),
      (unsigned long long)c.turn_limit, (unsigned long long)c.dropped,
      (unsigned long long)c.doubles);
}

void run_bench_soak(const SoakArgs& a) {
  if (a.soak.games == 0) return fail_input(make_error("--games must be at least 1"));
  if (a.soak.threads < 0) return fail_input(make_error("--threads must be 0 (all cores) or more"));
  SoakOptions o = a.soak;
  o.nets = !a.random_only;
  Result<SoakReport> r = run_soak(o);
  if (!r) return fail_runtime(r.error());
  std::printf("%-50s %-13s %9s %11s %5s %8s %7s %6s %6s %6s %5s %6s %6s %5s\n", "rules", "players",
              "games", "moves", "viol", "single", "gammon", "bg", "mother", "closure", "draw",
              "limit", "drop", "cube");
  SoakCounts by_players[3];
  for (size_t i = 0; i < r->lines.size(); ++i) {
    const SoakLine& l = r->lines[i];
    by_players[i % 3].add(l.counts);
    if (l.counts.games) print_counts(l.rules.c_str(), l.players.c_str(), l.counts);
  }
  for (int i = 0; i < 3; ++i)
    if (by_players[i].games)
      print_counts("all rules", r->lines[size_t(i)].players.c_str(), by_players[i]);
  print_counts("total", "", r->total);
  std::printf(
      "games %llu, moves %llu, violations %llu in %.1f s: %.0f "
      "games/s, %.0f moves/s (seed %llu)\n",
      (unsigned long long)r->total.games, (unsigned long long)r->total.moves,
      (unsigned long long)r->total.violations, r->seconds, r->total.games / r->seconds,
      r->total.moves / r->seconds, (unsigned long long)o.seed);
  std::printf("signature 0x%016llx\n", (unsigned long long)r->signature);
  for (const std::string& m : r->messages) std::printf("violation: %s\n", m.c_str());
  if (r->total.violations) set_exit_code(1);
}

}  // namespace

void register_bench_soak(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto a = std::make_shared<SoakArgs>();
  CLI::App* cmd = bench->add_subcommand("soak",
                                        "Invariant soak: random and net games over "
                                        "every rules preset, every move checked");
  cmd->add_option("--games", a->soak.games, "Games in all (spread over the rules sets)");
  cmd->add_option("--seed", a->soak.seed, "Run seed (game g uses game_seed(seed, g))");
  cmd->add_option("--threads", a->soak.threads, "Threads (0 = all cores)");
  cmd->add_option("--max-turns", a->soak.max_turns,
                  "Turns after which a game is abandoned as a draw");
  cmd->add_flag("--random-only", a->random_only, "Random players only (no models needed)");
  cmd->callback([a] { run_bench_soak(*a); });
}

}  // namespace nard::tools
