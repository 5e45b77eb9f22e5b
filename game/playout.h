// Games played with uniformly random legal plays: the source of position mixes for benches,
// perft-style stress tests and property tests. Deterministic per seed.
#pragma once

#include <cstdint>
#include <vector>

#include "game/dice.h"
#include "game/game.h"
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
template <class Visit>
PlayoutStats random_playout(MoveGenerator& gen, Position* buffer, Position pos, Rng& rng,
                            int max_turns, Visit&& visit) {
  PlayoutStats st;
  int side = 0;
  int consecutive_forfeits = 0;
  for (st.turns = 0; st.turns < max_turns; ++st.turns) {
    const Dice d = rng.roll();
    const int n = gen.generate(pos, d, buffer);
    visit(pos, d, buffer, n);
    if (n == 0) {
      ++st.forfeits;
      pos.set_mover_first_turn(false);
      // Plakoto total deadlock (rules.md §3.7): a draw. Both sides forfeit in a row before it
      // can be one, so the (costly) check runs only then.
      if (++consecutive_forfeits >= 2 && is_deadlocked(gen, buffer, pos)) {
        st.result = deadlock_result();
        st.last_mover = side;
        ++st.turns;
        return st;
      }
      pos = pos.flipped();
      side ^= 1;
      continue;
    }
    consecutive_forfeits = 0;
    const Position next = buffer[rng.below(uint32_t(n))];
    const GameResult r = game_result(gen.rules(), next);
    if (r.over()) {
      st.result = r;
      st.last_mover = side;
      ++st.turns;
      return st;
    }
    pos = next.flipped();
    side ^= 1;
  }
  return st;
}

}  // namespace nard
