// Our position notation: one line, readable, covering every game's full state. Both sides are
// written in the mover's coordinates (the side on roll is "x", the opponent "o"):
//
//   x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5
//   x 24:14 13:1+; o 1:14                      (Plakoto: "+" = an o checker pinned under x's 1)
//   x 24:15; o 12:15; first:xo                 (Long Nardy: both first turns still to play)
//   x bar:1 6:4 off:10; o 19:3 off:12
//
// Grammar: side ("; " side)* [";" flags]. A side is "x" or "o" followed by tokens POINT:COUNT
// (POINT 1..24, "bar" or "off"; COUNT >= 0) with an optional "+" after the count: the point also
// holds one checker of the OTHER side pinned underneath. Flags: "first:x", "first:o",
// "first:xo". Points not listed are empty. The geometry comes from the rules (parallel games
// store the opponent on mover points, so "o 12:15" is his head in Long Nardy and Fevga).
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

// Parses the notation in the game's geometry and checks the position against the game's rules
// (game/position_check.h): the parser for positions that come from outside.
Result<Position> parse_notation(std::string_view text, const Rules& rules);
// Parses the notation and checks consistency only (15 checkers a side, no shared point), for
// positions the library and its tests write themselves.
Result<Position> parse_notation(std::string_view text, Geometry geometry);
// Writes the notation; parse_notation(format_notation(p), g) == p.
std::string format_notation(const Position& pos);

// Parses without the 15-checker check (for test fragments that list only what matters);
// missing checkers are NOT added.
Result<Position> parse_notation_partial(std::string_view text, Geometry geometry);

}  // namespace nard
