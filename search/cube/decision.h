// What a cube analysis returns, shared by money play (search/cube/money.h) and match play
// (search/cube/match.h): the cube as the side on roll sees it, the cubeless game as Janowski's model
// holds it, and the decision with its equities, take point and cash point.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "game/cube.h"
#include "nn/probabilities.h"
#include "search/cube/ladder.h"

namespace nard {

// The cube seen from the side on roll.
struct CubeView {
  int value = 1;                           // the stake now in force
  CubeHolder owner = CubeHolder::Centred;  // Me = the side on roll owns it
  bool turned = false;                     // turned at least once this game (the Jacoby rule)
};

// The engine's cube state (players 0/1) as `player` sees it.
CubeView cube_view(const CubeState& cube, int player);

// The stakes from `value` upwards: value, next(value), … while the rules allow the next double
// (next <= rules.cube_cap, as game/cube.h may_double), at most kMaxCubeLevels of them (a
// longer arithmetic ladder is cut there and its top treated as dead: each level down shrinks
// that error by a factor of about 2 * stake, so it is far below float precision at the bottom).
// Fails when the value cannot occur under the rules (below 1, above the cap, not a power of two
// with the geometric cube).
inline constexpr int kMaxCubeLevels = 128;
Result<std::vector<int>> cube_stakes(const Rules& rules, int value);

// The cubeless game as the model holds it: a winning chance plus the conditional rates of the
// bigger results, which stay fixed when the model moves the winning chance.
struct GameOdds {
  double win = 0.5;                   // P(the side on roll wins)
  double win_gammon_rate = 0.0;       // P(gammon or better | win)
  double win_backgammon_rate = 0.0;   // P(backgammon | win)
  double lose_gammon_rate = 0.0;      // P(gammon or worse | loss)
  double lose_backgammon_rate = 0.0;  // P(backgammon | loss)

  // Fails when a field is outside [0,1] or the cumulative order is broken by more than 1e-4
  // (smaller breaks, e.g. from float rounding, are repaired).
  static Result<GameOdds> from(const Probabilities& p);
  GameOdds with_win(double p) const {
    GameOdds o = *this;
    o.win = p;
    return o;
  }
  // Average points won per win / lost per loss, with the rules' gammon and backgammon values.
  double points_per_win(const Rules& rules) const;
  double points_per_loss(const Rules& rules) const;
};

enum class DoublerAction : uint8_t {
  NoDouble,      // "No double" / "No redouble"
  Double,        // "Double" / "Redouble"
  TooGood,       // "Too good to double" / "Too good to redouble": playing on beats cashing
  CannotDouble,  // the rules do not allow a double now (see cannot_double_reason)
};
enum class TakerAction : uint8_t { Take, Pass, Beaver };

struct CubeDecision {
  bool match = false;     // equities below: match play normalised equity, else money
  bool redouble = false;  // the side on roll owns the cube (wording "redouble")
  DoublerAction doubler = DoublerAction::CannotDouble;
  TakerAction taker = TakerAction::Take;  // the right answer if the side on roll doubled
  std::string cannot_double_reason;       // set when doubler == CannotDouble

  double cube_life = 0.0;  // the x used

  // Equities from the side on roll, in units of the current stake (money: points / cube
  // value; match: gnubg's normalised equity, so that a pass is +1). Take/pass/beaver are NaN
  // when the side on roll cannot double.
  double cubeless = 0.0;
  double no_double = 0.0;
  double double_take = 0.0;
  double double_pass = 0.0;
  double double_beaver = 0.0;  // NaN unless beavers are possible (money play)
  double equity = 0.0;         // cubeful equity with the proper action

  // Match play only (NaN for money): the same as match winning chances of the side on roll.
  double mwc_cubeless = 0.0;
  double mwc_no_double = 0.0;
  double mwc_double_take = 0.0;
  double mwc_double_pass = 0.0;
  double mwc = 0.0;

  // Take point = the smallest cubeless winning chance with which the receiver should take a
  // double now (model with cube_life; dead x = 0 and fully live x = 1 for comparison).
  // Cash point = 1 - take_point: the doubler's winning chance above which the receiver passes.
  // NaN when the side on roll cannot double.
  double take_point = 0.0;
  double take_point_dead = 0.0;
  double take_point_live = 0.0;
  double cash_point = 0.0;

  // "No double", "Double, take", "Too good to redouble, pass", "No double, beaver", ...
  std::string action_text() const;
};

// Fills doubler/taker/equity from no_double, double_pass and the take equity (already lowered
// by a beaver, if any): the receiver passes when taking costs him more than passing; the doubler
// doubles when the answer he gets beats not doubling (against a pass: unless playing on is
// strictly better); he is "too good" when he does not double and playing on beats the pass.
void classify_cube_action(CubeDecision& d, double effective_take, bool beaver);

}  // namespace nard
