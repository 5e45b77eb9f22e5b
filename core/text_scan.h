// Small exception-free text helpers shared by the text formats (formats/: match files, XGID, FIBS
// boards, our notation): every reader path returns an Error instead of throwing.
#pragma once

#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nard::text {

inline char lower(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }
inline bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

inline std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower(c);
  return out;
}

inline bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i)
    if (lower(s[i]) != lower(prefix[i])) return false;
  return true;
}

inline bool same_nocase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && starts_with_nocase(a, b);
}

// Which signs parse_int accepts before the digits.
enum class Sign { None, Minus, PlusOrMinus };

// A decimal integer, the whole of s: an optional sign as `sign` allows, then at least one digit;
// at most max_chars characters in all (so that no value overflows an int).
inline std::optional<int> parse_int(std::string_view s, size_t max_chars, Sign sign) {
  if (s.empty() || s.size() > max_chars) return std::nullopt;
  bool negative = false;
  if ((s[0] == '-' && sign != Sign::None) || (s[0] == '+' && sign == Sign::PlusOrMinus)) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (!is_digit(c)) return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return negative ? -v : v;
}

// A non-negative integer of at most 9 digits, the whole of s.
inline std::optional<int> parse_count(std::string_view s) { return parse_int(s, 9, Sign::None); }

// The parts of s between the separators, empty ones included: "a::b" gives {"a", "", "b"}; the
// views point into s.
inline std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  for (;;) {
    const size_t at = s.find(sep);
    parts.push_back(s.substr(0, at));
    if (at == std::string_view::npos) return parts;
    s.remove_prefix(at + 1);
  }
}

// The whitespace-separated words of s, no empty ones: " a\tb  c " gives {"a", "b", "c"}; the
// views point into s.
inline std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  while (!(s = trim(s)).empty()) {
    size_t end = 0;
    while (end < s.size() && !is_space(s[end])) ++end;
    out.push_back(s.substr(0, end));
    s.remove_prefix(end);
  }
  return out;
}

inline std::optional<bool> parse_on_off(std::string_view v) {
  const std::string w = lowered(trim(v));
  if (w == "on" || w == "yes" || w == "true" || w == "1") return true;
  if (w == "off" || w == "no" || w == "false" || w == "0") return false;
  return std::nullopt;
}

}  // namespace nard::text
