// Games played with uniformly random legal plays: the source of position mixes for benches,
// perft-style stress tests and property tests. Deterministic per seed.
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "game/dice.h"
#include "game/game.h"
#include "game/match.h"
#include "game/movegen/movegen.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

struct PlayoutStats {
  int turns = 0;
  int forfeits = 0;
  GameResult result;   // seen from the side that made the last play
  int last_mover = 0;  // 0 = the side on roll at the start, 1 = the other
};

// Plays one game from `start` with uniformly random plays. Calls visit(position, dice, plays,
// n) before each play (position seen from the mover) when visit is not null. Stops after
// max_turns turns (result.outcome None then). Uses the caller's generator and buffer.
template <class Visit>
PlayoutStats random_playout(MoveGenerator& gen, Position* buffer, Position start, Rng& rng,
                            int max_turns, Visit&& visit);

// Positions met in `games` random games of the rules (before each roll, mover's view), with the
// roll that was then played. Deterministic in (rules, games, seed).
struct PositionRoll {
  Position position;
  Dice dice;
};
std::vector<PositionRoll> sample_positions(const Rules& rules, int games, uint64_t seed);

// ---- implementation ----
// The game is played through the one game loop (game/match.h play_game): from `start`, player 0
// on roll there, cubeless, the dice of `rng` and a random agent that draws its plays from the same
// `rng` after each roll, as the dice and the choices always alternated.
template <class Visit>
class RandomPlayoutAgent final : public Agent {
 public:
  RandomPlayoutAgent(Rng& rng, Visit& visit, Position* buffer)
      : rng_(rng), visit_(visit), buffer_(buffer) {}
  void rolled(const Position& pos, Dice dice) { pos_ = pos, dice_ = dice; }
  void forfeited() {
    visit_(pos_, dice_, buffer_, 0);
    ++forfeits_;
  }
  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView&) override {
    visit_(pos, dice, plays.data(), int(plays.size()));
    return int(rng_.below(uint32_t(plays.size())));
  }
  int forfeits_ = 0;

 private:
  Rng& rng_;
  Visit& visit_;
  Position* buffer_;
  Position pos_;
  Dice dice_{};
};

template <class Visit>
PlayoutStats random_playout(MoveGenerator& gen, Position* buffer, Position pos, Rng& rng,
                            int max_turns, Visit&& visit) {
  RandomPlayoutAgent<std::remove_reference_t<Visit>> agent(rng, visit, buffer);
  Agent* const agents[2] = {&agent, &agent};
  GameOptions o;
  o.start = &pos;
  o.cubeless = true;
  o.max_turns = max_turns;
  o.on_roll = [&](const Position& p, Dice d) { agent.rolled(p, d); };
  o.on_forfeit = [&](const Position&) { agent.forfeited(); };
  const GameRecord rec = play_game(gen.rules(), agents, rng, o, gen, buffer);
  PlayoutStats st;
  st.turns = rec.turns;
  st.forfeits = agent.forfeits_;
  if (rec.deadlocked) {
    // Plakoto total deadlock (rules.md §3.7): a draw, on the turn of the last forfeit.
    agent.forfeited();
    st.forfeits = agent.forfeits_;
    st.result = deadlock_result();
    st.last_mover = rec.turns % 2;
    st.turns = rec.turns + 1;
  } else if (!rec.turn_limit) {
    st.result = rec.result;
    st.last_mover = (rec.turns - 1) % 2;
  }
  return st;
}

}  // namespace nard
