#include "bot/duel.h"

#include <utility>

#include "engine/dice.h"
#include "engine/movegen.h"

namespace nard {

namespace {
// Both sides forfeiting this many turns in a row ends the game (Plakoto deadlock, rules.md §3.7).
constexpr int kDeadlockForfeits = 200;

DuelGame play_game(MoveGenerator& gen, PlayList& list, Player& a, Player& b, bool a_starts,
                   uint64_t seed, int max_turns) {
  const Rules& rules = gen.rules();
  Rng rng(seed);
  Position pos = start_position(rules);
  bool a_on_roll = a_starts;
  DuelGame game;
  int forfeits = 0;
  for (game.turns = 0; game.turns < max_turns; ++game.turns) {
    Dice dice = rng.roll();
    if (game.turns == 0 && rules.opening == Opening::Both)
      while (dice.is_double()) dice = rng.roll();  // O-BOTH: one die each, never equal
    const int n = gen.generate(pos, dice, list.positions.get());
    if (n == 0) {
      if (++forfeits > kDeadlockForfeits) {
        game.result = {Outcome::Draw, false, 0};
        return game;
      }
      pos.set_mover_first_turn(false);
      pos = pos.flipped();
      a_on_roll = !a_on_roll;
      continue;
    }
    forfeits = 0;
    Player& player = a_on_roll ? a : b;
    const std::span<const Position> plays(list.positions.get(), size_t(n));
    int choice = player.choose(pos, dice, plays);
    if (choice < 0 || choice >= n) choice = 0;
    const Position next = plays[choice];
    const GameResult r = game_result(rules, next);
    if (r.over()) {
      game.result = r;
      game.result.mover_wins = r.outcome != Outcome::Draw && (r.mover_wins == a_on_roll);
      ++game.turns;
      return game;
    }
    pos = next.flipped();
    a_on_roll = !a_on_roll;
  }
  return game;
}

}  // namespace

DuelGame play_duel_game(const Rules& rules, Player& a, Player& b, bool a_starts, uint64_t seed,
                        int max_turns) {
  MoveGenerator gen(rules);
  PlayList list;
  return play_game(gen, list, a, b, a_starts, seed, max_turns);
}

DuelResult play_duel(const Rules& rules, Player& a, Player& b, int games, uint64_t seed) {
  MoveGenerator gen(rules);
  PlayList list;
  DuelResult res;
  for (int i = 0; i < games; ++i) {
    const DuelGame g = play_game(gen, list, a, b, i % 2 == 0, game_seed(seed, uint64_t(i)), 10000);
    ++res.games;
    if (!g.result.over())
      ++res.unfinished;
    else if (g.result.outcome == Outcome::Draw)
      ++res.draws;
    else if (g.result.mover_wins)
      ++res.wins_a, res.points_a += g.result.points;
    else
      ++res.wins_b, res.points_a -= g.result.points;
  }
  return res;
}

}  // namespace nard
