#include "formats/xgid.h"

#include <cassert>
#include <optional>
#include <vector>

#include "core/text_scan.h"
#include "game/position_check.h"

namespace nard {

namespace {

constexpr int kBottom = 1;  // MatchState player shown at the bottom (gnubg's "X")
constexpr int kTop = 0;
constexpr int kFields = 10;  // the position and nine numbers
constexpr int kMaxLog2 = 15;

char checker_char(int count, bool bottom) {
  if (count == 0) return '-';
  return char((bottom ? 'A' : 'a') + count - 1);
}

}  // namespace

Result<XgidPosition> decode_xgid(std::string_view text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r'))
    text.remove_suffix(1);
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  const std::string quoted = "XGID '" + std::string(text) + "'";
  if (text.substr(0, 5) == "XGID=") text.remove_prefix(5);
  const std::vector<std::string_view> f = text::split(text, ':');
  if (int(f.size()) != kFields)
    return make_error(quoted + " has " + std::to_string(f.size()) +
                      " fields, not 10 (position and 9 numbers separated by ':')");
  auto field_error = [&](int i, const std::string& what) {
    return make_error(quoted + ": field " + std::to_string(i) + " ('" + std::string(f[i]) + "') " +
                      what);
  };

  // --- the board, from the bottom player's side ---
  const std::string_view board = f[0];
  if (board.size() != 26)
    return make_error(quoted + ": the position has " + std::to_string(board.size()) +
                      " characters, not 26");
  Position bottom_view;  // mover = bottom player
  int bottom_total = 0, top_total = 0;
  for (int i = 0; i < 26; ++i) {
    const char c = board[i];
    int bottom = 0, top = 0;
    if (c >= 'A' && c <= 'Z')
      bottom = c - 'A' + 1;
    else if (c >= 'a' && c <= 'z')
      top = c - 'a' + 1;
    else if (c != '-')
      return make_error(quoted + ": position character " + std::to_string(i + 1) + " '" +
                        std::string(1, c) + "' is not '-', A-O or a-o");
    if ((i == 0 && bottom) || (i == 25 && top))
      return make_error(quoted + ": position character " + std::to_string(i + 1) + " is the " +
                        (i == 0 ? "top" : "bottom") +
                        " player's bar and holds the other side's checkers");
    bottom_total += bottom;
    top_total += top;
    if (i == 0)
      bottom_view.opp_bar = uint8_t(top);
    else if (i == 25)
      bottom_view.mover_bar = uint8_t(bottom);
    else
      bottom_view.set(i, bottom ? bottom : -top);
  }
  if (bottom_total > kCheckers)
    return make_error(quoted + " gives the bottom player " + std::to_string(bottom_total) +
                      " checkers, more than 15");
  if (top_total > kCheckers)
    return make_error(quoted + " gives the top player " + std::to_string(top_total) +
                      " checkers, more than 15");
  bottom_view.mover_off = uint8_t(kCheckers - bottom_total);
  bottom_view.opp_off = uint8_t(kCheckers - top_total);

  // --- the numbers ---
  std::optional<int> n[kFields];
  for (int i = 1; i < kFields; ++i) {
    if (i == 4) continue;  // dice: not a plain number
    n[i] = text::parse_int(f[i], 6, text::Sign::Minus);
    if (!n[i]) return field_error(i, "is not an integer");
  }
  XgidPosition x;
  MatchState& m = x.match;
  if (*n[1] < 0 || *n[1] > kMaxLog2) return field_error(1, "is not a cube log2 in 0..15");
  m.cube_value = 1 << *n[1];
  if (*n[2] < -1 || *n[2] > 1) return field_error(2, "is not a cube owner -1, 0 or 1");
  m.cube_owner = *n[2] == 1 ? kBottom : *n[2] == -1 ? kTop : -1;
  if (*n[3] != 1 && *n[3] != -1) return field_error(3, "is not a turn 1 (bottom) or -1 (top)");
  m.on_roll = *n[3] == 1 ? kBottom : kTop;
  m.turn = m.on_roll;
  const std::string_view dice = f[4];
  if (dice == "D") {
    m.double_offered = true;
    m.turn = 1 - m.on_roll;
  } else if (dice == "B" || dice == "R") {
    return field_error(4, "is a beaver/raccoon in progress, which is not supported");
  } else if (dice.size() == 2 && dice != "00") {
    const int d1 = dice[0] - '0', d2 = dice[1] - '0';
    if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
      return field_error(4, "is not 00, D or a roll of two digits 1..6");
    m.dice = Dice{uint8_t(d1), uint8_t(d2)};
  } else if (dice != "00") {
    return field_error(4, "is not 00, D or a roll of two digits 1..6");
  }
  if (*n[5] < 0) return field_error(5, "is a negative score");
  if (*n[6] < 0) return field_error(6, "is a negative score");
  m.score[kBottom] = *n[5];
  m.score[kTop] = *n[6];
  if (*n[8] < 0) return field_error(8, "is a negative match length");
  m.match_length = *n[8];
  if (m.match_length > 0) {
    if (*n[7] != 0 && *n[7] != 1)
      return field_error(7, "is not a Crawford flag 0 or 1 (match play)");
    m.crawford = *n[7] == 1;
  } else {
    if (*n[7] < 0 || *n[7] > 3)
      return field_error(7, "is not a Jacoby/beaver flag set 0..3 (money play)");
    m.jacoby = *n[7] & 1;
    x.beavers = *n[7] & 2;
  }
  if (*n[9] < 0 || *n[9] > kMaxLog2) return field_error(9, "is not a maximum cube log2 in 0..15");
  x.max_cube_log2 = *n[9];
  std::string why;
  if (!m.is_consistent(&why)) return make_error(quoted + ": " + why);
  x.position = m.on_roll == kBottom ? bottom_view : bottom_view.flipped();
  if (auto e = check_position(x.position, Rules{})) return make_error(quoted + ": " + e->message);
  return x;
}

std::string encode_xgid(const XgidPosition& x) {
  const MatchState& m = x.match;
  assert(x.position.geometry() == Geometry::Contrary && x.position.pins() == 0);
  assert(m.resigned == Resignation::None);
  const Position b = m.on_roll == kBottom ? x.position : x.position.flipped();
  std::string out = "XGID=";
  out += checker_char(b.opp_bar, false);
  for (int p = 1; p <= kPoints; ++p)
    out += checker_char(b.at(p) > 0 ? b.at(p) : -b.at(p), b.at(p) > 0);
  out += checker_char(b.mover_bar, true);
  int log2_cube = 0;
  while ((1 << log2_cube) < m.cube_value) ++log2_cube;
  const int owner = m.cube_owner < 0 ? 0 : m.cube_owner == kBottom ? 1 : -1;
  std::string dice = "00";
  if (m.double_offered)
    dice = "D";
  else if (m.dice_rolled())
    dice = m.dice.str();
  const int flags = m.match_length > 0 ? int(m.crawford) : int(m.jacoby) | (x.beavers ? 2 : 0);
  for (int v : {log2_cube, owner, m.on_roll == kBottom ? 1 : -1}) out += ":" + std::to_string(v);
  out += ":" + dice;
  for (int v : {m.score[kBottom], m.score[kTop], flags, m.match_length, x.max_cube_log2})
    out += ":" + std::to_string(v);
  return out;
}

}  // namespace nard
