// Helpers for the rules tests of the other games (Plakoto, Long Nardy, Fevga, Tawla 31), so a
// test reads like rules.md: a position in our notation, a roll, and the expected plays written
// as moves ("24/18(2)", "19/13* 24/19", "6/off(4)").
//
// Expected moves are applied by a deliberately naive stepper (apply_move_text): it moves the
// checkers it is told to move, pinning a lone opposing checker in pinning games, and checks
// nothing else. The generator's plays are compared with them as sets of final positions, written
// in our notation, so a failure prints both sets readably.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "formats/notation.h"
#include "game/game.h"
#include "game/movegen/movegen.h"
#include "game/movegen/restrictions.h"
#include "game/rules.h"

namespace nard::variant_test {

inline Rules rules_of(std::string_view spec) {
  Result<Rules> r = rules_preset(spec);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Rules{};
}

// A full position (15 checkers a side) in our notation.
inline Position pos_of(const Rules& rules, std::string_view text) {
  Result<Position> p = parse_notation(text, rules.geometry);
  EXPECT_TRUE(p.ok()) << (p.ok() ? "" : p.error().message);
  return p.ok() ? *p : Position{};
}

inline Dice dice_of(std::string_view text) {
  Result<Dice> d = parse_dice(text);
  EXPECT_TRUE(d.ok()) << text;
  return d.ok() ? *d : Dice{1, 1};
}

struct Generated {
  std::vector<Position> finals;  // mover's view, as generated (before the turn passes)
  std::vector<Move> moves;
};

inline Generated generate(const Rules& rules, const Position& pos, std::string_view dice) {
  MoveGenerator gen(rules);
  PlayList list;
  list.size = gen.generate(pos, dice_of(dice), list.positions.get(), list.moves.get());
  Generated g;
  g.finals.assign(list.positions.get(), list.positions.get() + list.size);
  g.moves.assign(list.moves.get(), list.moves.get() + list.size);
  return g;
}

// The legal plays as the set of their final positions in our notation.
inline std::set<std::string> plays(const Rules& rules, const Position& pos, std::string_view dice) {
  std::set<std::string> out;
  for (const Position& p : generate(rules, pos, dice).finals) out.insert(format_notation(p));
  return out;
}

// One generated sub-move sequence per play, for messages: "24/18(2) -> x 24:13 18:2; o 12:15".
inline std::string describe(const Rules& rules, const Position& pos, std::string_view dice) {
  const Generated g = generate(rules, pos, dice);
  std::string s;
  for (size_t i = 0; i < g.finals.size(); ++i)
    s += "  " + format_move(g.moves[i]) + "  ->  " + format_notation(g.finals[i]) + "\n";
  return s.empty() ? "  (no legal play)\n" : s;
}

// Plays a move text on `pos` without any legality check beyond "there is a checker to move and
// the target is not held by two or more opposing checkers". "a/b/c" moves one checker through b;
// "(n)" repeats; "off" bears off; "*" is informational. In a pinning game a lone opposing
// checker at the target gets pinned; leaving the last checker off a pin frees the pinned one.
inline Position apply_move_text(const Rules& rules, Position pos, std::string_view text) {
  auto point = [](std::string_view s) {
    while (!s.empty() && s.back() == '*') s.remove_suffix(1);
    if (s == "off") return 0;
    return std::stoi(std::string(s));
  };
  auto step = [&](int from, int to) {
    if (pos.at(from) <= 0) {
      ADD_FAILURE() << "move '" << text << "': no checker of the side on roll on " << from;
      return;
    }
    pos.set(from, pos.at(from) - 1);
    if (pos.at(from) == 0 && pos.pinned_under(from)) {
      pos.set(from, -1);
      pos.set_pin(from, false);
    }
    if (to <= 0) {
      ++pos.mover_off;
      return;
    }
    const int v = pos.at(to);
    if (v < -1 || (v == -1 && (pos.pinned_under(to) || rules.landing != Landing::Pin))) {
      ADD_FAILURE() << "move '" << text << "': point " << to << " is held by the opponent";
      return;
    }
    if (v == -1) {
      pos.set(to, 1);
      pos.set_pin(to, true);
    } else {
      pos.set(to, v + 1);
    }
  };
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j == i) break;
    std::string_view chain = text.substr(i, j - i);
    i = j;
    int times = 1;
    if (const size_t paren = chain.find('('); paren != std::string_view::npos) {
      times = std::stoi(std::string(chain.substr(paren + 1)));
      chain = chain.substr(0, paren);
    }
    std::vector<int> pts;
    size_t a = 0;
    while (a <= chain.size()) {
      const size_t slash = chain.find('/', a);
      const size_t b = slash == std::string_view::npos ? chain.size() : slash;
      pts.push_back(point(chain.substr(a, b - a)));
      a = b + 1;
    }
    for (int t = 0; t < times; ++t)
      for (size_t k = 0; k + 1 < pts.size(); ++k) step(pts[k], pts[k + 1]);
  }
  pos.set_mover_first_turn(false);  // what the generator records: the turn has been played
  return pos;
}

// The final positions of the given move texts, in our notation.
inline std::set<std::string> after(const Rules& rules, const Position& pos,
                                   std::initializer_list<std::string_view> moves) {
  std::set<std::string> out;
  for (std::string_view m : moves) out.insert(format_notation(apply_move_text(rules, pos, m)));
  return out;
}

inline std::string after_one(const Rules& rules, const Position& pos, std::string_view move) {
  return format_notation(apply_move_text(rules, pos, move));
}

// Asserts that exactly `moves` are the legal plays (as final positions).
#define EXPECT_PLAYS(rules, pos, dice, ...)                       \
  EXPECT_EQ(::nard::variant_test::plays(rules, pos, dice),        \
            ::nard::variant_test::after(rules, pos, __VA_ARGS__)) \
      << "generated plays of " << (dice) << ":\n"                 \
      << ::nard::variant_test::describe(rules, pos, dice)

inline bool is_play(const Rules& rules, const Position& pos, std::string_view dice,
                    std::string_view move) {
  return plays(rules, pos, dice).count(after_one(rules, pos, move)) > 0;
}

#define EXPECT_LEGAL(rules, pos, dice, move)                                  \
  EXPECT_TRUE(::nard::variant_test::is_play(rules, pos, dice, move))          \
      << (move) << " should be legal; generated plays of " << (dice) << ":\n" \
      << ::nard::variant_test::describe(rules, pos, dice)
#define EXPECT_ILLEGAL(rules, pos, dice, move)                                  \
  EXPECT_FALSE(::nard::variant_test::is_play(rules, pos, dice, move))           \
      << (move) << " should be illegal; generated plays of " << (dice) << ":\n" \
      << ::nard::variant_test::describe(rules, pos, dice)

// The result of playing `move` (the side that played is the winner when mover_wins).
inline GameResult result_after(const Rules& rules, const Position& pos, std::string_view move) {
  return game_result(rules, apply_move_text(rules, pos, move));
}

}  // namespace nard::variant_test
