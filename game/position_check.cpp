#include "game/position_check.h"

#include <string>

namespace nard {

namespace {

std::string game_of(const Rules& rules) { return std::string(variant_name(rules.variant)); }

std::string checkers(int n) { return std::to_string(n) + (n == 1 ? " checker" : " checkers"); }

// Side s (0 = x, the side on roll; 1 = o): its checkers on mover point p, on top or pinned.
int on_point(const Position& pos, int s, int p) {
  const int v = pos.at(p);
  const bool pinned = pos.pinned_under(p);
  if (s == 0) return (v > 0 ? v : 0) + (pinned && v < 0 ? 1 : 0);
  return (v < 0 ? -v : 0) + (pinned && v > 0 ? 1 : 0);
}

// Mover point of side s's own point q.
int mover_point(const Position& pos, int s, int q) {
  return s == 0 ? q : flip_point(q, pos.geometry());
}

const char* side_name(int s) { return s == 0 ? "x" : "o"; }

}  // namespace

std::optional<Error> check_position(const Position& pos, const Rules& rules) {
  if (pos.flags >> 27) return make_error("unknown flag bits are set in the position");
  if (pos.geometry() != rules.geometry)
    return make_error(std::string("the position is in ") +
                      (pos.geometry() == Geometry::Parallel ? "parallel" : "contrary") +
                      " movement, but " + game_of(rules) + " is played in " +
                      (rules.geometry == Geometry::Parallel ? "parallel" : "contrary") +
                      " movement");

  // Totals, counting pinned checkers with their own side.
  for (int s = 0; s < 2; ++s) {
    int total = s == 0 ? pos.mover_bar + pos.mover_off : pos.opp_bar + pos.opp_off;
    for (int p = 1; p <= kPoints; ++p) total += on_point(pos, s, p);
    if (total != kCheckers)
      return make_error(std::string(side_name(s)) + " has " + std::to_string(total) +
                        " checkers, not " + std::to_string(kCheckers));
  }

  // Pins.
  for (int p = 1; p <= kPoints; ++p) {
    if (!pos.pinned_under(p)) continue;
    if (rules.landing != Landing::Pin)
      return make_error("a pin on point " + std::to_string(p) + ", but " + game_of(rules) +
                        " has no pins (only plakoto, tapa and mahbusa pin)");
    if (pos.at(p) == 0)
      return make_error("a pin on point " + std::to_string(p) + " with nothing on top");
    // The checker on top landed there, so the point is not its side's own 24-point.
    const int top = pos.at(p) > 0 ? 0 : 1;
    if (p == mover_point(pos, top, kPoints))
      return make_error("a pin on point " + std::to_string(p) + " under " + side_name(top) +
                        "'s checkers, but that is " + side_name(top) +
                        "'s starting point, where his checkers never land");
  }

  // The bar.
  if ((pos.mover_bar || pos.opp_bar) && !rules.hitting()) {
    const int s = pos.mover_bar ? 0 : 1;
    return make_error(std::string(side_name(s)) + " has " +
                      checkers(s == 0 ? pos.mover_bar : pos.opp_bar) + " on the bar, but " +
                      game_of(rules) + " has no hitting (no bar)");
  }

  // Finished sides.
  if (pos.mover_off == kCheckers && pos.opp_off == kCheckers)
    return make_error(
        "both sides have borne off all 15 checkers, but the game ends when the first side does");
  if (!rules.hitting()) {
    for (int s = 0; s < 2; ++s) {
      const int off = s == 0 ? pos.mover_off : pos.opp_off;
      if (off == 0) continue;
      for (int q = 7; q <= kPoints; ++q) {
        const int p = mover_point(pos, s, q);
        if (on_point(pos, s, p) == 0) continue;
        return make_error(std::string(side_name(s)) + " has borne off " + checkers(off) +
                          " but has a checker on point " + std::to_string(p) +
                          ", outside his home; " + game_of(rules) +
                          " has no hitting, so no checker ever leaves home");
      }
    }
  }

  // Long Nardy first turns.
  if (pos.mover_first_turn() || pos.opp_first_turn()) {
    const std::string flag = std::string("first:") + (pos.mover_first_turn() ? "x" : "") +
                             (pos.opp_first_turn() ? "o" : "");
    if (rules.variant != Variant::LongNardy)
      return make_error("first-turn flags (" + flag + "), but " + game_of(rules) +
                        " has no first-turn rule (only longnardy)");
    for (int s = 0; s < 2; ++s) {
      if (!(s == 0 ? pos.mover_first_turn() : pos.opp_first_turn())) continue;
      const int head = mover_point(pos, s, kPoints);
      if (on_point(pos, s, head) != kCheckers)
        return make_error(flag + " says " + side_name(s) +
                          " has not played his first turn, but his 15 checkers are not all on "
                          "his head (point " +
                          std::to_string(head) + ")");
    }
    if (pos.opp_first_turn() && !pos.mover_first_turn())
      return make_error(
          "first:o without first:x: x has played his first turn, so o has played or forfeited "
          "his before x is on roll again");
  }
  return std::nullopt;
}

}  // namespace nard
