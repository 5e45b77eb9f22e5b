#include "game/position.h"

namespace nard {

int Position::mover_on_board() const {
  int n = 0;
  for (int p = 1; p <= kPoints; ++p) {
    n += mover_count(p);
    if (mover_pinned_at(p)) ++n;
  }
  return n;
}

int Position::opp_on_board() const {
  int n = 0;
  for (int p = 1; p <= kPoints; ++p) {
    n += opp_count(p);
    if (opp_pinned_at(p)) ++n;
  }
  return n;
}

int Position::mover_pips() const {
  int pips = kBar * mover_bar;
  for (int p = 1; p <= kPoints; ++p) {
    pips += p * mover_count(p);
    if (mover_pinned_at(p)) pips += p;
  }
  return pips;
}

int Position::opp_pips() const {
  const Geometry g = geometry();
  int pips = kBar * opp_bar;
  for (int p = 1; p <= kPoints; ++p) {
    const int q = flip_point(p, g);
    pips += q * opp_count(p);
    if (opp_pinned_at(p)) pips += q;
  }
  return pips;
}

int Position::mover_highest() const {
  if (mover_bar) return kBar;
  for (int p = kPoints; p >= 1; --p)
    if (board[p - 1] > 0) return p;
  return 0;
}

bool Position::is_race() const {
  if (geometry() != Geometry::Contrary) return false;
  if (mover_bar || opp_bar || pins()) return false;
  // Contact remains while some mover checker is on a higher point than some opponent checker.
  int highest_mover = 0, lowest_opp_from_top = 25;
  for (int p = 1; p <= kPoints; ++p) {
    if (board[p - 1] > 0) highest_mover = p;
    if (board[p - 1] < 0 && lowest_opp_from_top == 25) lowest_opp_from_top = p;
  }
  return highest_mover < lowest_opp_from_top;
}

Position Position::flipped() const {
  Position r;
  const Geometry g = geometry();
  for (int p = 1; p <= kPoints; ++p) {
    const int q = flip_point(p, g);
    r.board[q - 1] = static_cast<int8_t>(-board[p - 1]);
    if (pinned_under(p)) r.flags |= 1u << (q - 1);
  }
  r.mover_bar = opp_bar;
  r.opp_bar = mover_bar;
  r.mover_off = opp_off;
  r.opp_off = mover_off;
  r.set_geometry(g);
  r.set_mover_first_turn(opp_first_turn());
  r.set_opp_first_turn(mover_first_turn());
  return r;
}

bool Position::is_consistent(std::string* why) const {
  auto fail = [&](const std::string& s) {
    if (why) *why = s;
    return false;
  };
  if (flags >> 27) return fail("unknown flag bits set");
  // One pass: count both sides, pinned checkers with the colour opposite to the top.
  int m = mover_bar + mover_off, o = opp_bar + opp_off;
  for (int p = 1; p <= kPoints; ++p) {
    const int v = board[p - 1];
    const bool pin = (flags >> (p - 1)) & 1u;
    if (v > 0) {
      m += v;
      o += pin;
    } else if (v < 0) {
      o -= v;
      m += pin;
    } else if (pin) {
      return fail("pin on point " + std::to_string(p) + " with nothing on top");
    }
  }
  if (m != kCheckers)
    return fail("the side on roll has " + std::to_string(m) + " checkers, not 15");
  if (o != kCheckers) return fail("the opponent has " + std::to_string(o) + " checkers, not 15");
  return true;
}

Position backgammon_start() {
  Position p;
  p.set(24, 2);
  p.set(13, 5);
  p.set(8, 3);
  p.set(6, 5);
  p.set(1, -2);
  p.set(12, -5);
  p.set(17, -3);
  p.set(19, -5);
  return p;
}

Position plakoto_start() {
  Position p;
  p.set(24, 15);
  p.set(1, -15);
  return p;
}

Position parallel_start() {
  Position p;
  p.set(24, 15);
  p.set(12, -15);
  p.set_geometry(Geometry::Parallel);
  return p;
}

Position tawla31_start() { return plakoto_start(); }

}  // namespace nard
