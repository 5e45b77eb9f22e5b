// The move lines of a .mat game, as the reader (formats/mat_file_reader.cpp) takes them apart:
// the tokens of a line with their columns, then its cells, what each player does on the line.
// Internal to formats/.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game/dice.h"

namespace nard::mat_detail {

struct Token {
  std::string_view text;
  size_t column;  // 0-based, in the whole line
};

std::vector<Token> tokenize(std::string_view line, size_t from);

// ---------------------------------------------------------------------------------------------
// Cells: what one player does on one line.

enum class CellKind { Roll, Double, Take, Drop, Beaver, Wins };

struct Cell {
  CellKind kind = CellKind::Roll;
  size_t column = 0;
  Dice dice{};
  std::vector<std::string_view> play;  // Roll: the play tokens as written
  bool unrecorded = false;             // Roll: "???" (played or resigned, not written down)
  int value = 0;                       // Double/Beaver: the cube value; Wins: the points
};

Result<std::vector<Cell>> parse_cells(const std::vector<Token>& toks);

}  // namespace nard::mat_detail
