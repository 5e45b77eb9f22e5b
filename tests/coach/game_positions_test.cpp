// The positions of saved games (coach/game_positions.h): after every play that does not end the
// game, the position the replay of the game (game/game_replay.h) hands to the next player, in
// every game of the family; repeats left out on request; a record of another game or preset
// refused.
#include "coach/game_positions.h"

#include <gtest/gtest.h>

#include <string>

#include "formats/match_text.h"
#include "game/dice.h"
#include "game/game.h"
#include "game/game_replay.h"
#include "tests/support/temp_files.h"

namespace nard {
namespace {

MatchRecord fixture_record(const std::string& name) {
  Result<MatchRecord> r = read_match_text(
      testing_support::slurp_file(std::string(NARD_SOURCE_DIR) + "/tests/data/matches/" + name));
  EXPECT_TRUE(r) << r.error().message;
  return r ? *r : MatchRecord{};
}

// The positions the replay itself is in after each play of the record while its game goes on
// (the replay turns the board round and carries the game's flags, pins and counts).
std::vector<Position> replayed_positions(const MatchRecord& record) {
  std::vector<Position> out;
  for (const MatchGame& g : record.games) {
    const Rules rules = *record_rules(record, g);
    GameReplay replay(rules, record.match_length, g.score, g.crawford_game);
    for (const MatchAction& a : g.actions) {
      const std::optional<Error> e = replay.apply(a);
      EXPECT_FALSE(e) << e->message;
      if (a.kind == ActionKind::Play && !replay.over()) out.push_back(replay.position());
    }
  }
  return out;
}

// A small record of self-play games of `preset`'s game (random plays: no net needed).
MatchRecord self_play_record(const std::string& preset, int games) {
  MatchRecord record;
  record.rules = preset;
  const Rules rules = *rules_preset(preset);
  for (int g = 0; g < games; ++g) {
    GameReplay replay(rules, 0, {0, 0}, false);
    Rng rng(uint64_t(100 + g));
    int player = int(rng.below(2));
    for (int turn = 0; turn < 400 && !replay.over(); ++turn, player = 1 - player) {
      Dice dice = rng.roll();
      while (turn == 0 && dice.is_double()) dice = rng.roll();  // an opening roll
      if (std::optional<Error> e = replay.roll(player, dice)) {
        ADD_FAILURE() << e->message;
        break;
      }
      const std::span<const Position> legal = replay.legal_plays();
      const Position after = legal.empty() ? replay.position() : legal[rng.below(legal.size())];
      if (std::optional<Error> e = replay.play_to(player, after)) {
        ADD_FAILURE() << e->message;
        break;
      }
    }
    record.games.push_back(replay.game(g + 1));
  }
  return record;
}

TEST(GamePositions, ThePositionsTheReplayHandsOnAfterEveryPlay) {
  const MatchRecord gnubgs = fixture_record("gnubg_11p_seed19.mat");
  ASSERT_FALSE(gnubgs.games.empty());
  std::vector<std::pair<MatchRecord, std::string>> records = {{gnubgs, "wbf"}};
  for (const char* preset : {"plakoto", "tawla31", "fevga", "longnardy"})
    records.push_back({self_play_record(preset, 3), preset});
  for (const auto& [record, preset] : records) {
    SCOPED_TRACE(preset);
    const Rules rules = *rules_preset(preset);
    GamePositions got;
    PositionSet seen;
    ASSERT_FALSE(add_game_positions(record, rules, false, seen, got));
    EXPECT_EQ(got.games, (long long)record.games.size());
    EXPECT_EQ(got.repeats, 0);
    const std::vector<Position> want = replayed_positions(record);
    ASSERT_FALSE(want.empty());
    EXPECT_EQ(got.positions, want);
    int plays = 0;
    for (const MatchGame& g : record.games)
      for (const MatchAction& a : g.actions) plays += a.kind == ActionKind::Play;
    EXPECT_LT(got.positions.size(), size_t(plays));  // no position after a game's last play
  }
}

TEST(GamePositions, RepeatsLeftOutAcrossRecords) {
  const MatchRecord record = fixture_record("gnubg_11p_seed19.mat");
  const Rules rules = *rules_preset("wbf");
  GamePositions all, unique;
  PositionSet seen_all, seen;
  ASSERT_FALSE(add_game_positions(record, rules, false, seen_all, all));
  ASSERT_FALSE(add_game_positions(record, rules, true, seen, unique));
  ASSERT_FALSE(add_game_positions(record, rules, true, seen, unique));
  EXPECT_EQ(unique.games, 2 * all.games);
  EXPECT_EQ((long long)unique.positions.size() + unique.repeats,
            2 * (long long)all.positions.size());
  EXPECT_EQ(PositionSet(all.positions.begin(), all.positions.end()).size(),
            unique.positions.size());
  ASSERT_FALSE(unique.positions.empty());
  EXPECT_EQ(unique.positions.front(), all.positions.front());
}

TEST(GamePositions, RefusesAGameOfAnotherGameOrPresetNamingIt) {
  MatchRecord record;
  record.rules = "plakoto";
  record.games.push_back(MatchGame{});
  record.games.back().number = 3;
  GamePositions got;
  PositionSet seen;
  std::optional<Error> e = add_game_positions(record, *rules_preset("wbf"), true, seen, got);
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("game 3 is Plakoto, not Backgammon"), std::string::npos) << e->message;
  record.rules = "iran";
  e = add_game_positions(record, *rules_preset("wbf"), true, seen, got);
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("game 3 is played under the rules 'iran', not 'wbf'"),
            std::string::npos)
      << e->message;
  EXPECT_TRUE(got.positions.empty());
  EXPECT_EQ(got.games, 0);
}

}  // namespace
}  // namespace nard
