// MatchRecord: a whole match or money session as the match files hold it (docs/match_files.md):
// the settings, the players, the header tags, and every game with its starting score and every
// action in order. game/game_replay.h replays a game through move generation, so every position
// of a record can be recomputed and checked; formats/mat_file.h and formats/sgf_file.h read and
// write it.
//
// Players are 0 and 1 as in game/match_state.h: player 0 is the left column of a .mat file and
// White (PW) in SGF; player 1 the right column and Black (PB).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"
#include "game/dice.h"
#include "game/move.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

enum class ActionKind : uint8_t {
  Roll,    // dice: the roll of `player`, who is on roll
  Play,    // dice, move, after: the checker play of that roll (move.count == 0: no legal play)
  Double,  // value: the cube value offered
  Take,    // the opponent of the doubler (or, after a beaver, the doubler) accepts
  Drop,    // refuses: the game ends
  Beaver,  // value: the taker takes and redoubles to `value` at once (money play)
  Resign,  // value: the points offered before the cube (backgammon: 1, 2 or 3)
  Accept,  // the opponent of the resigner accepts: the game ends
  Reject,  // he refuses: the game goes on
};

std::string_view action_name(ActionKind kind);

struct MatchAction {
  ActionKind kind = ActionKind::Roll;
  int player = 0;    // who acts
  Dice dice{};       // Roll and Play: the dice as rolled (d1 first as written)
  Move move{};       // Play: the sub-moves in the order played, in the mover's own numbering
                     // (24..1, 25 = bar, 0 = off); a multi-pip step is split into single dice
  Position after{};  // Play: the position after the play, seen from the player who played
                     // (not turned round; what MoveGenerator::generate writes)
  int value = 0;     // Double/Beaver: the new cube value; Resign: points before the cube

  bool operator==(const MatchAction& o) const;
};

enum class GameEndKind : uint8_t {
  Unfinished,  // the record stops before the game ended
  Played,      // the last play ended it (bear-off, mother pin, closure)
  Dropped,     // a double (or beaver) was refused
  Resigned,    // a resignation was accepted
  Draw,        // Plakoto: both mothers pinned or a deadlock
};

struct GameEnd {
  GameEndKind kind = GameEndKind::Unfinished;
  int winner = -1;  // 0 or 1; -1 when unfinished or drawn
  int points = 0;   // scored by the winner, the cube and Jacoby included
  bool operator==(const GameEnd&) const = default;
};

struct MatchGame {
  int number = 1;                  // 1-based, as the .mat "Game N" line
  std::array<int, 2> score{0, 0};  // before the game
  bool crawford_game = false;      // nobody may double in this game
  std::string rules;               // this game's rules when they differ from the match's, else ""
  std::vector<MatchAction> actions;
  GameEnd end;
  bool operator==(const MatchGame&) const = default;
};

struct MatchRecord {
  // The rules: a preset with optional overrides as rules_preset() takes it ("wbf", "plakoto",
  // "tawla31,t31_closure=illegal"); crawford/jacoby/beavers override the preset's fields.
  std::string rules = "wbf";
  int match_length = 0;  // 0 = money session
  bool crawford = true;
  bool jacoby = false;
  bool beavers = false;
  int cube_limit = 0;  // 0 = none stated (replays allow any cube up to 2^15)
  std::array<std::string, 2> players{"Player 0", "Player 1"};
  // Header tags other than the settings above, in file order, e.g. {"Site", "..."},
  // {"EventDate", "2024.05.01"} (dates always YYYY.MM.DD, as the .mat files write them).
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<MatchGame> games;

  bool operator==(const MatchRecord&) const = default;

  // The value of a tag ("" when absent); names compare case-insensitively.
  std::string tag(std::string_view name) const;
  void set_tag(std::string_view name, std::string value);
};

// The rules a game of the record is played under (the game's own, else the match's, with the
// record's Crawford/Jacoby/beaver settings and cube limit applied).
Result<Rules> record_rules(const MatchRecord& record, const MatchGame& game);

// Does this score make a game the Crawford game, if the Crawford game has not been played yet?
// (gnubg's rule: exactly one player needs one point.) Matches only; money: false.
bool is_crawford_score(int match_length, std::array<int, 2> score);

// Replays every game from its start through move generation and checks the record: each play's
// position and sub-moves, the cube actions, every game's end and points (a played-out game's
// result, a drop's cube value, a resignation's value), and that each game's starting score is
// the previous one's plus its points. nullopt when the record is consistent.
std::optional<Error> check_record(const MatchRecord& record);

// The short English name of the game and of its Variation tag: "Backgammon", "Plakoto",
// "Tawla 31", "Fevga", "Long Nardy".
std::string_view variation_name(Variant v);
// The variant of a Variation tag (case-insensitive; also our variant names such as "longnardy").
std::optional<Variant> variation_from_name(std::string_view name);

}  // namespace nard
