// Games between two Players under given rules, cubeless, for tests and quick strength checks:
// the game loop of game/match.h (play_game with a fixed starter and no cube), the Players seen
// as Agents. Deterministic in (rules, players' seeds, games, seed): game i uses game_seed(seed, i),
// and the players alternate who starts (player A starts the even games).
#pragma once

#include <cstdint>

#include "game/game.h"
#include "game/rules.h"
#include "search/player.h"

namespace nard {

struct DuelResult {
  int games = 0;
  int wins_a = 0, wins_b = 0, draws = 0, unfinished = 0;
  long long points_a = 0;  // net points won by A (game points before any cube; Tawla 31: counts)
  double points_per_game() const { return games ? double(points_a) / games : 0.0; }
};

// Plays one game; returns the result seen from `a` (points > 0: a won). The opening follows the
// rules (O-BOTH: the first roll is not a double; first-turn flags from start_position()).
// A game longer than max_turns counts as unfinished (outcome None); a deadlock (rules.md §3.7) is
// a draw.
struct DuelGame {
  GameResult result;  // outcome and points; mover_wins = a won
  int turns = 0;
};
DuelGame play_duel_game(const Rules& rules, Player& a, Player& b, bool a_starts, uint64_t seed,
                        int max_turns = 10000);

DuelResult play_duel(const Rules& rules, Player& a, Player& b, int games, uint64_t seed);

}  // namespace nard
