// Small output helpers shared by the subcommands.
#pragma once

#include <string>

#include "engine/position.h"
#include "engine/result.h"
#include "engine/rules.h"

namespace nard::tools {

// Prints "nard: <message>" to stderr and sets exit code 2 (bad input).
void fail_input(const Error& e);
// Prints "nard: <message>" to stderr and sets exit code 1 (runtime failure).
void fail_runtime(const Error& e);

std::string json_string(const std::string& s);

// The position in the game's usual ID: a gnubg Position ID for backgammon, our notation otherwise.
std::string format_position_for(const Position& pos, const Rules& rules);

}  // namespace nard::tools
