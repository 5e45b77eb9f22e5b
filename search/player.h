// Player: anything that picks one play among the move generator's results (a baseline bot, a
// 0-ply net player, a search). Plays are the positions MoveGenerator::generate wrote, seen from
// the mover before the turn passes.
//
// Thread-safety: a Player may keep state (a PRNG, an evaluator with scratch buffers); use one per
// thread.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "game/dice.h"
#include "game/position.h"

namespace nard {

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  // Index in [0, plays.size()) of the chosen play; plays is never empty. `pos` is the position
  // before the play (mover on roll) and `dice` the roll being played.
  virtual int choose(const Position& pos, Dice dice, std::span<const Position> plays) = 0;
};

// Uniformly random choice, deterministic in its seed.
class RandomPlayer final : public Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  int choose(const Position&, Dice, std::span<const Position> plays) override {
    return int(rng_.below(uint32_t(plays.size())));
  }

 private:
  Rng rng_;
};

}  // namespace nard
