#include "formats/position_list.h"

#include <charconv>
#include <functional>
#include <optional>
#include <string>

#include "core/text_scan.h"
#include "formats/position_arg.h"
#include "game/game.h"

namespace nard {

namespace {

// Calls `read` with each line that is neither blank nor a comment, trimmed, and its number (from
// 1); stops at the first error `read` returns, prefixed with "line N: ".
std::optional<Error> for_each_entry_line(
    std::string_view list, const std::function<std::optional<Error>(std::string_view, int)>& read) {
  int line_number = 0;
  while (!list.empty()) {
    const size_t end = list.find('\n');
    const std::string_view line = text::trim(list.substr(0, end));
    list = end == std::string_view::npos ? std::string_view{} : list.substr(end + 1);
    ++line_number;
    if (line.empty() || line.front() == '#') continue;
    if (std::optional<Error> e = read(line, line_number))
      return make_error("line " + std::to_string(line_number) + ": " + e->message);
  }
  return std::nullopt;
}

// A position in which the game is not over, or why not.
Result<Position> playable(Result<Position> pos, const Rules& rules) {
  if (!pos) return pos;
  // game_result sees a position from the side that has just moved: the one not on roll.
  if (game_result(rules, pos->flipped()).over())
    return make_error("the game is over in this position");
  return pos;
}

}  // namespace

Result<std::vector<Position>> read_position_list(std::string_view list, const Rules& rules) {
  std::vector<Position> out;
  std::optional<Error> e =
      for_each_entry_line(list, [&](std::string_view line, int) -> std::optional<Error> {
        Result<Position> pos = parse_position_arg(line, rules);
        if (const size_t space = line.find_first_of(" \t"); !pos && space != std::string_view::npos)
          if (Result<Position> first = parse_position_arg(line.substr(0, space), rules))
            pos = first;
        pos = playable(std::move(pos), rules);
        if (!pos) return pos.error();
        out.push_back(*pos);
        return std::nullopt;
      });
  if (e) return *e;
  return out;
}

Result<std::vector<ValuedListEntry>> read_valued_position_list(std::string_view list,
                                                               const Rules& rules) {
  std::vector<ValuedListEntry> out;
  std::optional<Error> e =
      for_each_entry_line(list, [&](std::string_view line, int number) -> std::optional<Error> {
        const std::vector<std::string_view> fields = text::words(line);
        Result<Position> pos = playable(parse_position_arg(fields.front(), rules), rules);
        if (!pos) return pos.error();
        if (fields.size() != 6)
          return make_error("expected a Position ID and five probabilities (win, win_gammon, "
                            "win_backgammon, lose_gammon, lose_backgammon), got " +
                            std::to_string(fields.size() - 1) + " numbers");
        ValuedListEntry entry{*pos, {}, number};
        for (size_t k = 0; k < 5; ++k) {
          const std::string_view f = fields[k + 1];
          float v = 0;
          const auto [end, ec] = std::from_chars(f.data(), f.data() + f.size(), v);
          if (ec != std::errc() || end != f.data() + f.size() || !(v >= 0.0f && v <= 1.0f))
            return make_error("probability " + std::to_string(k + 1) + " '" + std::string(f) +
                              "' is not a number from 0 to 1");
          entry.values[k] = v;
        }
        out.push_back(entry);
        return std::nullopt;
      });
  if (e) return *e;
  return out;
}

}  // namespace nard
