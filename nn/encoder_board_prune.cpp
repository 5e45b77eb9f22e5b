// Encoder of the other games' pruning nets (Plakoto, Tawla 31, Fevga, Long Nardy): the raw board
// and nothing computed from it, so that PruneNet can sum it point by point. Layout:
// nn/encoder_layout.h (board_prune).
#include <algorithm>

#include "nn/encoder_features.h"
#include "nn/encoder_games.h"
#include "nn/encoder_layout.h"

namespace nard::encoding {

void encode_board_prune(const Position& pos, float* out) {
  namespace P = layout::board_prune;
  constexpr UnitTable kUnits(P::kExcessDivisor);
  std::fill_n(out, P::kInputs, 0.0f);
  float* me = out + P::kMover;
  float* other = out + P::kOpponent;
  const Geometry g = pos.geometry();
  for (int p = 1; p <= 24; ++p) {
    const int v = pos.at(p);
    const int q = flip_point(p, g);  // the other's number for our point p
    if (v > 0) point_units(kUnits, v, me + P::kPoints + 4 * (p - 1));
    if (v < 0) point_units(kUnits, -v, other + P::kPoints + 4 * (q - 1));
    if (pos.mover_pinned_at(p)) me[P::kPinned + p - 1] = 1.0f;
    if (pos.opp_pinned_at(p)) other[P::kPinned + q - 1] = 1.0f;
  }
  point_units(kUnits, pos.mover_bar, me + P::kBar);
  point_units(kUnits, pos.opp_bar, other + P::kBar);
  me[P::kOff] = pos.mover_off / 15.0f;
  other[P::kOff] = pos.opp_off / 15.0f;
  me[P::kPips] = pos.mover_pips() / P::kPipDivisor;
  other[P::kPips] = pos.opp_pips() / P::kPipDivisor;
}

}  // namespace nard::encoding
