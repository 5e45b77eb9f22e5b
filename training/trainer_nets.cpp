// The nets of a TD run and their learning step (training/trainer_nets.h).
#include "training/trainer_nets.h"

#include <cstdio>

#include "core/binary_io.h"
#include "nn/mlp.h"
#include "training/checkpoint.h"
#include "training/kill_point.h"

namespace nard::training::trainer_detail {

namespace {
constexpr uint64_t kInitStream = 0x1A17ull;
}  // namespace

Result<Nets> make_nets(const TrainConfig& c, const std::vector<std::vector<int>>* hidden_override) {
  Result<Rules> rules = rules_by_name(c.variant);
  if (!rules) return rules.error();
  Nets n;
  n.rules = *rules;
  const auto encs = encoders_for(n.rules.variant);
  for (size_t i = 0; i < encs.size(); ++i) {
    const EncoderId id = encs[i];
    n.encoders.push_back(id);
    n.names.emplace_back(encoder_name(id));
    // --hidden sizes the game's main net (backgammon: contact), --race-hidden the race net.
    const std::vector<int>& asked = i == 0 ? c.hidden : c.race_hidden;
    std::vector<int> h = hidden_override ? (*hidden_override)[i]
                                         : (asked.empty() ? default_hidden_sizes(id) : asked);
    n.hidden.push_back(h);
    LearnerConfig lc;
    lc.inputs = encoder_inputs(id);
    lc.hidden = h;
    lc.optimizer = c.optimizer;
    lc.learning_rate = c.learning_rate;
    lc.init_seed = game_seed(c.seed ^ kInitStream, i);
    lc.threads = 1;
    n.learners.push_back(std::make_unique<Learner>(lc));
  }
  return n;
}

std::string describe(const TrainConfig& c, const Nets& n, long long games) {
  std::string h;
  for (size_t i = 0; i < n.names.size(); ++i) {
    h += (i ? " " : "") + n.names[i] + ":";
    for (size_t k = 0; k < n.hidden[i].size(); ++k)
      h += (k ? "," : "") + std::to_string(n.hidden[i][k]);
  }
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "nard TD(%.2f) self-play, %s, %lld games, seed %llu, lr %g, batch %d", c.lambda,
                c.variant.c_str(), games, (unsigned long long)c.seed, c.learning_rate,
                c.batch_size);
  return std::string(buf) + ", nets " + h;
}

double learn(Nets& nets, const Examples& ex, int batch_size, Rng& shuffle, Communicator& comm) {
  double loss_sum = 0;
  long long count = 0;
  std::vector<float> xb, yb;
  for (size_t b = 0; b < ex.blocks.size(); ++b) {
    const ExampleBlock& block = ex.blocks[b];
    const int n = block.count();
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    for (int i = n - 1; i > 0; --i) std::swap(order[i], order[shuffle.below(uint32_t(i + 1))]);
    const int w = block.inputs_per_example;
    for (int start = 0; start < n; start += batch_size) {
      const int m = std::min(batch_size, n - start);
      xb.resize(size_t(m) * w);
      yb.resize(size_t(m) * kOutputs);
      for (int j = 0; j < m; ++j) {
        const int k = order[start + j];
        std::copy_n(block.inputs.data() + size_t(k) * w, w, xb.data() + size_t(j) * w);
        std::copy_n(block.targets.data() + size_t(k) * kOutputs, kOutputs,
                    yb.data() + size_t(j) * kOutputs);
      }
      loss_sum += nets.learners[b]->train_batch(xb, yb, m) * m;
      comm.heartbeat();
      count += m;
      if (b == 0 && start == 0) kill_point("learn");  // the first step of a round is taken
    }
  }
  return count ? loss_sum / count : 0.0;
}

std::optional<Error> init_from_model(const TrainConfig& c, Nets& nets,
                                     std::vector<std::string>& identity) {
  Result<std::string> bytes = read_file(c.init_from);
  if (!bytes) return make_error("cannot read --init-from model " + c.init_from);
  Result<NetWeights> w = parse_weights(*bytes, c.init_from, LegacyNets{.tawla31_as_count = true});
  if (!w) return w.error();
  for (size_t i = 0; i < nets.learners.size(); ++i) {
    const MlpWeights* m = w->net_for(nets.encoders[i]);
    if (!m)
      return make_error("--init-from model " + c.init_from + " has no " + nets.names[i] + " net");
    if (m->encoder != nets.encoders[i])
      return make_error("--init-from model " + c.init_from + ": its " + nets.names[i] +
                        " net reads " + std::string(encoder_name(m->encoder)) +
                        " inputs, which TD training does not train; use nard train --targets ply2");
    if (m->hidden_sizes() == nets.hidden[i]) {
      nets.learners[i]->set_layers(m->layers);
      continue;
    }
    Result<std::vector<DenseLayer>> wide = widen_hidden(m->layers, nets.learners[i]->layers());
    if (!wide)
      return make_error("--init-from model " + c.init_from + ": its " + nets.names[i] +
                        " net cannot start this run's net: " + wide.error().message);
    nets.learners[i]->set_layers(*wide);
  }
  char h[32];
  std::snprintf(h, sizeof h, "%016llx", (unsigned long long)fnv1a64(*bytes));
  identity.push_back(std::string("init_from ") + h);
  return std::nullopt;
}

}  // namespace nard::training::trainer_detail
