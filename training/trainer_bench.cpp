// The TD trainer's benchmark (training/trainer.h bench_training): rounds of self-play and learning
// timed phase by phase, with the nets of training/trainer_nets.h.
#include "core/cpu_time.h"
#include "core/work_share.h"
#include "nn/evaluator.h"
#include "nn/weights_file.h"
#include "training/self_play.h"
#include "training/trainer.h"
#include "training/trainer_nets.h"

namespace nard::training {

using namespace trainer_detail;

Result<TrainBenchResult> bench_training(const TrainConfig& c, int rounds) {
  const std::unique_ptr<Communicator> alone = Communicator::single();
  return bench_training(*alone, c, rounds);
}

Result<TrainBenchResult> bench_training(Communicator& comm, const TrainConfig& c, int rounds) {
  if (rounds < 1 || c.round_games < 1 || c.batch_size < 1 || c.threads < 1)
    return make_error("rounds, round games, batch size and threads must be positive");
  Result<Nets> made = make_nets(c, nullptr);
  if (!made) return made.error();
  Nets nets = std::move(made.value());
  std::vector<std::string> identity;
  if (!c.init_from.empty())
    if (auto e = init_from_model(c, nets, identity)) return *e;
  SelfPlayPool pool(nets.rules, c.threads);
  SelfPlayConfig sp;
  sp.lambda = c.lambda;
  sp.exploration = c.exploration;
  Result<std::shared_ptr<const NeuralModel>> model =
      NeuralModel::create(nets.rules, nets.weights("bench"));
  if (!model) return model.error();
  TrainBenchResult r;
  r.ranks = comm.size();
  const long long gathered0 = comm.gather_bytes(), sent0 = comm.broadcast_bytes();
  const auto t0 = Clock::now();
  const double cpu0 = process_cpu_seconds();
  for (int k = 0; k < rounds; ++k) {
    const auto t1 = Clock::now();
    Result<Examples> ex = pool.play(comm, *model, c.seed, uint64_t(r.games), c.round_games, sp);
    if (!ex) return ex.error();
    r.self_play_seconds += since(t1);
    const auto t2 = Clock::now();
    const double cpu2 = process_cpu_seconds();
    std::string bytes;
    if (comm.is_root()) {
      Rng shuffle(game_seed(c.seed ^ kShuffleStream, uint64_t(k)));
      learn(nets, *ex, c.batch_size, shuffle, comm);
      if (comm.size() > 1) bytes = serialize_weights(nets.weights("bench"));
    }
    r.learn_seconds += since(t2);
    r.learn_cpu_seconds += process_cpu_seconds() - cpu2;
    const auto t3 = Clock::now();
    if (comm.size() > 1) {
      if (auto e = comm.broadcast(bytes)) return *e;
      if (!comm.is_root()) {
        Result<NetWeights> w = parse_weights(bytes, "the weights from rank 0");
        if (!w) return w.error();
        model = NeuralModel::create(nets.rules, *w);
      }
    }
    if (comm.is_root()) model = NeuralModel::create(nets.rules, nets.weights("bench"));
    if (!model) return model.error();
    r.broadcast_seconds += since(t3);
    r.games += c.round_games;
    for (const ExampleBlock& b : ex->blocks) r.positions += b.count();
  }
  r.seconds = since(t0);
  r.cpu_seconds = process_cpu_seconds() - cpu0;
  r.all_ranks_cpu_seconds = r.cpu_seconds;
  if (comm.size() > 1) {
    Result<std::vector<double>> cpu =
        gather_values<double>(comm, comm.size(), std::vector<double>{r.cpu_seconds});
    if (!cpu) return cpu.error();
    r.all_ranks_cpu_seconds = 0;
    for (double x : *cpu) r.all_ranks_cpu_seconds += x;
  }
  r.gather_bytes = comm.gather_bytes() - gathered0;
  r.broadcast_bytes = comm.broadcast_bytes() - sent0;
  // The weight broadcast alone, without the waiting that precedes it in a round: every rank is
  // in step after a gather, then rank 0 sends the weights.
  if (comm.size() > 1) {
    const std::string weights = serialize_weights(nets.weights("bench"));
    constexpr int kRepeats = 10;
    double total = 0;
    for (int k = 0; k < kRepeats; ++k) {
      Result<std::vector<std::string>> sync = comm.gather(std::string());
      if (!sync) return sync.error();
      std::string bytes = comm.is_root() ? weights : std::string();
      const auto tb = Clock::now();
      if (auto e = comm.broadcast(bytes)) return *e;
      Result<std::vector<std::string>> ack = comm.gather(std::string());
      if (!ack) return ack.error();
      total += since(tb);
    }
    r.weight_broadcast_seconds = total / kRepeats;
    r.weight_bytes = (long long)weights.size();
  }
  return r;
}

}  // namespace nard::training
