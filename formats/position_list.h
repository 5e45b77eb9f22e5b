// A position list: a text file of positions, one a line, e.g. positions another program picked
// (`nard positions --list`). Each line is read as formats/position_arg.h reads a POSITION, seen
// from its side on roll: the whole line or, when that is not a position, its first field, so that
// values may follow a Position ID ("4HPwATDgc/ABMA 0.51 0.14 ..."). Blank lines and lines that
// start with '#' are skipped.
#pragma once

#include <string_view>
#include <vector>

#include "core/result.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

// The positions of `text` in line order, repeats kept. A line that is not a position of `rules`'
// game, or one in which the game is over, is an error naming its line number (from 1).
Result<std::vector<Position>> read_position_list(std::string_view text, const Rules& rules);

}  // namespace nard
