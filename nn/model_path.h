// Finding the shipped model of a game: the model files in models/ (named nard-<sha>.bin by the
// exporter) carry their game in the header (nn/weights_file.h), so the search reads only the
// 12-byte header of each candidate file.
//
// Directories searched, in order: $NARD_MODELS (if set), NARD_SOURCE_DIR/models, then models/
// next to the executable and one level above it (an installed tree or a build directory).
// Within a directory, among the files ending in .bin or .nardnet whose header names the game,
// the most recently written wins (ties: the greater file name), so a new export replaces the old.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "game/rules.h"

namespace nard {

// The directories above that exist; executable_path may be empty (argv[0] or /proc/self/exe).
std::vector<std::string> model_directories(const std::string& executable_path = "");

// The model file for `variant`, or an Error that names the game, the directories searched and
// what to do (pass --model FILE, or export a model into models/).
Result<std::string> default_model_path(Variant variant, const std::string& executable_path = "");

}  // namespace nard
