// The backgammon-specialised move generator against the general search: the same plays in the
// same order, the same sub-move sequences and the same node counts, on every position of many
// random games with all 21 rolls, and on hand-picked edge cases.
#include "game/movegen/movegen_backgammon.h"

#include <gtest/gtest.h>

#include <string>

#include "bench/movegen_bench.h"
#include "formats/notation.h"
#include "game/movegen/movegen.h"

namespace nard {
namespace {

// Both searches over the same rules, with their play buffers (allocated once: they are large).
struct Pair {
  explicit Pair(const Rules& rules)
      : fast(rules, MoveSearch::Fastest), general(rules, MoveSearch::General) {}
  MoveGenerator fast, general;
  PlayList a, b;

  // Generates every roll of `pos` with both searches and compares them; returns the plays seen.
  int expect_same_plays(const Position& pos, const std::string& what) {
    int total = 0;
    for (const Dice& dice : all_rolls()) {
      a.size = fast.generate(pos, dice, a.positions.get(), a.moves.get());
      b.size = general.generate(pos, dice, b.positions.get(), b.moves.get());
      const std::string where = what + " roll " + dice.str();
      EXPECT_EQ(a.size, b.size) << where;
      EXPECT_EQ(fast.nodes_visited(), general.nodes_visited()) << where;
      if (a.size != b.size) return total;
      for (int i = 0; i < a.size; ++i) {
        EXPECT_EQ(a.positions[size_t(i)], b.positions[size_t(i)]) << where << " play " << i;
        if (a.moves[size_t(i)].count != b.moves[size_t(i)].count ||
            format_move(a.moves[size_t(i)]) != format_move(b.moves[size_t(i)]))
          ADD_FAILURE() << where << " play " << i << ": " << format_move(a.moves[size_t(i)])
                        << " vs " << format_move(b.moves[size_t(i)]);
      }
      total += a.size;
    }
    return total;
  }
};

Position parse(const char* notation) {
  auto p = parse_notation(notation, Geometry::Contrary);
  EXPECT_TRUE(p.ok()) << notation;
  return p.ok() ? *p : Position{};
}

TEST(BackgammonMoveGenerator, AppliesToTheFreeHittingPresetsOnly) {
  EXPECT_TRUE(BackgammonMoveGenerator::applies(*rules_preset("wbf")));
  EXPECT_TRUE(BackgammonMoveGenerator::applies(*rules_preset("arab_tawla")));
  for (const char* preset :
       {"iran", "ru_short", "gr_portes", "tr_tavla", "plakoto", "fevga", "longnardy", "tawla31"})
    EXPECT_FALSE(BackgammonMoveGenerator::applies(*rules_preset(preset))) << preset;
}

TEST(BackgammonMoveGenerator, SamePlaysAsTheGeneralSearchOverRandomGames) {
  for (const char* preset : {"wbf", "arab_tawla"}) {
    const Rules rules = *rules_preset(preset);
    ASSERT_TRUE(BackgammonMoveGenerator::applies(rules));
    const MovegenWorkload w = movegen_workload(rules, 12, 777);
    ASSERT_GT(w.positions.size(), 500u);
    Pair pair(rules);
    int plays = 0;
    for (size_t i = 0; i < w.positions.size() && !HasFailure(); ++i)
      plays += pair.expect_same_plays(w.positions[i],
                                      std::string(preset) + " position " + std::to_string(i));
    EXPECT_GT(plays, 50000) << preset;
  }
}

TEST(BackgammonMoveGenerator, SamePlaysInEdgeCases) {
  const Rules rules = *rules_preset("wbf");
  const char* cases[] = {
      // the opening position
      "x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2",
      // two on the bar against a four-point board with a blot
      "x bar:2 15:2 13:4 8:3 6:4; o 24:1 22:2 21:3 20:2 19:2 12:5",
      // four on the bar against an open board: doubles enter and go on
      "x bar:4 13:4 8:3 6:4; o 24:1 23:1 21:3 20:2 19:2 12:6",
      // bearing off with gaps, larger dice than needed, an opponent blot inside
      "x 6:3 5:2 3:4 2:1 off:5; o bar:1 24:2 20:3 18:4 13:4 4:1",
      // the last checkers: a play that bears off the 15th ends the game at once
      "x 2:1 1:1 off:13; o 24:2 23:13",
      "x 6:2 5:1 off:12; o 24:15",
      // one checker outside: it must come home before any bear-off
      "x 9:1 6:4 5:4 4:3 off:3; o 1:2 24:13",
      // a checker behind a full prime: many rolls play one die or none
      "x 23:2 21:1 8:4 6:5 4:3; o 20:2 19:2 18:3 17:2 16:2 15:2 1:2",
      // hits with both dice and with a double
      "x 24:2 13:5 8:3 6:5; o 22:1 20:1 18:1 16:1 12:5 10:1 9:1 7:1 5:1 3:1 1:1",
  };
  Pair pair(rules);
  for (const char* c : cases) pair.expect_same_plays(parse(c), c);
  // The mover's first-turn flag is cleared in every play, as the general search does.
  Position flagged = backgammon_start();
  flagged.set_mover_first_turn(true);
  flagged.set_opp_first_turn(true);
  pair.expect_same_plays(flagged, "start with first-turn flags");
}

}  // namespace
}  // namespace nard
