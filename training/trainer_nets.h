// Private to the TD trainer (training/trainer*.cpp): the nets of a run (one learner per encoder of
// the game) and the helpers that the training loop (trainer.cpp), the benchmark
// (trainer_bench.cpp) and the checkpoint export (trainer_export.cpp) share.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/distributed.h"
#include "core/result.h"
#include "game/dice.h"
#include "game/rules.h"
#include "nn/encoder.h"
#include "nn/weights_file.h"
#include "training/learner.h"
#include "training/self_play.h"
#include "training/trainer.h"

namespace nard::training::trainer_detail {

inline constexpr uint64_t kShuffleStream = 0x5EED5EED5EED5EEDull;

using Clock = std::chrono::steady_clock;
inline double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// The nets of a run: one learner per encoder of the game.
struct Nets {
  Rules rules;
  std::vector<EncoderId> encoders;
  std::vector<std::string> names;
  std::vector<std::vector<int>> hidden;
  std::vector<std::unique_ptr<Learner>> learners;

  std::vector<Learner*> learner_ptrs() const {
    std::vector<Learner*> v;
    for (const auto& l : learners) v.push_back(l.get());
    return v;
  }

  NetWeights weights(const std::string& description) const {
    NetWeights w;
    w.variant = rules.variant;
    w.description = description;
    for (size_t i = 0; i < learners.size(); ++i) {
      MlpWeights m;
      m.encoder = encoders[i];
      m.layers = learners[i]->layers();
      w.nets.push_back(std::move(m));
    }
    return w;
  }
};

// The nets of config c, freshly initialised; hidden_override (one list per net) replaces the
// configured hidden sizes.
Result<Nets> make_nets(const TrainConfig& c, const std::vector<std::vector<int>>* hidden_override);

// The description written into the weights of the nets after `games` games.
std::string describe(const TrainConfig& c, const Nets& n, long long games);

// One pass of shuffled minibatch steps over a round's examples; returns the mean BCE. Tells the
// ranks waiting for the new weights that rank 0 is alive (comm's heartbeat) as it goes.
double learn(Nets& nets, const Examples& ex, int batch_size, Rng& shuffle, Communicator& comm);

// Starts the nets from c.init_from's weights (widened when the run's nets are wider) and adds the
// model's hash to the run identity.
std::optional<Error> init_from_model(const TrainConfig& c, Nets& nets,
                                     std::vector<std::string>& identity);

}  // namespace nard::training::trainer_detail
