#include "formats/position_arg.h"

#include "formats/fibs_board.h"
#include "formats/gnubg_id.h"
#include "formats/notation.h"
#include "formats/xgid.h"
#include "game/position_check.h"

namespace nard {

namespace {

bool is_base64_or_colon(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
         c == '/' || c == ':';
}

// Our notation starts with a side letter followed by a space, ';' or nothing ("x 24:2 ...");
// a Position ID may start with 'x' or 'o' too, but never holds a space.
bool looks_like_notation(std::string_view text) {
  return (text[0] == 'x' || text[0] == 'o') &&
         (text.size() == 1 || text[1] == ' ' || text[1] == ';');
}

// The gnubg-family formats describe a backgammon board: contrary movement, no pins. They are
// read for the other contrary-movement games too (Plakoto, Tawla 31), checked against that game.
Result<Position> backgammon_board(Result<Position> pos, const Rules& rules,
                                  std::string_view format) {
  if (!pos) return pos;
  if (rules.geometry != Geometry::Contrary)
    return make_error(std::string(format) + " describes a contrary-movement board; " +
                      std::string(variant_name(rules.variant)) + " positions need our notation");
  if (auto e = check_position(*pos, rules))
    return make_error(std::string(format) + ": " + e->message);
  return pos;
}

}  // namespace

Result<Position> parse_position_arg(std::string_view text, const Rules& rules) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.empty()) return make_error("empty POSITION");
  if (text == "start") return start_position(rules);
  if (looks_like_notation(text)) return parse_notation(text, rules);
  if (text.substr(0, 5) == "XGID=") {
    Result<XgidPosition> x = decode_xgid(text);
    if (!x) return x.error();
    return backgammon_board(x->position, rules, "an XGID");
  }
  if (text.substr(0, 6) == "board:") {
    Result<FibsBoard> b = parse_fibs_board(text);
    if (!b) return b.error();
    return backgammon_board(b->position, rules, "a FIBS board");
  }
  bool gnubg_chars = true;
  for (char c : text) gnubg_chars = gnubg_chars && is_base64_or_colon(c);
  if (gnubg_chars) {
    Result<GnubgPosition> g = parse_gnubg_id(text);
    if (!g) return g.error();
    return backgammon_board(g->position, rules, "a gnubg Position ID");
  }
  return make_error("POSITION '" + std::string(text) +
                    "' is not a Position ID, Position ID:Match ID, XGID=..., FIBS board:..., our "
                    "notation (x 24:2 13:5 ...; o ...) or start");
}

Result<MatchState> match_state_arg(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.substr(0, 5) == "XGID=") {
    Result<XgidPosition> x = decode_xgid(text);
    if (!x) return x.error();
    return x->match;
  }
  if (text.substr(0, 6) == "board:") {
    Result<FibsBoard> b = parse_fibs_board(text);
    if (!b) return b.error();
    return b->match;
  }
  if (text.find(':') != std::string_view::npos && text.find(' ') == std::string_view::npos) {
    Result<GnubgPosition> g = parse_gnubg_id(text);
    if (!g) return g.error();
    return g->match;
  }
  return MatchState{};
}

std::string format_position_for(const Position& pos, const Rules& rules) {
  if (rules.variant == Variant::Backgammon) return encode_position_id(pos);
  return format_notation(pos);
}

}  // namespace nard
