// The supervised training pipeline (`nard train --targets ply1|ply2`): nets trained on their own
// lookahead, as gnubg's later nets ("to play like the 2-ply evaluation") and wildbg's are.
//
// A run is a sequence of steps; step k:
//   1. samples positions from self-play of the current model (coach/position_sampling.h: games
//      [(k-1)·G, k·G) of the run seed, with exploration);
//   2. values each at n-ply with the current model's search (coach/position_valuation.h; backgammon
//      bear-offs with both sides home are exact, from the bear-off database, and are not sampled)
//      and writes them, a chunk at a time, as position databases (coach/position_database.h);
//   3. fits each net of the game (LibTorch learner, cross-entropy on the five outputs, Adam,
//      starting from the current weights) to the positions of the last `window` steps, holding out
//      one position in 20 (by hash; a play group by its first position's) to measure the fit; with
//      play groups and a rank weight, the loss also fits the differences between a roll's plays,
//      and the step reports the held-out groups' choice loss against the targets;
//   4. measures the new model against the previous one and against the run's first model
//      (0-ply, cubeless, paired dice), and becomes the current model of step k+1.
//
// Run directory:
//   config.txt                identity of the run (what the results depend on; checked on resume)
//   first.nardnet             the starting model (--init-from), copied
//   step-NNNN/positions-MMMM.npdb   the step's valued positions, chunk by chunk
//   step-NNNN/model.nardnet   the model fitted in step NNNN
//   step-NNNN/report.txt      the step's figures; written last: the step is complete
//   latest.nardnet            the newest complete step's model
//   metrics.csv, strength.svg strength after every step (x: positions valued so far)
//   lock                      held by the running pipeline (training/run_directory.h)
// Resumable after a kill at any point: every file is written atomically (the temporary files of a
// killed run are removed on the next start); a step whose report is
// missing is redone from its first missing piece (sampling is recomputed, it is deterministic and
// cheap; valued chunks already on disk are kept; the fit is redone).
//
// Determinism: the positions, targets, fitted weights and match results depend only on the
// configuration and the starting model, not on the thread count or on interruptions.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/distributed.h"
#include "core/result.h"

namespace nard::training {

struct SupervisedConfig {
  std::string variant = "backgammon";  // a variant name or rules preset
  std::string out_dir;
  std::string init_from;  // the model the first step starts from (required)
  int steps = 1;          // steps of the run in all (may grow on resume)
  int games_per_step = 2000;
  int ply = 2;                // target search depth (gnubg's convention; 1..3)
  double exploration = 0.05;  // per move in the sampling games
  double keep = 0.5;          // probability of keeping a position met
  int alternatives = 0;  // per kept turn, the results of the net's this many next-best plays too
  // >= 2: the step's sample is play groups instead of the games' positions: per kept turn, the
  // results of the net's this many best plays (coach/position_sampling.h), valued and written as
  // position databases with this play group (coach/position_database.h).
  int play_groups = 0;
  // > 0: the fit adds a ranking term (training/learner.h RankingTerm) of this weight over the play
  // groups of every database it fits (this run's and --positions-from's): the differences between
  // the values of a roll's plays, fitted to the targets' differences.
  double rank_weight = 0;
  // < 1: of the sample, only this fraction is valued and fitted: the positions whose 0-ply and
  // 1-ply cubeless equities (the model's own) differ most, where the net is least consistent with
  // its own lookahead. Recomputed on resume (deterministic); costs one 1-ply valuation a position.
  double focus = 1;
  int window = 3;  // a step fits the positions of itself and the window-1 steps before
  int epochs = 4;
  int batch_size = 256;
  double learning_rate = 3e-4;
  // > 0: each step's fit anneals the learning rate from learning_rate to this along a cosine over
  // its minibatches (the last one at exactly this); 0: a constant learning_rate.
  double final_learning_rate = 0;
  std::vector<int> hidden;       // main net (backgammon: contact); empty = the model's own sizes
  std::vector<int> race_hidden;  // backgammon's race net; wider than the model's: net2net
  int chunk_positions = 2048;    // positions per database chunk (a kill loses at most one)
  int eval_games = 4000;  // paired 0-ply games against the previous and the first model (0: none)
  int threads = 2;
  uint64_t seed = 1;
  bool resume = false;
  bool bearoff_database = true;  // backgammon: value and skip bear-offs with the exact database
  // Position databases (files, or directories searched for *.npdb) of the same rules preset that
  // every step's fit uses besides its window: the positions of earlier runs, for instance.
  std::vector<std::string> extra_positions;
  // The first step fits nets of the --hidden/--race-hidden shapes from random weights instead of
  // starting from the model's (e.g. a deeper net, which net2net cannot grow into); the model
  // still samples and values the first step's positions.
  bool fresh_nets = false;
  // Non-empty: the model's contact net reads this encoder's inputs ("bg-contact2"); a bg-contact
  // net of the starting model grows into it (nn/mlp.h grow_inputs: the same function until the
  // fit gives the new inputs weight).
  std::string contact_inputs;
  // Backgammon: "race" or "contact" fits that net alone and leaves the other's weights as the
  // model has them (e.g. the race net refitted to targets that only races changed); "" fits both.
  std::string fit_only;
};

struct SupervisedProgress {
  int step = 0, steps = 0;
  std::string phase;              // "started", "resumed", "sample", "value", "fit", "eval", "step"
  long long done = 0, total = 0;  // in the phase's unit: games, positions, epochs, games
  std::string message;            // at the end of a phase: its figures, one line
};

std::optional<Error> run_supervised(const SupervisedConfig& config,
                                    const std::function<void(const SupervisedProgress&)>& progress);

// The same run on the ranks of `comm` (every rank calls it with the same config;
// docs/distributed.md): the sampling games, the valuations (chunk by chunk) and the evaluation
// games are spread over the ranks by index and gathered on rank 0; rank 0 alone reads and writes
// the run directory, fits the nets, sends the new model to every rank and calls `progress`. The
// files written are those of the one-process run, byte for byte, on any number of ranks.
std::optional<Error> run_supervised(Communicator& comm, const SupervisedConfig& config,
                                    const std::function<void(const SupervisedProgress&)>& progress);

}  // namespace nard::training
