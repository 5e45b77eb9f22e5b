// What a subcommand file needs: CLI11 and the process exit code. Kept apart from
// cli/commands.h (the list of all subcommands) so that registering a new subcommand does not
// recompile every other one. Exit codes: 0 success, 1 runtime failure, 2 bad input.
#pragma once

#include <CLI/CLI.hpp>

namespace nard::tools {

int exit_code();
void set_exit_code(int code);

// Parses the command line and runs the subcommand it names; returns the process exit code.
// Help requests print the help (0). A bad option or argument is one line on stderr, e.g.
// "nard: --top: must be at least 1, not 0", or "nard: unknown command 'x'; the commands are ...",
// and exit code 2. An exception nobody foresaw is one line and exit code 1, never a crash.
int parse_and_run(CLI::App& app, int argc, char** argv);

}  // namespace nard::tools
