#include "play/resignation.h"

#include <cctype>
#include <string>

namespace nard {

Result<int> resignation_points(const Rules& rules, std::string_view level_text,
                               const Position& resigner) {
  std::string level;
  for (char c : level_text) level += char(std::tolower(static_cast<unsigned char>(c)));
  if (rules.counts_checkers_left()) {
    if (!level.empty() && level != "single" && level != "s")
      return make_error("in " + std::string(variant_name(rules.variant)) +
                        " a resignation concedes the checkers left on the board: resign single");
    return kCheckers - resigner.mover_off;
  }
  if (level.empty() || level == "single" || level == "s" || level == "normal" || level == "n")
    return 1;
  if (level == "gammon" || level == "g") {
    if (!rules.has_gammons()) return make_error("this game has no gammons: resign single");
    return rules.gammon_value;
  }
  if (level == "backgammon" || level == "b" || level == "bg") {
    if (!rules.has_backgammons()) return make_error("this game has no backgammons");
    return rules.backgammon_value;
  }
  return make_error("resign single, gammon or backgammon, not '" + std::string(level_text) + "'");
}

}  // namespace nard
