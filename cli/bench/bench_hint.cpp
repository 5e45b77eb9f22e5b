// nard bench hint [--model FILE] [--ply N]: the time of one hint (all plays of a roll ranked at
// 1..N ply with the default move filters) on one core, over fixed contact positions and rolls
// (gnubg IDs taken from gnubg 1.07 games). Without --model: the shipped backgammon model, else
// random weights of the default architecture (the time does not depend on the values).
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "bench/movegen_bench.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "formats/gnubg_id.h"
#include "game/move.h"
#include "game/movegen/movegen.h"
#include "nn/model_path.h"
#include "nn/weights_file.h"
#include "search/search.h"

namespace nard::tools {

namespace {
struct BenchHintOptions {
  std::string model;
  int ply = 2;
  int repeat = 3;
  int prune_keep = SearchConfig{}.prune_keep;
};

// Middle-game contact positions (side on roll) with a roll each.
constexpr std::pair<const char*, const char*> kHintPositions[] = {
    {"4HPwATDgc/ABMA", "31"}, {"jGfwATDgc/ABMA", "52"}, {"4GvwBSDgH/AAWA", "64"},
    {"Ju8aBQBvhzEAAw", "41"}, {"3wNSQgTvS1EAQA", "65"}, {"/xMAIODeJAMBCA", "32"},
    {"jFMYpGI9zBKCEg", "43"}, {"hR/wAwgmE3xAYQ", "21"}, {"Jh8BoFZwF1nAUA", "31"},
    {"fw8AhGBPPEAURQ", "53"},
};

void run_bench_hint(const BenchHintOptions& o) {
  const Rules rules = *rules_preset("wbf");
  if (o.ply < 0 || o.ply > 3 || o.repeat < 1)
    return fail_input(make_error("--ply must be 0..3, --repeat >= 1"));
  std::string path = o.model;
  if (path.empty()) {
    Result<std::string> found = default_model_path(Variant::Backgammon);
    if (found) path = *found;
  }
  Result<std::shared_ptr<const NeuralModel>> model =
      path.empty() ? NeuralModel::create(rules, random_net_weights(Variant::Backgammon, kBenchSeed))
                   : NeuralModel::load(rules, path);
  if (!model) return fail_input(model.error());
  NeuralEvaluator evaluator(*model);
  SearchConfig config;
  config.ply = o.ply;
  config.prune_keep = o.prune_keep;
  Search search(rules, evaluator, config);
  MoveGenerator gen(rules);
  PlayList list;
  std::printf("hint bench: %zu contact positions, %d-ply, one core, model %s\n",
              std::size(kHintPositions), o.ply, path.empty() ? "(random weights)" : path.c_str());
  if (evaluator.pruner() && o.prune_keep > 0)
    std::printf(
        "  lookahead pruned by the model's bg-prune net: the best %d plays of each roll go to the "
        "full net\n",
        o.prune_keep);
  else
    std::printf("  no pruning: every play of the lookahead goes to the full net\n");
  double total_best = 0;
  uint64_t evals = 0, prune_evals = 0;
  for (const auto& [id, roll] : kHintPositions) {
    const Position pos = *decode_position_id(id);
    const Dice dice = *parse_dice(roll);
    list.size = gen.generate(pos, dice, list.positions.get(), list.moves.get());
    double best = 1e30;
    RankedPlay chosen;
    for (int k = 0; k < o.repeat; ++k) {
      search.clear_cache();  // every hint starts cold, as a fresh `nard hint` does
      const uint64_t before = search.static_evaluations(),
                     prune_before = search.prune_evaluations();
      const auto t0 = std::chrono::steady_clock::now();
      const std::vector<RankedPlay> ranked = search.rank_plays(pos, dice, list.plays());
      best = std::min(best,
                      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      if (k == 0) {
        chosen = ranked.front();
        evals += search.static_evaluations() - before;
        prune_evals += search.prune_evaluations() - prune_before;
      }
    }
    std::printf("  %s %s  %3d plays  %8.2f ms   best %-20s %+.4f\n", id, roll, list.size,
                best * 1e3, format_move(list.moves[size_t(chosen.index)]).c_str(), chosen.equity);
    total_best += best;
  }
  std::printf(
      "  mean %.2f ms per hint, %llu static evaluations by the full net, %llu by the pruning net\n",
      total_best * 1e3 / std::size(kHintPositions), (unsigned long long)evals,
      (unsigned long long)prune_evals);
}
}  // namespace

void register_bench_hint(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<BenchHintOptions>();
  CLI::App* cmd = bench->add_subcommand("hint", "Time of one n-ply hint on one core");
  cmd->add_option("--model", o->model,
                  "Backgammon model (default: the shipped one, else random weights)");
  cmd->add_option("--ply", o->ply, "Depth (default 2)")->check(CLI::Range(0, 3));
  cmd->add_option("--repeat", o->repeat, "Timed repetitions per position (best is kept)")
      ->check(at_least(1));
  cmd->add_option("--prune-keep", o->prune_keep,
                  "Plays per roll the full net values in the lookahead (0: no pruning)")
      ->check(at_least(0));
  cmd->callback([o] { run_bench_hint(*o); });
}

}  // namespace nard::tools
