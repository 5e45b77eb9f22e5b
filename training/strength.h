// Strength measurement: cubeless games of a net (0-ply greedy) against a baseline, in parallel,
// with the points per game and its standard error.
//
// Games come in pairs that share the dice sequence (game_seed(seed, pair)): in one the net starts,
// in the other the opponent does. The standard error is computed over the pair means, which
// removes part of the dice luck; results do not depend on the thread count, nor on the number of
// ranks when the games are spread over the ranks of a Communicator (core/work_share.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/distributed.h"
#include "game/rules.h"
#include "nn/evaluator.h"

namespace nard::training {

enum class OpponentKind { Pubeval, Heuristic, Net };

struct Opponent {
  OpponentKind kind = OpponentKind::Heuristic;
  std::shared_ptr<const NeuralModel> net;  // for OpponentKind::Net
  std::string name() const;
};

struct StrengthResult {
  std::string opponent;
  int games = 0;  // played (even)
  int wins = 0, losses = 0, draws = 0, unfinished = 0;
  double points_per_game = 0.0;  // net's points per game (game points, no cube)
  double standard_error = 0.0;   // of points_per_game
};

// Plays `games` (rounded up to even) games of `model` against `opponent`. Fails for pubeval with
// rules other than standard backgammon, or when pubeval's weights cannot be read.
Result<StrengthResult> measure_strength(const Rules& rules,
                                        std::shared_ptr<const NeuralModel> model,
                                        const Opponent& opponent, int games, uint64_t seed,
                                        int threads);

// The same with the games spread over the ranks of `comm` (game i on rank i % size); every rank
// passes the same arguments and gets the same result.
Result<StrengthResult> measure_strength(Communicator& comm, const Rules& rules,
                                        std::shared_ptr<const NeuralModel> model,
                                        const Opponent& opponent, int games, uint64_t seed,
                                        int threads);

}  // namespace nard::training
