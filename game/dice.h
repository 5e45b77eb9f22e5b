// Dice and our own seeded PRNG (style P10). No <random> distributions: their algorithms differ
// between standard libraries, and results must not.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"

namespace nard {

struct Dice {
  uint8_t d1 = 0, d2 = 0;  // 1..6 each; d1 >= d2 after normalise()
  bool is_double() const { return d1 == d2; }
  Dice normalised() const { return d1 >= d2 ? Dice{d1, d2} : Dice{d2, d1}; }
  bool operator==(const Dice&) const = default;
  std::string str() const { return std::string{char('0' + d1), char('0' + d2)}; }
};

// The 21 distinct rolls, doubles first is not implied: ordered 11,21,22,31,32,33,… (d1 >= d2).
const std::array<Dice, 21>& all_rolls();
// Probability weight of a roll out of 36: 1 for doubles, 2 otherwise.
inline int roll_weight(Dice d) { return d.is_double() ? 1 : 2; }

// Parses "65", "6-5", "6 5", "6,5". Errors name the problem.
Result<Dice> parse_dice(std::string_view text);

// xoshiro256** seeded through splitmix64. Small, fast, and identical on every platform.
class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }
  void reseed(uint64_t seed);
  uint64_t next();
  // Uniform integer in [0, n) by rejection (exact, no modulo bias); n > 0.
  uint32_t below(uint32_t n);
  // Uniform double in [0, 1).
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }
  Dice roll();

 private:
  std::array<uint64_t, 4> s_{};
};

// Per-game seed from a run seed and a game index, so OpenMP scheduling never changes a game.
uint64_t game_seed(uint64_t run_seed, uint64_t game_index);

}  // namespace nard
