#include "tools/output.h"

#include <cstdio>
#include <iostream>

#include "engine/gnubg_id.h"
#include "engine/notation.h"
#include "tools/subcommand.h"

namespace nard::tools {

void fail_input(const Error& e) {
  std::cerr << "nard: " << e.message << '\n';
  set_exit_code(2);
}

void fail_runtime(const Error& e) {
  std::cerr << "nard: " << e.message << '\n';
  set_exit_code(1);
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string format_position_for(const Position& pos, const Rules& rules) {
  // A Position ID holds checkers only: every backgammon position fits, other games need pins,
  // parallel movement or first-turn flags.
  if (rules.variant == Variant::Backgammon) return encode_position_id(pos);
  return format_notation(pos);
}

}  // namespace nard::tools
