// The doubling cube as a state machine (rules.md §1.6): offer, take, drop, beaver, cap and
// progression (geometric 1-2-4-8…, or the Russian "dave" arithmetic 1-2-3-4…), Crawford.
// Players are 0 and 1.
#pragma once

#include <cstdint>

#include "core/result.h"
#include "game/rules.h"

namespace nard {

struct CubeState {
  int value = 1;          // the stake multiplier now in force
  int owner = -1;         // -1 centred, else the player who may redouble
  bool turned = false;    // has the cube ever been turned this game (Jacoby)
  int pending_from = -1;  // player who has offered a double that awaits an answer, else -1
  bool beavered = false;  // the pending offer was beavered (the doubler must take or drop it)
};

// The value the cube takes when doubled from `value` under the rules' progression.
int next_cube_value(const Rules& rules, int value);

// Why a player may not double now, or an empty optional-like Error list; "" when allowed.
struct DoubleCheck {
  bool allowed = false;
  const char* reason = "";  // static text when not allowed
};
// May `player` offer a double at the start of his turn (before rolling)?
// crawford_game: this is the Crawford game of a match (nobody may double).
DoubleCheck may_double(const Rules& rules, const CubeState& cube, int player, bool crawford_game);

enum class CubeResponse : uint8_t { Take, Drop, Beaver };

// The transitions. Each returns an Error (and leaves the state alone) when the step is illegal.
Result<CubeState> offer_double(const Rules& rules, const CubeState& cube, int player,
                               bool crawford_game);
// The opponent answers. Beaver (money only, rules.beavers): take and immediately redouble.
Result<CubeState> answer_double(const Rules& rules, const CubeState& cube, CubeResponse response,
                                bool money_game);
// The original doubler answers a beaver: Take accepts the doubled-again cube, Drop concedes.
Result<CubeState> answer_beaver(const CubeState& cube, CubeResponse response);

// Points that the player who dropped loses: the value before the refused raise.
int dropped_points(const Rules& rules, const CubeState& cube_at_offer);

}  // namespace nard
