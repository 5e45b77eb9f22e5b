#include "cli/analysis/board_diagram.h"

#include <algorithm>
#include <vector>

#include "game/movegen/restrictions.h"

namespace nard::tools {

namespace {

constexpr int kRows = 5;  // checkers drawn per point; taller stacks show their count

// The glyphs of one point, from the board edge towards the middle: a pinned checker (lower case,
// the colour underneath) first, then the checkers on top.
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

// "+13-14-...-24+": the numbers of a row of points, with the bar gap after the sixth.
std::string number_row(const std::vector<int>& numbers) {
  std::string s = " +";
  for (size_t i = 0; i < numbers.size(); ++i) {
    const std::string n = std::to_string(numbers[i]);
    s += (n.size() == 1 ? "-" + n : n) + "-";
    if (i == 5) s += "----";
  }
  s.back() = '+';
  return s + "\n";
}

// The opponent's own numbers of the points, as a caption row (parallel games, where they are
// not simply 25 - p).
std::string opponent_row(const std::vector<int>& points, Geometry g) {
  std::string s = "  ";
  for (size_t i = 0; i < points.size(); ++i) {
    const std::string n = std::to_string(flip_point(points[i], g));
    s += (n.size() == 1 ? " " + n : n) + " ";
    if (i == 5) s += "    ";
  }
  return s + " (O's own points)\n";
}

int pinned_count(const Position& pos, bool mover) {
  int n = 0;
  for (int p = 1; p <= kPoints; ++p) n += mover ? pos.mover_pinned_at(p) : pos.opp_pinned_at(p);
  return n;
}

}  // namespace

std::string board_diagram(const Position& pos, const Rules& rules, bool x_on_roll) {
  const std::vector<int> top = {13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24};
  const std::vector<int> bottom = {12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
  const bool parallel = pos.geometry() == Geometry::Parallel;
  std::string out;
  auto rows = [&](const std::vector<int>& pts, bool from_top) {
    std::vector<std::vector<std::string>> stacks;
    for (int p : pts) stacks.push_back(stack(pos, p));
    std::vector<std::string> lines;
    for (int r = 0; r < kRows; ++r) {
      std::string s = " |";
      for (size_t i = 0; i < pts.size(); ++i) {
        s += r < int(stacks[i].size()) ? cell(stacks[i][size_t(r)]) : "   ";
        if (i == 5) s += "|   |";
      }
      lines.push_back(s + "|");
    }
    if (!from_top) std::reverse(lines.begin(), lines.end());
    for (auto& l : lines) out += l + "\n";
  };
  if (parallel) out += opponent_row(top, pos.geometry());
  out += number_row(top);
  rows(top, true);
  const bool hitting = rules.hitting();
  std::string mid = hitting ? " |                  |BAR|                  |"
                            : " |                  |   |                  |";
  if (hitting && (pos.mover_bar || pos.opp_bar))
    mid = " |                  |" +
          std::string(pos.opp_bar ? "O" + std::to_string(pos.opp_bar) : "  ") +
          " |                  |";
  out += mid + "\n";
  if (hitting && pos.mover_bar)
    out += " |                  |X" + std::to_string(pos.mover_bar) + " |                  |\n";
  rows(bottom, false);
  out += number_row(bottom);
  if (parallel) out += opponent_row(bottom, pos.geometry());

  // One summary line per side, with what matters in the game being played.
  auto summary = [&](bool mover) {
    const bool on_roll = mover == x_on_roll;
    std::string s = std::string(mover ? "  X" : "  O") + (on_roll ? " (on roll)" : "") + ": pips " +
                    std::to_string(mover ? pos.mover_pips() : pos.opp_pips());
    s += ", off " + std::to_string(mover ? pos.mover_off : pos.opp_off);
    if (hitting) s += ", bar " + std::to_string(mover ? pos.mover_bar : pos.opp_bar);
    if (rules.landing == Landing::Pin) s += ", pinned " + std::to_string(pinned_count(pos, mover));
    if (rules.head_limit > 0 && (mover ? pos.mover_first_turn() : pos.opp_first_turn()))
      s += ", first turn still to play";
    if (rules.lead_rule != LeadRule::None) {
      const bool done = mover ? lead_released(rules, pos) : opp_lead_released(rules, pos);
      const char* word = rules.lead_rule == LeadRule::Runner ? "passed" : "released";
      s += done ? std::string(", ") + word : std::string(", not yet ") + word;
    }
    return s + "\n";
  };
  out += summary(true);
  out += summary(false);
  if (pos.pins())
    out += "  Lower case: a checker pinned under the stack on that point (x = X's, o = O's).\n";
  if (parallel)
    out +=
        "  Both sides move counter-clockwise: X from his head (24) along the top to 13, then "
        "12..1;\n"
        "  O from his head (his 24 = X's 12) along the bottom, then along the top.\n";
  return out;
}

}  // namespace nard::tools
