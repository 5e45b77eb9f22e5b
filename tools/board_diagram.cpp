#include "tools/board_diagram.h"

#include <algorithm>
#include <vector>

namespace nard::tools {

namespace {

constexpr int kRows = 5;  // checkers drawn per point; taller stacks show their count

// The glyphs of one point, from the board edge towards the middle.
std::vector<std::string> stack(const Position& pos, int p) {
  std::vector<std::string> cells;
  const int v = pos.at(p);
  if (pos.pinned_under(p)) cells.push_back(v > 0 ? "o" : "x");
  const int n = v > 0 ? v : -v;
  const std::string glyph = v > 0 ? "X" : "O";
  for (int i = 0; i < n; ++i) cells.push_back(glyph);
  if (int(cells.size()) > kRows) {
    cells.resize(kRows);
    cells[kRows - 1] = std::to_string(n);
  }
  return cells;
}

std::string cell(const std::string& s) { return s.size() >= 2 ? s + " " : " " + s + " "; }

}  // namespace

std::string board_diagram(const Position& pos, const Rules& rules) {
  const int top[12] = {13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24};
  const int bottom[12] = {12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
  std::string out;
  auto number_row = [&](const int* pts) {
    std::string s = " +";
    for (int i = 0; i < 12; ++i) {
      std::string n = std::to_string(pts[i]);
      s += (n.size() == 1 ? "-" + n : n) + "-";
      if (i == 5) s += "----";
    }
    s.back() = '+';
    return s + "\n";
  };
  auto rows = [&](const int* pts, bool from_top) {
    std::vector<std::vector<std::string>> stacks;
    for (int i = 0; i < 12; ++i) stacks.push_back(stack(pos, pts[i]));
    std::vector<std::string> lines;
    for (int r = 0; r < kRows; ++r) {
      std::string s = " |";
      for (int i = 0; i < 12; ++i) {
        s += r < int(stacks[i].size()) ? cell(stacks[i][r]) : "   ";
        if (i == 5) s += "|   |";
      }
      lines.push_back(s + "|");
    }
    if (!from_top) std::reverse(lines.begin(), lines.end());
    for (auto& l : lines) out += l + "\n";
  };
  out += number_row(top);
  rows(top, true);
  const bool hitting = rules.hitting();
  std::string mid = " |                  |BAR|                  |";
  if (hitting && (pos.mover_bar || pos.opp_bar))
    mid = " |                  |" + std::string(pos.opp_bar ? "O" + std::to_string(pos.opp_bar) : "  ") + " |                  |";
  out += mid + "\n";
  if (hitting && pos.mover_bar)
    out += " |                  |X" + std::to_string(pos.mover_bar) + " |                  |\n";
  rows(bottom, false);
  out += number_row(bottom);
  out += "  X (on roll): pips " + std::to_string(pos.mover_pips()) + ", off " + std::to_string(pos.mover_off);
  if (hitting) out += ", bar " + std::to_string(pos.mover_bar);
  out += "\n  O: pips " + std::to_string(pos.opp_pips()) + ", off " + std::to_string(pos.opp_off);
  if (hitting) out += ", bar " + std::to_string(pos.opp_bar);
  out += "\n";
  return out;
}

}  // namespace nard::tools
