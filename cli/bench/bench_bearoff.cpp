// nard bench bearoff [--checkers C] [--gnubg FILE] [--net [--model M]] [--cap K]: what the
// two-sided bear-off database (nn/bearoff_two_sided.h) costs and changes (bench/bearoff_accuracy.h):
// its build time and size; over every position it covers, the one-sided approximation's error in
// the winning chance (what those positions got before; with --net also the net's) and, where the
// exact winning chance lies in the double window [0.55, 0.92], how often the money cube model on
// that approximation takes the exact cube action and what its choices cost; with --gnubg (default:
// Debian's /var/lib/gnubg/gnubg_ts0.bd when present), the differences to GNU Backgammon's own
// table; with --cap K, how far tables with 0..K doublings left below a cube cap are from the
// uncapped one (why search/cube/bearoff.h uses it from 4 doublings below the cap).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "bench/bearoff_accuracy.h"
#include "cli/bot_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "formats/notation.h"

namespace nard::tools {

namespace {

constexpr const char* kDebianGnubgTable = "/var/lib/gnubg/gnubg_ts0.bd";

struct BenchBearoffOptions {
  int checkers = TwoSidedBearoff::kDefaultCheckers;
  std::string gnubg, model;
  bool net = false, one_ply = false;
  int cap = -1;
};

void print_errors(const char* name, const ErrorStats& e) {
  std::printf("    %-34s mean %.2e  max %.2e  (%s)\n", name, e.mean(), e.max,
              format_notation(e.worst).c_str());
}

void print_approximation(const char* name, const BearoffApproximation& a) {
  std::printf("  %s:\n", name);
  print_errors("|P(win) - exact|, all", a.win);
  print_errors("|P(win) - exact|, double window", a.win_window);
  const char* state[2] = {"cube centred", "cube owned"};
  for (int s = 0; s < 2; ++s) {
    const CubeErrorStats& c = a.cube[size_t(s)];
    if (c.decisions == 0) continue;
    std::printf(
        "    %-12s %7lld decisions, exact action %5.1f%%, |cubeful "
        "equity error| mean %.4f max %.3f,\n"
        "    %-12s cost of its choices %.2f millipoints a decision "
        "(max %.3f)\n",
        state[s], (long long)c.decisions, 100.0 * double(c.agree) / double(c.decisions),
        c.equity.mean(), c.equity.max, "", 1000 * c.cost.mean(), c.cost.max);
  }
}

void run_bench_bearoff(const BenchBearoffOptions& o) {
  if (o.checkers < 1 || o.checkers > TwoSidedBearoff::kMaxCheckers)
    return fail_input(
        make_error("--checkers must be 1.." + std::to_string(TwoSidedBearoff::kMaxCheckers)));
  const Rules rules = *rules_preset("wbf");
  Result<std::shared_ptr<const BearoffDatabase>> db = BearoffDatabase::create(rules, o.checkers);
  if (!db) return fail_runtime(db.error());
  (*db)->one_sided_probabilities(bearoff_position(1, 1));  // the one-sided tables, not timed
  const auto t0 = std::chrono::steady_clock::now();
  const TwoSidedBearoff& table = *(*db)->two_sided();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const long long n = table.side_positions();
  std::printf(
      "two-sided bear-off database: 6 points, 1..%d checkers a side, "
      "%lld positions, built in %.2f s "
      "(one thread), %.1f MB\n",
      o.checkers, (n - 1) * (n - 1), seconds, double(table.memory_bytes()) / 1e6);

  const std::string gnubg = !o.gnubg.empty()                             ? o.gnubg
                            : std::filesystem::exists(kDebianGnubgTable) ? kDebianGnubgTable
                                                                         : "";
  if (!gnubg.empty()) {
    Result<GnubgTableComparison> c = compare_with_gnubg_table(table, gnubg);
    if (!c) return fail_input(c.error());
    std::printf("gnubg's table %s: |ours - gnubg| per entry (its values are 16-bit):\n",
                gnubg.c_str());
    const char* names[4] = {"cubeless", "owned (no double)", "centred (no double)",
                            "opponent owns"};
    for (size_t k = 0; k < 4; ++k) print_errors(names[k], c->value[k]);
  }

  std::unique_ptr<LoadedBot> bot;
  std::unique_ptr<NeuralEvaluator> net;
  if (o.net) {
    BotArgs args;
    args.model = o.model;
    args.no_bearoff_db = true;
    bot = load_bot(args);
    if (!bot) return;
    net = std::make_unique<NeuralEvaluator>(bot->model);
  }
  const BearoffAccuracy a = measure_bearoff_accuracy(**db, rules, net.get());
  std::printf(
      "Against the exact values (money, rules %s; cube decisions at "
      "the model's bear-off cube life):\n",
      rules.preset.c_str());
  print_approximation("one-sided database (before)", a.one_sided);
  if (net)
    print_approximation(
        ("net " + std::filesystem::path(bot->model_path).filename().string()).c_str(), a.net);

  if (o.one_ply) {
    if (o.checkers >= TwoSidedBearoff::kMaxCheckers)
      return fail_input(make_error("--one-ply needs --checkers below " +
                                   std::to_string(TwoSidedBearoff::kMaxCheckers)));
    const auto t1 = std::chrono::steady_clock::now();
    const TwoSidedBearoff truth(o.checkers + 1, rules.beavers);
    const double s1 = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
    const OnePlyTargets t = measure_one_ply_targets(**db, truth);
    std::printf(
        "1-ply targets one checker beyond the table (%lld positions: the side "
        "on roll %d on board, the "
        "opponent 1..%d; exact values from a table of %d, built in %.1f s):\n",
        (long long)t.positions, o.checkers + 1, o.checkers, o.checkers + 1, s1);
    print_errors("0-ply, one-sided", t.zero_ply_one_sided);
    print_errors("1-ply, one-sided leaves (before)", t.one_ply_one_sided);
    print_errors("1-ply, both databases' leaves", t.one_ply_both);
  }

  if (o.cap >= 0) {
    std::printf(
        "Cube cap: max |capped - uncapped| per unit of the cube, by "
        "doublings left below the cap:\n");
    std::printf("  %9s %11s %11s %11s %11s\n", "doublings", "cubeless", "owned", "centred",
                "opp. owns");
    for (int k = 0; k <= o.cap; ++k) {
      const TwoSidedBearoff capped(o.checkers, rules.beavers, k);
      double worst[4] = {0, 0, 0, 0};
      for (int i = 1; i < n; ++i)
        for (int j = 1; j < n; ++j) {
          const TwoSidedBearoff::Equities &x = table.at(i, j), &y = capped.at(i, j);
          const double d[4] = {x.cubeless - y.cubeless, x.owned - y.owned, x.centred - y.centred,
                               x.opponent_owns - y.opponent_owns};
          for (int v = 0; v < 4; ++v) worst[v] = std::max(worst[v], std::fabs(d[v]));
        }
      std::printf("  %9d %11.2e %11.2e %11.2e %11.2e\n", k, worst[0], worst[1], worst[2], worst[3]);
    }
  }
}

}  // namespace

void register_bench_bearoff(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<BenchBearoffOptions>();
  CLI::App* cmd =
      bench->add_subcommand("bearoff",
                            "The two-sided bear-off database: build time, size, what it "
                            "changes, gnubg's table");
  cmd->add_option("--checkers", o->checkers, "Checkers a side it covers (gnubg's default: 6)")
      ->check(CLI::Range(1, TwoSidedBearoff::kMaxCheckers));
  cmd->add_option("--gnubg", o->gnubg,
                  "gnubg's two-sided table to compare (default: "
                  "/var/lib/gnubg/gnubg_ts0.bd if present)");
  cmd->add_flag("--net", o->net, "Also measure the net (--model, default the shipped one)");
  cmd->add_option("--model", o->model, "Backgammon model for --net");
  cmd->add_flag("--one-ply", o->one_ply,
                "Also measure 1-ply targets one checker beyond the table "
                "(builds a table one larger)");
  cmd->add_option("--cap", o->cap, "Also build the capped tables of 0..K doublings and compare")
      ->check(CLI::Range(0, 10));
  cmd->callback([o] { run_bench_bearoff(*o); });
}

}  // namespace nard::tools
