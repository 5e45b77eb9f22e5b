// nard: the command-line front end. Each subcommand lives in its own file and registers itself here.
#include <CLI/CLI.hpp>

#include "tools/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"nard: backgammon-family engine, neural evaluator and trainer"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show help for every subcommand");
  nard::tools::register_all(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 prints the message; wrong options exit with 2 (help requests with 0).
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  return nard::tools::exit_code();
}
