// Runs the built `nard` (NARD_BINARY) with arguments and optional stdin, capturing exit code,
// stdout and stderr, each run in files of its own (tests/support/temp_files.h). For the tests in
// tests/cli/ only: the core tests (tests/*.cpp) do not depend on the executable.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "tests/support/temp_files.h"

namespace nard::testing_support {

struct CliRun {
  int exit_code = -1;
  std::string out, err;
};

// Runs a shell command line with `input` on stdin, capturing its exit code, stdout and stderr.
inline CliRun run_command(const std::string& command, const std::string& input = "") {
  const std::string in = unique_temp_path("nard_in"), out = unique_temp_path("nard_out"),
                    err = unique_temp_path("nard_err");
  std::ofstream(in, std::ios::binary) << input;
  const int status = std::system((command + " <" + in + " >" + out + " 2>" + err).c_str());
  CliRun r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp_file(out);
  r.err = slurp_file(err);
  std::remove(in.c_str());
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

// `nard ARGS`. timeout_seconds > 0: the run is killed after that long (coreutils timeout; exit
// code 124), so that a test of something that must not hang fails instead of hanging.
inline CliRun run_nard(const std::string& args, const std::string& input = "",
                       int timeout_seconds = 0) {
  const std::string limit =
      timeout_seconds > 0 ? "timeout -k 5 " + std::to_string(timeout_seconds) + " " : "";
  return run_command(limit + std::string(NARD_BINARY) + " " + args, input);
}

}  // namespace nard::testing_support
