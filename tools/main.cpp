// nard: the command-line front end. Each subcommand lives in its own file and registers itself here.
#include <CLI/CLI.hpp>

#include <iostream>
#include <string>

#include "tools/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"nard: backgammon-family engine, neural evaluator and trainer"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show help for every subcommand");
  nard::tools::register_all(app);
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
