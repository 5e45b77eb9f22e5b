#include "cli/distributed_args.h"

#include <sched.h>

#include <cstdio>
#include <thread>

#include "cli/output.h"
#include "cli/subcommand.h"
#include "core/read_file.h"

namespace nard::tools {

void add_mpi_options(CLI::App* cmd, MpiArgs& args) {
  cmd->add_option(
         "--mpi-timeout", args.timeout_seconds,
         "Under mpirun: seconds without a word from a rank before it counts as hung (default 300)")
      ->check(CLI::Range(1.0, 1e7));
}

void run_distributed(const MpiArgs& args,
                     const std::function<void(Communicator&, DistributedSession&)>& body) {
  DistributedOptions options;
  options.timeout_seconds = args.timeout_seconds;
  DistributedSession session(options);
  if (session.start_error()) {
    fail_runtime(*session.start_error());
    session.finish(exit_code());
    return;
  }
  Communicator& comm = session.world();
  cpu_set_t set;
  CPU_ZERO(&set);
  if (comm.is_root() && DistributedSession::launched_by_mpi() &&
      sched_getaffinity(0, sizeof set, &set) == 0) {
    const int usable = CPU_COUNT(&set), cores = int(std::thread::hardware_concurrency());
    const int wanted = args.threads > 0 ? args.threads : cores;
    if (usable < wanted)
      std::fprintf(stderr,
                   "nard: warning: mpirun bound %s to %d of the %d cores for %d threads: pass "
                   "--bind-to none "
                   "(or --map-by ...:PE=%d) to let each rank's threads use their cores\n",
                   comm.where(0).c_str(), usable, cores, wanted, wanted);
  }
  body(comm, session);
  session.finish(exit_code());
}

std::string file_fingerprint(const std::string& path) {
  Result<std::string> bytes = read_regular_file(path, "file");
  return std::to_string(std::hash<std::string>{}(bytes ? *bytes : std::string()));
}

void fail_distributed(Communicator& comm, const Error& error, bool input) {
  if (comm.stopped_by_root()) return;  // rank 0 reports it; this rank exits quietly
  Error e = error;
  if (!comm.is_root() && e.message.rfind("rank ", 0) != 0)
    e.message = comm.where(comm.rank()) + ": " + e.message;
  input ? fail_input(e) : fail_runtime(e);
  comm.report_failure(error.message);
}

}  // namespace nard::tools
