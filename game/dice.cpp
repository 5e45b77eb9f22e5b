#include "game/dice.h"

#include <cctype>

namespace nard {

namespace {
uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

const std::array<Dice, 21>& all_rolls() {
  static const std::array<Dice, 21> rolls = [] {
    std::array<Dice, 21> r{};
    int i = 0;
    for (int a = 1; a <= 6; ++a)
      for (int b = 1; b <= a; ++b) r[i++] = Dice{uint8_t(a), uint8_t(b)};
    return r;
  }();
  return rolls;
}

Result<Dice> parse_dice(std::string_view text) {
  int v[2];
  int n = 0;
  for (char c : text) {
    if (c >= '1' && c <= '6') {
      if (n == 2) return make_error("dice '" + std::string(text) + "': more than two dice");
      v[n++] = c - '0';
    } else if (c == '-' || c == ',' || c == ' ' || c == '/') {
      continue;
    } else if (c >= '0' && c <= '9') {
      return make_error("dice '" + std::string(text) + "': a die shows 1 to 6, not " + c);
    } else {
      return make_error("dice '" + std::string(text) + "': unexpected character '" + c +
                        "' (write a roll like 65 or 6-5)");
    }
  }
  if (n != 2) return make_error("dice '" + std::string(text) + "': need two dice, like 65 or 6-5");
  return Dice{uint8_t(v[0]), uint8_t(v[1])};
}

void Rng::reseed(uint64_t seed) {
  uint64_t x = seed;
  for (auto& w : s_) w = splitmix64(x);
}

uint64_t Rng::next() {
  const uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

uint32_t Rng::below(uint32_t n) {
  // Lemire's multiply-shift with rejection of the biased low range.
  uint64_t m = uint64_t(uint32_t(next() >> 32)) * n;
  uint32_t low = uint32_t(m);
  if (low < n) {
    const uint32_t threshold = uint32_t(-n) % n;
    while (low < threshold) {
      m = uint64_t(uint32_t(next() >> 32)) * n;
      low = uint32_t(m);
    }
  }
  return uint32_t(m >> 32);
}

Dice Rng::roll() {
  const uint32_t r = below(36);  // our own 0..35 -> (d1, d2) mapping
  return Dice{uint8_t(r / 6 + 1), uint8_t(r % 6 + 1)};
}

uint64_t game_seed(uint64_t run_seed, uint64_t game_index) {
  uint64_t x = run_seed ^ (game_index * 0xD1B54A32D192ED03ull);
  splitmix64(x);
  return splitmix64(x);
}

}  // namespace nard
