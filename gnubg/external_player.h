// The bot as an external player of GNU Backgammon (gnubg's `set player N external ADDRESS`:
// gnubg connects and sends one FIBS board line per decision, in its dialect (formats/fibs_board.h,
// FibsDialect::Gnubg), always with its player 1 as "You" whichever player is external: the
// decision is due from the Match state's `turn` player, and the answer is one line):
//   the dice are rolled for the decider       -> the play, e.g. "13/11 24/23" ("" if none: gnubg
//                                                asks even then, and waits for an answer)
//   the decider is to roll and may double     -> "double" or "roll"
//   the decider is to roll and may not double -> "roll"
//   a double awaits the decider               -> "take", "drop" (or "beaver" in money play)
// Any other line (a finished game) gets no reply: a reply that does not fit
// the state is illegal, and gnubg 1.07 crashes on some (e.g. "roll" with the dice already rolled).
// Plays are written as single sub-moves from the mover's side, "from/to" with "bar" and "off"
// (no "*" or "(2)" shorthand), so that any FIBS-style parser reads them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "game/move.h"
#include "game/movegen/movegen.h"
#include "play/agents.h"

namespace nard {

std::string format_external_move(const Move& move);

class ExternalPlayer {
 public:
  // The agent is borrowed (backgammon rules); the player keeps a move generator.
  ExternalPlayer(const Rules& rules, BotAgent& bot) : rules_(rules), bot_(bot), gen_(rules) {}
  // The reply to one line (gnubg's trailing "\n" and NUL are ignored), nullopt when the line asks
  // nothing of You; an Error when the line is not a valid board.
  Result<std::optional<std::string>> reply(std::string_view line);

 private:
  Rules rules_;
  BotAgent& bot_;
  MoveGenerator gen_;
  PlayList list_;
};

}  // namespace nard
