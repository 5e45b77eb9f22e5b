#include "nn/evaluator.h"

#include <algorithm>

#include "game/game.h"
#include "nn/bearoff_database.h"

namespace nard {

namespace {
constexpr int kChunk = 256;  // positions encoded and evaluated at a time (keeps inputs in L2)
constexpr uint8_t kTerminal = 0xFF;  // net_of_ mark of a finished game

int result_level(const Rules& rules, int points) {
  if (rules.has_backgammons() && points >= rules.backgammon_value) return 3;
  if (rules.has_gammons() && points >= rules.gammon_value) return 2;
  return 1;
}
}  // namespace

std::optional<Probabilities> terminal_probabilities(const Rules& rules, const Position& pos) {
  // Fast exit: without these, game_result() reports nothing (game/game.cpp).
  if (pos.opp_off < kCheckers && rules.landing != Landing::Pin &&
      rules.t31_closure != T31Closure::Win)
    return std::nullopt;
  const GameResult r = game_result(rules, pos.flipped());
  if (!r.over()) return std::nullopt;
  if (r.outcome == Outcome::Draw) return draw_probabilities();
  if (scores_checker_count(rules)) {  // the count in the gammon slots (nn/probabilities.h)
    Probabilities p = decided(!r.mover_wins, 1);
    (r.mover_wins ? p.lose_gammon : p.win_gammon) = float(r.points) / kCountScale;
    return p;
  }
  return decided(!r.mover_wins, result_level(rules, r.points));
}

void Evaluator::evaluate_results(const Position& parent, std::span<const Position> plays,
                                 std::span<Probabilities> out) {
  (void)parent;
  flipped_.resize(plays.size());
  for (size_t i = 0; i < plays.size(); ++i) flipped_[i] = plays[i].flipped();
  evaluate(flipped_, out);
}

Result<std::shared_ptr<const NeuralModel>> NeuralModel::create(const Rules& rules,
                                                               const NetWeights& weights) {
  if (weights.variant != rules.variant)
    return make_error("the model is for " + std::string(variant_name(weights.variant)) + ", not " +
                      std::string(variant_name(rules.variant)) +
                      "; pick a model trained for this game");
  if (auto e = weights.validate()) return *e;
  std::optional<PruneNet> prune;
  if (const std::optional<EncoderId> id = optional_encoder_for(rules.variant))
    if (const MlpWeights* w = weights.net_for(*id)) {
      Result<PruneNet> p = PruneNet::create(*w, rules.geometry);
      if (!p) return p.error();
      prune = std::move(p.value());
    }
  return std::shared_ptr<const NeuralModel>(new NeuralModel(rules, weights, std::move(prune)));
}

Result<std::shared_ptr<const NeuralModel>> NeuralModel::load(const Rules& rules,
                                                             const std::string& path) {
  Result<NetWeights> w = load_weights(path);
  if (!w) return w.error();
  Result<std::shared_ptr<const NeuralModel>> m = create(rules, *w);
  if (!m) return make_error(path + ": " + m.error().message);
  return m;
}

NeuralModel::NeuralModel(const Rules& rules, const NetWeights& weights,
                         std::optional<PruneNet> prune)
    : rules_(rules), description_(weights.description), prune_(std::move(prune)) {
  for (EncoderId id : encoders_for(rules.variant)) nets_.emplace_back(*weights.net_for(id));
}

std::shared_ptr<const NeuralModel> with_bearoff_database(
    const std::shared_ptr<const NeuralModel>& model,
    std::shared_ptr<const BearoffDatabase> database) {
  auto copy = std::make_shared<NeuralModel>(*model);
  copy->bearoff_ = std::move(database);
  return copy;
}

const Mlp& NeuralModel::net(EncoderId role) const {
  for (const Mlp& m : nets_)
    if (encoder_role(m.encoder()) == role) return m;
  return nets_.front();  // unreachable under the precondition
}

NeuralEvaluator::NeuralEvaluator(std::shared_ptr<const NeuralModel> model, bool reference,
                                 DenseKernel dense)
    : model_(std::move(model)), reference_(reference), dense_(dense) {
  if (model_->prune_net() && !reference_) pruner_ = std::make_unique<NeuralPruneEvaluator>(model_);
}

NeuralPruneEvaluator::NeuralPruneEvaluator(std::shared_ptr<const NeuralModel> model)
    : model_(std::move(model)) {}

void NeuralPruneEvaluator::evaluate(std::span<const Position> positions,
                                    std::span<Probabilities> out) {
  const Rules& rules = model_->rules();
  const PruneNet& net = *model_->prune_net();
  const size_t n = std::min(positions.size(), out.size());
  evaluated_ += n;
  const BearoffDatabase* bearoff = model_->bearoff_database();
  for (size_t i = 0; i < n; ++i) {
    if (auto t = terminal_probabilities(rules, positions[i]))
      out[i] = *t;
    else if (bearoff && bearoff->covers(positions[i]))
      out[i] = bearoff->probabilities(positions[i]);
    else
      out[i] = net.evaluate(positions[i]);
  }
}

void NeuralPruneEvaluator::evaluate_results(const Position& parent, std::span<const Position> plays,
                                            std::span<Probabilities> out) {
  const size_t n = std::min(plays.size(), out.size());
  evaluated_ += n;
  model_->prune_net()->evaluate_results(parent, plays.first(n), out.first(n));
  // A play that has ended the game gets its exact result instead: by bearing off the last
  // checker, and where the rules have them by a mother pin or a Tawla 31 closure (the endings
  // terminal_probabilities knows).
  const Rules& rules = model_->rules();
  const bool other_endings = rules.landing == Landing::Pin || rules.t31_closure == T31Closure::Win;
  for (size_t i = 0; i < n; ++i)
    if (other_endings || plays[i].mover_off >= kCheckers)
      if (auto t = terminal_probabilities(rules, plays[i].flipped())) out[i] = *t;
  // Results the bear-off database covers take its values, as in NeuralEvaluator (a ranking by
  // the net there could drop the database's best play). The opponent does not move, so none is
  // covered unless he is already all home.
  const BearoffDatabase* bearoff = model_->bearoff_database();
  if (!bearoff || parent.opp_bar) return;
  for (int p = 1; p < 25 - BearoffDatabase::kHomePoints; ++p)
    if (parent.at(p) < 0) return;
  for (size_t i = 0; i < n; ++i) {
    if (plays[i].mover_off >= kCheckers) continue;
    const Position result = plays[i].flipped();
    if (bearoff->covers(result)) out[i] = bearoff->probabilities(result);
  }
}

void NeuralEvaluator::evaluate(std::span<const Position> positions, std::span<Probabilities> out) {
  const Rules& rules = model_->rules();
  const size_t n = std::min(positions.size(), out.size());
  evaluated_ += n;
  const std::span<const EncoderId> ids = encoders_for(rules.variant);
  const BearoffDatabase* bearoff = model_->bearoff_database();
  for (size_t base = 0; base < n; base += kChunk) {
    const size_t end = std::min(n, base + kChunk);
    // Pass 1: exact results for finished games; the net of every other position.
    net_of_.resize(end - base);
    for (size_t i = base; i < end; ++i) {
      if (auto t = terminal_probabilities(rules, positions[i])) {
        out[i] = *t;
        net_of_[i - base] = kTerminal;
        continue;
      }
      if (bearoff && bearoff->covers(positions[i])) {
        out[i] = bearoff->probabilities(positions[i]);
        net_of_[i - base] = kTerminal;
        continue;
      }
      const EncoderId id = encoder_for(rules, positions[i]);
      net_of_[i - base] = uint8_t(std::find(ids.begin(), ids.end(), id) - ids.begin());
    }
    // Pass 2: each net once on its sub-batch.
    for (size_t k = 0; k < ids.size(); ++k) {
      index_.clear();
      for (size_t i = base; i < end; ++i)
        if (net_of_[i - base] == k) index_.push_back(int(i));
      if (index_.empty()) continue;
      const Mlp& net = model_->net(ids[k]);
      const int width = net.inputs();
      const int batch = int(index_.size());
      if (inputs_.size() < size_t(batch) * width) inputs_.resize(size_t(batch) * width);
      if (outputs_.size() < size_t(batch) * kOutputs) outputs_.resize(size_t(batch) * kOutputs);
      for (int b = 0; b < batch; ++b)
        encode(net.encoder(), positions[index_[b]], inputs_.data() + size_t(b) * width);
      if (reference_)
        net.forward_reference(inputs_.data(), batch, outputs_.data());
      else
        net.forward(inputs_.data(), batch, outputs_.data(), scratch_, dense_);
      for (int b = 0; b < batch; ++b)
        out[index_[b]] = Probabilities::from_array(outputs_.data() + size_t(b) * kOutputs);
    }
  }
}

}  // namespace nard
