// The Russian "dave" (даве) with an adding progression, stakes 1, 2, 3, 4, … (rules.md §1.6,
// rules.cube_progression == Arithmetic, an option of the ru_short preset), next to the usual
// geometric cube: the figures docs/dave.md tabulates and that rollouts will confirm.
//
// Nothing here is dave-specific mathematics: the money model (search/cube/money.h) already runs on
// the rules' stake ladder. A raise from v to v' is worth v'/v (2 for the geometric cube, 2, 3/2,
// 4/3, … for the dave), so each dave raise risks less, and its recube is worth less, than a
// geometric one: take points fall level by level and the doubling window moves (docs/dave.md).
#pragma once

#include <vector>

#include "core/result.h"
#include "game/rules.h"
#include "search/cube/decision.h"

namespace nard {

// One raise of the ladder, for a game of fixed shape (conditional gammon rates) in money play.
struct CubeRaise {
  int from = 1, to = 2;        // stakes before and after the raise
  double take_point_dead = 0;  // receiver's minimum winning chance, x = 0
  double take_point_live = 0;  // the same, fully live cube (x = 1)
  double take_point = 0;       // the same at the cube life asked for
  // The raiser's window at that cube life, with the cube centred when `from` is 1 and owned by
  // the raiser otherwise: double from double_point, the receiver passes from cash_point, playing
  // on beats cashing from too_good_point (1 = never).
  double double_point = 0, cash_point = 0, too_good_point = 1;
};

// The first `count` raises of the rules' ladder from stake 1 (fewer if the cap comes first).
// shape.win is ignored. Fails when the rules have no cube or cube_life is outside [0,1].
Result<std::vector<CubeRaise>> money_raise_table(const GameOdds& shape, double cube_life,
                                                 const Rules& rules, int count);

// The dead-cube take point of a raise by the factor ratio = v'/v (dead: the cube is never turned
// again): the receiver, losing W per game at v' (the raiser's points per win) and winning L,
// takes when v' (q L - (1 - q) W) >= -v, i.e.  q >= (W - 1/ratio) / (W + L).
double dead_take_point(double ratio, double points_per_win, double points_per_loss);

}  // namespace nard
