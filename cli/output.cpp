#include "cli/output.h"

#include <cstdio>
#include <iostream>

#include "cli/subcommand.h"

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
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
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

}  // namespace nard::tools
