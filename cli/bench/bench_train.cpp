// nard bench train [--variant X] [--model FILE | --random] [--rounds N] [--threads T]: the speed of
// the TD(lambda) training loop (self-play on all threads + the LibTorch learner + the weight push,
// training/trainer.h bench_training), in games per second of wall clock, on one thread and on all
// cores. Starts from the shipped model of the game (the net a long run spends its time with), or
// random weights. In nard-train (LibTorch).
// --mpi: under `mpirun -np N`, the same loop with each round's games spread over the N ranks and
// the learner on rank 0 (as `nard train` runs there), on --threads threads per rank (default 1);
// rank 0 prints games/s and the parts of a round (scripts/bench_mpi.sh runs it for 1, 2, 4 ranks).
#include <omp.h>

#include <algorithm>
#include <cstdio>

#include "cli/distributed_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "cli/train/training_commands.h"
#include "formats/position_arg.h"
#include "nn/model_path.h"
#include "nn/weights_file.h"
#include "training/trainer.h"

namespace nard::tools {

namespace {
struct BenchTrainOptions {
  std::string variant = "backgammon", model;
  bool random = false;
  int rounds = 8, threads = 0;
  uint64_t seed = 1;
  bool mpi = false;
  MpiArgs mpi_args;
};

void run_bench_train_mpi(const BenchTrainOptions& o, training::TrainConfig c,
                         const std::string& head) {
  c.threads = o.threads > 0 ? o.threads : 1;
  MpiArgs mpi = o.mpi_args;
  mpi.threads = c.threads;
  run_distributed(mpi, [&](Communicator& comm, DistributedSession&) {
    if (comm.is_root()) std::printf("%s", head.c_str());
    Result<training::TrainBenchResult> r = training::bench_training(comm, c, o.rounds);
    if (!r) return fail_distributed(comm, r.error(), false);
    if (!comm.is_root()) return;
    const double rounds = o.rounds;
    std::printf("  ranks %d x %d thread%s: %lld games, %lld positions in %.2f s = %.1f games/s\n",
                r->ranks, c.threads, c.threads == 1 ? "" : "s", r->games, r->positions, r->seconds,
                r->games / r->seconds);
    std::printf(
        "    per round of %d games: self-play + gather %.3f s, learner (rank 0) %.3f s, weights "
        "out %.3f s\n",
        c.round_games, r->self_play_seconds / rounds, r->learn_seconds / rounds,
        r->broadcast_seconds / rounds);
    std::printf(
        "    learner share %.0f%%; sent to rank 0 %.0f KB/round; CPU %.2f s on rank 0, %.2f s on "
        "all ranks "
        "(%.0f games per CPU-second)\n",
        100 * r->learn_seconds / r->seconds, r->gather_bytes / rounds / 1024, r->cpu_seconds,
        r->all_ranks_cpu_seconds, r->games / std::max(r->all_ranks_cpu_seconds, 1e-9));
    const double play_cpu = r->all_ranks_cpu_seconds - r->learn_cpu_seconds;
    std::printf("    CPU per round: self-play %.3f s (%.2f ms per game), learner %.3f s\n",
                play_cpu / rounds, 1000 * play_cpu / std::max<double>(1, r->games),
                r->learn_cpu_seconds / rounds);
    if (r->ranks > 1)
      std::printf("    weight broadcast alone: %lld bytes to %d ranks and back in %.3f ms\n",
                  r->weight_bytes, r->ranks - 1, 1000 * r->weight_broadcast_seconds);
  });
}

void run_bench_train(const BenchTrainOptions& o) {
  Result<Rules> rules = resolve_rules(o.variant, "");
  if (!rules) return fail_input(rules.error());
  if (o.rounds < 1 || o.threads < 0)
    return fail_input(make_error("--rounds must be >= 1 and --threads >= 0"));
  training::TrainConfig c;
  c.variant = o.variant;
  c.seed = o.seed;
  if (!o.random) {
    c.init_from = o.model;
    if (c.init_from.empty()) {
      Result<std::string> found = default_model_path(rules->variant);
      if (!found) return fail_input(found.error());
      c.init_from = *found;
    }
    // Train nets of the model's own sizes (the shipped nets may be wider than the defaults).
    Result<NetWeights> w = load_weights(c.init_from);
    if (!w) return fail_input(w.error());
    const std::span<const EncoderId> ids = encoders_for(rules->variant);
    if (const MlpWeights* m = w->net_for(ids[0])) c.hidden = m->hidden_sizes();
    if (ids.size() > 1)
      if (const MlpWeights* m = w->net_for(ids[1])) c.race_hidden = m->hidden_sizes();
  }
  if (o.mpi) {
    std::string sizes;
    for (int h : c.hidden) sizes += (sizes.empty() ? "" : ",") + std::to_string(h);
    char head[512];
    std::snprintf(head, sizeof head,
                  "train bench (MPI): %s, %d rounds of %d games, main net hidden %s, start %s\n",
                  std::string(variant_name(rules->variant)).c_str(), o.rounds, c.round_games,
                  sizes.empty() ? "default" : sizes.c_str(),
                  o.random ? "random weights" : c.init_from.c_str());
    return run_bench_train_mpi(o, c, head);
  }
  const int cores = omp_get_num_procs();
  std::string sizes;
  for (int h : c.hidden) sizes += (sizes.empty() ? "" : ",") + std::to_string(h);
  std::printf(
      "train bench: %s, %d rounds of %d games (TD(%.1f), Adam, batch %d), main net hidden %s, "
      "start %s\n",
      std::string(variant_name(rules->variant)).c_str(), o.rounds, c.round_games, c.lambda,
      c.batch_size, sizes.empty() ? "default" : sizes.c_str(),
      o.random ? "random weights" : c.init_from.c_str());
  const int first = o.threads > 0 ? o.threads : 1;
  for (int threads : {first, cores}) {
    c.threads = threads;
    Result<training::TrainBenchResult> r = training::bench_training(c, o.rounds);
    if (!r) return fail_input(r.error());
    std::printf(
        "  threads %d: %lld games, %lld positions in %.2f s = %.0f games/s "
        "(self-play %.0f%%, learning %.0f%%; %.0f games per CPU-second)\n",
        threads, r->games, r->positions, r->seconds, r->games / r->seconds,
        100 * r->self_play_seconds / r->seconds, 100 * r->learn_seconds / r->seconds,
        r->games / r->cpu_seconds);
    if (o.threads > 0 || cores == 1) break;
  }
}
}  // namespace

void register_bench_train(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<BenchTrainOptions>();
  CLI::App* cmd =
      bench->add_subcommand("train", std::string(training_command_description("bench", "train")));
  cmd->add_option("--variant", o->variant, "Game (default backgammon)");
  cmd->add_option("--model", o->model, "Start from this model (default: the shipped one)");
  cmd->add_flag("--random", o->random, "Start from random weights instead");
  cmd->add_option("--rounds", o->rounds, "Rounds of 256 games to time (default 8)")
      ->check(at_least(1));
  cmd->add_option("--threads", o->threads, "Threads (default: 1, then all cores)")
      ->check(at_least(0));
  cmd->add_option("--seed", o->seed, "Run seed")->check(unsigned_whole());
  cmd->add_flag(
      "--mpi", o->mpi,
      "Spread each round's games over the ranks of mpirun (--threads per rank, default 1)");
  add_mpi_options(cmd, o->mpi_args);
  cmd->callback([o] { run_bench_train(*o); });
}

}  // namespace nard::tools
