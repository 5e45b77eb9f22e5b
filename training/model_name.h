// The name of a shipped model file: nard-<game>-<sha256[0:12]>.nardnet after the file's bytes.
#pragma once

#include <string>
#include <string_view>

#include "engine/rules.h"
#include "training/sha256.h"

namespace nard::training {

inline std::string model_file_name(Variant variant, std::string_view file_bytes) {
  return "nard-" + std::string(variant_name(variant)) + "-" + sha256_hex(file_bytes).substr(0, 12) + ".nardnet";
}

}  // namespace nard::training
