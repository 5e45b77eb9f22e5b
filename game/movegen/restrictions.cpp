#include "game/movegen/restrictions.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace nard {

namespace {

// Point sets as 24-bit masks, bit p-1 for point p. The move generator asks these questions on
// every sub-move, so they are answered with a few bit operations instead of loops.
constexpr uint32_t kAllPoints = (1u << kPoints) - 1;

constexpr uint32_t range(int lo, int hi) {  // points lo..hi
  return ((1u << hi) - 1) & ~((1u << (lo - 1)) - 1);
}

struct Occupancy {
  uint32_t mover;  // points with mover checkers on top
  uint32_t opp;    // points with opponent checkers on top
};

Occupancy occupancy(const Position& p) {
#if defined(__SSE2__)
  // board[0..23] is the first member of Position: two overlapping 16-byte loads cover it.
  const __m128i zero = _mm_setzero_si128();
  const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p.board.data()));
  const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p.board.data() + 8));
  const uint32_t mover = uint32_t(_mm_movemask_epi8(_mm_cmpgt_epi8(lo, zero))) |
                         (uint32_t(_mm_movemask_epi8(_mm_cmpgt_epi8(hi, zero))) >> 8 << 16);
  const uint32_t opp = uint32_t(_mm_movemask_epi8(_mm_cmpgt_epi8(zero, lo))) |
                       (uint32_t(_mm_movemask_epi8(_mm_cmpgt_epi8(zero, hi))) >> 8 << 16);
  return {mover & kAllPoints, opp & kAllPoints};
#else
  Occupancy o{0, 0};
  for (int i = 0; i < kPoints; ++i) {
    o.mover |= uint32_t(p.board[size_t(i)] > 0) << i;
    o.opp |= uint32_t(p.board[size_t(i)] < 0) << i;
  }
  return o;
#endif
}

// A mover-point mask re-numbered in the OPPONENT's own points (bit q-1 for his point q).
uint32_t in_opponent_numbering(uint32_t mask, Geometry g) {
  if (g == Geometry::Parallel)  // q = S(m): mover 13..24 -> q 1..12, mover 1..12 -> q 13..24
    return (mask >> 12) | ((mask & 0xFFFu) << 12);
  uint32_t r = 0;  // q = 25 - m: reverse the 24 bits
  for (uint32_t m = mask; m; m &= m - 1) r |= 1u << (23 - __builtin_ctz(m));
  return r;
}

// Bit i set when bits i..i+5 are all set: the starts of runs of six or more.
uint32_t six_run_starts(uint32_t x) {
  return x & (x >> 1) & (x >> 2) & (x >> 3) & (x >> 4) & (x >> 5);
}

bool holds_start_quarter(uint32_t mover) { return (mover & range(19, 24)) == range(19, 24); }

bool opp_released(const Rules& r, const Position& p, uint32_t opp) {
  if (p.opp_off) return true;
  return (in_opponent_numbering(opp, p.geometry()) & range(1, r.lead_threshold)) != 0;
}

bool t31_closure(const Rules& r, const Position& p, const Occupancy& o) {
  return holds_start_quarter(o.mover) && !opp_released(r, p, o.opp);
}

bool illegal_six_block(const Rules& r, const Position& p, const Occupancy& o) {
  if (r.six_block == SixBlock::None) return false;
  const Geometry g = p.geometry();
  const uint32_t starts = six_run_starts(in_opponent_numbering(o.mover, g));
  if (!starts) return false;
  switch (r.six_block) {
    case SixBlock::Forbid:
      return true;
    case SixBlock::Home:
      // legal while the opponent has a checker in his home (his 1..6) or borne off
      return p.opp_off == 0 && (in_opponent_numbering(o.opp, g) & range(1, 6)) == 0;
    case SixBlock::AheadRule: {
      // legal iff an opponent checker is ahead of the run (a lower q than its start) or off;
      // he has none inside a run, so "below the lowest opponent checker" is the test.
      if (p.opp_off) return false;
      const uint32_t opp_q = in_opponent_numbering(o.opp, g);
      const uint32_t below = opp_q ? (opp_q & (0u - opp_q)) - 1 : kAllPoints;
      return (starts & below) != 0;
    }
    case SixBlock::None:
      return false;
  }
  return false;
}

// Every violation the rules know, as one bit each, so that "created" is computed in one pass.
uint32_t violations(const Rules& r, const Position& p) {
  const Occupancy o = occupancy(p);
  uint32_t v = 0;
  if (illegal_six_block(r, p, o)) v |= 1;
  if (r.fevga_start_quarter && holds_start_quarter(o.mover)) v |= 2;
  if (r.moultezim_opp_quarter_limit > 0 &&
      __builtin_popcount(o.mover & range(7, 12)) > r.moultezim_opp_quarter_limit)
    v |= 4;
  if (r.t31_closure == T31Closure::Illegal && t31_closure(r, p, o)) v |= 8;
  return v;
}

}  // namespace

