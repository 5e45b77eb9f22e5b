// A simple hand-written player for every game of the family: a weighted sum of a few features of
// the final position (mover's view), highest score wins. Weak, fast, deterministic: a baseline
// that must beat the random player in every game.
//   backgammon family: pip lead, blots exposed to direct and indirect shots, made points (home
//                      board and prime), hits, checkers off;
//   Plakoto:           pins made (the opponent's mother above all), own pinned checkers and blots
//                      in reach, progress, checkers off;
//   Long Nardy, Fevga, Tawla 31 (blocking games): pip progress, blocks and runs of blocks in the
//                      opponent's path, spread off the head, checkers off.
#pragma once

#include "game/rules.h"
#include "search/player.h"

namespace nard {

// The heuristic value of a final position seen by the side that has just played (higher is
// better for it). A game-winning play scores +1e9.
double heuristic_score(const Rules& rules, const Position& after_play);

class HeuristicPlayer final : public Player {
 public:
  explicit HeuristicPlayer(const Rules& rules) : rules_(rules) {}
  std::string name() const override { return "heuristic"; }
  int choose(const Position& pos, Dice dice, std::span<const Position> plays) override;

 private:
  Rules rules_;
};

}  // namespace nard
