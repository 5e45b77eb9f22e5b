// Probabilities: what a network (or an exact terminal rule) says about a position, always from the
// side on roll (the player about to roll the dice of the position evaluated).
//
// The five numbers are cumulative, as gnubg defines them:
//   win             P(the side on roll wins the game), any result
//   win_gammon      P(wins a gammon or better)   (includes win_backgammon)
//   win_backgammon  P(wins a backgammon)
//   lose_gammon     P(loses a gammon or worse)   (includes lose_backgammon)
//   lose_backgammon P(loses a backgammon)
// so 1 >= win >= win_gammon >= win_backgammon >= 0 and 1 - win >= lose_gammon >= lose_backgammon.
//
// Other games map their scoring levels onto the same slots: a result worth gammon_value points
// (Plakoto gammon or mother pin, Long Nardy / Fevga mars) is a "gammon", a result worth
// backgammon_value points (a Long Nardy third level where enabled) a "backgammon".
//
// Tawla 31 scores the loser's checkers still on the board (1..15 per game), and its net learns that
// count in the gammon slots (scores_checker_count):
//   win_gammon  = E[count/15 if the side on roll wins, else 0]
//   lose_gammon = E[count/15 if it loses, else 0]
// and the backgammon slots stay 0. count/15 <= 1 keeps the cumulative order above; a decided game
// has win_gammon = count/15 exactly. Its equity is the expected count won, in checkers per game.
#pragma once

#include <array>

#include "game/rules.h"

namespace nard {

inline constexpr int kOutputs = 5;  // the five probabilities, in the order of the fields below

struct Probabilities {
  float win = 0.0f;
  float win_gammon = 0.0f;
  float win_backgammon = 0.0f;
  float lose_gammon = 0.0f;
  float lose_backgammon = 0.0f;

  std::array<float, kOutputs> as_array() const {
    return {win, win_gammon, win_backgammon, lose_gammon, lose_backgammon};
  }
  static Probabilities from_array(const float* v) { return {v[0], v[1], v[2], v[3], v[4]}; }
  bool operator==(const Probabilities&) const = default;
};
static_assert(sizeof(Probabilities) == kOutputs * sizeof(float),
              "five packed floats, net output order");

// Money equity before the cube, in points per game (single win = 1), from the side on roll:
//   (2*win - 1) + (gv - 1)*(win_gammon - lose_gammon) + (bv - gv)*(win_backgammon -
//   lose_backgammon)
// with gv = gammon value, bv = backgammon value. With gv = 2, bv = 3 (standard backgammon) this is
//   2*win - 1 + win_gammon - lose_gammon + win_backgammon - lose_backgammon.
inline float cubeless_equity(const Probabilities& p, int gammon_value, int backgammon_value) {
  return (2.0f * p.win - 1.0f) + float(gammon_value - 1) * (p.win_gammon - p.lose_gammon) +
         float(backgammon_value - gammon_value) * (p.win_backgammon - p.lose_backgammon);
}
inline float cubeless_equity(const Probabilities& p) { return cubeless_equity(p, 2, 3); }
// Whether the game's nets carry the checker count in the gammon slots (see above): Tawla 31.
inline bool scores_checker_count(const Rules& rules) { return rules.variant == Variant::Tawla31; }
inline constexpr float kCountScale = 15.0f;  // checkers per side: count/15 is what the slots hold

// With the values of the rules (rules.gammon_value, rules.backgammon_value); for Tawla 31 the
// expected checker count won, kCountScale * (win_gammon - lose_gammon).
inline float cubeless_equity(const Probabilities& p, const Rules& rules) {
  if (scores_checker_count(rules)) return kCountScale * (p.win_gammon - p.lose_gammon);
  return cubeless_equity(p, rules.gammon_value, rules.backgammon_value);
}

// The same probabilities seen by the other player.
inline Probabilities invert(const Probabilities& p) {
  return {1.0f - p.win, p.lose_gammon, p.lose_backgammon, p.win_gammon, p.win_backgammon};
}

// Exact probabilities of a decided result: `wins` from the side the probabilities are for, at
// `level` 1 (single), 2 (gammon) or 3 (backgammon). A draw is win = 0.5, everything else 0.
Probabilities decided(bool wins, int level);
Probabilities draw_probabilities();

// Whether every field is finite and in [0,1] and the cumulative order holds (win_gammon <= win,
// win_backgammon <= win_gammon, lose_gammon <= 1 - win, lose_backgammon <= lose_gammon), each
// within `slack`: averaged or printed targets may miss by a rounding.
bool is_consistent(const Probabilities& p, float slack);

// Clamps every field into [0,1] and restores the cumulative order (useful after averaging or
// when a net's outputs violate it slightly). Does not change consistent inputs.
Probabilities make_consistent(const Probabilities& p);

}  // namespace nard
