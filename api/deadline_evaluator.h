// A request's time limit inside the search: an Evaluator that forwards to another and throws
// DeadlineExceeded from the first evaluation after the deadline. The search has no notion of
// time; every n-ply search and cube lookahead evaluates in small batches, so the exception
// leaves it within milliseconds of the deadline. The API's edge (api/http_server.cpp) turns it
// into HTTP 503. Only for single-threaded work whose Search and agents are thrown away with the
// request (never inside an OpenMP region: rollouts stop through RolloutConfig::stop instead).
//
// Thread-safety: as the wrapped evaluator (one thread at a time).
#pragma once

#include <chrono>
#include <exception>

#include "nn/evaluator.h"

namespace nard::api {

class DeadlineExceeded : public std::exception {
 public:
  const char* what() const noexcept override { return "the request ran out of time"; }
};

class DeadlineEvaluator final : public Evaluator {
 public:
  using Clock = std::chrono::steady_clock;
  DeadlineEvaluator(Evaluator& inner, Clock::time_point deadline)
      : inner_(inner), deadline_(deadline) {}

  void evaluate(std::span<const Position> positions, std::span<Probabilities> out) override {
    check();
    inner_.evaluate(positions, out);
    evaluated_ += positions.size();
  }
  void evaluate_results(const Position& parent, std::span<const Position> plays,
                        std::span<Probabilities> out) override {
    check();
    inner_.evaluate_results(parent, plays, out);
    evaluated_ += plays.size();
  }
  Evaluator* pruner() override { return inner_.pruner(); }
  const BearoffDatabase* bearoff_database() const override { return inner_.bearoff_database(); }

 private:
  void check() const {
    if (Clock::now() > deadline_) throw DeadlineExceeded();
  }
  Evaluator& inner_;
  Clock::time_point deadline_;
};

}  // namespace nard::api
