// SHA-256 (FIPS 180-4) of a byte string, as 64 lowercase hex digits. Names shipped model files
// (models/nard-<game>-<sha256[0:12]>.nardnet).
#pragma once

#include <string>
#include <string_view>

namespace nard::training {

std::string sha256_hex(std::string_view bytes);

}  // namespace nard::training
