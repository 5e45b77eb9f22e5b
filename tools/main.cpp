// nard: the command-line front end. Each subcommand lives in its own file and registers itself
// here. The training commands are run by nard-train (tools/training_commands.h), so that nard
// itself never loads LibTorch.
#include <csignal>

#include <CLI/CLI.hpp>

#include <iostream>
#include <string>

#include "tools/commands.h"
#include "tools/training_commands.h"

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
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Help requests print the help and exit with 0; a bad option or argument is one line on
    // stderr (e.g. "nard: --top: must be at least 1, not 0") and exit code 2.
    if (e.get_exit_code() == 0) return app.exit(e);
    if (app.get_subcommands().empty() && argc > 1 && argv[1][0] != '-') {
      std::string names;
      for (const CLI::App* sub : app.get_subcommands(nullptr))
        names += (names.empty() ? "" : ", ") + sub->get_name();
      std::cerr << "nard: unknown command '" << argv[1] << "'; the commands are " << names << '\n';
      return 2;
    }
    std::cerr << "nard: " << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    // A failure nard did not foresee: still one line, and exit code 1 (not a crash).
    std::cerr << "nard: internal error: " << e.what() << '\n';
    return 1;
  }
  return nard::tools::exit_code();
}
