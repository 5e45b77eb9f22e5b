// Refits a backgammon model's race net by value iteration from the bear-off database: the race
// positions a greedy 0-ply self-play meets get as targets their 1-ply values under the current
// model, whose bear-off positions come exactly from nn/bearoff_database.h (optionally also some
// bear-offs the database covers, with its exact values as targets); the race
// net is trained towards them (LibTorch learner, cross-entropy, starting from its current
// weights), and the round repeats with the new net. Each round carries the database's exact
// values one roll further back from the bear-off, which TD self-play alone had learnt with a bias
// (the leader of a late race undervalued by ~0.03).
//
// The contact net and the pruning net are left as they are. The last tenth of the games is held
// out: its positions measure how far the net's 0-ply values are from their 1-ply targets.
//
// Determinism: games seeded per index (game_seed), positions kept in game order, targets computed
// per position, the learner on one thread: the result does not depend on the thread count.
#pragma once

#include <cstdint>
#include <vector>

#include "core/result.h"
#include "nn/weights_file.h"

namespace nard::training {

struct RaceRefitConfig {
  int games = 4000;  // greedy self-play games giving the race positions
  int rounds = 4;    // value-iteration rounds: targets, then training
  int epochs = 2;    // passes over the training positions per round
  double learning_rate = 3e-4;
  int batch_size = 128;
  uint64_t seed = 1;
  int threads = 2;  // self-play and target threads
  // Of the bear-off turns the database covers (targets: its exact values), keep one in this many;
  // 0 keeps none. Keeping them (4: r4 in experiments/history.md) kept the net alone right in bear-offs
  // but drifted its race values above rollouts; the shipped refit keeps none.
  int bearoff_one_in = 0;
};

struct RaceRefitRound {
  double held_out_before = 0;  // mean |race net 0-ply - target| cubeless equity, before training
  double held_out_after = 0;   // the same after this round's training (same targets)
  double loss = 0;             // mean cross-entropy of the round's last epoch
};

struct RaceRefitReport {
  long long train_positions = 0, held_out_positions = 0;
  std::vector<RaceRefitRound> rounds;
};

struct RaceRefitResult {
  NetWeights weights;  // the input model with the refitted race net
  RaceRefitReport report;
};

// `model` must be a backgammon model.
Result<RaceRefitResult> refit_race_net(const NetWeights& model, const RaceRefitConfig& config);

}  // namespace nard::training
