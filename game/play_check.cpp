#include "game/play_check.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace nard {

namespace {

std::string point_name(int p) { return p == kBar ? "bar" : p == kOff ? "off" : std::to_string(p); }

std::string submove_name(const SubMove& s) {
  return point_name(s.from) + "/" + point_name(s.to) + (s.hit ? "*" : "");
}

// The dice of a roll as single steps: four for a double, else two.
struct DicePool {
  int die[4] = {0, 0, 0, 0};
  int count = 0;
  explicit DicePool(Dice d) {
    if (d.is_double()) {
      for (int& x : die) x = d.d1;
      count = 4;
    } else {
      die[0] = std::max(d.d1, d.d2);
      die[1] = std::min(d.d1, d.d2);
      count = 2;
    }
  }
  // Takes a die of exactly `pips`, or (when larger_ok) the smallest larger one;
  // 0 if none.
  int take(int pips, bool larger_ok) {
    int best = -1;
    for (int i = 0; i < count; ++i) {
      if (die[i] == pips) {
        best = i;
        break;
      }
      if (larger_ok && die[i] > pips && (best < 0 || die[i] < die[best])) best = i;
    }
    if (best < 0) return 0;
    const int d = die[best];
    die[best] = die[--count];
    return d;
  }
};

bool all_home(const Position& p) {
  if (p.mover_bar) return false;
  for (int q = 7; q <= kPoints; ++q)
    if (p.at(q) > 0 || p.mover_pinned_at(q)) return false;
  return true;
}

bool any_pinned_mover(const Position& p) {
  for (int q = 1; q <= kPoints; ++q)
    if (p.mover_pinned_at(q)) return true;
  return false;
}

// Plays one sub-move on `cur`; an error names what the rules of movement
// forbid.
std::optional<Error> play_submove(const Rules& rules, Position& cur, const SubMove& s,
                                  DicePool& dice) {
  const int from = s.from, to = s.to;
  if (from < 1 || from > kBar || to < kOff || to > kPoints || to >= from)
    return make_error("sub-move " + submove_name(s) + " is out of range");
  // The source.
  if (from == kBar) {
    if (cur.mover_bar == 0)
      return make_error("sub-move " + submove_name(s) + ": no checker on the bar");
  } else {
    if (cur.at(from) <= 0)
      return make_error("sub-move " + submove_name(s) + ": no movable checker on " +
                        point_name(from));
    if (cur.mover_bar > 0)
      return make_error("sub-move " + submove_name(s) + " while a checker is on the bar");
  }
  // The die.
  const int pips = from - to;
  if (to == kOff) {
    if (!all_home(cur))
      return make_error("sub-move " + submove_name(s) + ": bears off with a checker outside home");
    if (rules.landing == Landing::Pin && rules.pinned_blocks_bearoff && any_pinned_mover(cur))
      return make_error("sub-move " + submove_name(s) + ": bears off while a checker is pinned");
    bool higher = false;
    for (int q = from + 1; q <= 6; ++q) higher = higher || cur.at(q) > 0 || cur.mover_pinned_at(q);
    if (dice.take(pips, !higher) == 0)
      return make_error("sub-move " + submove_name(s) + ": no die left to bear off from " +
                        point_name(from));
  } else if (dice.take(pips, false) == 0) {
    return make_error("sub-move " + submove_name(s) + ": no die of " + std::to_string(pips) +
                      " left");
  }
  // The landing.
  bool hit = false;
  if (to != kOff) {
    const int occ = cur.at(to);
    if (occ < -1) return make_error("sub-move " + submove_name(s) + ": lands on a made point");
    if (occ == -1) {
      if (rules.landing == Landing::Block)
        return make_error("sub-move " + submove_name(s) +
                          ": lands on a lone checker in a game where it blocks");
      if (cur.pinned_under(to))
        return make_error("sub-move " + submove_name(s) +
                          ": lands on a point holding a pinned checker of its own");
      hit = true;
    }
  }
  if (hit != s.hit)
    return make_error("sub-move " + submove_name(s) +
                      (hit ? ": hits but is not marked" : ": is marked as a hit but hits nothing"));
  // Leave the source (the last checker on top of a pin frees the pinned one).
  if (from == kBar) {
    --cur.mover_bar;
  } else {
    cur.set(from, cur.at(from) - 1);
    if (cur.at(from) == 0 && cur.pinned_under(from)) {
      cur.set(from, -1);
      cur.set_pin(from, false);
    }
  }
  // Land.
  if (to == kOff) {
    ++cur.mover_off;
  } else if (hit) {
    if (rules.landing == Landing::Hit)
      ++cur.opp_bar;
    else
      cur.set_pin(to, true);
    cur.set(to, 1);
  } else {
    cur.set(to, cur.at(to) + 1);
  }
  return std::nullopt;
}

std::string play_label(int index, const Move* move) {
  std::string s = "play " + std::to_string(index);
  if (move) s += " (" + format_move(*move) + ")";
  return s;
}

}  // namespace

