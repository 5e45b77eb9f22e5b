#include "formats/position_list.h"

#include <string>

#include "core/text_scan.h"
#include "formats/position_arg.h"
#include "game/game.h"

namespace nard {

Result<std::vector<Position>> read_position_list(std::string_view list, const Rules& rules) {
  std::vector<Position> out;
  int line_number = 0;
  while (!list.empty()) {
    const size_t end = list.find('\n');
    const std::string_view line = text::trim(list.substr(0, end));
    list = end == std::string_view::npos ? std::string_view{} : list.substr(end + 1);
    ++line_number;
    if (line.empty() || line.front() == '#') continue;
    const std::string where = "line " + std::to_string(line_number);
    Result<Position> pos = parse_position_arg(line, rules);
    if (const size_t space = line.find_first_of(" \t"); !pos && space != std::string_view::npos)
      if (Result<Position> first = parse_position_arg(line.substr(0, space), rules)) pos = first;
    if (!pos) return make_error(where + ": " + pos.error().message);
    // game_result sees a position from the side that has just moved: the one not on roll.
    if (game_result(rules, pos->flipped()).over())
      return make_error(where + ": the game is over in this position");
    out.push_back(*pos);
  }
  return out;
}

}  // namespace nard
