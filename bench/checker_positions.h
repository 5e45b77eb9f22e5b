// Backgammon positions for measuring checker play (nard bench checker,
// tests/data/gnubg_checker_2ply.txt): (position, roll) pairs from self-play of a net.
//
// The positions come from coach/position_sampling.h (the one self-play loop: the net's 0-ply play
// for both sides, a random play with probability `exploration` per move, each position kept with
// probability `keep`, exact repeats dropped), in batches of games until `count` pairs are found;
// a position whose Position ID was met before (in this or an earlier batch) is dropped. Each
// position gets one random roll (our Rng seeded by `seed`, in sample order); a pair is kept only
// when the roll has at least two legal plays (with one or none there is no choice to measure).
// Races and bear-offs are kept as the games bring them. Deterministic in (rules, net, config),
// whatever the thread count.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "game/dice.h"
#include "game/position.h"
#include "nn/evaluator.h"

namespace nard {

struct CheckerSampleConfig {
  int count = 1000;           // pairs wanted
  uint64_t seed = 1;          // self-play games and rolls
  double exploration = 0.05;  // chance per move of a random legal play in the games
  double keep = 0.1;          // chance of keeping a position met in a game
  int threads = 1;
};

struct CheckerSample {
  Position position;  // side on roll to move
  Dice dice;          // d1 >= d2
  int plays = 0;      // distinct legal plays, >= 2
};

struct CheckerSampleSet {
  std::vector<CheckerSample> samples;  // in sample order
  long long games = 0;                 // self-play games played
  long long single_play_rolls = 0;     // positions dropped: their roll had fewer than two plays
};

CheckerSampleSet sample_checker_positions(const std::shared_ptr<const NeuralModel>& model,
                                          const CheckerSampleConfig& config);

}  // namespace nard
