// The only translation unit of the trainer that includes LibTorch (selective includes keep its
// compile time near 7 s instead of 12 s, toolchain.md §3), compiled as C++17 (learner.h says why).
#include "training/learner.h"

#include <ATen/ATen.h>
#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/pimpl.h>
#include <torch/optim/adam.h>
#include <torch/optim/sgd.h>
#include <torch/serialize.h>
#include <torch/utils.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <sstream>

namespace nard::training {

namespace {

struct MlpModuleImpl : torch::nn::Module {
  std::vector<torch::nn::Linear> layers;

  explicit MlpModuleImpl(const LearnerConfig& c) {
    int in = c.inputs;
    std::vector<int> sizes = c.hidden;
    sizes.push_back(c.outputs);
    for (size_t i = 0; i < sizes.size(); ++i) {
      layers.push_back(register_module("fc" + std::to_string(i), torch::nn::Linear(in, sizes[i])));
      in = sizes[i];
    }
  }

  // Pre-sigmoid outputs.
  torch::Tensor logits(torch::Tensor x) {
    for (size_t i = 0; i + 1 < layers.size(); ++i) x = torch::sigmoid(layers[i]->forward(x));
    return layers.back()->forward(x);
  }
};
TORCH_MODULE(MlpModule);

torch::Tensor from_rows(const std::vector<float>& data, int n, int width) {
  // Copies: the caller's buffer may go away before the optimizer step ends.
  return torch::from_blob(const_cast<float*>(data.data()), {n, width}, torch::kFloat32).clone();
}

}  // namespace

struct Learner::Impl {
  MlpModule net;
  std::unique_ptr<torch::optim::Optimizer> optimizer;

