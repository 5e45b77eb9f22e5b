// Exact money cube equities in the positions of the two-sided bear-off database
// (nn/bearoff_two_sided.h), where gnubg too takes its cube decisions and cubeful leaves from its
// database instead of Janowski's model.
//
// The database's values assume a geometric cube without a cap; the rules' cap (cube_cap) changes
// them by at most 1.1e-3 per unit of the cube anywhere in the table once 4 doublings remain below
// it (measured by `nard bench bearoff --cap`: 1.3e-4 with 5, 1.6e-2 with 3), where the cube model
// errs by 0.024-0.030 on average (the same bench, on the one-sided database's winning chances,
// which are within 1e-3 of the exact ones). So they are used
// when the cube can still double at least kMinDoublings times: with the default cap of 64, cubes
// of 1, 2 and 4, which a redouble from 2 needs (its double/take leaves hold the cube on 4). Jacoby
// does not matter (no gammons are possible); beavers are in the table when the rules have them.
//
// Pure functions of immutable data; thread-safe.
#pragma once

#include <optional>

#include "game/position.h"
#include "game/rules.h"
#include "nn/bearoff_database.h"
#include "search/cube/decision.h"

namespace nard {

inline constexpr int kMinDoublings = 4;

// Per unit of the current cube, from the side on roll of the position.
struct BearoffCubeEquities {
  bool can_double = false;
  double no_double = 0.0;
  double double_take = 0.0;    // the receiver owning the doubled cube (when can_double)
  double double_beaver = 0.0;  // beavered (when can_double and the rules have beavers)
  double equity = 0.0;         // after the proper cube action
};

// The exact equities of `pos` (side on roll, before its cube decision) with `cube`, or nullopt
// unless: money play under `rules` with a geometric cube, `db` non-null with a two-sided database
// (built with rules.beavers) that covers `pos`, and at least kMinDoublings doublings left below the
// cap.
std::optional<BearoffCubeEquities> exact_bearoff_cube(const BearoffDatabase* db,
                                                      const Position& pos, const CubeView& cube,
                                                      const Rules& rules);

// `model` (the cube model's decision at the exact cubeless probabilities: cube life, take and cash
// points, why no double) with its equities replaced by `exact`'s and the proper action classified
// from them (search/cube/decision.h classify_cube_action).
CubeDecision with_exact_equities(CubeDecision model, const BearoffCubeEquities& exact);

}  // namespace nard
