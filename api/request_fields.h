// Reading an API request body (a JSON object) field by field. Every reader names its field in the
// RequestError it throws (400), and reject_unknown() refuses fields no reader asked for, so that
// a misspelt "ply" is an error rather than a silent default.
//
// The shared fields, as the CLI spells them (README, docs/api.md):
//   variant   "backgammon" | "plakoto" | "tawla31" | "fevga" | "longnardy" (and regional names)
//   rules     a rules preset with optional overrides ("wbf", "longnardy,head_exception=general")
//   position  gnubg Position ID, PosID:MatchID, XGID, FIBS board, our notation or "start"
//   dice      "31", "3-1" or [3, 1]
//   match_length, score [side on roll, opponent], crawford, cube, cube_owner: the match and the
//             cube as the side on roll sees them (defaults: what the position's Match ID / XGID
//             says, else a money game with the cube centred on 1).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "game/dice.h"
#include "game/match.h"
#include "game/position.h"
#include "game/rules.h"
#include "search/cube/decision.h"

namespace nard::api {

class RequestFields {
 public:
  // Throws RequestError (400, no field) when `body` is not a JSON object.
  explicit RequestFields(const nlohmann::json& body);

  bool has(const std::string& name) const;
  std::optional<std::string> optional_string(const std::string& name);
  std::string string(const std::string& name, const std::string& fallback);
  std::string required_string(const std::string& name);
  // An integer in [lo, hi]; `fallback` when the field is absent or null.
  int integer(const std::string& name, int fallback, int lo, int hi);
  bool boolean(const std::string& name, bool fallback);
  // The raw value (nullptr when absent); marks the field read.
  const nlohmann::json* raw(const std::string& name);

  // Throws 400 naming the first field of the body that no reader asked for.
  void reject_unknown() const;

 private:
  const nlohmann::json& body_;
  std::set<std::string> read_;
};

// "variant" and "rules" together (formats/position_arg.h resolve_rules).
struct GameFields {
  std::string variant, rules;  // as given ("" = default)
  Rules resolved;
};
GameFields read_game(RequestFields& fields);

// "position" (required) under the game's rules; `text` receives the string as given.
Position read_position(RequestFields& fields, const Rules& rules, std::string* text = nullptr);

// "dice" (required): "31", "3-1", "3 1" or [3, 1].
Dice read_dice(RequestFields& fields);

// The match and cube fields (see above) applied to what the position text carries.
MatchView read_match(RequestFields& fields, const Rules& rules, const std::string& position_text);

// "cube" and "cube_owner" ("centred", "me", "opponent") as a rollout's CubeView.
CubeView read_cube_view(RequestFields& fields);

}  // namespace nard::api
