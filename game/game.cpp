#include "game/game.h"

#include <memory>

#include "game/movegen/movegen.h"
#include "game/movegen/restrictions.h"

namespace nard {

namespace {

// The loser is the opponent of the side the position is seen from; his checkers not borne off
// (no game that counts them has a bar).
int loser_on_board(const Position& p) { return kCheckers - p.opp_off; }
// The winner is the side the position is seen from.
int winner_on_board(const Position& p) { return kCheckers - p.mover_off; }

bool loser_in_winner_home(const Position& p) {  // opponent checkers on mover points 1..6
  for (int m = 1; m <= 6; ++m)
    if (p.at(m) < 0 || p.opp_pinned_at(m)) return true;
  return false;
}

// Number of opponent checkers on the opponent's own points lo..hi.
int loser_on_own(const Position& p, int lo, int hi) {
  int n = 0;
  const Geometry g = p.geometry();
  for (int q = lo; q <= hi; ++q) {
    const int m = flip_point(q, g);
    n += p.opp_count(m) + (p.opp_pinned_at(m) ? 1 : 0);
  }
  return n;
}

GameResult bear_off_win(const Rules& r, const Position& p) {
  GameResult res;
  res.mover_wins = true;
  if (r.counts_checkers_left()) {
    res.outcome = Outcome::Single;
    res.points = loser_on_board(p);
    return res;
  }
  if (p.opp_off > 0 || r.gammon_value <= 1) {
    res.outcome = Outcome::Single;
    res.points = 1;
    return res;
  }
  res.outcome = Outcome::Gammon;
  res.points = r.gammon_value;
  bool triple = false;
  if (r.variant == Variant::LongNardy) {
    switch (r.ln_triple) {
      case LnTriple::None:
        break;
      case LnTriple::HomeMars:
        triple = loser_on_own(p, 1, 6) == kCheckers;
        break;
      case LnTriple::KoksFirstQuarter:
        triple = loser_on_own(p, 19, 24) > 0;
        break;
      case LnTriple::KoksNoneHome:
        triple = loser_on_own(p, 1, 6) == 0;
        break;
    }
    if (triple) res.points = 3;
  } else if (r.has_backgammons()) {
    triple = (r.backgammon_counts_bar && p.opp_bar > 0) || loser_in_winner_home(p);
    if (triple) res.points = r.backgammon_value;
  }
  if (triple) res.outcome = Outcome::Backgammon;
  return res;
}

}  // namespace

GameResult game_result(const Rules& r, const Position& p) {
  if (p.mover_off == kCheckers) return bear_off_win(r, p);
  if (r.landing == Landing::Pin) {
    const bool opp_mother_pinned = p.opp_pinned_at(1);
    const bool mover_mother_pinned = p.mover_pinned_at(kPoints);
    const bool mover_on_start = p.at(kPoints) > 0 || mover_mother_pinned;
    const bool opp_on_start = p.at(1) < 0 || opp_mother_pinned;
    const bool count = r.counts_checkers_left();
    if (opp_mother_pinned && mover_mother_pinned) return {Outcome::Draw, false, 0};
    if (opp_mother_pinned && !mover_on_start)
      return {Outcome::MotherPin, true, count ? loser_on_board(p) : r.mother_pin_points};
    if (mover_mother_pinned && !opp_on_start)
      return {Outcome::MotherPin, false, count ? winner_on_board(p) : r.mother_pin_points};
  }
  if (r.t31_closure == T31Closure::Win && game_over_after_submove(r, p) && p.mover_off < kCheckers)
    return {Outcome::Closure, true, loser_on_board(p)};
  return {};
}

bool is_deadlocked(MoveGenerator& gen, Position* buffer, const Position& pos) {
  if (gen.rules().landing != Landing::Pin) return false;
  for (const Position& side : {pos, pos.flipped()})
    for (uint8_t d = 1; d <= 6; ++d)
      if (gen.generate(side, Dice{d, d}, buffer) > 0) return false;
  return true;
}

bool is_deadlocked(const Rules& rules, const Position& pos) {
  if (rules.landing != Landing::Pin) return false;
  MoveGenerator gen(rules);
  ZeroedArray<Position> buffer = make_zeroed_array<Position>(kMaxPlays);  // pages as touched
  return is_deadlocked(gen, buffer.get(), pos);
}

std::string outcome_name(Outcome o, const Rules& r) {
  const bool russian = r.preset.rfind("ru_short", 0) == 0 || r.variant == Variant::LongNardy;
  const bool persian = r.preset.rfind("iran", 0) == 0;
  switch (o) {
    case Outcome::None:
      return "none";
    case Outcome::Single:
      return russian ? "oin" : "single game";
    case Outcome::Gammon:
      return russian || persian ? "mars" : "gammon";
    case Outcome::Backgammon:
      return russian ? "koks" : persian ? "black mars" : "backgammon";
    case Outcome::MotherPin:
      return "mother pin";
    case Outcome::Closure:
      return "closure";
    case Outcome::Draw:
      return "draw";
  }
  return "?";
}

}  // namespace nard
