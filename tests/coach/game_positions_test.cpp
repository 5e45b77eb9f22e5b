// The positions of saved games (coach/game_positions.h): one before every roll but the opening,
// none after a game's last play, repeats left out on request, a record of another game refused.
#include "coach/game_positions.h"

#include <gtest/gtest.h>

#include <string>

#include "formats/match_text.h"
#include "game/game.h"
#include "tests/support/temp_files.h"

namespace nard {
namespace {

MatchRecord fixture_record(const std::string& name) {
  Result<MatchRecord> r = read_match_text(
      testing_support::slurp_file(std::string(NARD_SOURCE_DIR) + "/tests/data/matches/" + name));
  EXPECT_TRUE(r) << r.error().message;
  return r ? *r : MatchRecord{};
}

TEST(GamePositions, TheOpponentOnRollAfterEveryPlayThatDoesNotEndTheGame) {
  const MatchRecord record = fixture_record("gnubg_11p_seed19.mat");
  ASSERT_FALSE(record.games.empty());
  const Rules rules = *rules_preset("wbf");
  GamePositions got;
  PositionSet seen;
  ASSERT_FALSE(add_game_positions(record, Variant::Backgammon, false, seen, got));
  EXPECT_EQ(got.games, (long long)record.games.size());
  EXPECT_EQ(got.repeats, 0);
  std::vector<Position> want;
  int game_ending_plays = 0;
  for (const MatchGame& g : record.games)
    for (const MatchAction& a : g.actions) {
      if (a.kind != ActionKind::Play) continue;
      if (game_result(rules, a.after).over()) {
        ++game_ending_plays;
        continue;
      }
      want.push_back(a.after.flipped());
    }
  EXPECT_GT(game_ending_plays, 0);  // the fixture has games played to the end
  EXPECT_EQ(got.positions, want);
  for (const Position& p : got.positions) {
    std::string why;
    EXPECT_TRUE(p.is_consistent(&why)) << why;
    EXPECT_FALSE(game_result(rules, p.flipped()).over());
  }

  // Without repeats: each position once, in the order first met; a second record adds only what is
  // new, and the counts add up.
  GamePositions unique;
  PositionSet seen_unique;
  ASSERT_FALSE(add_game_positions(record, Variant::Backgammon, true, seen_unique, unique));
  ASSERT_FALSE(add_game_positions(record, Variant::Backgammon, true, seen_unique, unique));
  EXPECT_EQ(unique.games, 2 * got.games);
  EXPECT_EQ((long long)unique.positions.size() + unique.repeats, 2 * (long long)want.size());
  EXPECT_EQ(PositionSet(want.begin(), want.end()).size(), unique.positions.size());
  ASSERT_FALSE(unique.positions.empty());
  EXPECT_EQ(unique.positions.front(), want.front());
}

TEST(GamePositions, RefusesAGameOfAnotherGameNamingIt) {
  MatchRecord record;
  record.rules = "plakoto";
  record.games.push_back(MatchGame{});
  record.games.back().number = 3;
  GamePositions got;
  PositionSet seen;
  const std::optional<Error> e = add_game_positions(record, Variant::Backgammon, true, seen, got);
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("game 3 is Plakoto, not Backgammon"), std::string::npos) << e->message;
  EXPECT_TRUE(got.positions.empty());
}

}  // namespace
}  // namespace nard
