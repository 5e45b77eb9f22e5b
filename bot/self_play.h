// The self-play game loop: one game of a net against itself, the 0-ply greedy player on both sides
// (the play whose resulting position, evaluated with the opponent on roll and inverted, has the
// highest cubeless equity), optionally with epsilon-exploration (a uniformly random play). It
// records the positions met (side on roll, before the roll) and the values the net gave them.
//
// Users: the TD trainer (training/self_play.h), the supervised pipeline's position sampling
// (bot/position_sampling.h).
//
// Determinism: a game depends only on (rules, evaluator, seed, options); the dice come from
// Rng(seed), the exploration from a second stream of the same seed.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/position.h"
#include "engine/rules.h"
#include "nn/evaluator.h"
#include "nn/probabilities.h"

namespace nard {

struct SelfPlayOptions {
  double exploration = 0.0;  // probability of a uniformly random play instead of the best one
  int max_turns = 5000;      // a longer game is abandoned (finished = false)
};

// One game as played: s_0 .. s_{T-1} (side on roll, before the roll), the value the net gave each
// s_t when it was chosen (values[0] is not evaluated), and the result seen from s_{T-1}'s side.
struct PlayedGame {
  std::vector<Position> positions;
  std::vector<Probabilities> values;
  std::vector<uint8_t> explored;  // explored[t]: the play out of s_t was the random one
  Probabilities result;
  bool finished = false;
  int turns = 0;
};

// Plays games under one set of rules (reuses its move generator and buffers between games).
class GamePlayer {
 public:
  explicit GamePlayer(const Rules& rules);
  ~GamePlayer();
  PlayedGame play(Evaluator& evaluator, uint64_t seed, const SelfPlayOptions& options);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace nard
