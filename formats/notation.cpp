#include "formats/notation.h"

#include <cctype>
#include <vector>

#include "game/position_check.h"

namespace nard {

namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == sep) {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool parse_int(std::string_view s, int& v) {
  if (s.empty() || s.size() > 3) return false;
  v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  return true;
}

}  // namespace

Result<Position> parse_notation_partial(std::string_view text, Geometry geometry) {
  Position pos;
  pos.set_geometry(geometry);
  bool seen[2] = {false, false};
  const std::string where = "position '" + std::string(text) + "': ";
  for (std::string_view part : split(text, ';')) {
    part = trim(part);
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
    for (std::string_view tok : split(part.substr(1), ' ')) {
      tok = trim(tok);
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
      int n;
      if (!parse_int(count, n) || n > kCheckers)
        return make_error(where + "bad checker count in '" + std::string(tok) + "'");
      if (point == "bar" || point == "off") {
        if (pinned) return make_error(where + "'+' (pin) only applies to points");
        uint8_t& slot = point == "bar" ? (s == 0 ? pos.mover_bar : pos.opp_bar)
                                       : (s == 0 ? pos.mover_off : pos.opp_off);
        slot = uint8_t(n);
        continue;
      }
      int p;
      if (!parse_int(point, p) || p < 1 || p > kPoints)
        return make_error(where + "point must be 1..24, bar or off, in '" + std::string(tok) + "'");
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
