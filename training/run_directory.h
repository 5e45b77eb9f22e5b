// One training run per run directory, and nothing left behind by killed runs.
//
// claim_run_directory() takes an exclusive lock (flock) on <run_dir>/lock, held until the returned
// object is destroyed or the process ends (a SIGKILL releases it too): a second trainer started on
// the same directory is refused instead of interleaving checkpoints. Holding the lock, no other
// writer can be running, so whatever temporary files are there were left by killed runs: the
// temporary checkpoint directories (ckpt-tmp-<pid>) and the temporary files of
// core/atomic_file.h ("<name>.tmp.<pid>") in run_dir and its immediate subdirectories are
// removed.
#pragma once

#include <memory>
#include <string>

#include "core/result.h"

namespace nard::training {

class RunDirectoryLock {
 public:
  explicit RunDirectoryLock(int fd) : fd_(fd) {}
  ~RunDirectoryLock();
  RunDirectoryLock(const RunDirectoryLock&) = delete;
  RunDirectoryLock& operator=(const RunDirectoryLock&) = delete;

 private:
  int fd_;
};

struct ClaimedRunDirectory {
  std::unique_ptr<RunDirectoryLock> lock;
  int removed_temporaries = 0;  // stale temporary files and directories removed
};

// Precondition: run_dir exists. Fails when another process holds the lock.
Result<ClaimedRunDirectory> claim_run_directory(const std::string& run_dir);

}  // namespace nard::training
