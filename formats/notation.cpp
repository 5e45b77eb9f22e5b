#include "formats/notation.h"

#include <vector>

#include "core/text_scan.h"
#include "game/position_check.h"

namespace nard {

Result<Position> parse_notation_partial(std::string_view text, Geometry geometry) {
  Position pos;
  pos.set_geometry(geometry);
  bool seen[2] = {false, false};
  const std::string where = "position '" + std::string(text) + "': ";
  for (std::string_view part : text::split(text, ';')) {
    part = text::trim(part);
    if (part.empty()) continue;
    if (part.substr(0, 6) == "first:") {
      for (char c : part.substr(6)) {
        if (c == 'x')
          pos.set_mover_first_turn(true);
        else if (c == 'o')
          pos.set_opp_first_turn(true);
        else
          return make_error(where + "flag 'first:' takes x, o or xo");
      }
      continue;
    }
    const char side = part[0];
    if ((side != 'x' && side != 'o') || (part.size() > 1 && part[1] != ' '))
      return make_error(where + "each part starts with 'x' (side on roll) or 'o', got '" +
                        std::string(part) + "'");
    const int s = side == 'x' ? 0 : 1;
    if (seen[s]) return make_error(where + "side '" + side + "' given twice");
    seen[s] = true;
    const int sign = s == 0 ? 1 : -1;
    for (std::string_view tok : text::split(part.substr(1), ' ')) {
      tok = text::trim(tok);
      if (tok.empty()) continue;
      const size_t colon = tok.find(':');
      if (colon == std::string_view::npos)
        return make_error(where + "token '" + std::string(tok) + "' is not POINT:COUNT");
      std::string_view point = tok.substr(0, colon), count = tok.substr(colon + 1);
      bool pinned = false;
      if (!count.empty() && count.back() == '+') {
        pinned = true;
        count.remove_suffix(1);
      }
      const std::optional<int> count_read = text::parse_int(count, 3, text::Sign::None);
      if (!count_read || *count_read > kCheckers)
        return make_error(where + "bad checker count in '" + std::string(tok) + "'");
      const int n = *count_read;
      if (point == "bar" || point == "off") {
        if (pinned) return make_error(where + "'+' (pin) only applies to points");
        uint8_t& slot = point == "bar" ? (s == 0 ? pos.mover_bar : pos.opp_bar)
                                       : (s == 0 ? pos.mover_off : pos.opp_off);
        slot = uint8_t(n);
        continue;
      }
      const std::optional<int> point_read = text::parse_int(point, 3, text::Sign::None);
      if (!point_read || *point_read < 1 || *point_read > kPoints)
        return make_error(where + "point must be 1..24, bar or off, in '" + std::string(tok) + "'");
      const int p = *point_read;
      if (pos.at(p) != 0)
        return make_error(where + "point " + std::to_string(p) +
                          " is given twice or holds both sides");
      if (n == 0) {
        if (pinned)
          return make_error(where + "a pin needs checkers on top at point " + std::to_string(p));
        continue;
      }
      pos.set(p, sign * n);
      if (pinned) pos.set_pin(p, true);
    }
  }
  if (!seen[0] && !seen[1])
    return make_error(where + "no side given (write e.g. 'x 24:15; o 1:15')");
  return pos;
}

Result<Position> parse_notation(std::string_view text, Geometry geometry) {
  Result<Position> r = parse_notation_partial(text, geometry);
  if (!r) return r;
  std::string why;
  if (!r->is_consistent(&why)) return make_error("position '" + std::string(text) + "': " + why);
  return r;
}

Result<Position> parse_notation(std::string_view text, const Rules& rules) {
  Result<Position> r = parse_notation_partial(text, rules.geometry);
  if (!r) return r;
  if (auto e = check_position(*r, rules))
    return make_error("position '" + std::string(text) + "': " + e->message);
  return r;
}

std::string format_notation(const Position& pos) {
  std::string out;
  for (int s = 0; s < 2; ++s) {
    out += s == 0 ? "x" : "; o";
    const int bar = s == 0 ? pos.mover_bar : pos.opp_bar;
    const int off = s == 0 ? pos.mover_off : pos.opp_off;
    if (bar) out += " bar:" + std::to_string(bar);
    for (int p = kPoints; p >= 1; --p) {
      const int v = pos.at(p);
      if ((s == 0 && v > 0) || (s == 1 && v < 0)) {
        out += " " + std::to_string(p) + ":" + std::to_string(v > 0 ? v : -v);
        if (pos.pinned_under(p)) out += "+";
      }
    }
    if (off) out += " off:" + std::to_string(off);
  }
  if (pos.mover_first_turn() || pos.opp_first_turn()) {
    out += "; first:";
    if (pos.mover_first_turn()) out += "x";
    if (pos.opp_first_turn()) out += "o";
  }
  return out;
}

}  // namespace nard
