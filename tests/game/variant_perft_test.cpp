// Perft for the other games (game/movegen/perft.h): distinct resulting positions over all 21 rolls,
// from the starting positions (depth 1 to 3) and from a few rules.md positions (depth 1 and 2).
//
// How the frozen numbers were checked before freezing them:
//  * depth 1 from the starting positions by hand (see each test's comment);
//  * every count here equals the perft of the independent generator in
//    tests/support/variant_reference.h, which this test recomputes (so a change in either shows),
//    including depth 3 from the starting positions.
#include <gtest/gtest.h>

#include "formats/notation.h"
#include "game/game.h"
#include "game/movegen/perft.h"
#include "tests/support/variant_reference.h"

namespace nard {
namespace {

// The perft of the reference generator, with the same conventions as game/movegen/perft.h: a forfeited
// roll passes the turn (first-turn flag cleared), a finished game is a leaf.
uint64_t reference_perft(const Rules& rules, reference::Generator& ref, const Position& pos,
                         int depth) {
  uint64_t total = 0;
  for (const Dice& d : all_rolls()) {
    const std::vector<Position> plays = ref.plays(pos, d.d1, d.d2);
    if (depth == 1) {
      total += plays.size();
      continue;
    }
    if (plays.empty()) {
      Position passed = pos;
      passed.set_mover_first_turn(false);
      total += reference_perft(rules, ref, passed.flipped(), depth - 1);
      continue;
    }
    for (const Position& p : plays)
      total +=
          game_result(rules, p).over() ? 1 : reference_perft(rules, ref, p.flipped(), depth - 1);
  }
  return total;
}

struct Case {
  const char* rules;
  const char* position;  // empty: the game's starting position
  int depth;
  uint64_t count;
};

void check(const Case& c) {
  SCOPED_TRACE(std::string(c.rules) + " '" + c.position + "' depth " + std::to_string(c.depth));
  const Rules rules = *rules_preset(c.rules);
  const Position pos =
      *c.position ? *parse_notation(c.position, rules.geometry) : start_position(rules);
  EXPECT_EQ(perft(rules, pos, c.depth), c.count);
  reference::Generator ref(rules);
  EXPECT_EQ(reference_perft(rules, ref, pos, c.depth), c.count);
}

// Plakoto start: each non-double is 24/a 24/b or 24/(a+b): 15 x 2 = 30. Each double is the
// 5 ways to split four steps among checkers ({4},{3,1},{2,2},{2,1,1},{1,1,1,1}), except 6-6
// where one checker cannot run 24 pips: 5 x 5 + 4 = 29. Total 59.
TEST(VariantPerft, PlakotoStart) {
  check({"plakoto", "", 1, 59});
  check({"plakoto", "", 2, 3474});
  check({"plakoto", "", 3, 708402});
}

// Fevga start: one runner plays both dice: 15 non-doubles; doubles 1-1 24/20, 2-2 24/16,
// 3-3 24/15, 4-4 24/16, 6-6 24/18 and 5-5 two plays (FV-2): 7. Total 22.
TEST(VariantPerft, FevgaStart) {
  check({"fevga", "", 1, 22});
  check({"fevga", "", 2, 478});
  check({"fevga", "", 3, 21527});
}

// Long Nardy start: 15 non-doubles (one checker from the head); doubles 1-1, 2-2, 4-4, 5-5, 6-6
// one play each and 3-3 two (LN-1..LN-4): 7. Total 22.
TEST(VariantPerft, LongNardyStart) {
  check({"longnardy", "", 1, 22});
  check({"longnardy", "", 2, 484});
  check({"longnardy", "", 3, 35387});
}

// Tawla 31 start: 15 non-doubles (the lead checker plays both); doubles 1-1..5-5 one play each
// (24/20, 24/16, 24/12, 24/8, 24/4) and 6-6 one (T31-1): 6. Total 21.
TEST(VariantPerft, Tawla31Start) {
  check({"tawla31", "", 1, 21});
  check({"tawla31", "", 2, 439});
  check({"tawla31", "", 3, 15140});
}

// Positions from rules.md (and non-default settings), depth 1 and 2.
TEST(VariantPerft, FixedPositions) {
  const char* pl1 = "x 24:14 19:1; o 13:1 1:14";
  const char* pl4 = "x 24:1 6:13 4:1; o 21:2 20:10 19:2 1:1";
  const char* pl5 = "x 6:5 4:4 3:5; o 20:14 5:1+";
  const char* ln5 = "x 24:15; o 12:14 9:1; first:x";
  const char* ln7 = "x 24:9 22:1 20:1 19:1 18:1 17:1 16:1; o 12:15";
  const char* fv5 = "x 24:9 23:1 22:1 21:1 20:1 5:2; o 15:5 14:10";
  const char* fv6 = "x 24:8 21:1 20:1 19:1 18:1 17:1 16:1 5:1; o 22:15";
  const char* t31 = "x 24:5 23:2 22:2 21:2 20:3 3:1; o 15:1 1:14";
  for (const Case& c : std::initializer_list<Case>{
           {"plakoto", pl1, 1, 133},
           {"plakoto", pl1, 2, 16468},
           {"plakoto", pl4, 1, 83},
           {"plakoto", pl4, 2, 15841},
           {"plakoto", pl5, 1, 71},
           {"plakoto", pl5, 2, 4792},
           {"plakoto,pinned_blocks_bearoff=false", pl5, 2, 7640},
           {"longnardy", ln5, 1, 22},
           {"longnardy", ln5, 2, 1560},
           {"longnardy,head_exception=general", ln5, 2, 1560},
           {"longnardy", ln7, 1, 1072},
           {"longnardy", ln7, 2, 22091},
           {"longnardy,block_check=end_of_turn", ln7, 2, 22153},
           {"fevga", fv5, 1, 770},
           {"fevga", fv5, 2, 33121},
           {"fevga", fv6, 1, 1842},
           {"fevga", fv6, 2, 21069},
           {"fevga,runner_threshold=12", "", 2, 478},
           {"moultezim", "", 2, 478},
           {"tawla31", t31, 1, 933},
           {"tawla31", t31, 2, 11959},
           {"tawla31,t31_closure=illegal", t31, 2, 11695},
           {"tawla31,t31_geometry=parallel", "", 2, 478},
       })
    check(c);
}

}  // namespace
}  // namespace nard
