// Our position notation (formats/notation.h, docs/notation.md) for the other games: pins, first-turn
// flags, the parallel geometry, round trips through flipped(), and the error messages.
#include <gtest/gtest.h>

#include "formats/notation.h"
#include "game/rules.h"

namespace nard {
namespace {

Position parse(std::string_view text, Geometry g) {
  Result<Position> p = parse_notation(text, g);
  EXPECT_TRUE(p.ok()) << text << ": " << (p.ok() ? "" : p.error().message);
  return p.ok() ? *p : Position{};
}

TEST(VariantNotation, PinsRoundTrip) {
  const Position p = parse("x 24:13 19:1 13:1+; o 1:14", Geometry::Contrary);
  EXPECT_TRUE(p.opp_pinned_at(13));
  EXPECT_EQ(p.at(13), 1);
  EXPECT_EQ(p.opp_on_board(), 15);
  EXPECT_EQ(format_notation(p), "x 24:13 19:1 13:1+; o 1:14");
  // Seen from the other side, the pin is written on the "o" side.
  EXPECT_EQ(format_notation(p.flipped()), "x 24:14; o 12:1+ 6:1 1:13");
  EXPECT_EQ(p.flipped().flipped(), p);
  // The mover's own checker pinned under the opponent.
  const Position q = parse("x 6:5 4:4 3:5; o 20:14 5:1+", Geometry::Contrary);
  EXPECT_TRUE(q.mover_pinned_at(5));
  EXPECT_EQ(q.mover_on_board(), 15);
}

TEST(VariantNotation, ParallelGeometryAndFirstTurns) {
  const Position p = parse("x 24:15; o 12:14 9:1; first:x", Geometry::Parallel);
  EXPECT_EQ(p.geometry(), Geometry::Parallel);
  EXPECT_TRUE(p.mover_first_turn());
  EXPECT_FALSE(p.opp_first_turn());
  // The opponent's 9 (mover 9) is his own 21; flipped, he is "x" with a checker on 21.
  EXPECT_EQ(format_notation(p.flipped()), "x 24:14 21:1; o 12:15; first:o");
  EXPECT_EQ(p.flipped().flipped(), p);
  EXPECT_EQ(format_notation(start_position(*rules_preset("longnardy"))),
            "x 24:15; o 12:15; first:xo");
  // The same text is another board in contrary geometry: "o 12" is his 13-point there.
  EXPECT_NE(parse("x 24:15; o 12:15", Geometry::Contrary),
            parse("x 24:15; o 12:15", Geometry::Parallel));
}

TEST(VariantNotation, Errors) {
  auto error = [](std::string_view text) {
    Result<Position> p = parse_notation(text, Geometry::Contrary);
    EXPECT_FALSE(p.ok()) << text;
    return p.ok() ? std::string() : p.error().message;
  };
  EXPECT_NE(error("x 24:15; o 1:14").find("the opponent has 14 checkers, not 15"),
            std::string::npos);
  EXPECT_NE(error("x 24:14 13:1; o 13:1 1:14").find("point 13"), std::string::npos);
  EXPECT_NE(error("x bar:1+ 24:14; o 1:15").find("'+' (pin) only applies to points"),
            std::string::npos);
  EXPECT_NE(error("x 24:15; o 1:15; first:y").find("first:"), std::string::npos);
  EXPECT_NE(error("x 25:15; o 1:15").find("point must be 1..24"), std::string::npos);
  // A pinned checker counts for its side: "o 1:14" plus the one pinned under x's 10 is 15 ...
  EXPECT_TRUE(parse_notation("x 24:14 10:1+; o 1:14", Geometry::Contrary).ok());
  // ... so "o 1:15" with that pin is 16.
  EXPECT_NE(error("x 24:14 10:1+; o 1:15").find("the opponent has 16 checkers"), std::string::npos);
}

}  // namespace
}  // namespace nard