bool lead_released(const Rules& r, const Position& p) {
  if (p.mover_off) return true;
  return (occupancy(p).mover & range(1, r.lead_threshold)) != 0;
}

bool opp_lead_released(const Rules& r, const Position& p) {
  return opp_released(r, p, occupancy(p).opp);
}

bool has_illegal_six_block(const Rules& r, const Position& p) {
  return illegal_six_block(r, p, occupancy(p));
}

bool creates_violation(const Rules& r, const Position& before, const Position& after) {
  const uint32_t now = violations(r, after);
  return now && (now & ~violations(r, before)) != 0;
}

bool game_over_after_submove(const Rules& r, const Position& p) {
  if (p.mover_off == kCheckers) return true;
  if (r.landing == Landing::Pin) {
    const bool opp_mother_pinned = p.opp_pinned_at(1);
    const bool mover_mother_pinned = p.mover_pinned_at(kPoints);
    const bool mover_on_start = p.at(kPoints) > 0 || mover_mother_pinned;
    if (opp_mother_pinned && (mover_mother_pinned || !mover_on_start)) return true;
  }
  if (r.t31_closure == T31Closure::Win && p.at(19) > 0) {  // cheap filter before the full test
    const Occupancy o = occupancy(p);
    if (t31_closure(r, p, o)) return true;
  }
  return false;
}

// Mover points that some checker could reach this turn: p - (a sum of the dice) for a mover
// checker on p (bit t-1 for point t).
uint32_t reachable_points(uint32_t mover, Dice d) {
  uint32_t steps = 0;  // bit s: a move of s pips is a sum of the dice
  if (d.d1 == d.d2) {
    for (int k = 1; k <= 4; ++k) steps |= 1u << (k * d.d1);
  } else {
    steps = (1u << d.d1) | (1u << d.d2) | (1u << (d.d1 + d.d2));
  }
  uint32_t reach = 0;
  for (uint32_t s = steps; s; s &= s - 1) reach |= mover >> __builtin_ctz(s);
  return reach;
}

bool order_sensitive_rules_may_trigger(const Rules& r, const Position& p, Dice dice) {
  const int submoves = dice.is_double() ? 4 : 2;
  const Occupancy o = occupancy(p);
  if (r.six_block != SixBlock::None && !p.opp_off) {
    if (illegal_six_block(r, p, o)) return true;  // unreachable start: let the full search decide
    const uint32_t mine = in_opponent_numbering(o.mover, p.geometry());
    const uint32_t theirs = in_opponent_numbering(o.opp, p.geometry());
    // Only a run with no opponent checker ahead of it (AheadRule), or none in his home (Home),
    // can be illegal; the opponent does not move during this turn.
    int windows = kPoints - 5;  // runs may start at q = 1 .. windows
    if (r.six_block == SixBlock::AheadRule) windows = theirs ? __builtin_ctz(theirs) - 5 : windows;
    if (r.six_block == SixBlock::Home && (theirs & range(1, 6))) windows = 0;
    for (int i = 0; i < windows; ++i)
      if (__builtin_popcount(mine & (0x3Fu << i)) + submoves >= 6) return true;
  }
  if (r.fevga_start_quarter || r.t31_closure != T31Closure::Ignore) {
    // All of 19..24 held at some moment: every empty one must be reached this turn.
    const uint32_t missing = range(19, 24) & ~o.mover;
    const bool blocked = r.landing == Landing::Block && (missing & o.opp);  // never ours this turn
    if (!blocked && __builtin_popcount(missing) <= submoves &&
        (missing & ~reachable_points(o.mover, dice)) == 0)
      return true;
  }
  if (r.moultezim_opp_quarter_limit > 0 &&
      __builtin_popcount(o.mover & range(7, 12)) + submoves > r.moultezim_opp_quarter_limit)
    return true;
  return false;
}

bool mother_rule_may_end_turn(const Rules& r, const Position& p) {
  if (r.landing != Landing::Pin) return false;
  return (p.at(1) == -1 && !p.pinned_under(1)) || p.opp_pinned_at(1);
}

int apply_unblocking_obligation(const Rules& r, const Position& start, Position* out, Move* moves,
                                int n) {
  if (!r.fevga_unblock || n == 0) return n;
  const Occupancy o = occupancy(start);
  if (!o.opp || (o.opp & (o.opp - 1))) return n;  // opponent checkers on more than one point
  const Geometry g = start.geometry();
  const int s = flip_point(__builtin_ctz(o.opp) + 1, g);
  if (s < 7) return n;
  int prime[6];
  for (int k = 1; k <= 6; ++k) {
    prime[k - 1] = flip_point(s - k, g);
    if (start.at(prime[k - 1]) <= 0) return n;
  }
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    bool opens = false;
    for (int m : prime) opens |= out[i].at(m) <= 0;
    if (!opens) continue;
    out[kept] = out[i];
    if (moves) moves[kept] = moves[i];
    ++kept;
  }
  return kept ? kept : n;
}

}  // namespace nard
