// nard: the command-line front end. Each subcommand lives in its own file and registers itself
// here. The training commands are run by nard-train (cli/train/training_commands.h), so that nard
// itself never loads LibTorch.
#include <CLI/CLI.hpp>
#include <csignal>

#include "cli/commands.h"
#include "cli/train/training_commands.h"

int main(int argc, char** argv) {
  // A write beyond a file-size limit (ulimit -f) fails with EFBIG and is reported as an error
  // instead of killing the process.
  std::signal(SIGXFSZ, SIG_IGN);
  if (const auto* command = nard::tools::find_training_command(argc, argv))
    return nard::tools::exec_training_executable(*command, argv);
  CLI::App app{"nard: backgammon-family engine, neural evaluator and trainer"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show help for every subcommand");
  nard::tools::register_all(app);
  nard::tools::register_training_launchers(app, argv);
  return nard::tools::parse_and_run(app, argc, argv);
}
