// A play as the sequence of sub-moves that produced it, for display and for protocols. Search
// never needs it: it works on resulting positions.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace nard {

struct SubMove {
  int8_t from = 0;   // mover point 1..24, or 25 = bar
  int8_t to = 0;     // mover point 1..24, or 0 = off
  bool hit = false;  // landed on a lone opposing checker: hit (backgammon) or pinned it (Plakoto)
};

struct Move {
  uint8_t count = 0;  // sub-moves used, 0..4
  std::array<SubMove, 4> sub{};
};

// Standard notation, as gnubg writes it: "24/18 13/11", "bar/22*", "6/off", "8/5(2)", "13/7*/2".
// Sub-moves of one checker are chained, identical moves grouped with (n), highest origin first.
// An empty play is written "" (the caller decides how to say "no legal play").
std::string format_move(const Move& move);

}  // namespace nard
