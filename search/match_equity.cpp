#include "search/match_equity.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

#include "core/read_file.h"

namespace nard {

namespace {

constexpr double kSymmetryTolerance = 1e-5;  // the published table is given to 5-6 decimals

std::string where(std::string_view origin, int line) {
  return std::string(origin) + ":" + std::to_string(line) + ": ";
}

// Splits text into (line number, content) with comments and blank lines removed.
std::vector<std::pair<int, std::string>> content_lines(std::string_view text) {
  std::vector<std::pair<int, std::string>> out;
  std::istringstream in{std::string(text)};
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    const size_t last = line.find_last_not_of(" \t\r");
    out.emplace_back(number, line.substr(first, last - first + 1));
  }
  return out;
}

bool parse_numbers(const std::string& line, std::vector<double>& out) {
  std::istringstream in(line);
  out.clear();
  std::string token;
  while (in >> token) {
    char* end = nullptr;
    const double v = std::strtod(token.c_str(), &end);
    if (end == token.c_str() || *end != '\0' || !std::isfinite(v)) return false;
    out.push_back(v);
  }
  return true;
}

}  // namespace

std::string MatchEquityTable::default_path() {
  return std::string(NARD_SOURCE_DIR) + "/search/data/met_kazaross_xg2.txt";
}

Result<MatchEquityTable> MatchEquityTable::load(const std::string& path) {
  Result<std::string> text = read_regular_file(path, "match equity table");
  if (!text) return text.error();
  return parse(*text, path);
}

Result<MatchEquityTable> MatchEquityTable::parse(std::string_view text, std::string_view origin) {
  const auto lines = content_lines(text);
  MatchEquityTable met;
  size_t i = 0;
  auto expect_key = [&](const std::string& key, std::string* value) -> std::optional<Error> {
    if (i >= lines.size()) return make_error(std::string(origin) + ": missing '" + key + "'");
    const auto& [number, line] = lines[i];
    if (line.rfind(key, 0) != 0 || (line.size() > key.size() && line[key.size()] != ' '))
      return make_error(where(origin, number) + "expected '" + key + "', found '" + line + "'");
    if (value) *value = line.size() > key.size() ? line.substr(key.size() + 1) : "";
    ++i;
    return std::nullopt;
  };
  std::string value;
  if (auto e = expect_key("format", &value)) return *e;
  if (value != "nard-met 1")
    return make_error(std::string(origin) + ": unknown MET format '" + value +
                      "' (expected 'nard-met 1')");
  if (auto e = expect_key("name", &met.name_)) return *e;
  if (auto e = expect_key("length", &value)) return *e;
  met.length_ = std::atoi(value.c_str());
  if (met.length_ < 2 || met.length_ > 64)
    return make_error(std::string(origin) + ": MET length must be in 2..64, got '" + value + "'");
  const int n = met.length_;
  std::vector<double> numbers;
  if (auto e = expect_key("pre-crawford", nullptr)) return *e;
  for (int row = 0; row < n; ++row, ++i) {
    if (i >= lines.size())
      return make_error(std::string(origin) + ": pre-crawford table has fewer than " +
                        std::to_string(n) + " rows");
    const auto& [number, line] = lines[i];
    if (!parse_numbers(line, numbers) || int(numbers.size()) != n)
      return make_error(where(origin, number) + "expected " + std::to_string(n) +
                        " numbers in row " + std::to_string(row + 1));
    met.pre_.insert(met.pre_.end(), numbers.begin(), numbers.end());
  }
  if (auto e = expect_key("post-crawford", nullptr)) return *e;
  if (i >= lines.size()) return make_error(std::string(origin) + ": post-crawford values missing");
  {
    const auto& [number, line] = lines[i];
    if (!parse_numbers(line, numbers) || int(numbers.size()) != n)
      return make_error(where(origin, number) + "expected " + std::to_string(n) +
                        " post-crawford numbers");
    met.post_ = numbers;
    ++i;
  }
  if (auto e = expect_key("end", nullptr)) return *e;
  if (i != lines.size())
    return make_error(where(origin, lines[i].first) + "unexpected text after 'end'");
  const std::string problem = validate_match_equity_table(met);
  if (!problem.empty()) return make_error(std::string(origin) + ": " + problem);
  return met;
}

double MatchEquityTable::mwc(int my_away, int opp_away, bool crawford_done) const {
  if (my_away <= 0) return 1.0;
  if (opp_away <= 0) return 0.0;
  if (crawford_done && (my_away == 1 || opp_away == 1)) {
    if (my_away == 1) return 1.0 - post_crawford_trailer(opp_away);
    return post_crawford_trailer(my_away);
  }
  return pre_crawford(my_away, opp_away);
}

std::string validate_match_equity_table(const MatchEquityTable& met) {
  const int n = met.length();
  auto at = [&](int i, int j) {
    return std::to_string(i) + "-away vs " + std::to_string(j) + "-away";
  };
  for (int i = 1; i <= n; ++i) {
    for (int j = 1; j <= n; ++j) {
      const double m = met.pre_crawford(i, j);
      if (!(m >= 0.0 && m <= 1.0)) return "value outside [0,1] at " + at(i, j);
      if (std::abs(m + met.pre_crawford(j, i) - 1.0) > kSymmetryTolerance)
        return "not symmetric: M(" + at(i, j) + ") + M(" + at(j, i) + ") != 1";
      if (j > 1 && !(m > met.pre_crawford(i, j - 1)))
        return "not increasing in the opponent's away count at " + at(i, j);
      if (i > 1 && !(m < met.pre_crawford(i - 1, j)))
        return "not decreasing in the player's away count at " + at(i, j);
    }
  }
  if (std::abs(met.pre_crawford(1, 1) - 0.5) > kSymmetryTolerance)
    return "M(1-away vs 1-away) != 0.5";
  if (std::abs(met.post_crawford_trailer(1) - 0.5) > kSymmetryTolerance)
    return "post-Crawford 1-away vs 1-away != 0.5";
  for (int j = 1; j <= n; ++j) {
    const double m = met.post_crawford_trailer(j);
    if (!(m >= 0.0 && m <= 1.0))
      return "post-Crawford value outside [0,1] for " + std::to_string(j) + "-away";
    if (j > 1 && !(m <= met.post_crawford_trailer(j - 1)))
      return "post-Crawford values not decreasing at " + std::to_string(j) + "-away";
    // After the Crawford game the trailer may double again, so he is no worse off than in it.
    if (j > 1 && !(m >= 1.0 - met.pre_crawford(1, j)))
      return "post-Crawford trailer below his Crawford-game chances at " + std::to_string(j) +
             "-away";
  }
  return "";
}

}  // namespace nard