  explicit Impl(const LearnerConfig& c) : net(c) {
    torch::NoGradGuard no_grad;
    const std::vector<DenseLayer> start = initial_layers(c);
    for (size_t i = 0; i < start.size(); ++i) {
      auto& layer = net->layers[i];
      std::memcpy(layer->weight.data_ptr<float>(), start[i].weight.data(),
                  start[i].weight.size() * sizeof(float));
      std::memcpy(layer->bias.data_ptr<float>(), start[i].bias.data(),
                  start[i].bias.size() * sizeof(float));
    }
    if (c.optimizer == OptimizerKind::Adam)
      optimizer = std::make_unique<torch::optim::Adam>(net->parameters(),
                                                       torch::optim::AdamOptions(c.learning_rate));
    else
      optimizer = std::make_unique<torch::optim::SGD>(net->parameters(),
                                                      torch::optim::SGDOptions(c.learning_rate));
  }
};

Learner::Learner(const LearnerConfig& config) : config_(config) {
  torch::set_num_threads(config.threads);
  impl_ = std::make_unique<Impl>(config);
}

Learner::~Learner() = default;

double Learner::train_batch(const std::vector<float>& inputs, const std::vector<float>& targets,
                            int n) {
  torch::set_num_threads(config_.threads);
  const torch::Tensor x = from_rows(inputs, n, config_.inputs);
  const torch::Tensor y = from_rows(targets, n, config_.outputs);
  impl_->optimizer->zero_grad();
  torch::Tensor loss = at::binary_cross_entropy_with_logits(impl_->net->logits(x), y);
  loss.backward();
  impl_->optimizer->step();
  return loss.item<double>();
}

double Learner::train_batch(const std::vector<float>& inputs, const std::vector<float>& targets,
                            int n, const RankingTerm& r) {
  if (r.groups <= 0 || r.size < 2 || r.weight == 0) return train_batch(inputs, targets, n);
  const int grouped = r.groups * r.size;
  assert(grouped <= n && int(r.equity.size()) == config_.outputs);  // the caller's batch layout
  torch::set_num_threads(config_.threads);
  const torch::Tensor x = from_rows(inputs, n, config_.inputs);
  const torch::Tensor y = from_rows(targets, n, config_.outputs);
  impl_->optimizer->zero_grad();
  const torch::Tensor logits = impl_->net->logits(x);
  torch::Tensor loss = at::binary_cross_entropy_with_logits(logits, y);
  const torch::Tensor coefficients =
      torch::from_blob(const_cast<float*>(r.equity.data()), {config_.outputs, 1}, torch::kFloat32)
          .clone();
  const torch::Tensor net_equity =
      torch::sigmoid(logits.narrow(0, n - grouped, grouped)).matmul(coefficients);
  const torch::Tensor target_equity = y.narrow(0, n - grouped, grouped).matmul(coefficients);
  const torch::Tensor e = net_equity.view({r.groups, r.size});
  const torch::Tensor t = target_equity.view({r.groups, r.size});
  const torch::Tensor residual = (e - e.mean(1, true)) - (t - t.mean(1, true));
  loss = loss + r.weight * residual.pow(2).mean();
  loss.backward();
  impl_->optimizer->step();
  return loss.item<double>();
}

double cosine_learning_rate(double start, double end, double progress) {
  const double t = std::clamp(progress, 0.0, 1.0);
  return end + (start - end) * 0.5 * (1.0 + std::cos(3.14159265358979323846 * t));
}

void Learner::set_learning_rate(double learning_rate) {
  for (auto& group : impl_->optimizer->param_groups()) {
    if (config_.optimizer == OptimizerKind::Adam)
      static_cast<torch::optim::AdamOptions&>(group.options()).lr(learning_rate);
    else
      static_cast<torch::optim::SGDOptions&>(group.options()).lr(learning_rate);
  }
}

std::vector<float> Learner::predict(const std::vector<float>& inputs, int n) const {
  torch::NoGradGuard no_grad;
  const torch::Tensor x = from_rows(inputs, n, config_.inputs);
  const torch::Tensor p = torch::sigmoid(impl_->net->logits(x)).contiguous();
  return std::vector<float>(p.data_ptr<float>(), p.data_ptr<float>() + p.numel());
}

std::vector<DenseLayer> Learner::layers() const {
  std::vector<DenseLayer> out;
  for (const auto& layer : impl_->net->layers) {
    const torch::Tensor w = layer->weight.detach().contiguous();
    const torch::Tensor b = layer->bias.detach().contiguous();
    DenseLayer d;
    d.outputs = int(w.size(0));
    d.inputs = int(w.size(1));
    d.weight.assign(w.data_ptr<float>(), w.data_ptr<float>() + w.numel());
    d.bias.assign(b.data_ptr<float>(), b.data_ptr<float>() + b.numel());
    out.push_back(std::move(d));
  }
  return out;
}

void Learner::set_layers(const std::vector<DenseLayer>& layers) {
  torch::NoGradGuard no_grad;
  for (size_t i = 0; i < layers.size() && i < impl_->net->layers.size(); ++i) {
    auto& l = impl_->net->layers[i];
    std::memcpy(l->weight.data_ptr<float>(), layers[i].weight.data(), layers[i].weight.size() * 4);
    std::memcpy(l->bias.data_ptr<float>(), layers[i].bias.data(), layers[i].bias.size() * 4);
  }
}

Result<Learner::SavedState> Learner::save() const {
  SavedState saved;
  try {
    std::ostringstream model, optimizer;
    torch::save(impl_->net, model);
    torch::save(*impl_->optimizer, optimizer);
    saved.model = std::move(model).str();
    saved.optimizer = std::move(optimizer).str();
  } catch (const std::exception& e) {
    std::string what = e.what();
    return make_error("torch::save failed: " +
                      what.substr(0, std::min(what.find('\n'), size_t(200))));
  }
  return saved;
}

std::optional<Error> Learner::load(const std::string& model_path,
                                   const std::string& optimizer_path) {
  for (const std::string& p : {model_path, optimizer_path})
    if (!std::filesystem::exists(p)) return make_error("checkpoint file " + p + " is missing");
  // Load into a fresh module first, so a failure leaves this learner unchanged.
  auto fresh = std::make_unique<Impl>(config_);
  try {
    torch::load(fresh->net, model_path);
  } catch (const std::exception& e) {
    return make_error("checkpoint file " + model_path + " is corrupt or not a nard model (" +
                      std::string(e.what()).substr(0, 120) + ")");
  }
  // torch::load silently adopts the stored shapes: check them against the configured net.
  int in = config_.inputs;
  std::vector<int> sizes = config_.hidden;
  sizes.push_back(config_.outputs);
  for (size_t i = 0; i < sizes.size(); ++i) {
    const auto& l = fresh->net->layers[i];
    if (l->weight.dim() != 2 || l->weight.size(0) != sizes[i] || l->weight.size(1) != in ||
        l->bias.numel() != sizes[i])
      return make_error("checkpoint file " + model_path + " holds a net of another shape than " +
                        std::to_string(config_.inputs) + " inputs and hidden layers as configured");
    in = sizes[i];
  }
  try {
    torch::load(*fresh->optimizer, optimizer_path);
  } catch (const std::exception& e) {
    return make_error("checkpoint file " + optimizer_path +
                      " is corrupt or not a nard optimizer state (" +
                      std::string(e.what()).substr(0, 120) + ")");
  }
  impl_ = std::move(fresh);
  return std::nullopt;
}

}  // namespace nard::training
