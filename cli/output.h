// Small output helpers shared by the subcommands.
#pragma once

#include <string>

#include "core/result.h"

namespace nard::tools {

// Prints "nard: <message>" to stderr and sets exit code 2 (bad input).
void fail_input(const Error& e);
// Prints "nard: <message>" to stderr and sets exit code 1 (runtime failure).
void fail_runtime(const Error& e);

std::string json_string(const std::string& s);

}  // namespace nard::tools
