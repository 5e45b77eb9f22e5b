#include "tools/subcommand.h"

namespace nard::tools {

namespace {
int g_exit_code = 0;  // the one piece of process state: what main() returns
}

int exit_code() { return g_exit_code; }
void set_exit_code(int code) { g_exit_code = code; }

}  // namespace nard::tools
