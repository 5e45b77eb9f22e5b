// nard match: bot against bot (two models or two plies), against pubeval, the heuristic player
// or GNU Backgammon (cli/play/match_sides.h; gnubg with its own cube, or --cubeless); money games or matches to --match points; duplicate
// dice (each dice sequence played twice with the sides swapped) to cut the variance. Prints the
// points per game of A (match play: the fraction of matches A wins) with its standard error, and
// for money games how often each side won single, gammon and backgammon. Each thread owns its
// agents (and its gnubg process); game i of the run uses game_seed(seed, i), so the result does
// not depend on --threads. A gnubg failure stops the run with its message (exit code 1).
// --tavli: matches whose games rotate Portes, Plakoto and Fevga, each game played by the side's
// agent for that game (a net side: the game's shipped model), through play_session's loop.
#include "game/match.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "api/documents.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/play/match_sides.h"
#include "cli/progress_line.h"
#include "cli/subcommand.h"
#include "formats/position_arg.h"
#include "formats/session_files.h"
#include "game/game_replay.h"
#include "game/match_record.h"
#include "gnubg/gnubg_parallelism.h"
#include "play/head_to_head.h"

namespace nard::tools {

namespace {
struct MatchOptions {
  BotArgs bot;  // --variant, --rules, --json (--model/--ply: defaults of the net sides)
  MatchSide a, b;
  int games = 1000, match = 0, threads = 0;
  uint64_t seed = 1;
  bool no_duplicate = false, cubeless = false;
  bool quiet = false;  // no progress line on stderr
  std::string save;    // match files of the games played (.sgf: gnubg SGF, else .mat)
  bool tavli = false;  // Tavli matches: the games rotate Portes, Plakoto, Fevga (game/match.h)
};

// --threads 0: all cores, or with a gnubg side as many games at once as gnubg's answer time calls
// for (gnubg/gnubg_parallelism.h), never more than there are games (duplicate pairs) to play.
int default_threads(const MatchOptions& o, const HeadToHeadConfig& config) {
  int gnubg_ply = -1, gnubg_sides = 0;
  for (const MatchSide* side : {&o.a, &o.b})
    if (side->kind == "gnubg") {
      ++gnubg_sides;
      gnubg_ply = std::max(gnubg_ply, side->ply >= 0 ? side->ply : o.bot.ply);
    }
  if (gnubg_sides == 0) return 0;
  const long long units = config.duplicate ? (config.games + 1) / 2 : config.games;
  const int at_once = gnubg_games_at_once(gnubg_ply) / gnubg_sides;
  return int(std::clamp<long long>(units, 1, std::max(at_once, 1)));
}

// The options --tavli does not go with: the games and their models are Tavli's own.
std::optional<Error> check_tavli_options(const MatchOptions& o) {
  if (o.match < 1) return make_error("--tavli needs a match length (--match L)");
  if (!o.bot.variant.empty() || !o.bot.rules.empty())
    return make_error("--tavli chooses the games itself: no --variant or --rules");
  if (!o.bot.model.empty() || !o.a.model.empty() || !o.b.model.empty())
    return make_error(
        "--tavli plays each game with its own shipped model: no --model, --a-model or --b-model");
  return std::nullopt;
}

// A net's own option (`option`, setting `what`) given for a side that is not a net: the error.
std::optional<Error> check_net_side(const MatchSide& side, char letter, const std::string& option,
                                    const char* what) {
  if (side.kind == "net") return std::nullopt;
  return make_error(option + ": " + char(letter - 'a' + 'A') + " is " + side.kind + "; " + what +
                    " is a net's setting (--" + letter + " net)");
}

// --a-cube-life / --b-cube-life only where the setting decides something: a net's money cube at 0
// or 1 ply (search/cube/efficiency.h). `letter`: 'a' or 'b'.
std::optional<Error> check_cube_life(const MatchOptions& o, const MatchSide& side, int ply,
                                     char letter) {
  if (side.cube_life.empty()) return std::nullopt;
  const std::string option = std::string("--") + letter + "-cube-life";
  const char player = char(letter - 'a' + 'A');
  if (auto e = check_net_side(side, letter, option, "a cube life")) return e;
  if (o.match > 0 || o.cubeless)
    return make_error(option + " applies to money games with the cube, not to " +
                      (o.cubeless ? "--cubeless" : "--match"));
  if (ply > 2)
    return make_error(option + " applies at 0 to 2 ply, where the cube lives differ; " + player +
                      " plays at " + std::to_string(ply) + "-ply");
  return std::nullopt;
}

// --a-prune-keep / --b-prune-keep only for a net that searches: the pruning net ranks the plays
// inside the lookahead.
std::optional<Error> check_prune_keep(const MatchSide& side, int ply, char letter) {
  if (side.prune_keep < 0) return std::nullopt;
  const std::string option = std::string("--") + letter + "-prune-keep";
  if (auto e = check_net_side(side, letter, option, "pruning")) return e;
  if (ply < 1)
    return make_error(option + " decides nothing at 0-ply: the pruning net works inside the " +
                      "lookahead of 1 ply or more");
  return std::nullopt;
}

// --a-move-filters / --b-move-filters only for a net at 2 ply or more: at 1 ply both schemes send
// the same 8 plays within 0.16 to 1-ply.
std::optional<Error> check_move_filters(const MatchSide& side, int ply, char letter) {
  if (side.move_filters.empty()) return std::nullopt;
  const std::string option = std::string("--") + letter + "-move-filters";
  if (auto e = check_net_side(side, letter, option, "the choice of move filters")) return e;
  if (ply < 2)
    return make_error(option + " decides nothing below 2-ply: the schemes differ from 2-ply on");
  return std::nullopt;
}

// --a-checker-play / --b-checker-play only for a net with the cube in play (`rules`: the game's,
// --cubeless applied).
std::optional<Error> check_checker_play(const MatchOptions& o, const Rules& rules,
                                        const MatchSide& side, char letter) {
  if (side.checker_play.empty()) return std::nullopt;
  const std::string option = std::string("--") + letter + "-checker-play";
  if (auto e = check_net_side(side, letter, option, "a checker-play setting")) return e;
  if (o.cubeless) return make_error(option + " decides nothing with --cubeless");
  if (!rules.cube) return make_error(option + " decides nothing in a game without the cube");
  return std::nullopt;
}

// Saves the games of --save (formats/session_files.h), A as player 0.
std::optional<Error> save_games(const MatchOptions& o, const Rules& rules,
                                const std::vector<std::vector<MatchGame>>& matches) {
  MatchRecord header;
  header.rules =
      o.bot.rules.empty() ? (o.bot.variant.empty() ? "wbf" : o.bot.variant) : o.bot.rules;
  if (o.tavli) header.rules = kTavliPresets[0];  // the other games name their own rules
  if (!rules_preset(header.rules)) header.rules = "wbf";
  header.match_length = o.match;
  header.crawford = rules.crawford;
  header.jacoby = rules.jacoby;
  header.beavers = rules.beavers;
  header.players = {"A " + o.a.kind, "B " + o.b.kind};
  return write_session_files(o.save, header, matches);
}

// The report of a match run: text, or with --json its document; saves the games of --save.
void print_match_result(const MatchOptions& o, const RotationSide& a, const RotationSide& b,
                        bool duplicate, const HeadToHeadResult& r, const Rules& rules) {
  if (!o.save.empty())
    if (auto e = save_games(o, rules, r.recorded)) return fail_runtime(*e);
  const long long games = r.played, wins = r.a_wins;
  const double mean = r.mean, se = r.se;
  const OutcomeCounts& c = r.outcomes;
  const char* unit = o.match > 0 ? "matches won" : "points per game";
  if (o.bot.json) {
    nlohmann::json doc = {{"a", a.label},
                          {"b", b.label},
                          {o.match > 0 ? "matches" : "games", games},
                          {"duplicate", duplicate},
                          {"a_wins", wins},
                          {"mean", api::number_json(mean)},
                          {"se", api::number_json(se)},
                          {"measure", unit}};
    if (o.match == 0) {
      const char* names[6] = {"a_single", "a_gammon", "a_backgammon",
                              "b_single", "b_gammon", "b_backgammon"};
      for (size_t k = 0; k < c.size(); ++k) doc[names[k]] = c[k];
    }
    std::cout << doc.dump(2) << '\n';
    return;
  }
  std::printf("A: %s\nB: %s\n", a.label.c_str(), b.label.c_str());
  std::printf("%lld %s%s (%s), A won %lld\n", games, o.match > 0 ? "matches to " : "money games",
              o.match > 0 ? std::to_string(o.match).c_str() : "",
              duplicate ? "duplicate dice" : "independent dice", wins);
  std::printf("A: %+.4f %s (se %.4f, 95%% CI %+.4f .. %+.4f)\n", mean, unit, se, mean - 1.96 * se,
              mean + 1.96 * se);
  if (o.match > 0) return;
  const double g = double(games) / 100;  // percent of all games
  for (int side = 0; side < 2; ++side) {
    const long long* k = &c[size_t(3 * side)];
    std::printf(
        "%s won %lld: %lld single (%.2f%%), %lld gammons (%.2f%%), %lld backgammons (%.2f%%)\n",
        side ? "B" : "A", k[0] + k[1] + k[2], k[0], k[0] / g, k[1], k[1] / g, k[2], k[2] / g);
  }
}

void run_match(const MatchOptions& o) {
  if (o.tavli)
    if (auto e = check_tavli_options(o)) return fail_input(*e);
  // The games of the rotation: the game of --variant/--rules, or Tavli's three.
  std::vector<Rules> rotation_rules;
  if (o.tavli) {
    for (const char* preset : kTavliPresets) rotation_rules.push_back(*rules_preset(preset));
  } else {
    Result<Rules> rules_or = resolve_rules(o.bot.variant, o.bot.rules);
    if (!rules_or) return fail_input(rules_or.error());
    rotation_rules.push_back(*rules_or);
  }
  for (Rules& g : rotation_rules)
    if (o.cubeless) g.cube = false;
  const Rules& rules = rotation_rules[0];
  if (o.games < 1 || o.match < 0)
    return fail_input(make_error("--games must be >= 1 and --match >= 0"));
  if (auto e = check_checker_play(o, rules, o.a, 'a')) return fail_input(*e);
  if (auto e = check_checker_play(o, rules, o.b, 'b')) return fail_input(*e);
  // gnubg's tables stop at 64 points.
  if (o.match > 64 && (o.a.kind == "gnubg" || o.b.kind == "gnubg"))
    return fail_input(
        make_error("gnubg plays matches up to 64 points, not " + std::to_string(o.match)));
  Result<RotationSide> a = resolve_rotation_side(o.a, o.bot, rotation_rules, o.tavli);
  if (!a) return fail_input(a.error());
  Result<RotationSide> b = resolve_rotation_side(o.b, o.bot, rotation_rules, o.tavli);
  if (!b) return fail_input(b.error());
  if (auto e = check_cube_life(o, o.a, a->specs[0].search.ply, 'a')) return fail_input(*e);
  if (auto e = check_cube_life(o, o.b, b->specs[0].search.ply, 'b')) return fail_input(*e);
  if (auto e = check_prune_keep(o.a, a->specs[0].search.ply, 'a')) return fail_input(*e);
  if (auto e = check_prune_keep(o.b, b->specs[0].search.ply, 'b')) return fail_input(*e);
  if (auto e = check_move_filters(o.a, a->specs[0].search.ply, 'a')) return fail_input(*e);
  if (auto e = check_move_filters(o.b, b->specs[0].search.ply, 'b')) return fail_input(*e);
  Result<MatchEquityTable> met = MatchEquityTable::load(MatchEquityTable::default_path());
  if (!met) return fail_runtime(met.error());

  HeadToHeadConfig config;
  config.games = o.games;
  config.match_length = o.match;
  config.duplicate = !o.no_duplicate;
  config.threads = o.threads > 0 ? o.threads : default_threads(o, config);
  config.seed = o.seed;
  config.record = !o.save.empty();
  const MakeThreadAgents make_agents = thread_agents(*a, *b, rotation_rules, &*met, o.tavli);
  // Progress in games (matches).
  const std::function<void(long long, long long)> bar =
      o.quiet ? std::function<void(long long, long long)>()
              : progress_bar_on_stderr("Playing", o.match > 0 ? "matches" : "games");
  Result<HeadToHeadResult> played = play_head_to_head(config, make_agents, bar);
  if (!played) {
    if (!o.quiet && isatty(fileno(stderr)))
      std::fputc('\n', stderr);  // end the redrawn progress line
    return fail_runtime(played.error());
  }
  print_match_result(o, *a, *b, config.duplicate, *played, rules);
}

}  // namespace

void register_match(CLI::App& app) {
  auto o = std::make_shared<MatchOptions>();
  o->a.ply = -1;
  o->b.ply = -1;
  o->b.kind = "pubeval";
  CLI::App* cmd =
      app.add_subcommand("match", "Bot against bot, pubeval, the heuristic player or gnubg");
  cmd->add_option("--a", o->a.kind,
                  "Player A: net|pubeval|heuristic|gnubg (default net; gnubg: standard backgammon, "
                  "with the cube or --cubeless)");
  cmd->add_option("--b", o->b.kind, "Player B: net|pubeval|heuristic|gnubg (default pubeval)");
  cmd->add_option("--a-model", o->a.model, "Model of A (default --model, else the shipped one)");
  cmd->add_option("--b-model", o->b.model, "Model of B");
  cmd->add_option("--a-ply", o->a.ply, "Ply of A (default --ply; gnubg: 0..2)")
      ->check(CLI::Range(0, 3));
  cmd->add_option("--b-ply", o->b.ply, "Ply of B (default --ply)")->check(CLI::Range(0, 3));
  // The nets' per-side settings, --a-… and --b-….
  for (auto [letter, side] : {std::pair{'a', &o->a}, std::pair{'b', &o->b}}) {
    const std::string flag = std::string("--") + letter + "-", player(1, char(letter - 'a' + 'A'));
    cmd->add_option(flag + "cube-life", side->cube_life,
                    player +
                        "'s money cube life at 0 to 2 ply: fitted (default; ours, "
                        "search/cube/efficiency.h) or gnubg (gnubg's x)")
        ->check(CLI::IsMember({"fitted", "gnubg"}));
    cmd->add_option(flag + "checker-play", side->checker_play,
                    player +
                        "'s checker play with the cube in play: cubeful (default; for the "
                        "cube and score, as gnubg) or cubeless (cubeless money equity)")
        ->check(CLI::IsMember({"cubeful", "cubeless"}));
    cmd->add_option(flag + "prune-keep", side->prune_keep,
                    player +
                        "'s lookahead: plays per roll the full net values after the model's "
                        "pruning net ranked them (default 3; 0 = no pruning)")
        ->check(CLI::Range(0, 64));
    add_move_filters_option(cmd, flag + "move-filters", side->move_filters, player);
  }
  cmd->add_option("--games", o->games, "Games (matches with --match) in all, default 1000")
      ->check(at_least(1));
  cmd->add_option("--match", o->match, "Match length (0 = money games)")->check(at_least(0));
  cmd->add_option("--threads", o->threads,
                  "OpenMP threads (0 = all cores; with a gnubg side, up to 16 games a core at "
                  "once, as gnubg's answer time calls for)")
      ->check(at_least(0));
  cmd->add_option("--seed", o->seed, "Dice seed")->check(unsigned_whole());
  cmd->add_flag("--no-duplicate", o->no_duplicate, "Independent dice for every game");
  cmd->add_flag("--cubeless", o->cubeless, "No doubling cube");
  cmd->add_flag("--quiet", o->quiet, "No progress line");
  cmd->add_flag("--tavli", o->tavli,
                "Tavli matches (needs --match L): the games rotate Portes, Plakoto, Fevga, each "
                "played with its shipped model");
  cmd->add_option("--save", o->save,
                  "Save the games: money games as one session file, matches as FILE-1.mat, "
                  "FILE-2.mat, ... (.sgf: gnubg SGF)");
  add_bot_options(cmd, o->bot);
  cmd->callback([o] { run_match(*o); });
}

}  // namespace nard::tools
