#include "play/duel.h"

#include <memory>

#include "core/zeroed_array.h"
#include "game/dice.h"
#include "game/match.h"
#include "game/movegen/movegen.h"

namespace nard {

namespace {

// A Player in the game flow of game/match.h: it only picks plays (never doubles; takes).
class PlayerAgent final : public Agent {
 public:
  explicit PlayerAgent(Player& player) : player_(player) {}
  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView&) override {
    const int choice = player_.choose(pos, dice, plays);
    return choice < 0 || choice >= int(plays.size()) ? 0 : choice;
  }

 private:
  Player& player_;
};

DuelGame play_game(MoveGenerator& gen, Position* buffer, Player& a, Player& b, bool a_starts,
                   uint64_t seed, int max_turns) {
  PlayerAgent agent_a(a), agent_b(b);
  Agent* const agents[2] = {&agent_a, &agent_b};
  GameOptions options;
  options.first_player = a_starts ? 0 : 1;
  options.cubeless = true;
  options.max_turns = max_turns;
  Rng rng(seed);
  const GameRecord rec = play_game(gen.rules(), agents, rng, options, gen, buffer);
  DuelGame game;
  game.turns = rec.turns;
  if (rec.turns >= max_turns) return game;  // unfinished: outcome None
  game.result = rec.result;
  game.result.mover_wins = rec.winner == 0;
  return game;
}

}  // namespace

DuelGame play_duel_game(const Rules& rules, Player& a, Player& b, bool a_starts, uint64_t seed,
                        int max_turns) {
  MoveGenerator gen(rules);
  // Zeroed pages from the kernel: a game touches only the few it lists plays in.
  const ZeroedArray<Position> buffer = make_zeroed_array<Position>(kMaxPlays);
  return play_game(gen, buffer.get(), a, b, a_starts, seed, max_turns);
}

DuelResult play_duel(const Rules& rules, Player& a, Player& b, int games, uint64_t seed) {
  MoveGenerator gen(rules);
  const ZeroedArray<Position> buffer = make_zeroed_array<Position>(kMaxPlays);
  DuelResult res;
  for (int i = 0; i < games; ++i) {
    const DuelGame g =
        play_game(gen, buffer.get(), a, b, i % 2 == 0, game_seed(seed, uint64_t(i)), 10000);
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
