#include "cli/subcommand.h"

#include <iostream>
#include <string>

namespace nard::tools {

namespace {
int g_exit_code = 0;  // the one piece of process state: what main() returns
}

int exit_code() { return g_exit_code; }
void set_exit_code(int code) { g_exit_code = code; }

int parse_and_run(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
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
    std::cerr << "nard: internal error: " << e.what() << '\n';
    return 1;
  }
  return exit_code();
}

}  // namespace nard::tools
