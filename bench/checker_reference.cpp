#include "bench/checker_reference.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <unordered_set>

#include "core/read_file.h"
#include "formats/gnubg_id.h"

namespace nard {

namespace {

constexpr double kEquityBound = 3.0;  // cubeless money: a backgammon is worth 3
constexpr int kMaxPly = 3;

Error line_error(std::string_view origin, int line, const std::string& what) {
  return make_error(std::string(origin) + ":" + std::to_string(line) + ": " + what);
}

bool read_equity(std::istringstream& in, double& e) {
  return (in >> e) && std::isfinite(e) && std::abs(e) <= kEquityBound + 1e-6;
}

// "position <ID> <d1><d2> <n>" after its keyword; n goes to `expected`.
Result<CheckerReference> parse_position(std::istringstream& in, std::string_view origin, int line,
                                        int& expected) {
  std::string id, dice, extra;
  if (!(in >> id >> dice >> expected))
    return line_error(origin, line, "expected 'position <Position ID> <d1><d2> <number of plays>'");
  Result<Position> pos = decode_position_id(id);
  if (!pos) return line_error(origin, line, pos.error().message);
  if (dice.size() != 2 || dice[0] < '1' || dice[0] > '6' || dice[1] < '1' || dice[1] > '6')
    return line_error(origin, line, "dice '" + dice + "' are not two digits 1..6");
  if (expected < 1) return line_error(origin, line, "a position needs at least one play");
  if (in >> extra) return line_error(origin, line, "unexpected '" + extra + "' at the end");
  CheckerReference r;
  r.position_id = id;
  r.position = *pos;
  r.dice = Dice{uint8_t(dice[0] - '0'), uint8_t(dice[1] - '0')}.normalised();
  r.line = line;
  return r;
}

Result<ReferencePlay> parse_play(std::istringstream& in, std::string_view origin, int line) {
  ReferencePlay p;
  p.line = line;
  std::string extra;
  if (!(in >> p.result_id >> p.ply))
    return line_error(origin, line, "expected 'play <Result ID> <ply> <equity> <0-ply equity>'");
  Result<Position> result = decode_position_id(p.result_id);
  if (!result) return line_error(origin, line, result.error().message);
  p.result = *result;
  if (p.ply < 0 || p.ply > kMaxPly)
    return line_error(origin, line, "ply " + std::to_string(p.ply) + " is not in 0..3");
  if (!read_equity(in, p.equity) || !read_equity(in, p.equity_0ply))
    return line_error(origin, line, "expected two finite equities in [-3, 3]");
  if (in >> extra) return line_error(origin, line, "unexpected '" + extra + "' at the end");
  return p;
}

}  // namespace

int CheckerReference::deepest_ply() const {
  int d = 0;
  for (const ReferencePlay& p : plays) d = std::max(d, p.ply);
  return d;
}

int CheckerReference::best() const {
  const int deepest = deepest_ply();
  int b = -1;
  for (int i = 0; i < int(plays.size()); ++i)
    if (plays[size_t(i)].ply == deepest &&
        (b < 0 || plays[size_t(i)].equity > plays[size_t(b)].equity))
      b = i;
  return b;
}

int CheckerReference::best_at_0ply() const {
  int b = 0;
  for (int i = 1; i < int(plays.size()); ++i)
    if (plays[size_t(i)].equity_0ply > plays[size_t(b)].equity_0ply) b = i;
  return b;
}

int CheckerReference::find(std::string_view result_id) const {
  for (int i = 0; i < int(plays.size()); ++i)
    if (plays[size_t(i)].result_id == result_id) return i;
  return -1;
}

Result<std::vector<CheckerReference>> parse_checker_references(std::string_view text,
                                                               std::string_view origin) {
  std::vector<CheckerReference> out;
  std::istringstream in{std::string(text)};
  std::string line;
  int expected = 0;                         // plays the current position still needs
  std::unordered_set<std::string> results;  // of the current position
  int number = 1;
  for (; std::getline(in, line); ++number) {
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    std::istringstream fields(line);
    std::string keyword;
    if (!(fields >> keyword)) continue;
    if (keyword == "position") {
      if (expected > 0)
        return line_error(origin, number,
                          "position line while the position of line " +
                              std::to_string(out.back().line) + " still needs " +
                              std::to_string(expected) + " play line(s)");
      Result<CheckerReference> r = parse_position(fields, origin, number, expected);
      if (!r) return r.error();
      out.push_back(std::move(r).value());
      results.clear();
    } else if (keyword == "play") {
      if (expected == 0)
        return line_error(origin, number,
                          out.empty() ? "play line before any position line"
                                      : "more play lines than the position line announced");
      Result<ReferencePlay> p = parse_play(fields, origin, number);
      if (!p) return p.error();
      if (!results.insert(p->result_id).second)
        return line_error(origin, number, "result " + p->result_id + " listed twice");
      out.back().plays.push_back(std::move(p).value());
      --expected;
    } else {
      return line_error(origin, number,
                        "unknown line '" + keyword + "' (expected position or play)");
    }
  }
  if (expected > 0)
    return line_error(origin, number - 1,
                      "the file ends while the position of line " +
                          std::to_string(out.back().line) + " still needs " +
                          std::to_string(expected) + " play line(s)");
  if (out.empty()) return make_error(std::string(origin) + ": no positions in the file");
  return out;
}

Result<std::vector<CheckerReference>> load_checker_references(const std::string& path) {
  Result<std::string> text = read_regular_file(path, "checker reference file");
  if (!text)
    return make_error(text.error().message +
                      " (tests/gnubg/checker_oracle.py makes one, see its header)");
  return parse_checker_references(*text, path);
}

std::string default_checker_reference_path() {
  return std::string(NARD_SOURCE_DIR) + "/tests/data/gnubg_checker_2ply.txt";
}

std::string selfplay_checker_reference_path() {
  return std::string(NARD_SOURCE_DIR) + "/tests/data/gnubg_selfplay_checker_2ply.txt";
}

std::vector<std::string> default_checker_reference_paths() {
  return {default_checker_reference_path(),
          std::string(NARD_SOURCE_DIR) + "/tests/data/gnubg_checker_2ply_b.txt"};
}

std::vector<std::string> selfplay_checker_reference_paths() {
  return {selfplay_checker_reference_path(),
          std::string(NARD_SOURCE_DIR) + "/tests/data/gnubg_selfplay_checker_2ply_b.txt"};
}

}  // namespace nard
