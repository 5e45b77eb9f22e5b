// The batch-first interface search sees (style P6), and the neural implementation used for play.
//
// Contract of evaluate(positions, out): out.size() == positions.size(); out[i] are the
// probabilities of positions[i] from the side on roll of positions[i] (the player about to roll).
// A position whose game is already over (the other side has just won: game_result() of the
// flipped position is over) gets its exact result, not a net's guess.
//
// Thread-safety: an Evaluator owns scratch buffers and is used by one thread at a time; make one
// per thread. NeuralModel is immutable and shared between them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/result.h"
#include "game/position.h"
#include "game/rules.h"
#include "nn/mlp.h"
#include "nn/probabilities.h"
#include "nn/prune_net.h"
#include "nn/weights_file.h"

namespace nard {

class BearoffDatabase;  // nn/bearoff_database.h

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  virtual void evaluate(std::span<const Position> positions, std::span<Probabilities> out) = 0;
  // out[i]: the probabilities of plays[i].flipped() (the opponent on roll), where plays[i] are
  // results, mover's view, of plays from `parent`; the contract of evaluate() otherwise.
  // Implementations may use that a play changes its parent on a few points only; the default
  // flips and evaluates.
  virtual void evaluate_results(const Position& parent, std::span<const Position> plays,
                                std::span<Probabilities> out);
  // Positions evaluated so far (for benches and search statistics).
  uint64_t evaluated() const { return evaluated_; }
  // A much cheaper, rougher evaluator of the same game that the search may use to rank plays
  // inside its lookahead before this one values the best few (gnubg's pruning nets), or nullptr.
  // Owned by this evaluator; the same thread-safety.
  virtual Evaluator* pruner() { return nullptr; }
  // The bear-off database whose values this evaluator gives the positions it covers, nullptr when
  // none. Its two-sided part also holds exact cubeful money equities (search/cube/bearoff.h).
  virtual const BearoffDatabase* bearoff_database() const { return nullptr; }

 protected:
  uint64_t evaluated_ = 0;

 private:
  std::vector<Position> flipped_;  // evaluate_results()'s scratch
};

// The exact result of a finished game, from the side on roll of `pos`, or nullopt when the game
// goes on. The game is over when the side NOT on roll has just ended it (game_result(rules,
// pos.flipped()) is over): then the side on roll has lost (or drawn).
std::optional<Probabilities> terminal_probabilities(const Rules& rules, const Position& pos);

// The prepared nets of one game: immutable, shared read-only by every thread's NeuralEvaluator.
class NeuralModel {
 public:
  // Fails when the weights are invalid or do not belong to rules.variant.
  static Result<std::shared_ptr<const NeuralModel>> create(const Rules& rules,
                                                           const NetWeights& weights);
  // load_weights(path) + create().
  static Result<std::shared_ptr<const NeuralModel>> load(const Rules& rules,
                                                         const std::string& path);

  const Rules& rules() const { return rules_; }
  // The net filling `role` (its own encoder may be another of the role: encoder_role).
  const Mlp& net(EncoderId role) const;  // precondition: role is in encoders_for(variant)
  // The optional pruning net (optional_encoder_for(variant)), nullptr when the file had none.
  const PruneNet* prune_net() const { return prune_ ? &*prune_ : nullptr; }
  const std::string& description() const { return description_; }
  // The bear-off database NeuralEvaluator takes the positions it covers from, nullptr when none
  // (the default: training, self-play and bench use the nets alone).
  const BearoffDatabase* bearoff_database() const { return bearoff_.get(); }

 private:
  friend std::shared_ptr<const NeuralModel> with_bearoff_database(
      const std::shared_ptr<const NeuralModel>& model,
      std::shared_ptr<const BearoffDatabase> database);
  NeuralModel(const Rules& rules, const NetWeights& weights, std::optional<PruneNet> prune);
  Rules rules_;
  std::string description_;
  std::vector<Mlp> nets_;  // in encoders_for(rules.variant) order
  std::optional<PruneNet> prune_;
  std::shared_ptr<const BearoffDatabase> bearoff_;
};

// A copy of `model` (nets included) whose NeuralEvaluator fills every position `database` covers
// from it instead of the net; a null database gives a copy without one. Precondition: database
// was created for model->rules().
std::shared_ptr<const NeuralModel> with_bearoff_database(
    const std::shared_ptr<const NeuralModel>& model,
    std::shared_ptr<const BearoffDatabase> database);

// The model's pruning net alone (NeuralModel::prune_net(), which must exist); finished games
// still get their exact result, and the positions the model's bear-off database covers (if any)
// its values.
class NeuralPruneEvaluator final : public Evaluator {
 public:
  explicit NeuralPruneEvaluator(std::shared_ptr<const NeuralModel> model);
  void evaluate(std::span<const Position> positions, std::span<Probabilities> out) override;
  // Incremental (PruneNet::evaluate_results), either geometry.
  void evaluate_results(const Position& parent, std::span<const Position> plays,
                        std::span<Probabilities> out) override;
  const BearoffDatabase* bearoff_database() const override { return model_->bearoff_database(); }

 private:
  std::shared_ptr<const NeuralModel> model_;
};

// Encodes each position with the encoder of the net filling its role (encoder_for, encoder_role),
// runs each net once on its sub-batch,
// and fills terminal positions exactly (and, when the model has one, the positions its bear-off
// database covers from the database). Uses the fast Mlp path (its hidden layers after the first
// by `dense`), or the scalar reference path when constructed with reference = true (bit-stable
// across SIMD widths, for the bench signature).
class NeuralEvaluator final : public Evaluator {
 public:
  explicit NeuralEvaluator(std::shared_ptr<const NeuralModel> model, bool reference = false,
                           DenseKernel dense = kDefaultDenseKernel);
  void evaluate(std::span<const Position> positions, std::span<Probabilities> out) override;
  Evaluator* pruner() override { return pruner_.get(); }
  const BearoffDatabase* bearoff_database() const override { return model_->bearoff_database(); }
  const NeuralModel& model() const { return *model_; }

 private:
  std::shared_ptr<const NeuralModel> model_;
  bool reference_;
  DenseKernel dense_;
  MlpScratch scratch_;
  std::vector<float> inputs_;
  std::vector<float> outputs_;
  std::vector<int> index_;       // positions of the current sub-batch in the caller's span
  std::vector<uint8_t> net_of_;  // per position of the chunk: index in encoders_for(), or terminal
  std::unique_ptr<NeuralPruneEvaluator> pruner_;  // when the model has a pruning net
};

}  // namespace nard
