// Backgammon encoders: raw point units plus expert features for contact positions, a race
// layout for pure races. Layouts and scales: nn/encoder_layout.h.
#include <algorithm>
#include <bit>
#include <cstdint>

#include "nn/encoder_features.h"
#include "nn/encoder_games.h"
#include "nn/encoder_layout.h"

namespace nard::encoding {

namespace {

namespace C = layout::bg_contact;
namespace R = layout::bg_race;
namespace C2 = layout::bg_contact2;

constexpr UnitTable kContactUnits(C::kExcessDivisor);
constexpr UnitTable kRaceUnits(R::kExcessDivisor);

// Points of 19..24 held (>= 2): my bits 19..24.
constexpr uint32_t kOuterHomeMask = 0x3Fu << 19;  // the other side's home board, my numbering
constexpr uint32_t kHomeMask = 0x3Fu << 1;        // my points 1..6

// Features of one side (`me`) whose opponent's view is `other`; writes C::kSideInputs floats.
void contact_side(const SideView& me, const SideView& other, float* out) {
  for (int p = 1; p <= 24; ++p)
    point_units(kContactUnits, me.mine[p], out + C::kPoints + 4 * (p - 1));
  point_units(kContactUnits, me.my_bar, out + C::kBar);
  out[C::kOff] = me.my_off / 15.0f;
  out[C::kPips] = me.pips / 200.0f;

  // The other's rearmost checker in my numbering (its bar is my 0); my checkers at or above it
  // still have to pass it.
  int their_low = 25;
  if (me.their_bar)
    their_low = 0;
  else if (me.their_points)
    their_low = std::countr_zero(me.their_points);
  int contact_pips = 0;
  const int beyond = their_low > 0 ? their_low - 1 : 0;  // pips to pass it from point p: p - beyond
  for (int p = std::max(their_low, 1); p <= 25; ++p) contact_pips += me.mine[p] * (p - beyond);
  out[C::kBreakContact] = contact_pips / 150.0f;
  out[C::kBackChecker] = me.highest / 24.0f;

  const uint32_t back_made = me.my_made & (0xFFFu << 13);  // my 13..24
  out[C::kBackAnchor] = back_made ? float(31 - std::countl_zero(back_made)) / 24.0f : 0.0f;
  const uint32_t front = me.my_made & kOuterHomeMask;
  out[C::kForwardAnchor] = front ? float(25 - std::countr_zero(front)) / 6.0f : 0.0f;
  out[C::kHomePoints] = std::popcount(me.my_made & kHomeMask) / 6.0f;
  out[C::kLongestPrime] = std::min(longest_run(me.my_made), 6) / 6.0f;
  out[C::kBlots] = std::popcount(me.my_blots) / 8.0f;

  // The other's next roll against my blots: computed from its own view.
  const uint32_t src = other.my_bar ? (1u << 25) : other.my_points;
  const Threats t = threats(src, other.their_blots, other.their_made);
  out[C::kHitRolls] = t.rolls / 36.0f;
  out[C::kDoubleHitRolls] = t.double_rolls / 36.0f;
  out[C::kPipLoss] = t.pip_loss / (36.0f * 12.0f);

  out[C::kBackEscapes] = me.highest ? escapes_at(me.their_made, me.highest) / 36.0f : 0.0f;
  // How well my points hold the other's checkers on its 13..25 (its escapes through my points).
  const int min_escapes = min_escapes_over(other.my_points & (0x1FFFu << 13), other.their_made);
  out[C::kContainment] = 1.0f - min_escapes / 36.0f;

  if (me.my_bar) {
    const float closed = std::popcount(me.their_made & kOuterHomeMask) / 6.0f;
    out[C::kEnterFail] = closed * closed;
  } else {
    out[C::kEnterFail] = 0.0f;
  }
  int back = me.my_bar;
  for (int p = 19; p <= 24; ++p) back += me.mine[p];
  out[C::kCheckersBack] = back / 15.0f;
}

// The positional features of bg-contact2 of one side (`me`, whose opponent's view is `other`);
// writes C2::kExtraSideInputs floats.
void contact2_side(const SideView& me, const SideView& other, float* out) {
  int timing = 0, on_board = 0;
  for (int p = 7; p <= 25; ++p) timing += me.mine[p] * (p - 6);
  for (int p = 2; p <= 6; ++p) timing += std::max(0, me.mine[p] - 2) * (p - 1);
  for (int p = 1; p <= 25; ++p) on_board += me.mine[p];
  out[C2::kTiming] = timing / 100.0f;

  // A checker on p (bit 25: the bar) moves d when p - d is not the other's point; bearing off
  // (all home) is approximated by "exactly d pips from off, or the rearmost checker".
  const uint32_t open = kBoardMask & ~me.their_made;
  const bool all_home = me.highest <= 6;
  int mobility = 0, blocked = 0;
  for (int d = 1; d <= 6; ++d) {
    uint32_t can = me.my_points & (open << d);
    if (me.my_bar) {
      can &= 1u << 25;
    } else if (all_home) {
      can |= me.my_points & (1u << d);
      if (me.highest < d) can |= 1u << me.highest;
    }
    int movable = 0;
    for (; can; can &= can - 1) movable += me.mine[std::countr_zero(can)];
    mobility += movable;
    blocked += movable == 0 && on_board > 0;
  }
  out[C2::kMobility] = mobility / 90.0f;
  out[C2::kDiceBlocked] = blocked / 6.0f;
  out[C2::kAnchorsBack] = std::popcount(me.my_made & kOuterHomeMask) / 3.0f;

  // Exact in integers (distances scaled by on_board), then one division: no float sum whose
  // rounding could depend on the compiler contracting it into fused multiply-adds.
  float moment = 0.0f;
  if (on_board > 0) {
    int64_t sum = 0;  // sum of n * (p * on_board - pips)^2 over points above the mean
    int above = 0;
    for (int p = 25; p * on_board > me.pips; --p) {
      const int64_t dist = int64_t(p) * on_board - me.pips;
      sum += me.mine[p] * dist * dist;
      above += me.mine[p];
    }
    if (above > 0) moment = float(double(sum) / (double(on_board) * on_board * above * 400.0));
  }
  out[C2::kMoment2] = moment;

  // My points as the other sees them (its numbering): other.their_made.
  const uint32_t mine_mirrored = mirrored(other.their_made & kBoardMask);
  int escapes = 0;
  for (int q = 13; q <= 24; ++q) escapes += escapes_at_mirrored(mine_mirrored, q);
  out[C2::kBlockade] = 1.0f - escapes / (12.0f * 36.0f);
  int trapped = 0;  // checkers times rolls that do not escape
  for (int q = 13; q <= 25; ++q)
    if (other.mine[q]) trapped += other.mine[q] * (36 - escapes_at_mirrored(mine_mirrored, q));
  out[C2::kTrapped] = trapped / (36.0f * 15.0f);
}

void race_side(const SideView& me, float* out) {
  for (int p = 1; p <= 24; ++p) point_units(kRaceUnits, me.mine[p], out + R::kPoints + 4 * (p - 1));
  for (int k = 1; k <= 14; ++k) out[R::kOffAtLeast + k - 1] = me.my_off >= k ? 1.0f : 0.0f;
  out[R::kOff] = me.my_off / 15.0f;
  out[R::kPips] = me.pips / 150.0f;
  int crossovers = 0, outside = 0, low = 0;
  for (int p = 1; p <= 24; ++p) {
    const int n = me.mine[p];
    crossovers += n * ((p - 1) / 6);
    if (p > 6) outside += n;
    if (p <= 2) low += n;
  }
  out[R::kCrossovers] = crossovers / 45.0f;
  out[R::kOutside] = outside / 15.0f;
  int gaps = 0;
  const int top_home = std::min(me.highest, 6);
  for (int p = 1; p < top_home; ++p) gaps += me.mine[p] == 0;
  out[R::kHomeGaps] = gaps / 6.0f;
  out[R::kLowStack] = low / 15.0f;
}

}  // namespace

void encode_bg_contact(const Position& pos, float* out) {
  const SideView mover = make_view(pos);
  const SideView opp = make_view(pos.flipped());
  contact_side(mover, opp, out + C::kMover);
  contact_side(opp, mover, out + C::kOpponent);
}

void encode_bg_contact2(const Position& pos, float* out) {
  const SideView mover = make_view(pos);
  const SideView opp = make_view(pos.flipped());
  contact_side(mover, opp, out + C::kMover);
  contact_side(opp, mover, out + C::kOpponent);
  contact2_side(mover, opp, out + C2::kMover);
  contact2_side(opp, mover, out + C2::kOpponent);
}

void encode_bg_prune(const Position& pos, float* out) {
  namespace P = layout::bg_prune;
  constexpr UnitTable kUnits(P::kExcessDivisor);
  std::fill_n(out, P::kInputs, 0.0f);
  float* me = out + P::kMover;
  float* other = out + P::kOpponent;
  for (int p = 1; p <= 24; ++p) {
    const int v = pos.at(p);
    if (v > 0) point_units(kUnits, v, me + P::kPoints + 4 * (p - 1));
    if (v < 0) point_units(kUnits, -v, other + P::kPoints + 4 * (24 - p));  // its point 25 - p
  }
  point_units(kUnits, pos.mover_bar, me + P::kBar);
  point_units(kUnits, pos.opp_bar, other + P::kBar);
  me[P::kOff] = pos.mover_off / 15.0f;
  other[P::kOff] = pos.opp_off / 15.0f;
  me[P::kPips] = pos.mover_pips() / P::kPipDivisor;
  other[P::kPips] = pos.opp_pips() / P::kPipDivisor;
}

void encode_bg_race(const Position& pos, float* out) {
  race_side(make_view(pos), out + R::kMover);
  race_side(make_view(pos.flipped()), out + R::kOpponent);
}

}  // namespace nard::encoding
