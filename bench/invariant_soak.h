// The invariant soak (`nard bench soak`): many games over every game and rules
// preset (and a few rule options), between random players and the shipped nets
// (0-ply), played by the one game loop (game/match.h play_game) with random
// cube actions in money games and matches. Every decision is checked against
// the rules, re-derived independently of the engine where it can be:
//   * before each play: the position is consistent and possible in the game
//   (geometry, pins only
//     where the game pins, a bar only where it hits, first-turn flags only in
//     Long Nardy), it is the previous play's result turned round (or the same
//     side again after a forfeit), and the game was not already over;
//   * the plays offered: the move generator gives them again, in the same
//   order, with sub-moves
//     that lead to them (game/play_check.h: distinct, consistent, pips fall
//     by the dice only, the opponent's rise only by hits); for backgammon the
//     general search agrees with the fast;
//   * the cube each agent is shown follows from the offers and answers so far
//   (value, owner, the
//     Crawford game, the cap, beavers), and doubles are offered only when
//     allowed;
//   * the end: the game ends exactly when the last play finishes it, and the
//   result (single,
//     gammon, backgammon, mother pin, closure, draw, the Tawla 31 count) and
//     the points (times the cube, Jacoby) follow from the final position by an
//     independent scoring; a drop scores the cube before the refused raise; a
//     game without a result is a Plakoto deadlock or the turn limit.
// Games are independent: game g uses seeds game_seed(seed, g), so the report
// does not depend on the thread count or schedule.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"

namespace nard {

struct SoakOptions {
  uint64_t games = 20000;
  uint64_t seed = 1;
  int threads = 0;       // OpenMP threads; 0 = all cores
  bool nets = true;      // also games with net players (the shipped models); false:
                         // random only
  int max_turns = 3000;  // a game still going after this many turns ends as a draw (counted)
  size_t max_messages = 20;
};

struct SoakCounts {
  uint64_t games = 0, moves = 0, violations = 0;
  uint64_t single = 0, gammon = 0, backgammon = 0, mother_pin = 0, closure = 0, draw = 0;
  uint64_t dropped = 0, deadlock = 0, turn_limit = 0, doubles = 0;
  void add(const SoakCounts& o);
};

struct SoakLine {
  std::string rules;    // a preset with options, as rules_preset() takes it
  std::string players;  // "random-random", "net-random" or "net-net"
  SoakCounts counts;
};

struct SoakReport {
  std::vector<SoakLine> lines;  // per rules and players
  SoakCounts total;
  std::vector<std::string> messages;  // the first violations, in game order
  uint64_t signature = 0;             // of every game's result: equal runs give equal signatures
  double seconds = 0.0;
};

// The rules the soak plays: every preset, and a few options on top.
std::vector<std::string> soak_rules();

// Errors: a model that cannot be loaded (with nets on).
Result<SoakReport> run_soak(const SoakOptions& options);

}  // namespace nard
