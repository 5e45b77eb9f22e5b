// Seeded games in parallel (core/parallel_items.h run_seeded) with the state a thread of self-play
// needs: its evaluator of the model and its game loop.
#pragma once

#include <functional>
#include <memory>
#include <utility>

#include "core/parallel_items.h"
#include "game/rules.h"
#include "nn/evaluator.h"
#include "play/self_play.h"

namespace nard {

// The state of a thread that plays self-play games: its evaluator of the model and its game loop.
struct SelfPlayThread {
  SelfPlayThread(std::shared_ptr<const NeuralModel> model, const Rules& rules)
      : evaluator(std::move(model)), player(rules) {}
  NeuralEvaluator evaluator;
  GamePlayer player;
};

}  // namespace nard
