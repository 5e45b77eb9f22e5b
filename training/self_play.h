// Self-play for TD training: games of the one self-play loop (play/self_play.h: the 0-ply greedy
// net on both sides, optionally with a little epsilon-exploration). Each finished game becomes
// training examples: the encoded positions s_t with their TD(lambda) targets.
//
// Determinism: game i of a run uses game_seed(run_seed, i) for its dice and exploration, and the
// examples of a batch of games are concatenated in game order, so the OpenMP schedule and the
// thread count never change the result (given the same model).
//
// Thread-safety: SelfPlayPool::play runs its own OpenMP team; call it from one thread.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/distributed.h"
#include "game/position.h"
#include "game/rules.h"
#include "nn/encoder.h"
#include "nn/evaluator.h"
#include "nn/probabilities.h"
#include "play/self_play.h"

namespace nard::training {

struct SelfPlayConfig {
  double lambda = 0.7;       // TD(lambda), see td_targets.h
  double exploration = 0.0;  // probability of a uniformly random play instead of the best one
  int max_turns = 5000;      // a longer game is dropped (no examples)
  SelfPlayOptions options() const { return {exploration, max_turns}; }
};

// Training examples for the nets of one game, one block per encoder (encoders_for(variant)).
struct ExampleBlock {
  EncoderId encoder{};
  int inputs_per_example = 0;
  std::vector<float> inputs;   // count x inputs_per_example
  std::vector<float> targets;  // count x kOutputs
  int count() const { return inputs_per_example ? int(inputs.size() / inputs_per_example) : 0; }
};
struct Examples {
  std::vector<ExampleBlock> blocks;
  int games = 0, dropped_games = 0;
  long long positions = 0;
  void append(const Examples& other);
};
Examples empty_examples(Variant variant);

// The examples of one played game (TD targets, then encoding), appended to `out`.
void add_examples(const Rules& rules, const PlayedGame& game, double lambda, Examples& out);

// Plays games [first, first + count) of a run on `threads` OpenMP threads with `model` on both
// sides and returns their examples in game order.
class SelfPlayPool {
 public:
  SelfPlayPool(const Rules& rules, int threads);
  ~SelfPlayPool();
  Examples play(std::shared_ptr<const NeuralModel> model, uint64_t run_seed, uint64_t first,
                int count, const SelfPlayConfig& config);
  // The same games spread over the ranks of `comm` (game first + i on rank i % size): each rank
  // plays its share and sends the games (positions, values, result) to rank 0, which turns them
  // into examples in game order: rank 0 gets exactly the examples of the one-process call, the
  // other ranks empty examples. Every rank passes the same arguments and the same model.
  Result<Examples> play(Communicator& comm, std::shared_ptr<const NeuralModel> model,
                        uint64_t run_seed, uint64_t first, int count, const SelfPlayConfig& config);

 private:
  Rules rules_;
  int threads_;
  std::vector<std::unique_ptr<GamePlayer>> players_;  // one per thread
};

}  // namespace nard::training
