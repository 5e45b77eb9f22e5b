// Checkpoints of a training run: atomic directories of torch files plus a text state file whose
// checksums make a truncated or altered checkpoint fail loudly instead of resuming wrongly.
//
// state.txt (text, one "key value" per line; the last line is "checksum <fnv64 of all lines
// before it>"):
//   nard-checkpoint 1
//   variant, hidden (per encoder "name:128,64"), lambda, learning_rate, optimizer, batch_size,
//   round_games, exploration, seed       -- what the results depend on (checked on resume)
//   games_done, rounds_done, seconds, interval_loss, interval_rounds
//   metric <games> <seconds> <loss> [<opponent> <ppg> <se> <games>]...   (one line per evaluation)
//   file <name> <bytes> <fnv64>           (every other file of the directory)
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/atomic_file.h"
#include "core/result.h"
#include "training/learner.h"
#include "training/trainer.h"

namespace nard::training {

// The temporary directory of a checkpoint being written is "ckpt-tmp-<pid>".
inline constexpr const char* kCheckpointTemporaryPrefix = "ckpt-tmp-";

struct RunState {
  long long games_done = 0;
  long long rounds_done = 0;
  double seconds = 0;
  double interval_loss = 0;  // sum of round losses since the last checkpoint
  long long interval_rounds = 0;
  std::vector<MetricsRow> metrics;
};

// The lines of state.txt that must agree between a checkpoint and a resumed run.
std::vector<std::string> identity_lines(const TrainConfig& config,
                                        const std::vector<std::string>& net_names,
                                        const std::vector<std::vector<int>>& hidden);

// Writes ckpt-<games>/ under run_dir (via a temporary directory ckpt-tmp-<pid> and rename), then
// points `latest` at it, then removes older ckpt-* directories. `extra_files` (name, bytes) are
// written as well. A failure (a full disk, a file size limit) removes the temporary directory,
// leaves `latest` and the checkpoint it names as they were, and names run_dir in the error.
std::optional<Error> save_checkpoint(
    const std::string& run_dir, const std::vector<std::string>& identity, const RunState& state,
    const std::vector<std::string>& net_names, const std::vector<Learner*>& learners,
    const std::vector<std::pair<std::string, std::string>>& extra_files);

// The newest checkpoint directory of run_dir, or an error when there is none.
Result<std::string> latest_checkpoint(const std::string& run_dir);

// Reads and verifies state.txt and the file checksums of a checkpoint directory; returns the state
// and the identity lines found (the caller compares them).
struct LoadedState {
  RunState state;
  std::vector<std::string> identity;
};
Result<LoadedState> read_checkpoint_state(const std::string& ckpt_dir);

// Helpers shared with the trainer (files are written with core/atomic_file.h). read_file is
// engine/read_regular_file: a directory or FIFO is refused, never read or waited on.
Result<std::string> read_file(const std::string& path);
uint64_t fnv1a64(const std::string& bytes);

}  // namespace nard::training
