// nard match: bot against bot (two models or two plies), against pubeval or the heuristic
// player; money games or matches to --match points; duplicate dice (each dice sequence played
// twice with the sides swapped) to cut the variance. Prints the points per game of A (match
// play: the fraction of matches A wins) with its standard error.
#include <omp.h>

#include <cmath>
#include <cstdio>

#include "bot/agents.h"
#include "bot/heuristic_player.h"
#include "bot/model_path.h"
#include "bot/pubeval.h"
#include "tools/bot_args.h"
#include "tools/subcommand.h"
#include "tools/output.h"
#include "tools/position_arg.h"

namespace nard::tools {

namespace {
struct Side {
  std::string kind = "net", model;
  int ply = 0;
};
struct MatchOptions {
  BotArgs bot;  // --variant, --rules, --json (--model/--ply: defaults of the net sides)
  Side a, b;
  int games = 1000, match = 0, threads = 0;
  uint64_t seed = 1;
  bool no_duplicate = false, cubeless = false;
};

// What a side needs, shared by the threads (immutable).
struct SideSpec {
  std::string kind, label;
  std::shared_ptr<const NeuralModel> model;
  PubevalWeights pubeval;
  SearchConfig search;
};

// One thread's agent of a side, with the evaluator it owns.
struct AgentBox {
  std::unique_ptr<Evaluator> evaluator;
  std::unique_ptr<Agent> agent;
};

AgentBox make_agent(const SideSpec& s, const Rules& rules, const MatchEquityTable* met) {
  AgentBox box;
  if (s.kind == "net") {
    box.evaluator = std::make_unique<NeuralEvaluator>(s.model);
    box.agent = std::make_unique<BotAgent>(rules, *box.evaluator, s.search, met);
  } else if (s.kind == "pubeval") {
    box.agent = std::make_unique<PlayerAgent>(std::make_unique<PubevalPlayer>(s.pubeval));
  } else {
    box.agent = std::make_unique<PlayerAgent>(std::make_unique<HeuristicPlayer>(rules));
  }
  return box;
}

Result<SideSpec> resolve_side(const Side& side, const BotArgs& defaults, const Rules& rules) {
  SideSpec s;
  s.kind = side.kind;
  if (side.kind == "net") {
    std::string path = side.model.empty() ? defaults.model : side.model;
    if (path.empty()) {
      Result<std::string> found = default_model_path(rules.variant);
      if (!found) return found.error();
      path = *found;
    }
    Result<std::shared_ptr<const NeuralModel>> m = NeuralModel::load(rules, path);
    if (!m) return m.error();
    s.model = *m;
    s.search.ply = side.ply >= 0 ? side.ply : defaults.ply;
    s.label = "net " + std::to_string(s.search.ply) + "-ply (" + path + ")";
  } else if (side.kind == "pubeval") {
    if (rules.variant != Variant::Backgammon) return make_error("pubeval plays backgammon only");
    Result<PubevalWeights> w = load_pubeval(default_pubeval_path());
    if (!w) return w.error();
    s.pubeval = *w;
    s.label = "pubeval";
  } else if (side.kind == "heuristic") {
    s.label = "heuristic";
  } else {
    return make_error("player '" + side.kind + "' is not net, pubeval or heuristic");
  }
  return s;
}

void run_match(const MatchOptions& o) {
  Result<Rules> rules_or = resolve_rules(o.bot.variant, o.bot.rules);
  if (!rules_or) return fail_input(rules_or.error());
  Rules rules = *rules_or;
  if (o.cubeless) rules.cube = false;
  if (o.games < 1 || o.match < 0) return fail_input(make_error("--games must be >= 1 and --match >= 0"));
  Result<SideSpec> a = resolve_side(o.a, o.bot, rules);
  if (!a) return fail_input(a.error());
  Result<SideSpec> b = resolve_side(o.b, o.bot, rules);
  if (!b) return fail_input(b.error());
  Result<MatchEquityTable> met = MatchEquityTable::load(MatchEquityTable::default_path());
  if (!met) return fail_runtime(met.error());

  const bool duplicate = !o.no_duplicate;
  const int units = duplicate ? (o.games + 1) / 2 : o.games;
  const size_t n_units = static_cast<size_t>(units);
  std::vector<double> value(n_units);  // A's points per game (matches: matches won) of a unit
  std::vector<int> a_wins(n_units), played(n_units);
  const int threads = o.threads > 0 ? o.threads : omp_get_num_procs();
#pragma omp parallel num_threads(threads)
  {
    AgentBox box_a = make_agent(*a, rules, &*met), box_b = make_agent(*b, rules, &*met);
    MoveGenerator gen(rules);
    std::unique_ptr<Position[]> buffer(new Position[kMaxPlays]);
#pragma omp for schedule(dynamic, 1)
    for (int u = 0; u < units; ++u) {
      const uint64_t seed = game_seed(o.seed, uint64_t(u));
      double total = 0;
      int n = 0, wins = 0;
      for (int swap = 0; swap < (duplicate ? 2 : 1); ++swap) {
        // A is player 0 in the first game of a unit, player 1 in the replay.
        Agent* const agents[2] = {swap ? box_b.agent.get() : box_a.agent.get(),
                                  swap ? box_a.agent.get() : box_b.agent.get()};
        const int a_player = swap;
        if (o.match > 0) {
          const SessionResult s = play_session(rules, agents, seed, o.match, 0);
          const bool won = s.match_winner == a_player;
          total += won, wins += won;
        } else {
          Rng rng(seed);
          const GameRecord r = play_game(rules, agents, rng, GameOptions{}, gen, buffer.get());
          total += r.winner < 0 ? 0 : r.winner == a_player ? r.points : -r.points;
          wins += r.winner == a_player;
        }
        ++n;
      }
      value[size_t(u)] = total / n;
      a_wins[size_t(u)] = wins;
      played[size_t(u)] = n;
    }
  }
  double sum = 0, ss = 0;
  long long games = 0, wins = 0;
  for (int u = 0; u < units; ++u) sum += value[size_t(u)], games += played[size_t(u)], wins += a_wins[size_t(u)];
  const double mean = sum / units;
  for (double v : value) ss += (v - mean) * (v - mean);
  const double se = units > 1 ? std::sqrt(ss / (units - 1) / units) : 0.0;
  const char* unit = o.match > 0 ? "matches won" : "points per game";
  if (o.bot.json) {
    std::printf("{\"a\": %s, \"b\": %s, \"%s\": %lld, \"duplicate\": %s, \"a_wins\": %lld, \"mean\": %.6f, "
                "\"se\": %.6f, \"measure\": %s}\n",
                json_string(a->label).c_str(), json_string(b->label).c_str(), o.match > 0 ? "matches" : "games", games,
                duplicate ? "true" : "false", wins, mean, se, json_string(unit).c_str());
    return;
  }
  std::printf("A: %s\nB: %s\n", a->label.c_str(), b->label.c_str());
  std::printf("%lld %s%s (%s), A won %lld\n", games, o.match > 0 ? "matches to " : "money games",
              o.match > 0 ? std::to_string(o.match).c_str() : "", duplicate ? "duplicate dice" : "independent dice",
              wins);
  std::printf("A: %+.4f %s (se %.4f, 95%% CI %+.4f .. %+.4f)\n", mean, unit, se, mean - 1.96 * se, mean + 1.96 * se);
}
}  // namespace

void register_match(CLI::App& app) {
  auto o = std::make_shared<MatchOptions>();
  o->a.ply = -1;
  o->b.ply = -1;
  o->b.kind = "pubeval";
  CLI::App* cmd = app.add_subcommand("match", "Bot against bot, pubeval or the heuristic player");
  cmd->add_option("--a", o->a.kind, "Player A: net|pubeval|heuristic (default net)");
  cmd->add_option("--b", o->b.kind, "Player B: net|pubeval|heuristic (default pubeval)");
  cmd->add_option("--a-model", o->a.model, "Model of A (default --model, else the shipped one)");
  cmd->add_option("--b-model", o->b.model, "Model of B");
  cmd->add_option("--a-ply", o->a.ply, "Ply of A (default --ply)")->check(CLI::Range(0, 3));
  cmd->add_option("--b-ply", o->b.ply, "Ply of B (default --ply)")->check(CLI::Range(0, 3));
  cmd->add_option("--games", o->games, "Games (matches with --match) in all, default 1000");
  cmd->add_option("--match", o->match, "Match length (0 = money games)");
  cmd->add_option("--threads", o->threads, "OpenMP threads (0 = all cores)");
  cmd->add_option("--seed", o->seed, "Dice seed");
  cmd->add_flag("--no-duplicate", o->no_duplicate, "Independent dice for every game");
  cmd->add_flag("--cubeless", o->cubeless, "No doubling cube");
  add_bot_options(cmd, o->bot);
  cmd->callback([o] { run_match(*o); });
}

}  // namespace nard::tools
