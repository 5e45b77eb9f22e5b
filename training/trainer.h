// TD(lambda) self-play training of the nets of one game (torch-free interface; the LibTorch
// learner lives in learner.cpp).
//
// A run is a loop of rounds: `round_games` self-play games on `threads` cores with the current
// nets (training/self_play.h), TD(lambda) targets from each finished game, one pass of shuffled
// minibatch steps (BCE on the five sigmoid outputs, Adam or SGD) over the round's examples, then
// the fresh weights go to the self-play nets. Every `checkpoint_games` games the run directory gets
// an atomic checkpoint; every `eval_games` games the net is measured against the baselines (pubeval
// for backgammon, the heuristic player for every game, the net of the previous evaluation), and
// metrics.csv and strength.svg are rewritten.
//
// Run directory layout:
//   latest                 name of the newest complete checkpoint directory (atomically replaced)
//   ckpt-<games>/          state.txt (config, games, time, metrics, checksums), per net
//                          <encoder>.model.pt and <encoder>.optim.pt (torch::save), net.nardnet
//   eval-<games>.nardnet   the net at each evaluation (the next evaluation's "previous" opponent)
//   metrics.csv, strength.svg
//   lock                   held (flock) by the running trainer: one run per directory
// A kill at any moment loses at most the games since the last checkpoint: a checkpoint directory is
// complete before `latest` names it, and older ones are removed only afterwards. --resume rewrites
// metrics.csv and strength.svg from the checkpoint's rows (so they are never behind it) and removes
// the temporary files a killed run left (training/run_directory.h). A write that fails (a full
// disk, a file size limit) ends the run with an error naming the run directory; the previous
// checkpoint, metrics and model files stay as they were. tests/training/train_faults.sh kills runs
// at every step (training/kill_point.h) and checks this.
//
// Determinism: results depend only on the config (not on the thread count, the schedule, or on
// whether the run was interrupted and resumed at a checkpoint): game i uses game_seed(seed, i),
// round r shuffles with a seed derived from (seed, r), and the torch learner runs on one thread.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/distributed.h"
#include "core/result.h"
#include "game/rules.h"
#include "nn/weights_file.h"
#include "training/learner.h"

namespace nard::training {

struct TrainConfig {
  std::string variant =
      "backgammon";  // a variant name or preset (rules_for_variant / rules_preset)
  std::string out_dir;
  long long games = 100000;      // total self-play games of the run
  std::vector<int> hidden;       // hidden sizes of the main net; empty = default_hidden_sizes
  std::vector<int> race_hidden;  // the same for backgammon's race net
  int threads = 2;               // self-play and evaluation threads
  double lambda = 0.7;
  double learning_rate = 1e-3;
  OptimizerKind optimizer = OptimizerKind::Adam;
  int batch_size = 128;
  int round_games = 256;  // games between weight pushes
  double exploration = 0.0;
  uint64_t seed = 1;
  long long checkpoint_games = 10000;  // rounded to whole rounds
  long long eval_games = 50000;        // rounded to whole checkpoints; 0 = no evaluation
  int eval_match_games = 2000;         // games per baseline match
  bool resume = false;
  std::string init_from;  // optional model file (same nets) to start from instead of
                          // random weights, e.g. a second phase at a lower rate
};

struct StrengthPoint {
  std::string opponent;
  double points_per_game = 0, standard_error = 0;
  int games = 0;
};

struct MetricsRow {
  long long games = 0;
  double seconds = 0;  // wall time of training so far (excluding evaluations)
  double loss = 0;     // mean BCE of the last checkpoint interval
  std::vector<StrengthPoint> strength;
};

struct TrainProgress {
  long long games_done = 0, games_total = 0;
  double games_per_second = 0;      // self-play + learning, over the last round (wall clock)
  double games_per_cpu_second = 0;  // the same per CPU-second of this process: the rate on a
                                    // dedicated core, whatever else the machine is running
  double loss = 0;                  // mean BCE of the last round
  double seconds = 0;
  std::optional<MetricsRow> last_eval;
  std::string event;  // "round", "checkpoint", "eval", "resumed"
};

// Trains until config.games games are done; calls progress after each round and event. On resume,
// the stored configuration must agree with `config` on everything that changes results (variant,
// net shape, seed, lambda, learning rate, ...); `games` may grow.
std::optional<Error> run_training(const TrainConfig& config,
                                  const std::function<void(const TrainProgress&)>& progress);

// The same run on the ranks of `comm` (every rank calls it with the same config; docs/distributed.md).
// Each round's games are spread over the ranks (game i on rank i % size) and gathered on rank 0
// in game order; rank 0 learns, sends the new weights to every rank, and alone reads and writes
// the run directory and calls `progress`; the evaluation matches are spread too. A round is
// already a batch of games played with fixed weights and learned in a fixed order, so a run gives
// the same weights, byte for byte, on any number of ranks (and threads).
std::optional<Error> run_training(Communicator& comm, const TrainConfig& config,
                                  const std::function<void(const TrainProgress&)>& progress);

// The training loop's speed: `rounds` rounds of config.round_games self-play games, each followed by
// the learner's pass and the weight push, exactly as run_training does them, but in memory (no run
// directory, no checkpoints, no evaluations). Starts from config.init_from (else random weights).
struct TrainBenchResult {
  long long games = 0;
  long long positions = 0;  // training examples produced (deterministic for a seed)
  double seconds = 0;       // wall clock, self-play + learning + weight pushes
  double self_play_seconds = 0;
  double learn_seconds = 0;      // learner passes and weight pushes
  double learn_cpu_seconds = 0;  // the learner's CPU time (rank 0)
  double cpu_seconds = 0;        // this process's CPU time over the same span
  // Spread over ranks (the Communicator overload; figures of rank 0):
  int ranks = 1;
  double all_ranks_cpu_seconds = 0;     // CPU time of every rank over the rounds
  double broadcast_seconds = 0;         // rank 0's part in sending the weights each round (and the
                                        // model's construction on every rank)
  long long gather_bytes = 0;           // games sent to rank 0, all rounds
  long long broadcast_bytes = 0;        // weights sent by rank 0, all rounds
  double weight_broadcast_seconds = 0;  // one weight broadcast to every rank and their answers,
                                        // measured apart (ranks in step)
  long long weight_bytes = 0;
};
Result<TrainBenchResult> bench_training(const TrainConfig& config, int rounds);
// The same with the games of each round spread over the ranks of `comm` and the learner on rank 0
// (as run_training does it); every rank calls it.
Result<TrainBenchResult> bench_training(Communicator& comm, const TrainConfig& config, int rounds);

// The nets of the newest checkpoint of a run directory, as a model.
Result<NetWeights> checkpoint_weights(const std::string& run_dir);
// checkpoint_weights written as a model file (atomically; an error names out_path).
std::optional<Error> export_checkpoint(const std::string& run_dir, const std::string& out_path);

}  // namespace nard::training
