// Game results and scoring for every game (rules.md §2.4, §3.4–3.5, §4.6, §5.3, §6.6).
#pragma once

#include <cstdint>
#include <string>

#include "engine/position.h"
#include "engine/rules.h"

namespace nard {

enum class Outcome : uint8_t {
  None,        // the game goes on
  Single,      // 1 point (oin); Tawla 31: the loser's checkers on the board
  Gammon,      // mars
  Backgammon,  // black/sag mars, koks, or a Long Nardy third level
  MotherPin,   // Plakoto: the opponent's mother pinned
  Closure,     // Tawla 31: the winner closed his 19..24 before the opponent entered his home
  Draw,        // Plakoto: both mothers pinned (or a total deadlock)
};

struct GameResult {
  Outcome outcome = Outcome::None;
  bool mover_wins = false;  // the side the position is seen from (the one that just moved)
  int points = 0;           // before the cube: 1, 2, 3, the mother-pin value, or a Tawla 31 count
  bool over() const { return outcome != Outcome::None; }
};

// The result of a position seen from the side that has just played (the mover of the position
// passed to the move generator, before flipping). A game can only end on its mover's play.
GameResult game_result(const Rules& rules, const Position& after_play);

std::string outcome_name(Outcome o, const Rules& rules);

// Total deadlock (rules.md §3.7, Plakoto only): neither side has a legal play for any of the 21
// rolls, so the game can never go on; the game flow scores it as a draw.
bool is_deadlocked(const Rules& rules, const Position& pos);

}  // namespace nard
