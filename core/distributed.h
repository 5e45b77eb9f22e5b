// The processes of one run (MPI ranks) and the few ways they talk: a broadcast of bytes from rank
// 0, a gather of every rank's bytes to rank 0, and heartbeats. Built on Open MPI when nard is
// configured with NARD_WITH_MPI and the process was started by mpirun; otherwise a group of one
// process whose collectives are copies, so the callers have one code path.
//
// Roles: rank 0 reads and writes every file of a run and prints; the other ranks compute their
// share of the work (core/work_share.h) and send it to rank 0. Every rank runs the same command
// with the same arguments (SPMD); what only rank 0 knows (a resumed run's state, new weights) is
// broadcast.
//
// Failures. A rank that dies: Open MPI's mpirun stops the whole job (SIGCONT, SIGTERM, then
// SIGKILL to every other rank) and prints the dead rank's number, node and exit status; rank 0
// then prints `stop_message` (DistributedSession) so the user knows what is on disk. A rank that
// hangs (or a node that stops answering): every wait below polls, and gives up after
// `timeout_seconds` without a message or heartbeat from the rank waited for, returning an error
// that names that rank and its host; the command then aborts the job (MPI_Abort). Rank 0 writes
// files only between collectives, and atomically, so a stop at any moment leaves the last
// checkpoint intact. MPI errors are returned (MPI_ERRORS_RETURN), not fatal, and come back as
// errors naming the operation and the peer. The end of a run is agreed (finish): every rank
// tells rank 0 how it ended and how many collectives it entered, and rank 0 answers finalise
// (all there, in step: a success, a stop it sent, or the same failure everywhere) or abort.
// NARD_MPI_FAULT=RANK:N:die|hang makes a rank die or hang at its N-th collective (tests).
//
// Thread-safety: call every member from the thread that created the session (MPI is initialised
// with MPI_THREAD_FUNNELED; OpenMP workers never call MPI).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace nard {

struct DistributedOptions {
  double timeout_seconds = 300;  // a wait longer than this without a word from the peer is a hang
  double heartbeat_seconds = 5;  // heartbeat() sends at most this often
};

class Communicator {
 public:
  ~Communicator();
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;

  // A group of one process: rank 0 of 1, collectives are copies.
  static std::unique_ptr<Communicator> single();

  int rank() const;
  int size() const;
  bool is_root() const { return rank() == 0; }
  // "rank 2 on node7" (the MPI processor name of that rank).
  std::string where(int rank) const;

  // Rank 0 sends `bytes` to every rank; on the others `bytes` is replaced by what rank 0 sent.
  // A rank that waits longer than the timeout without a heartbeat from rank 0 gets an error; so
  // does a rank that receives rank 0's stop (stopped_by_root() is then true).
  std::optional<Error> broadcast(std::string& bytes);
  // Rank 0 ends the run on every rank that is waiting in broadcast(): they return an error with
  // this message and stopped_by_root() (they exit quietly with 0: rank 0 reports the error and
  // its exit code is mpirun's). Rank 0 only.
  void stop_all(const std::string& message);
  bool stopped_by_root() const;

  // Every rank sends its bytes (or its error) to rank 0, which gets them indexed by rank; the
  // other ranks get an empty vector. Rank 0 fails, naming the rank, when a rank sent an error or
  // did not send within the timeout (heartbeats from it restart the clock).
  Result<std::vector<std::string>> gather(const Result<std::string>& bytes);

  // Tells the ranks that may be waiting for this one that it is alive: rank 0 tells every rank,
  // the others tell rank 0. Cheap to call often (sends at most every heartbeat_seconds).
  void heartbeat();

  // A rank other than 0 that failed on its own tells rank 0 at once (rank 0's waits for it end
  // with this message instead of a timeout). No-op on rank 0.
  void report_failure(const std::string& message);

  // Seconds spent inside broadcast/gather (waiting and transfer) since the start, and bytes sent
  // by broadcast (from rank 0) — the benchmark's figures.
  double seconds_in_collectives() const;
  long long broadcast_bytes() const;
  long long gather_bytes() const;  // received by rank 0 from the other ranks

 private:
  friend class DistributedSession;
  struct Impl;
  explicit Communicator(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// MPI for the lifetime of one command. Starts MPI only when the process was launched by an MPI
// launcher (mpirun sets OMPI_COMM_WORLD_SIZE; PMIx and PMI launchers PMIX_RANK/PMI_RANK), as a
// singleton MPI_Init costs ~0.5 s (it starts Open MPI's daemon); otherwise, or when built without
// MPI, world() is a group of one.
class DistributedSession {
 public:
  explicit DistributedSession(const DistributedOptions& options = {});
  ~DistributedSession();  // finish(0) unless finish() was called
  DistributedSession(const DistributedSession&) = delete;
  DistributedSession& operator=(const DistributedSession&) = delete;

  // True when built with MPI and started by an MPI launcher.
  static bool launched_by_mpi();
  // Whether this build has MPI at all.
  static bool built_with_mpi();

  // Set up failed (e.g. MPI_Init failed): the message; world() is then a group of one.
  const std::optional<Error>& start_error() const { return start_error_; }
  Communicator& world() { return *world_; }

  // On rank 0 of a run of several ranks, the line printed when mpirun stops this process
  // (SIGTERM, because another rank died): what is on disk and how to go on.
  void set_stop_message(const std::string& message);

  // Ends MPI: with exit code 0, every rank finalises together. Otherwise, on a rank whose failure
  // the others cannot know about (anything but a stop received from rank 0), MPI_Abort stops
  // every rank of the job with that code (after the caller printed why). Idempotent.
  void finish(int exit_code);

 private:
  std::unique_ptr<Communicator> world_;
  std::optional<Error> start_error_;
  bool mpi_ = false, finished_ = false;
};

}  // namespace nard
