// 0-ply play with an Evaluator: every candidate play is flipped (the opponent on roll), all are
// evaluated in one batch, inverted back to the mover's view, and the play with the highest
// cubeless equity (the rules' gammon and backgammon values) is chosen; ties go to the first play.
#pragma once

#include <vector>

#include "game/rules.h"
#include "nn/evaluator.h"
#include "search/player.h"

namespace nard {

class GreedyPlayer final : public Player {
 public:
  // The evaluator is borrowed and must outlive the player; it is used by this thread only.
  GreedyPlayer(const Rules& rules, Evaluator& evaluator, std::string name = "greedy")
      : rules_(rules), evaluator_(evaluator), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  int choose(const Position& pos, Dice dice, std::span<const Position> plays) override;

  // The mover's cubeless equity of each play after the last choose() (same order as plays).
  const std::vector<float>& last_equities() const { return equities_; }

 private:
  Rules rules_;
  Evaluator& evaluator_;
  std::string name_;
  std::vector<Position> flipped_;
  std::vector<Probabilities> probs_;
  std::vector<float> equities_;
};

}  // namespace nard
