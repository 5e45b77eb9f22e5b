#include "formats/mat_move_line.h"

#include <optional>
#include <string>

#include "core/text_scan.h"

namespace nard::mat_detail {

using namespace text;

std::vector<Token> tokenize(std::string_view line, size_t from) {
  std::vector<Token> out;
  size_t i = from;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    if (i >= line.size()) break;
    const size_t s = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    std::string_view t = line.substr(s, i - s);
    // gnubg pads the left entry to 28 columns but adds no space after a longer one:
    // "33: 25/22 22/19* 22/19 17/1453: 25/22" holds "17/14" and "53:".
    if (t.size() > 3 && t.find('/') != std::string_view::npos && t.back() == ':' &&
        t[t.size() - 3] >= '1' && t[t.size() - 3] <= '6' && t[t.size() - 2] >= '1' &&
        t[t.size() - 2] <= '6') {
      out.push_back({t.substr(0, t.size() - 3), s});
      out.push_back({t.substr(t.size() - 3), i - 3});
      continue;
    }
    out.push_back({t, s});
  }
  return out;
}

namespace {

bool is_dice_token(std::string_view t) {
  return t.size() >= 3 && t[0] >= '1' && t[0] <= '6' && t[1] >= '1' && t[1] <= '6' && t[2] == ':';
}

// Words that may stand in a play cell instead of a play.
bool is_no_play_word(std::string_view t) {
  const std::string w = lowered(t);
  return w == "???" || w == "cannot" || w == "can't" || w == "cant" || w == "move" ||
         w == "moves" || w == "no" || w == "dance" || w == "dances";
}

bool is_play_token(std::string_view t) {
  return t.find('/') != std::string_view::npos || is_no_play_word(t) ||
         (t.size() >= 3 && t.front() == '(' && t.back() == ')');
}

// The optional "=> N" (or "=>N", or "N") after Doubles/Beavers.
int read_cube_value(const std::vector<Token>& toks, size_t& i) {
  if (i < toks.size() && toks[i].text.substr(0, 2) == "=>") {
    std::string_view rest = toks[i].text.substr(2);
    ++i;
    if (rest.empty() && i < toks.size()) rest = toks[i++].text;
    return parse_count(rest).value_or(-1);
  }
  if (i < toks.size()) {
    if (auto v = parse_count(toks[i].text)) {
      ++i;
      return *v;
    }
  }
  return 0;  // not stated
}

}  // namespace

Result<std::vector<Cell>> parse_cells(const std::vector<Token>& toks) {
  std::vector<Cell> cells;
  size_t i = 0;
  while (i < toks.size()) {
    Cell c;
    c.column = toks[i].column;
    std::string_view t = toks[i].text;
    if (is_dice_token(t)) {
      c.kind = CellKind::Roll;
      c.dice = Dice{uint8_t(t[0] - '0'), uint8_t(t[1] - '0')};
      ++i;
      if (t.size() > 3) c.play.push_back(t.substr(3));  // "31:8/5" written without a space
      while (i < toks.size() && is_play_token(toks[i].text)) {
        if (is_no_play_word(toks[i].text)) {
          if (toks[i].text == "???") c.unrecorded = true;
        } else {
          c.play.push_back(toks[i].text);
        }
        ++i;
      }
      cells.push_back(c);
      continue;
    }
    const std::string w = lowered(t);
    ++i;
    if (w.rfind("double", 0) == 0 || w.rfind("redouble", 0) == 0) {
      c.kind = CellKind::Double;
      c.value = read_cube_value(toks, i);
      if (c.value < 0) return make_error("a cube value after 'Doubles =>' must be a number");
    } else if (w.rfind("beaver", 0) == 0) {
      c.kind = CellKind::Beaver;
      c.value = read_cube_value(toks, i);
      if (c.value < 0) return make_error("a cube value after 'Beavers =>' must be a number");
    } else if (w.rfind("take", 0) == 0 || w.rfind("accept", 0) == 0) {
      c.kind = CellKind::Take;
    } else if (w.rfind("drop", 0) == 0 || w.rfind("pass", 0) == 0 || w.rfind("refuse", 0) == 0 ||
               w.rfind("decline", 0) == 0) {
      c.kind = CellKind::Drop;
    } else if (w.rfind("win", 0) == 0) {
      c.kind = CellKind::Wins;
      std::optional<int> pts = i < toks.size() ? parse_count(toks[i].text) : std::nullopt;
      if (!pts) return make_error("'Wins' must be followed by the points won");
      c.value = *pts;
      ++i;
      // "point", "points", "and the match": words, never a new cell.
      while (i < toks.size()) {
        const std::string x = lowered(toks[i].text);
        if (x != "point" && x != "points" && x != "and" && x != "the" && x != "match") break;
        ++i;
      }
    } else {
      return make_error("unknown entry '" + std::string(t) + "'");
    }
    cells.push_back(c);
  }
  return cells;
}

}  // namespace nard::mat_detail
