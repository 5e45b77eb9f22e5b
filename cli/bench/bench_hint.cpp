// nard bench hint [--variant V] [--model FILE] [--ply N] [--prune-keep K] [--compare]: the time
// of one hint (all plays of a roll ranked at 1..N ply with the default move filters) on one core,
// over fixed middle-game positions and rolls: backgammon's gnubg IDs taken from gnubg 1.07 games;
// the other games' from seeded 0-ply self-play of the model (game g's turn 10 + g). Without
// --model: the game's shipped model, else random weights of the default architecture (the time does
// not depend on the values). --compare: each hint again without the pruning net, its time, whether
// both pick the same play and the equity the pruned pick loses by the unpruned ranking.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bench/movegen_bench.h"
#include "cli/bot_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "formats/gnubg_id.h"
#include "game/move.h"
#include "game/movegen/movegen.h"
#include "nn/encoder.h"
#include "nn/model_path.h"
#include "nn/weights_file.h"
#include "play/self_play.h"
#include "search/search.h"

namespace nard::tools {

namespace {
struct BenchHintOptions {
  std::string variant = "backgammon";
  std::string model;
  int ply = 2;
  int repeat = 3;
  int prune_keep = SearchConfig{}.prune_keep;
  std::string move_filters;
  int positions = 10;  // the other games' self-play positions
  bool compare = false;
};

struct HintCase {
  Position position;
  Dice dice;
  std::string label;
};

// The other games' positions: game g (seed g, 0-ply self-play of the model) at its turn 10 + g
// (or its last turn with a choice, if shorter), with that turn's roll.
std::vector<HintCase> self_play_cases(const Rules& rules, Evaluator& evaluator, int count) {
  std::vector<HintCase> cases;
  GamePlayer player(rules);
  for (int g = 1; int(cases.size()) < count && g <= 10 * count; ++g) {
    std::optional<HintCase> pick;
    player.play(evaluator, uint64_t(g), {}, [&](const SelfPlayTurn& t) {
      if (t.results.size() < 2 || (pick && t.turn > 10 + g)) return;
      pick = HintCase{t.position, t.dice,
                      "game " + std::to_string(g) + " turn " + std::to_string(t.turn)};
    });
    if (pick) cases.push_back(*pick);
  }
  return cases;
}

// Middle-game contact positions (side on roll) with a roll each.
constexpr std::pair<const char*, const char*> kHintPositions[] = {
    {"4HPwATDgc/ABMA", "31"}, {"jGfwATDgc/ABMA", "52"}, {"4GvwBSDgH/AAWA", "64"},
    {"Ju8aBQBvhzEAAw", "41"}, {"3wNSQgTvS1EAQA", "65"}, {"/xMAIODeJAMBCA", "32"},
    {"jFMYpGI9zBKCEg", "43"}, {"hR/wAwgmE3xAYQ", "21"}, {"Jh8BoFZwF1nAUA", "31"},
    {"fw8AhGBPPEAURQ", "53"},
};

// One hint timed: the best of `repeat` cold runs; the ranking and evaluation counts of the first.
struct TimedHint {
  double seconds = 1e30;
  std::vector<RankedPlay> ranked;
  uint64_t evals = 0, prune_evals = 0;
};

TimedHint time_hint(Search& search, const HintCase& c, std::span<const Position> plays,
                    int repeat) {
  TimedHint h;
  for (int k = 0; k < repeat; ++k) {
    search.clear_cache();  // every hint starts cold, as a fresh `nard hint` does
    const uint64_t before = search.static_evaluations(), prune_before = search.prune_evaluations();
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<RankedPlay> ranked = search.rank_plays(c.position, c.dice, plays);
    h.seconds = std::min(
        h.seconds, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    if (k == 0) {
      h.ranked = std::move(ranked);
      h.evals = search.static_evaluations() - before;
      h.prune_evals = search.prune_evaluations() - prune_before;
    }
  }
  return h;
}

void run_bench_hint(const BenchHintOptions& o) {
  Result<Rules> found_rules = rules_for_variant(o.variant);
  if (!found_rules) return fail_input(found_rules.error());
  const Rules rules = *found_rules;
  const bool backgammon = rules.variant == Variant::Backgammon;
  if (o.ply < 0 || o.ply > 3 || o.repeat < 1)
    return fail_input(make_error("--ply must be 0..3, --repeat >= 1"));
  std::string path = o.model;
  if (path.empty()) {
    Result<std::string> found = default_model_path(rules.variant);
    if (found) path = *found;
  }
  Result<std::shared_ptr<const NeuralModel>> model =
      path.empty() ? NeuralModel::create(rules, random_net_weights(rules.variant, kBenchSeed))
                   : NeuralModel::load(rules, path);
  if (!model) return fail_input(model.error());
  NeuralEvaluator evaluator(*model);
  SearchConfig config;
  config.ply = o.ply;
  config.prune_keep = o.prune_keep;
  set_move_filters(config, move_filters_named(o.move_filters));
  Search search(rules, evaluator, config);
  SearchConfig unpruned_config = config;
  unpruned_config.prune_keep = 0;
  Search unpruned(rules, evaluator, unpruned_config);
  MoveGenerator gen(rules);
  PlayList list;

  std::vector<HintCase> cases;
  if (backgammon)
    for (const auto& [id, roll] : kHintPositions)
      cases.push_back({*decode_position_id(id), *parse_dice(roll), std::string(id) + " " + roll});
  else
    cases = self_play_cases(rules, evaluator, o.positions);
  std::printf("hint bench: %zu %s positions, %d-ply, one core, model %s\n", cases.size(),
              backgammon ? "contact" : "self-play", o.ply,
              path.empty() ? "(random weights)" : path.c_str());
  const bool pruned = evaluator.pruner() && o.prune_keep > 0;
  if (pruned)
    std::printf(
        "  lookahead pruned by the model's %s net: the best %d plays of each roll go to the "
        "full net\n",
        std::string(encoder_name(*optional_encoder_for(rules.variant))).c_str(), o.prune_keep);
  else
    std::printf("  no pruning: every play of the lookahead goes to the full net\n");
  double total = 0, total_unpruned = 0, lost = 0;
  uint64_t evals = 0, prune_evals = 0;
  int same = 0, shallower = 0;
  for (const HintCase& c : cases) {
    list.size = gen.generate(c.position, c.dice, list.positions.get(), list.moves.get());
    const TimedHint h = time_hint(search, c, list.plays(), o.repeat);
    const RankedPlay& chosen = h.ranked.front();
    evals += h.evals;
    prune_evals += h.prune_evals;
    total += h.seconds;
    std::printf("  %s  %3d plays  %8.2f ms   best %-20s %+.4f", c.label.c_str(), list.size,
                h.seconds * 1e3, format_move(list.moves[size_t(chosen.index)]).c_str(),
                chosen.equity);
    if (o.compare && pruned) {
      const TimedHint u = time_hint(unpruned, c, list.plays(), o.repeat);
      total_unpruned += u.seconds;
      const RankedPlay& best = u.ranked.front();
      RankedPlay pick = best;
      for (const RankedPlay& r : u.ranked)
        if (r.index == chosen.index) pick = r;
      same += best.index == chosen.index;
      if (pick.ply < best.ply) {
        // The unpruned search's move filters left the pruned pick at a lower depth: its equity
        // there is not comparable with the best's.
        ++shallower;
        std::printf("   unpruned %8.2f ms  other (valued at %d-ply only)", u.seconds * 1e3,
                    pick.ply);
      } else {
        lost += best.equity - pick.equity;
        std::printf("   unpruned %8.2f ms  %s %.4f", u.seconds * 1e3,
                    best.index == chosen.index ? "same" : "other", best.equity - pick.equity);
      }
    }
    std::printf("\n");
  }
  const double n = double(std::max<size_t>(cases.size(), 1));
  std::printf(
      "  mean %.2f ms per hint, %llu static evaluations by the full net, %llu by the pruning net\n",
      total * 1e3 / n, (unsigned long long)evals, (unsigned long long)prune_evals);
  if (o.compare && pruned)
    std::printf(
        "  unpruned: mean %.2f ms per hint (%.2fx); the same best play in %d of %zu; equity lost "
        "by pruning %.5f per hint (by the unpruned ranking; %d pruned picks it left at a lower "
        "ply not counted)\n",
        total_unpruned * 1e3 / n, total_unpruned / std::max(total, 1e-12), same, cases.size(),
        lost / n, shallower);
}
}  // namespace

void register_bench_hint(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<BenchHintOptions>();
  CLI::App* cmd = bench->add_subcommand("hint", "Time of one n-ply hint on one core");
  cmd->add_option("--variant", o->variant, "Game (default backgammon)");
  cmd->add_option("--model", o->model,
                  "Model (default: the game's shipped one, else random weights)");
  cmd->add_option("--positions", o->positions,
                  "Self-play positions of the other games (default 10; backgammon: its fixed 10)")
      ->check(at_least(1));
  cmd->add_flag("--compare", o->compare,
                "Each hint also without the pruning net: time, same best play, equity lost");
  cmd->add_option("--ply", o->ply, "Depth (default 2)")->check(CLI::Range(0, 3));
  cmd->add_option("--repeat", o->repeat, "Timed repetitions per position (best is kept)")
      ->check(at_least(1));
  cmd->add_option("--prune-keep", o->prune_keep,
                  "Plays per roll the full net values in the lookahead (0: no pruning)")
      ->check(at_least(0));
  add_move_filters_option(cmd, "--move-filters", o->move_filters);
  cmd->callback([o] { run_bench_hint(*o); });
}

}  // namespace nard::tools
