// Shared parts of the fuzz targets (tests/fuzz/*_fuzz.cpp): a failed check
// aborts with a message (libFuzzer then saves the input as a crash), and a
// parsed position is exercised by generating its plays for two rolls and
// checking them (game/play_check.h), the backgammon-specialised generator
// against the general one, and one more ply from a chosen play.
//
// Each target defines LLVMFuzzerTestOneInput. Built with -fsanitize=fuzzer
// (NARD_FUZZ=ON, clang) it is a libFuzzer binary; otherwise replay_main.cpp
// drives it over files (the corpus and the regression inputs), so every build
// replays them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "game/position.h"
#include "game/rules.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace nard::fuzz {

// Prints "fuzz check failed: what" and aborts.
[[noreturn]] void fail(const std::string& what);

#define NARD_FUZZ_CHECK(cond, what)                                      \
  do {                                                                   \
    if (!(cond)) ::nard::fuzz::fail(std::string(#cond) + ": " + (what)); \
  } while (0)

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// FNV-1a 64 of the bytes (a seed for the choices a target makes from its
// input).
uint64_t hash_bytes(std::string_view bytes);

// The rules of a preset (parsed once and kept).
const Rules& preset_rules(std::string_view preset);

// Can `pos` occur in a game under `rules` (game/position_check.h)?
bool fits(const Rules& rules, const Position& pos);

// A game whose rules allow everything in `pos` (pins only in pinning games, a
// bar only in hitting games, first-turn flags only in Long Nardy, the
// position's geometry), picked among the presets by `selector`; nullptr when no
// game fits (the position is impossible in every game).
const Rules* rules_for(const Position& pos, uint64_t selector);

// Generates the plays of two rolls chosen by `seed` (one a double) and checks
// them; then one more ply from one of the plays, turned round. Aborts on any
// violation.
void exercise_position(const Rules& rules, const Position& pos, uint64_t seed);

}  // namespace nard::fuzz
