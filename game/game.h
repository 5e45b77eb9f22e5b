// Game results and scoring for every game (rules.md §2.4, §3.4–3.5, §4.6, §5.3, §6.6).
#pragma once

#include <cstdint>
#include <string>

#include "game/position.h"
#include "game/rules.h"

namespace nard {

class MoveGenerator;

enum class Outcome : uint8_t {
  None,        // the game goes on
  Single,      // 1 point (oin); Tawla 31: the loser's checkers on the board
  Gammon,      // mars
  Backgammon,  // black/sag mars, koks, or a Long Nardy third level
  MotherPin,   // Plakoto: the opponent's mother pinned
  Closure,     // Tawla 31: the winner closed his 19..24 before the opponent entered his home
  Draw,        // Plakoto: both mothers pinned, or a total deadlock (is_deadlocked)
};

struct GameResult {
  Outcome outcome = Outcome::None;
  bool mover_wins = false;  // the side the position is seen from (the one that just moved)
  int points = 0;           // before the cube: 1, 2, 3, the mother-pin value, or a Tawla 31 count
  bool over() const { return outcome != Outcome::None; }
};

// The result of a position seen from the side that has just played (the mover of the position
// passed to the move generator, before flipping). A game can only end on its mover's play.
//   bear-off win: 1, or gammon_value when the loser has borne off none (backgammon: 3 with a
//     loser's checker on the bar or in the winner's home; Long Nardy: 3 by ln_triple);
//     counts_checkers_left(): the loser's checkers still on the board (pinned ones included);
//   Plakoto mother pin (§3.4): mother_pin_points (count31: the loser's checkers on the board),
//     both mothers pinned: a draw (0);
//   Tawla 31 closure (§6.5, t31_closure=win): the loser's checkers on the board (15).
GameResult game_result(const Rules& rules, const Position& after_play);

// Plakoto total deadlock (rules.md §3.7 [R], errata 12): neither the side on roll nor his
// opponent has a legal play for any of the 21 rolls, so the position can never change; the game
// flow then declares a draw (deadlock_result()). Plakoto only (pinning games): false for every
// other game, which cannot reach it. A roll d-x has a play iff one of its dice can be played on
// its own, so the six doubles decide. Costs up to 12 move generations: call it after a forfeit.
bool is_deadlocked(const Rules& rules, const Position& pos);
// The same with a caller-owned generator and play buffer (kMaxPlays positions), for game loops.
bool is_deadlocked(MoveGenerator& gen, Position* buffer, const Position& pos);
inline GameResult deadlock_result() { return {Outcome::Draw, false, 0}; }

std::string outcome_name(Outcome o, const Rules& rules);

}  // namespace nard
