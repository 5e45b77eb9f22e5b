// printf into a std::string, for report writers that build text a line at a time. The text is
// cut at 1,023 bytes; callers format one line or one table cell per call.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <string>

namespace nard {

[[gnu::format(printf, 1, 2)]] inline std::string printf_string(const char* format, ...) {
  char buffer[1024];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buffer, sizeof buffer, format, args);
  va_end(args);
  return buffer;
}

}  // namespace nard
