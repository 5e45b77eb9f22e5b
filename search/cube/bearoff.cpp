#include "search/cube/bearoff.h"

#include <algorithm>
#include <cmath>

namespace nard {

std::optional<BearoffCubeEquities> exact_bearoff_cube(const BearoffDatabase* db,
                                                      const Position& pos, const CubeView& cube,
                                                      const Rules& rules) {
  if (!db || !rules.cube || rules.cube_progression != CubeProgression::Geometric ||
      !db->two_sided_covers(pos) || cube.value < 1)
    return std::nullopt;
  int doublings = 0;
  for (long long v = cube.value; 2 * v <= rules.cube_cap; v *= 2) ++doublings;
  if (doublings < kMinDoublings) return std::nullopt;
  const TwoSidedBearoff& table = *db->two_sided();
  if (table.beavers() != rules.beavers) return std::nullopt;
  const TwoSidedBearoff::Equities& e = table.at(pos);
  BearoffCubeEquities r;
  r.can_double = cube.owner != CubeHolder::Opponent;
  r.no_double = cube.owner == CubeHolder::Me        ? e.owned
                : cube.owner == CubeHolder::Centred ? e.centred
                                                    : e.opponent_owns;
  r.equity = r.no_double;
  if (!r.can_double) return r;
  r.double_take = 2.0 * e.opponent_owns;
  r.double_beaver = std::max(4.0 * e.opponent_owns, -2.0);
  r.equity = std::max(r.no_double, table.double_answer(e));
  return r;
}

CubeDecision with_exact_equities(CubeDecision d, const BearoffCubeEquities& exact) {
  d.no_double = exact.no_double;
  if (d.doubler == DoublerAction::CannotDouble || !exact.can_double) {
    d.equity = d.no_double;
    return d;
  }
  d.double_take = exact.double_take;
  d.double_pass = 1.0;
  double effective_take = d.double_take;
  bool beaver = false;
  if (!std::isnan(d.double_beaver)) {  // the model found a beaver possible
    d.double_beaver = exact.double_beaver;
    beaver = d.double_beaver < d.double_take;
    if (beaver) effective_take = d.double_beaver;
  }
  classify_cube_action(d, effective_take, beaver);
  return d;
}

}  // namespace nard
