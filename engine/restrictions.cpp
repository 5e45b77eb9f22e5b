#include "engine/restrictions.h"

namespace nard {

namespace {

bool holds_all(const Position& p, int lo, int hi) {
  for (int q = lo; q <= hi; ++q)
    if (p.at(q) <= 0) return false;
  return true;
}

int points_held(const Position& p, int lo, int hi) {
  int n = 0;
  for (int q = lo; q <= hi; ++q) n += p.at(q) > 0;
  return n;
}

bool t31_closure(const Rules& r, const Position& p) {
  return holds_all(p, 19, 24) && !opp_lead_released(r, p);
}

}  // namespace

bool lead_released(const Rules& r, const Position& p) {
  if (p.mover_off) return true;
  for (int q = 1; q <= r.lead_threshold; ++q)
    if (p.at(q) > 0) return true;
  return false;
}

bool opp_lead_released(const Rules& r, const Position& p) {
  if (p.opp_off) return true;
  const Geometry g = p.geometry();
  for (int q = 1; q <= r.lead_threshold; ++q)
    if (p.at(flip_point(q, g)) < 0) return true;
  return false;
}

bool has_illegal_six_block(const Rules& r, const Position& p) {
  if (r.six_block == SixBlock::None) return false;
  const Geometry g = p.geometry();
  uint32_t held = 0;  // bit q: the mover holds the opponent's point q
  int lowest_opp = 25;
  bool opp_in_home = p.opp_off > 0;
  for (int m = 1; m <= kPoints; ++m) {
    const int q = flip_point(m, g);
    if (p.at(m) > 0) held |= 1u << q;
    if (p.at(m) < 0) {
      if (q < lowest_opp) lowest_opp = q;
      if (q <= 6) opp_in_home = true;
    }
  }
  // maximal runs of consecutive q in 1..24
  for (int q = 1; q <= kPoints;) {
    if (!((held >> q) & 1u)) { ++q; continue; }
    const int lo = q;
    while (q <= kPoints && ((held >> q) & 1u)) ++q;
    const int hi = q - 1;
    if (hi - lo + 1 < 6) continue;
    switch (r.six_block) {
      case SixBlock::Forbid: return true;
      case SixBlock::Home: if (!opp_in_home) return true; break;
      case SixBlock::AheadRule: if (p.opp_off == 0 && lowest_opp > hi) return true; break;
      case SixBlock::None: break;
    }
  }
  return false;
}

bool creates_violation(const Rules& r, const Position& before, const Position& after) {
  if (r.six_block != SixBlock::None && has_illegal_six_block(r, after) &&
      !has_illegal_six_block(r, before))
    return true;
  if (r.fevga_start_quarter && holds_all(after, 19, 24) && !holds_all(before, 19, 24)) return true;
  if (r.moultezim_opp_quarter_limit > 0) {
    const int limit = r.moultezim_opp_quarter_limit;
    if (points_held(after, 7, 12) > limit && points_held(before, 7, 12) <= limit) return true;
  }
  if (r.t31_closure == T31Closure::Illegal && t31_closure(r, after) && !t31_closure(r, before))
    return true;
  return false;
}

bool game_over_after_submove(const Rules& r, const Position& p) {
  if (p.mover_off == kCheckers) return true;
  if (r.landing == Landing::Pin) {
    const bool opp_mother_pinned = p.opp_pinned_at(1);
    const bool mover_mother_pinned = p.mover_pinned_at(kPoints);
    const bool mover_on_start = p.at(kPoints) > 0 || mover_mother_pinned;
    if (opp_mother_pinned && (mover_mother_pinned || !mover_on_start)) return true;
  }
  if (r.t31_closure == T31Closure::Win && t31_closure(r, p)) return true;
  return false;
}

int apply_unblocking_obligation(const Rules& r, const Position& start, Position* out, Move* moves,
                                int n) {
  if (!r.fevga_unblock || n == 0) return n;
  int opp_point = 0;
  for (int m = 1; m <= kPoints; ++m) {
    if (start.at(m) >= 0) continue;
    if (opp_point) return n;  // opponent checkers on more than one point: no obligation
    opp_point = m;
  }
  if (!opp_point) return n;
  const Geometry g = start.geometry();
  const int s = flip_point(opp_point, g);
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
