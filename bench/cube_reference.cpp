#include "bench/cube_reference.h"

#include <array>
#include <cmath>
#include <fstream>
#include <sstream>

#include "core/read_file.h"
#include "formats/gnubg_id.h"

namespace nard {

namespace {

constexpr std::array<std::string_view, kCubeActions> kNames = {
    "no_double", "double_take", "double_pass", "too_good_take", "too_good_pass"};

constexpr double kEquityBound = 10.0;  // money equities per unit of cube; gnubg's lie in [-3, 3]

Error line_error(std::string_view origin, int line, const std::string& what) {
  return make_error(std::string(origin) + ":" + std::to_string(line) + ": " + what);
}

Result<CubeReference> parse_line(const std::string& text, std::string_view origin, int line) {
  std::istringstream in(text);
  std::string id, owner, action;
  CubeReference r;
  r.line = line;
  if (!(in >> id >> r.cube.value >> owner >> action))
    return line_error(origin, line,
                      "expected '<Position ID> <cube> <owner> <action> <ND> <DT> "
                      "<DP> <5 probabilities>'");
  Result<Position> pos = decode_position_id(id);
  if (!pos) return line_error(origin, line, pos.error().message);
  r.position_id = id;
  r.position = *pos;
  if (r.cube.value < 1 || r.cube.value > 4096 || (r.cube.value & (r.cube.value - 1)) != 0)
    return line_error(
        origin, line,
        "cube value " + std::to_string(r.cube.value) + " is not a power of two in 1..4096");
  if (owner == "centre") {
    r.cube.owner = CubeHolder::Centred;
  } else if (owner == "roller") {
    r.cube.owner = CubeHolder::Me;
  } else {
    return line_error(origin, line, "cube owner '" + owner + "' is not centre or roller");
  }
  if (r.cube.owner == CubeHolder::Centred && r.cube.value != 1)
    return line_error(origin, line, "a centred cube must show 1");
  r.cube.turned = r.cube.value > 1;
  const std::optional<CubeAction> a = parse_cube_action(action);
  if (!a) return line_error(origin, line, "unknown cube action '" + action + "'");
  r.action = *a;
  std::array<double, 3> eq{};
  for (double& e : eq)
    if (!(in >> e) || !std::isfinite(e) || std::abs(e) > kEquityBound)
      return line_error(origin, line, "expected three finite equities ND DT DP");
  r.no_double = eq[0];
  r.double_take = eq[1];
  r.double_pass = eq[2];
  std::array<float, kOutputs> p{};
  for (float& v : p)
    if (!(in >> v) || !(v >= 0.0f && v <= 1.0f))
      return line_error(origin, line, "expected five probabilities in [0,1]");
  r.cubeless = Probabilities::from_array(p.data());
  std::string extra;
  if (in >> extra) return line_error(origin, line, "unexpected '" + extra + "' at the end");
  return r;
}

}  // namespace

std::string_view cube_action_name(CubeAction a) { return kNames[size_t(a)]; }

std::optional<CubeAction> parse_cube_action(std::string_view name) {
  for (size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i] == name) return CubeAction(i);
  return std::nullopt;
}

bool is_double(CubeAction a) { return a == CubeAction::DoubleTake || a == CubeAction::DoublePass; }
bool is_pass(CubeAction a) { return a == CubeAction::DoublePass || a == CubeAction::TooGoodPass; }

std::optional<CubeAction> cube_action_of(const CubeDecision& d) {
  const bool pass = d.taker == TakerAction::Pass;
  switch (d.doubler) {
    case DoublerAction::NoDouble:
      return CubeAction::NoDouble;
    case DoublerAction::Double:
      return pass ? CubeAction::DoublePass : CubeAction::DoubleTake;
    case DoublerAction::TooGood:
      return pass ? CubeAction::TooGoodPass : CubeAction::TooGoodTake;
    case DoublerAction::CannotDouble:
      break;
  }
  return std::nullopt;
}

Result<std::vector<CubeReference>> parse_cube_references(std::string_view text,
                                                         std::string_view origin) {
  std::vector<CubeReference> out;
  std::istringstream in{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    Result<CubeReference> r = parse_line(line, origin, number);
    if (!r) return r.error();
    out.push_back(std::move(r).value());
  }
  if (out.empty()) return make_error(std::string(origin) + ": no cube decisions in the file");
  return out;
}

Result<std::vector<CubeReference>> load_cube_references(const std::string& path) {
  Result<std::string> text = read_regular_file(path, "cube reference file");
  if (!text) return text.error();
  return parse_cube_references(*text, path);
}

std::string default_cube_reference_path() {
  return std::string(NARD_SOURCE_DIR) + "/tests/data/gnubg_cube_2ply.txt";
}

std::string selfplay_cube_reference_path() {
  return std::string(NARD_SOURCE_DIR) + "/tests/data/gnubg_selfplay_cube_2ply.txt";
}

std::vector<std::string> selfplay_cube_reference_paths() {
  return {selfplay_cube_reference_path(),
          std::string(NARD_SOURCE_DIR) + "/tests/data/gnubg_selfplay_cube_2ply_b.txt"};
}

std::vector<std::string> gnubg_0ply_cube_decision_paths() {
  const std::string data = std::string(NARD_SOURCE_DIR) + "/tests/data/";
  return {data + "gnubg_cube_0ply.txt", data + "gnubg_selfplay_cube_0ply.txt"};
}

}  // namespace nard