std::optional<Error> check_play_moves(const Rules& rules, const Position& before, Dice dice,
                                      const Move& move, const Position& after) {
  const int most = dice.is_double() ? 4 : 2;
  if (move.count < 1 || move.count > most)
    return make_error(std::to_string(move.count) + " sub-moves for the roll " + dice.str());
  Position cur = before;
  DicePool pool(dice);
  for (int i = 0; i < move.count; ++i)
    if (auto e = play_submove(rules, cur, move.sub[size_t(i)], pool)) return e;
  cur.set_mover_first_turn(false);
  if (cur != after) return make_error("the sub-moves do not lead to the position written");
  return std::nullopt;
}

std::optional<Error> check_plays(const Rules& rules, const Position& before, Dice dice,
                                 std::span<const Position> plays, std::span<const Move> moves) {
  if (!moves.empty() && moves.size() != plays.size())
    return make_error("the plays and their sub-moves differ in number");
  const int dice_pips = dice.is_double() ? 4 * dice.d1 : dice.d1 + dice.d2;
  const Geometry g = before.geometry();
  for (size_t i = 0; i < plays.size(); ++i) {
    const Position& a = plays[i];
    const Move* m = moves.empty() ? nullptr : &moves[i];
    auto label = [&] { return play_label(int(i), m); };  // built only for a message
    std::string why;
    if (!a.is_consistent(&why)) return make_error(label() + ": inconsistent position: " + why);
    if (a.geometry() != g) return make_error(label() + ": the geometry changed");
    if (a.opp_off != before.opp_off)
      return make_error(label() + ": the opponent's borne-off count changed");
    if (a.opp_first_turn() != before.opp_first_turn())
      return make_error(label() + ": the opponent's first-turn flag changed");
    if (a.mover_first_turn())
      return make_error(label() + ": the mover's first-turn flag is still set");
    if (a.mover_off < before.mover_off)
      return make_error(label() + ": checkers came back from off");
    const int fell = before.mover_pips() - a.mover_pips();
    if (fell <= 0 || fell > dice_pips)
      return make_error(label() + ": the mover's pip count fell by " + std::to_string(fell) +
                        " with the roll " + dice.str());
    const int rose = a.opp_pips() - before.opp_pips();
    int hit_pips = 0;
    if (m)
      for (int k = 0; k < m->count; ++k)
        if (m->sub[size_t(k)].hit && rules.landing == Landing::Hit)
          hit_pips += kBar - flip_point(m->sub[size_t(k)].to, g);
    if (rose < 0 || (!rules.hitting() && rose != 0) || (m && rose != hit_pips))
      return make_error(label() + ": the opponent's pip count rose by " + std::to_string(rose) +
                        (m ? " (hits: " + std::to_string(hit_pips) + ")" : std::string()));
    if (m)
      if (auto e = check_play_moves(rules, before, dice, *m, a))
        return make_error(label() + ": " + e->message);
  }
  // Distinct: sort the positions' bytes.
  std::vector<const Position*> order(plays.size());
  for (size_t i = 0; i < plays.size(); ++i) order[i] = &plays[i];
  std::sort(order.begin(), order.end(), [](const Position* x, const Position* y) {
    return std::memcmp(x, y, sizeof(Position)) < 0;
  });
  for (size_t i = 1; i < order.size(); ++i)
    if (*order[i] == *order[i - 1])
      return make_error("plays " + std::to_string(order[i - 1] - plays.data()) + " and " +
                        std::to_string(order[i] - plays.data()) + " are the same position");
  return std::nullopt;
}

}  // namespace nard
