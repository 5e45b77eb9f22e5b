// Plakoto encoder: point units of the checkers on top, the pins, and pin threats (above all on
// the mother). Layout and scales: nn/encoder_layout.h.
#include <algorithm>
#include <bit>

#include "nn/encoder_features.h"
#include "nn/encoder_games.h"
#include "nn/encoder_layout.h"

namespace nard::encoding {

namespace {

namespace L = layout::plakoto;
constexpr UnitTable kUnits(L::kExcessDivisor);

// Points the owner of `v` cannot land on: two or more of theirs on top, or theirs on top of one
// of mine (a pinning checker blocks).
uint32_t blocked_for(const SideView& v) { return v.their_made | (v.their_points & v.my_pinned); }
// The other side's lone checkers that the owner of `v` may pin (not themselves pinning).
uint32_t pinnable_for(const SideView& v) { return v.their_blots & ~v.my_pinned; }

void plakoto_side(const SideView& me, const SideView& other, float* out) {
  for (int p = 1; p <= 24; ++p) {
    point_units(kUnits, me.mine[p], out + L::kPoints + 4 * (p - 1));
    out[L::kPinned + p - 1] = (me.my_pinned >> p) & 1u ? 1.0f : 0.0f;
  }
  out[L::kOff] = me.my_off / 15.0f;
  out[L::kPips] = me.pips / 360.0f;
  int home = 0;
  for (int p = 1; p <= 6; ++p) home += me.mine[p];
  out[L::kHome] = home / 15.0f;
  out[L::kPinnedCount] = std::min(std::popcount(me.my_pinned), 4) / 4.0f;

  // The other's next roll, from its own view; my point 24 is its point 1.
  const uint32_t targets = pinnable_for(other);
  const uint32_t blocks = blocked_for(other);
  const Threats t = threats(other.my_points, targets, blocks);
  out[L::kPinRolls] = t.rolls / 36.0f;
  out[L::kDoublePinRolls] = t.double_rolls / 36.0f;
  const uint32_t mother = targets & (1u << 1);  // my lone checker on my 24
  out[L::kMotherRolls] = mother ? threats(other.my_points, mother, blocks).rolls / 36.0f : 0.0f;

  const uint32_t my_blocked = blocked_for(me);
  out[L::kBackEscapes] = me.highest ? escapes_at(my_blocked, me.highest) / 36.0f : 0.0f;
  const int min_escapes = min_escapes_over(other.my_points & (0xFFFu << 13), blocked_for(other));
  out[L::kContainment] = 1.0f - min_escapes / 36.0f;
}

}  // namespace

void encode_plakoto(const Position& pos, float* out) {
  const SideView mover = make_view(pos);
  const SideView opp = make_view(pos.flipped());
  plakoto_side(mover, opp, out + L::kMover);
  plakoto_side(opp, mover, out + L::kOpponent);
}

}  // namespace nard::encoding
