// Distils a model's cheap pruning net (nn/encoder.h bg-prune or <game>-prune: raw board, no
// features) from its full nets: the full nets play greedy 0-ply games against themselves; at
// every turn with more than one play, all the plays' resulting positions (the positions the search's pruner has to
// rank, opponent on roll) become examples whose targets are the full nets' five probabilities;
// the small net learns them by cross-entropy (LibTorch learner, Adam). The last tenth of the games
// is held out to measure how often the pruner's top plays contain the full net's choice.
//
// Determinism: games are seeded per index (game_seed), examples kept in game order, so the result
// does not depend on the thread count.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "nn/weights_file.h"

namespace nard::training {

struct DistillConfig {
  int games = 2000;             // self-play games (the last tenth held out)
  std::vector<int> hidden{32};  // hidden sizes of the pruning net
  int epochs = 3;
  double learning_rate = 1e-3;
  int batch_size = 256;
  int keep = 3;  // the search's prune_keep, for the held-out agreement figure
  uint64_t seed = 1;
  int threads = 2;
};

struct DistillReport {
  long long train_positions = 0, held_out_turns = 0;
  double final_loss = 0;        // mean BCE of the last epoch
  double top1_agreement = 0;    // held-out turns where the pruner's best play is the full net's
  double topk_agreement = 0;    // ... where the full net's best is among the pruner's best `keep`
  double mean_equity_loss = 0;  // full-net equity lost by playing the pruner's top-k choice
};

struct DistillResult {
  NetWeights weights;  // the input nets plus (replacing any old one) the pruning net
  DistillReport report;
};

// Any game's model (each has a pruning encoder: optional_encoder_for); self-play under the game's
// default rules.
Result<DistillResult> distill_prune_net(const NetWeights& model, const DistillConfig& config);

}  // namespace nard::training
