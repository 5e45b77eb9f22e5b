// What the commands that run on several MPI ranks (train, rollout, analyze, bench train --mpi)
// share: the --mpi-timeout option, the session around the work, and who reports a failure.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>

#include "core/distributed.h"

namespace nard::tools {

struct MpiArgs {
  double timeout_seconds = 300;
  int threads = 0;  // the OpenMP threads each rank will run (0: all cores), for the binding check
};
void add_mpi_options(CLI::App* cmd, MpiArgs& args);

// Runs `body` with the processes of the MPI job (one process without mpirun) and ends MPI by the
// exit code body set: every rank finalises together after a success or a stop sent by rank 0;
// after any other failure the job is aborted (the failing rank printed why). Call it after the
// command's own checks of its arguments (those fail alike on every rank, before MPI starts).
// Under mpirun, rank 0 warns when mpirun bound it to fewer cores than its threads want (Open MPI
// binds each rank to one core when it starts two ranks or fewer: --bind-to none lifts that).
void run_distributed(const MpiArgs& args,
                     const std::function<void(Communicator&, DistributedSession&)>& body);

// A hash of a file's bytes (of nothing when it cannot be read): the ranks compare those of the
// files each one loads itself (models, tables) with check_agreement (core/work_share.h).
std::string file_fingerprint(const std::string& path);

// Reports the failure of a distributed call: nothing on a rank that rank 0 stopped (rank 0
// reports it), the rank and host before the message on the other ranks, which also tell rank 0.
// Sets the exit code.
void fail_distributed(Communicator& comm, const Error& error, bool input);

}  // namespace nard::tools
