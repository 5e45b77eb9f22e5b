// The self-play game loop: one game of a net against itself, the 0-ply greedy player on both sides
// (the play whose resulting position, evaluated with the opponent on roll and inverted, has the
// highest cubeless equity), optionally with epsilon-exploration (a uniformly random play). It
// records the positions met (side on roll, before the roll) and the values the net gave them.
//
// This is the one self-play loop: the TD trainer (training/self_play.h), the supervised
// pipeline's position sampling (coach/position_sampling.h, and through it the checker-play bench's
// pairs), the cube bench's positions (bench/cube_positions.h), the pruning net's distillation
// (training/distill.h) and the race net's refit (training/race_refit.h) all play their games here;
// those that need more than the positions met watch every turn through a TurnObserver. Its turns
// are played by the one game loop of game/match.h (play_game), as matches, duels and nard match
// are: self-play is an agent there (cubeless, the first roll to player 0, a draw after 200
// forfeited rolls in a row).
//
// Determinism: a game depends only on (rules, evaluator, seed, options); the dice come from
// Rng(seed), the exploration from a second stream of the same seed.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "game/dice.h"
#include "game/position.h"
#include "game/rules.h"
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
  bool deadlocked = false;  // finished as a draw: too many turns in a row without a legal play
  int turns = 0;
};

// One turn with at least one legal play, as the loop saw it: the position (mover on roll, before
// the roll), the dice, every play's result flipped (the opponent on roll), the net's value of each
// of them (the opponent's view, cubeless probabilities) and the index of the play made.
struct SelfPlayTurn {
  int turn = 0;  // s_turn of PlayedGame::positions
  Position position;
  Dice dice;
  std::span<const Position> results;      // results[i]: play i made, flipped
  std::span<const Probabilities> values;  // values[i]: the net's value of results[i]
  int chosen = 0;
  bool explored = false;  // chosen at random (exploration), not for its value
};
// The spans are valid during the call only.
using TurnObserver = std::function<void(const SelfPlayTurn&)>;

// Plays games under one set of rules (reuses its move generator and buffers between games).
class GamePlayer {
 public:
  explicit GamePlayer(const Rules& rules);
  ~GamePlayer();
  // observer (may be empty) sees every turn with a play, before the game goes on.
  PlayedGame play(Evaluator& evaluator, uint64_t seed, const SelfPlayOptions& options,
                  const TurnObserver& observer = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace nard
