// A position list: a text file of positions, one a line, e.g. positions another program picked
// (`nard positions --list`). Each line is read as formats/position_arg.h reads a POSITION, seen
// from its side on roll: the whole line or, when that is not a position, its first field, so that
// values may follow a Position ID ("4HPwATDgc/ABMA 0.51 0.14 ..."). Blank lines and lines that
// start with '#' are skipped.
//
// A valued position list (`nard positions --list FILE --listed-targets NAME`) is one whose lines
// are a position in one field (a Position ID) and exactly five numbers from 0 to 1: the cubeless
// probabilities another program gave it, from the side on roll, in gnubg's order (win,
// win_gammon, win_backgammon, lose_gammon, lose_backgammon; each gammon rate counts backgammons).
#pragma once

#include <array>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

// The positions of `text` in line order, repeats kept. A line that is not a position of `rules`'
// game, or one in which the game is over, is an error naming its line number (from 1).
Result<std::vector<Position>> read_position_list(std::string_view text, const Rules& rules);

struct ValuedListEntry {
  Position position;
  std::array<float, 5> values{};  // win, win_gammon, win_backgammon, lose_gammon, lose_backgammon
  int line = 0;                   // from 1
};

// The entries of a valued position list in line order, repeats kept. Errors name the line: a
// first field that is not a position of `rules`' game, a finished game, not exactly five numbers
// after it, or a number outside [0, 1]. The numbers' cumulative order is the caller's to check.
Result<std::vector<ValuedListEntry>> read_valued_position_list(std::string_view text,
                                                               const Rules& rules);

}  // namespace nard
