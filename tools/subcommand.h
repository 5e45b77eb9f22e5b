// What a subcommand file needs: CLI11 and the process exit code. Kept apart from
// tools/commands.h (the list of all subcommands) so that registering a new subcommand does not
// recompile every other one. Exit codes: 0 success, 1 runtime failure, 2 bad input.
#pragma once

#include <CLI/CLI.hpp>

namespace nard::tools {

int exit_code();
void set_exit_code(int code);

}  // namespace nard::tools
