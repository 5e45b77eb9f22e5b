#include "cli/option_checks.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace nard::tools {

namespace {

bool parse_whole(const std::string& s, long long& v) {
  const char* end = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(s.data(), end, v);
  return ec == std::errc() && ptr == end;
}

bool parse_real(const std::string& s, double& v) {
  try {
    size_t used = 0;
    v = std::stod(s, &used);
    return used == s.size() && std::isfinite(v);
  } catch (const std::exception&) { return false; }
}

std::string fmt(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

}  // namespace

CLI::Validator at_least(long long min) {
  return CLI::Validator(
      [min](std::string& s) -> std::string {
        long long v = 0;
        if (!parse_whole(s, v)) return "'" + s + "' is not a whole number";
        if (v < min) return "must be at least " + std::to_string(min) + ", not " + s;
        return {};
      },
      "INT>=" + std::to_string(min));
}

CLI::Validator unsigned_whole() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        uint64_t v = 0;
        const char* end = s.data() + s.size();
        auto [ptr, ec] = std::from_chars(s.data(), end, v);
        if (s.empty() || ec != std::errc() || ptr != end)
          return "'" + s + "' is not a whole number from 0 to 18446744073709551615";
        return {};
      },
      "UINT");
}

CLI::Validator positive_real() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        double v = 0;
        if (!parse_real(s, v)) return "'" + s + "' is not a number";
        if (!(v > 0)) return "must be greater than 0, not " + s;
        return {};
      },
      "NUMBER>0");
}

CLI::Validator real_in(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        double v = 0;
        if (!parse_real(s, v)) return "'" + s + "' is not a number";
        if (!(v >= lo && v <= hi)) return "must be in [" + fmt(lo) + ", " + fmt(hi) + "], not " + s;
        return {};
      },
      "NUMBER in [" + fmt(lo) + ", " + fmt(hi) + "]");
}

}  // namespace nard::tools
