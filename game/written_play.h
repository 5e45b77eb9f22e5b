// Plays as people and match files write them ("24/20 6/5*", "13/7*/2", "bar/22", "6/off",
// "8/5(2)") and how such a text is matched against the legal plays of a roll. The text names the
// checkers moved, not the order of the dice or every hit: steps may come in any order, chained
// or not, and hit marks ("*") are optional. Used by the match file readers (formats/mat_file.h,
// game/game_replay.h) and by `nard play`, where a play may also be entered in parts.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game/dice.h"
#include "game/move.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

// A play as written: steps from/to in the mover's numbering (25 bar, 0 off), each possibly
// covering several dice ("13/5" for 6-2), with the hit marks as written.
struct WrittenPlay {
  std::vector<SubMove> steps;
};

// One token ("13/7*/5", "bar/22*", "6/off", "8/5(2)"; "b" and "o" for bar and off) appended to
// steps as its steps.
std::optional<Error> parse_play_token(std::string_view token, std::vector<SubMove>& steps);
// Tokens separated by spaces (or commas). An empty text is an empty play.
Result<WrittenPlay> parse_written_play(std::string_view text);
// "24/20 6/5*": the steps as written, one token each.
std::string written_play_text(const WrittenPlay& play);

// The legal play (plays[0..n) as move generation gives them for pos) that moves the checkers the
// text moves (the same net change on every point); among several, the one whose hits agree best
// with the written marks (without any mark: the hits the landings make). Errors: a step that does
// not go forward, or no legal play moves those checkers. landing: the game's rule for a lone
// opposing checker (a Block never hits).
Result<int> find_written_play(const Position& pos, std::span<const Position> plays,
                              const WrittenPlay& written, Landing landing);

// How a written play relates to the legal plays of `dice`, for a play entered step by step:
// `complete` is the legal play it makes (moves[i].count dice, all of them used by the written
// steps), -1 if none; `partial` says that more steps can turn it into a legal play.
struct PlayMatch {
  int complete = -1;
  bool partial = false;
};
PlayMatch match_written_play(const Position& pos, Dice dice, std::span<const Position> plays,
                             std::span<const Move> moves, const WrittenPlay& written,
                             Landing landing);

}  // namespace nard
