// Little-endian byte encoding for nard's binary files (model files, position databases): a writer
// that appends to a string, a reader over a byte range that reports truncation instead of reading
// past the end, and the FNV-1a 64 checksum the files end with.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace nard::binary {

inline constexpr uint64_t kFnvOffset = 0xCBF29CE484222325ull;
inline constexpr uint64_t kFnvPrime = 0x100000001B3ull;

inline uint64_t fnv1a64(std::string_view bytes, uint64_t h = kFnvOffset) {
  for (unsigned char c : bytes) h = (h ^ c) * kFnvPrime;
  return h;
}

inline void put_u8(std::string& s, uint8_t v) { s.push_back(char(v)); }
inline void put_u32(std::string& s, uint32_t v) {
  for (int k = 0; k < 4; ++k) s.push_back(char((v >> (8 * k)) & 0xFFu));
}
inline void put_u64(std::string& s, uint64_t v) {
  for (int k = 0; k < 8; ++k) s.push_back(char((v >> (8 * k)) & 0xFFu));
}
inline void put_f32(std::string& s, float f) { put_u32(s, std::bit_cast<uint32_t>(f)); }
// A string: u32 byte length, then the bytes.
inline void put_str(std::string& s, std::string_view v) {
  put_u32(s, uint32_t(v.size()));
  s.append(v);
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  size_t left() const { return bytes_.size() - pos_; }
  size_t offset() const { return pos_; }
  bool u8(uint8_t& v) {
    if (left() < 1) return false;
    v = uint8_t(bytes_[pos_++]);
    return true;
  }
  bool u32(uint32_t& v) {
    if (left() < 4) return false;
    v = 0;
    for (int k = 0; k < 4; ++k) v |= uint32_t(uint8_t(bytes_[pos_ + k])) << (8 * k);
    pos_ += 4;
    return true;
  }
  bool u64(uint64_t& v) {
    if (left() < 8) return false;
    v = 0;
    for (int k = 0; k < 8; ++k) v |= uint64_t(uint8_t(bytes_[pos_ + k])) << (8 * k);
    pos_ += 8;
    return true;
  }
  bool f32(float& v) {
    uint32_t u = 0;
    if (!u32(u)) return false;
    v = std::bit_cast<float>(u);
    return true;
  }
  // n floats into `out` (resized to n).
  bool f32s(std::vector<float>& out, size_t n) {
    if (left() / 4 < n) return false;
    out.resize(n);
    for (size_t i = 0; i < n; ++i) {
      uint32_t v = 0;
      for (int k = 0; k < 4; ++k) v |= uint32_t(uint8_t(bytes_[pos_ + k])) << (8 * k);
      out[i] = std::bit_cast<float>(v);
      pos_ += 4;
    }
    return true;
  }
  // A string of at most max_length bytes (a longer one is refused as corrupt).
  bool str(std::string& v, uint32_t max_length = 1u << 20) {
    uint32_t n = 0;
    if (!u32(n) || n > max_length || left() < n) return false;
    v.assign(bytes_.substr(pos_, n));
    pos_ += n;
    return true;
  }

 private:
  std::string_view bytes_;
  size_t pos_ = 0;
};

}  // namespace nard::binary
