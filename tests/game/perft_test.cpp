// Perft counts for standard backgammon (rules preset "wbf"), frozen (style P2).
//
// How the numbers were checked: every count below was computed independently by GNU Backgammon
// 1.07.001 (Debian package) through tests/gnubg/movegen_oracle.py, which lists gnubg's legal
// plays for each roll with gnubg.hint() at 0-ply:
//   depth 1 and the per-roll counts: the crosscheck run (also re-checked live on every run of
//     tests/game/gnubg_crosscheck_test.cpp when gnubg is installed);
//   depth 2: NARD_ORACLE_MODE=perft2 NARD_ORACLE_OUT=out.txt gnubg -t -q -r -p
//     tests/gnubg/movegen_oracle.py  (18,753 hint calls, ~5 min), which printed
//     opening 202782, bearoff 20878, bar 9137, blocked 228719.
// Our engine gave the same numbers before they were written here.
//
// Perft conventions (game/movegen/perft.h): rolls unweighted, one count per distinct play, a forfeited
// roll passes the turn (0 at depth 1), a finished game is a leaf.
#include "game/movegen/perft.h"

#include <gtest/gtest.h>

#include <array>
#include <string>

#include "formats/gnubg_id.h"
#include "formats/notation.h"

namespace nard {
namespace {

struct PerftCase {
  const char* name;
  const char* notation;        // mover ("x") on roll, both sides in mover coordinates
  const char* gnubg_id;        // the same position as gnubg's Position ID
  std::array<int, 21> divide;  // depth-1 counts per roll, in all_rolls() order 11 21 22 31 ...
  uint64_t depth1, depth2;
};

const PerftCase kCases[] = {
    {"opening",
     "x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2",
     "4HPwATDgc/ABMA",
     {42, 15, 75, 16, 17, 73, 14, 18, 17, 52, 8, 8, 9, 9, 4, 10, 14, 14, 14, 7, 11},
     447,
     202782},
    // bear-off with gaps against an opponent blot on 4 and a checker of his on the bar
    {"bearoff",
     "x 6:3 5:2 3:4 2:1 off:5; o bar:1 24:2 20:3 18:4 13:4 4:1",
     "w3nwAEJ6dgAAAA",
     {41, 17, 31, 12, 12, 11, 9, 9, 6, 2, 8, 8, 6, 4, 2, 4, 4, 3, 2, 2, 1},
     194,
     20878},
    // two on the bar against a four-point board with a blot on 24: many rolls are forfeited
    {"bar",
     "x bar:2 15:2 13:4 8:3 6:4; o 24:1 22:2 21:3 20:2 19:2 12:5",
     "2W3ABwDgOXgGYA",
     {13, 1, 12, 1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0},
     34,
     9137},
    // three checkers behind a full six-point prime 15..20
    {"blocked",
     "x 23:2 21:1 8:4 6:5 4:3; o 20:2 19:2 18:3 17:2 16:2 15:2 1:2",
     "sN02ADA4nwcAGQ",
     {79, 16, 30, 10, 8, 9, 8, 7, 4, 5, 5, 4, 2, 2, 1, 4, 4, 2, 2, 1, 1},
     204,
     228719},
};

Position position_of(const PerftCase& c) {
  auto pos = parse_notation(c.notation, Geometry::Contrary);
  EXPECT_TRUE(pos.ok()) << c.name << ": " << (pos.ok() ? "" : pos.error().message);
  return pos.ok() ? *pos : Position{};
}

TEST(Perft, FixedPositionsAreGnubgPositions) {
  for (const PerftCase& c : kCases) {
    const Position pos = position_of(c);
    EXPECT_EQ(encode_position_id(pos), c.gnubg_id) << c.name;
  }
}

TEST(Perft, DivideMatchesGnubg) {
  const Rules rules = *rules_preset("wbf");
  for (const PerftCase& c : kCases)
    EXPECT_EQ(perft_divide(rules, position_of(c)), c.divide) << c.name;
}

TEST(Perft, DepthOneMatchesGnubg) {
  const Rules rules = *rules_preset("wbf");
  for (const PerftCase& c : kCases) EXPECT_EQ(perft(rules, position_of(c), 1), c.depth1) << c.name;
}

TEST(Perft, DepthTwoMatchesGnubg) {
  const Rules rules = *rules_preset("wbf");
  for (const PerftCase& c : kCases) EXPECT_EQ(perft(rules, position_of(c), 2), c.depth2) << c.name;
}

TEST(Perft, DepthZeroIsOne) { EXPECT_EQ(perft(*rules_preset("wbf"), backgammon_start(), 0), 1u); }

}  // namespace
}  // namespace nard
