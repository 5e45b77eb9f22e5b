// Building blocks shared by the encoders (internal to nn/): a side's view of the board as counts
// and bit masks, point units, and the dice features (escapes, hit/pin threats, mobility).
//
// Bit masks: bit p stands for point p (1..24) of the view's owner; bit 25 is the owner's bar.
// The owner always moves towards lower point numbers, in every geometry.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "game/position.h"

namespace nard::encoding {

inline constexpr uint32_t kBoardMask = ((1u << 25) - 1) & ~1u;  // bits 1..24

// One side's view: that side is "mine", the other "theirs", every point in my numbering.
struct SideView {
  std::array<int8_t, 26> mine{};    // [1..24] my checkers on top of point p; [25] my bar
  std::array<int8_t, 26> theirs{};  // [1..24] their checkers on top of my point p
  uint32_t my_pinned = 0;           // bit p: one of my checkers is pinned under theirs on p
  uint32_t their_pinned = 0;        // bit p: one of theirs is pinned under mine on p
  // Points with my checkers on top: >= 1 (bit 25 too when I have checkers on the bar), >= 2, 1.
  uint32_t my_points = 0, my_made = 0, my_blots = 0;
  uint32_t their_points = 0, their_made = 0, their_blots = 0;  // the same for theirs (1..24)
  int my_bar = 0, their_bar = 0, my_off = 0, their_off = 0;
  bool first_turn = false;  // my first turn is still to be played
  int pips = 0;             // my pip count (bar = 25, pinned checkers count where they lie)
  int highest = 0;          // my rearmost checker on top (25 = bar), 0 if none
};

// The view of the side on roll of pos.
inline SideView make_view(const Position& pos) {
  SideView v;
  int pips = 0;
  // Branch-free: the sign of each point is unpredictable.
  for (int p = 1; p <= kPoints; ++p) {
    const int n = pos.board[p - 1];
    const int mine = n > 0 ? n : 0, theirs = n < 0 ? -n : 0;
    v.mine[p] = int8_t(mine);
    v.theirs[p] = int8_t(theirs);
    v.my_points |= uint32_t(mine >= 1) << p;
    v.my_made |= uint32_t(mine >= 2) << p;
    v.my_blots |= uint32_t(mine == 1) << p;
    v.their_points |= uint32_t(theirs >= 1) << p;
    v.their_made |= uint32_t(theirs >= 2) << p;
    v.their_blots |= uint32_t(theirs == 1) << p;
    pips += mine * p;
  }
  v.highest = v.my_points ? 31 - std::countl_zero(v.my_points) : 0;
  const uint32_t pins = pos.pins();
  if (pins) {
    for (int p = 1; p <= kPoints; ++p) {
      if (!((pins >> (p - 1)) & 1u)) continue;
      if (pos.board[p - 1] < 0) {
        v.my_pinned |= 1u << p;
        pips += p;
      } else {
        v.their_pinned |= 1u << p;
      }
    }
  }
  v.my_bar = pos.mover_bar;
  v.their_bar = pos.opp_bar;
  v.mine[25] = int8_t(v.my_bar);
  if (v.my_bar) {
    v.my_points |= 1u << 25;
    v.highest = 25;
  }
  v.my_off = pos.mover_off;
  v.their_off = pos.opp_off;
  v.first_turn = pos.mover_first_turn();
  v.pips = pips + 25 * v.my_bar;
  return v;
}

// The 4 point units of a count n (see nn/encoder_layout.h), from a table: n is 0..15.
struct UnitTable {
  std::array<std::array<float, 4>, 16> units{};
  constexpr explicit UnitTable(float excess_divisor) {
    for (int n = 0; n < 16; ++n)
      units[n] = {n >= 1 ? 1.0f : 0.0f, n >= 2 ? 1.0f : 0.0f, n >= 3 ? 1.0f : 0.0f,
                  n > 3 ? float(n - 3) / excess_divisor : 0.0f};
  }
};
inline void point_units(const UnitTable& table, int n, float* out) {
  __builtin_memcpy(out, table.units[n & 15].data(), 4 * sizeof(float));
}

// escape_rolls(mask): of the 36 rolls, how many a checker can play in full through the blocked
// points in front of it, i.e. how freely it moves past a blockade. Bit i-1 of mask: the point i
// pips ahead is blocked (i = 1..12; farther points count as open). A non-double needs the landing
// point of the sum open and at least one of the two intermediate points open; a double needs all
// its four landing points open. An empty mask gives 36, a six-point prime right in front 0.
constexpr int escape_rolls_slow(uint32_t mask) {
  auto open = [mask](int dist) { return dist > 12 || !(mask & (1u << (dist - 1))); };
  int rolls = 0;
  for (int a = 1; a <= 6; ++a) {
    for (int b = 1; b <= a; ++b) {
      bool plays;
      if (a == b)
        plays = open(a) && open(2 * a) && open(3 * a) && open(4 * a);
      else
        plays = (open(a) || open(b)) && open(a + b);
      if (plays) rolls += a == b ? 1 : 2;
    }
  }
  return rolls;
}

constexpr std::array<uint8_t, 4096> make_escape_table() {
  std::array<uint8_t, 4096> t{};
  for (uint32_t m = 0; m < 4096; ++m) t[m] = uint8_t(escape_rolls_slow(m));
  return t;
}
inline constexpr std::array<uint8_t, 4096> kEscapeTable = make_escape_table();

// The point mask mirrored for escapes_at(): bit 25 - q of the result is bit q of blocks.
inline uint32_t mirrored(uint32_t blocks) {
  uint32_t v = blocks;
  v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
  v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
  v = ((v >> 4) & 0x0F0F0F0Fu) | ((v & 0x0F0F0F0Fu) << 4);
  v = ((v >> 8) & 0x00FF00FFu) | ((v & 0x00FF00FFu) << 8);
  v = (v >> 16) | (v << 16);
  return v >> 6;  // bit 31 - q -> bit 25 - q
}

// Escape rolls of a checker of mine on point p (1..25) through the points in `blocks` (my
// numbering, bits 1..24), given mirrored(blocks). Bit i-1 of the table index is point p - i;
// points below 1 (off the board) are never blocked.
inline int escapes_at_mirrored(uint32_t mirrored_blocks, int p) {
  return kEscapeTable[(mirrored_blocks >> (26 - p)) & 0xFFFu];
}
inline int escapes_at(uint32_t blocks, int p) {
  return escapes_at_mirrored(mirrored(blocks & kBoardMask), p);
}

// What my next roll threatens against the other side's lone checkers, counted over the 36 rolls:
// rolls that hit (or pin) at least one, rolls that reach two or more, and the summed pip loss of
// the farthest-travelled victim. src: my checkers that may move (bit 25 = bar); targets: their
// lone checkers; blocks: points I cannot land on. All in my numbering (I move down). With
// checkers on the bar only the bar moves first (a simplification).
struct Threats {
  int rolls = 0;         // out of 36
  int double_rolls = 0;  // out of 36
  int pip_loss =
      0;  // sum over the 36 rolls of the victim's pips lost (my point p: 25 - (25 - p) = p)
};

inline Threats threats(uint32_t src, uint32_t targets, uint32_t blocks) {
  Threats t;
  if (!targets || !src) return t;
  const uint32_t open = kBoardMask & ~blocks;
  for (int a = 1; a <= 6; ++a) {
    for (int b = 1; b <= a; ++b) {
      uint32_t hit;
      if (a == b) {
        hit = 0;
        uint32_t cur = src;
        for (int k = 0; k < 4 && cur; ++k) {
          cur = (cur >> a) & open;
          hit |= cur;
        }
        hit &= targets;
      } else {
        const uint32_t sa = (src >> a) & open, sb = (src >> b) & open;
        hit = (sa | sb | (sa >> b) | (sb >> a)) & targets;
      }
      if (!hit) continue;
      const int w = a == b ? 1 : 2;
      t.rolls += w;
      if (hit & (hit - 1)) t.double_rolls += w;
      t.pip_loss += w * (31 - std::countl_zero(hit));  // my highest point hit = victim's loss
    }
  }
  return t;
}

// The least escape rolls (escapes_at) among the checkers of mine on the points of `where`
// (a mask in my numbering, may include bit 25), 36 when there are none.
inline int min_escapes_over(uint32_t where, uint32_t blocks) {
  const uint32_t m = mirrored(blocks & kBoardMask);
  int least = 36;
  for (; where; where &= where - 1) {
    const int e = escapes_at_mirrored(m, std::countr_zero(where));
    least = e < least ? e : least;
  }
  return least;
}

// Longest run of consecutive set bits among bits 1..24.
inline int longest_run(uint32_t mask) {
  int best = 0;
  mask &= kBoardMask;
  while (mask) {
    mask &= mask << 1;
    ++best;
  }
  return best;
}

}  // namespace nard::encoding
