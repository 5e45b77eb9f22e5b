// The name of a shipped model file: nard-<game>-<sha256[0:12]>.nardnet after the file's bytes.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "core/result.h"
#include "core/sha256.h"
#include "game/rules.h"
#include "nn/weights_file.h"

namespace nard::training {

inline std::string model_file_name(Variant variant, std::string_view file_bytes) {
  return "nard-" + std::string(variant_name(variant)) + "-" + sha256_hex(file_bytes).substr(0, 12) +
         ".nardnet";
}

// Checks a command's --out before its work, so that hours of it are never lost to a path that
// cannot be written: "DIR/" (a trailing separator) names a directory, made here if missing; any
// other value must be an existing directory, or a file whose directory exists.
inline std::optional<Error> prepare_model_output(const std::string& out) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!out.empty() && out.back() == '/') {
    fs::create_directories(out, ec);
    if (ec)
      return make_error("--out " + out + ": cannot make the directory (" + ec.message() + ")");
    return std::nullopt;
  }
  if (fs::is_directory(out, ec)) return std::nullopt;
  const fs::path parent = fs::path(out).parent_path();
  if (!parent.empty() && !fs::is_directory(parent, ec))
    return make_error("--out " + out + ": the directory " + parent.string() +
                      " does not exist (end --out with / to have a directory made)");
  return std::nullopt;
}

// Where a command's --out FILE|DIR puts `weights`: FILE itself, or DIR/model_file_name(...).
inline std::string model_output_path(const std::string& out, const NetWeights& weights) {
  if (!std::filesystem::is_directory(out)) return out;
  return (std::filesystem::path(out) / model_file_name(weights.variant, serialize_weights(weights)))
      .string();
}

}  // namespace nard::training
