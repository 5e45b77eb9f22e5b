// Encoder of the blocking games (Tawla 31, Fevga, Long Nardy): a single checker holds a point,
// so blocks, runs of blocks, escapes and per-die mobility matter most. Layout: nn/encoder_layout.h.
#include <algorithm>
#include <bit>

#include "nn/encoder_features.h"
#include "nn/encoder_games.h"
#include "nn/encoder_layout.h"

namespace nard::encoding {

namespace {

namespace L = layout::blocking;
constexpr UnitTable kUnits(L::kExcessDivisor);

void blocking_side(const SideView& me, const SideView& other, int release_threshold, float* out) {
  for (int p = 1; p <= 24; ++p) point_units(kUnits, me.mine[p], out + L::kPoints + 4 * (p - 1));
  out[L::kOff] = me.my_off / 15.0f;
  out[L::kPips] = me.pips / 360.0f;
  int home = 0;
  for (int p = 1; p <= 6; ++p) home += me.mine[p];
  out[L::kHome] = home / 15.0f;
  out[L::kFirstTurn] = me.first_turn ? 1.0f : 0.0f;
  bool released = false;
  if (release_threshold > 0) {
    const uint32_t lead_zone = ((1u << (release_threshold + 1)) - 1) & ~1u;  // my 1..threshold
    released = me.my_off > 0 || (me.my_points & lead_zone);
  }
  out[L::kReleased] = released ? 1.0f : 0.0f;
  out[L::kLongestBlock] = std::min(longest_run(me.my_points), 6) / 6.0f;

  const int min_escapes = min_escapes_over(other.my_points & (0x3FFFFu << 7), other.their_points);
  out[L::kContainment] = 1.0f - min_escapes / 36.0f;
  out[L::kBackEscapes] = me.highest ? escapes_at(me.their_points, me.highest) / 36.0f : 0.0f;

  // Mobility: a checker on p can move d when p - d is a point not held by the other, or when it
  // would bear off and all my checkers are home.
  const bool all_home = me.highest <= 6;
  const uint32_t open = kBoardMask & ~me.their_points;
  for (int d = 1; d <= 6; ++d) {
    uint32_t can = me.my_points & kBoardMask & (open << d);  // bit p: point p - d is open
    if (all_home) can |= me.my_points & ((2u << d) - 2);     // points 1..d bear off
    int movable = 0;
    for (; can; can &= can - 1) movable += me.mine[std::countr_zero(can)];
    out[L::kMovable + d - 1] = movable / 15.0f;
    out[L::kDieBlocked + d - 1] = movable == 0 && me.highest > 0 ? 1.0f : 0.0f;
  }
}

}  // namespace

void encode_blocking(const Position& pos, int release_threshold, float* out) {
  const SideView mover = make_view(pos);
  const SideView opp = make_view(pos.flipped());
  blocking_side(mover, opp, release_threshold, out + L::kMover);
  blocking_side(opp, mover, release_threshold, out + L::kOpponent);
}

}  // namespace nard::encoding
