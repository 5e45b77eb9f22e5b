// The variant restrictions that the move generator applies as legality filters: the Long Nardy
// 6-block rule (rules.md §4.4), Fevga's start-quarter and unblocking rules (§5.4), the Moultezim
// opponent-quarter limit, the Tawla 31 closure (§6.5), and the sub-moves that end the game
// (the 15th checker off, the Plakoto mother pin §3.4, a Tawla 31 closure that wins).
#pragma once

#include "game/dice.h"
#include "game/move.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

// True when `after` breaks a blocking restriction of the rules that `before` did not break
// ("a sub-move is illegal if it creates a violation that was not there before it", errata 8).
bool creates_violation(const Rules& rules, const Position& before, const Position& after);

// The Long Nardy 6-block test: a run of >= 6 mover points, consecutive in the opponent's own
// numbering, with no opponent checker ahead of it (none nearer his bear-off, none borne off).
bool has_illegal_six_block(const Rules& rules, const Position& pos);

// True when the position, just after a mover sub-move, ends the game.
bool game_over_after_submove(const Rules& rules, const Position& pos);

// Can the roll `dice` from `pos` create any violation (6-block, Fevga (a), Moultezim (c), Tawla 31
// closure=illegal) or a Tawla 31 closure (win)? Conservative: true unless ruled out by counting
// (a sub-move occupies at most one new point, and a point can only be reached from a checker
// that stands a sum of the dice above it). When false, these rules cannot depend on the order of
// the sub-moves in this turn.
bool order_sensitive_rules_may_trigger(const Rules& rules, const Position& pos, Dice dice);

// Plakoto: can a sub-move of this turn end the game through the mother rule (§3.4)? Only when
// the opponent's mother stands alone on mover point 1 (it may be pinned) or is already pinned.
bool mother_rule_may_end_turn(const Rules& rules, const Position& pos);

// Fevga rule (b): when the turn starts with every opponent checker on one point right behind a
// six-point prime of the mover, keep only the plays that open one of its points (if any does).
// Compacts out[0..n) (and moves) in place and returns the new count.
int apply_unblocking_obligation(const Rules& rules, const Position& start, Position* out,
                                Move* moves, int n);

// Has the mover "passed" (Fevga runner) or "released" (Tawla 31 lead checker)?
bool lead_released(const Rules& rules, const Position& pos);
// The same for the opponent of the side on roll.
bool opp_lead_released(const Rules& rules, const Position& pos);

}  // namespace nard
