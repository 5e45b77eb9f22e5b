// The name of a shipped model file: nard-<game>-<sha256[0:12]>.nardnet after the file's bytes.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "core/sha256.h"
#include "game/rules.h"
#include "nn/weights_file.h"

namespace nard::training {

inline std::string model_file_name(Variant variant, std::string_view file_bytes) {
  return "nard-" + std::string(variant_name(variant)) + "-" + sha256_hex(file_bytes).substr(0, 12) +
         ".nardnet";
}

// Where a command's --out FILE|DIR puts `weights`: FILE itself, or DIR/model_file_name(...).
inline std::string model_output_path(const std::string& out, const NetWeights& weights) {
  if (!std::filesystem::is_directory(out)) return out;
  return (std::filesystem::path(out) / model_file_name(weights.variant, serialize_weights(weights)))
      .string();
}

}  // namespace nard::training
