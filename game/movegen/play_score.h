// Play quality for the maximal-dice rule (rules.md §1.3), shared by both move searches: 2 per die
// used, plus 1 when a single die of a non-double was played and it was the larger one. Only the
// plays of the highest score are legal. A sub-move that ends the game counts as using every die
// (errata 7): it scores like a full play, so it stands beside the full plays that do not end the
// game rather than replacing them. Not in backgammon and its presets: there the 15th checker off
// scores the dice it used, as GNU Backgammon and eXtreme Gammon rule (2/1*/off, not 2/off, with
// 4-1 and an opposing blot on the 1-point).
#pragma once

namespace nard {

inline constexpr int kScoreAllDiceDouble = 8;
inline constexpr int kScoreAllDice = 4;

constexpr int play_score(bool doubles, int dice_used, bool larger_used) {
  if (!doubles && dice_used == 1) return 2 + (larger_used ? 1 : 0);
  return dice_used * 2;
}

constexpr int all_dice_score(bool doubles) { return doubles ? kScoreAllDiceDouble : kScoreAllDice; }

}  // namespace nard
