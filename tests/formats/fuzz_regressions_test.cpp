// Regression tests for what the fuzz targets (tests/fuzz/) found; the crashing inputs themselves
// are in tests/fuzz/regressions/<target>/ and every build replays them (fuzz_replay.<target>).
#include <gtest/gtest.h>

#include <tuple>

#include "formats/fibs_board.h"
#include "formats/gnubg_id.h"
#include "formats/mat_file.h"
#include "formats/sgf_file.h"
#include "game/game_replay.h"

namespace nard {
namespace {

// A backgammon game of one roll (3-1) and its first legal play, unfinished.
MatchGame one_play_game(int match_length) {
  GameReplay g(*rules_preset("wbf"), match_length, {0, 0}, false);
  EXPECT_FALSE(g.roll(0, Dice{3, 1}));
  EXPECT_FALSE(g.play_to(0, g.legal_plays()[0]));
  return g.game(1);
}

// gnubg_id: a Match ID holding the lower die first decoded to dice {1,5}, which the encoder
// writes as 5-1, so the ID written back read as another state.
TEST(FuzzRegressions, MatchIdDiceInEitherOrderReadBackTheSame) {
  Result<GnubgPosition> g = parse_gnubg_id("4HPwATDgc/ABMA:QKAUAAA4HPwA");
  ASSERT_TRUE(g.ok()) << g.error().message;
  EXPECT_EQ(g->match.dice, (Dice{5, 1}));
  Result<GnubgPosition> again = parse_gnubg_id(format_gnubg_id(g->position, g->match));
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->match, g->match);
}

// fibs_board: a line with a double pending in the Crawford game (and the cube owned by the
// player who had not doubled) was accepted; the line written back lost the owner.
TEST(FuzzRegressions, ImpossibleCubeStatesAreRefused) {
  Result<FibsBoard> b = parse_fibs_board(
      "board:soot:gnubg:5:4:2:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-2:0:-4:0:0:-2:0:2:0:1:0:0:0:0:"
      "2:1:0:1:1:-1:0:25:0:0:0:0:0:0:0:1");
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().message.find("Crawford"), std::string::npos) << b.error().message;

  MatchState m;  // player 1 doubles, player 0 decides
  m.match_length = 5;
  m.double_offered = true;
  m.turn = 0;
  EXPECT_TRUE(m.is_consistent());
  m.cube_value = 2;
  m.cube_owner = 0;  // the cube is player 0's: player 1 cannot double
  std::string why;
  EXPECT_FALSE(m.is_consistent(&why));
  EXPECT_NE(why.find("does not own the cube"), std::string::npos) << why;
  m.cube_owner = 1;
  EXPECT_TRUE(m.is_consistent());
  m.dice = Dice{3, 1};  // doubles are offered before rolling
  EXPECT_FALSE(m.is_consistent());
}

// mat_file: "Game 0" was read, and written to SGF as MI[game:-1], which the SGF reader refuses.
TEST(FuzzRegressions, MatGameNumbersStartAtOne) {
  const std::string text =
      " 3 point match\n\n Game 0\n a : 0                          b : 0\n  1) 31: 8/5 6/5\n";
  Result<MatchRecord> r = read_mat(text);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "line 3: games are numbered from 1, not 'Game 0'");
}

// A game as a game loop records it: a resignation offered after a roll and refused, then the
// play; the .mat and SGF writers wrote the roll twice (a file their readers refuse).
TEST(FuzzRegressions, ARefusedResignationBetweenARollAndItsPlayIsNotWritten) {
  const Rules rules = *rules_preset("wbf");
  GameReplay g(rules, 0, {0, 0}, false);
  ASSERT_FALSE(g.roll(0, Dice{3, 1}));
  ASSERT_FALSE(g.play_to(0, g.legal_plays()[0]));
  ASSERT_FALSE(g.roll(1, Dice{4, 2}));
  ASSERT_FALSE(g.resign(0, 1));
  ASSERT_FALSE(g.reject(1));
  ASSERT_FALSE(g.play_to(1, g.legal_plays()[0]));
  MatchRecord rec;
  rec.games = {g.game(1)};
  ASSERT_FALSE(check_record(rec));
  for (bool sgf : {false, true}) {
    Result<MatchRecord> back = sgf ? read_sgf(write_sgf(rec)) : read_mat(write_mat(rec));
    ASSERT_TRUE(back.ok()) << (sgf ? "sgf: " : "mat: ") << back.error().message;
    ASSERT_EQ(back->games.size(), 1u);
    const std::vector<MatchAction>& a = back->games[0].actions;
    ASSERT_EQ(a.size(), 4u);  // roll, play, roll, play: the refused resignation leaves no trace
    EXPECT_EQ(a[3].kind, ActionKind::Play);
    EXPECT_EQ(a[3].after, rec.games[0].actions[5].after);
  }
}

// A record that stops between a roll and its play: write_mat wrote "42:" alone, which read_mat
// refuses (a roll with legal plays and none written); the roll not yet played is left out.
TEST(FuzzRegressions, AnUnfinishedGameStoppingAfterARollWritesAReadableMat) {
  const Rules rules = *rules_preset("wbf");
  GameReplay g(rules, 0, {0, 0}, false);
  ASSERT_FALSE(g.roll(0, Dice{3, 1}));
  ASSERT_FALSE(g.play_to(0, g.legal_plays()[0]));
  ASSERT_FALSE(g.roll(1, Dice{4, 2}));
  MatchRecord rec;
  rec.games = {g.game(1)};
  Result<MatchRecord> back = read_mat(write_mat(rec));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->games[0].actions.size(), 2u);
}

// sgf_file: a player name with ':' (SGF allows any text) made write_mat write a score line that
// read_mat cannot split; line breaks in a tag broke the header the same way.
TEST(FuzzRegressions, FreeTextsThatAMatLineCannotHoldAreWrittenOnOneLine) {
  MatchRecord rec;
  rec.match_length = 3;
  rec.players = {"a:b", "c\nd"};
  rec.tags = {{"Site", "two\nlines"}, {"Odd\"name", "x"}};
  rec.games = {one_play_game(rec.match_length)};
  Result<MatchRecord> back = read_mat(write_mat(rec));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->players[0], "a b");
  EXPECT_EQ(back->players[1], "c d");
  EXPECT_EQ(back->tag("Site"), "two lines");
  EXPECT_EQ(back->games, rec.games);
}

// sgf_file: RU[Jacoby] in the root of a match set the record's Jacoby flag, which the writer
// (money play only) left out, so the SGF written back read as another record.
TEST(FuzzRegressions, JacobyInAnSgfMatchReadsAsAbsent) {
  const std::string match =
      "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:7][game:0][ws:0][bs:0]PW[a]PB[b]"
      "RU[Jacoby]RE[B+2])\n";
  Result<MatchRecord> rec = read_sgf(match);
  ASSERT_TRUE(rec.ok()) << rec.error().message;
  EXPECT_FALSE(rec->jacoby);
  Result<MatchRecord> back = read_sgf(write_sgf(*rec));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->jacoby, rec->jacoby);
  Result<MatchRecord> money = read_sgf(
      "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]"
      "RU[Jacoby]RE[B+2])\n");
  ASSERT_TRUE(money.ok()) << money.error().message;
  EXPECT_TRUE(money->jacoby);
}

// sgf_file: an SGF with PB[] gives a record whose second player has an empty name; the .mat
// written from it had an empty name on the score line, which no .mat reader takes.
TEST(FuzzRegressions, AnEmptyPlayerNameIsWrittenToMatAsTheDefaultName) {
  Result<MatchRecord> read = read_sgf(
      "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:7][game:0][ws:0][bs:0]PW[a]"
      "PB[]RE[B+2])\n");
  ASSERT_TRUE(read.ok()) << read.error().message;
  MatchRecord rec = *read;
  EXPECT_EQ(rec.players[1], "");
  rec.players[0] = " : ";  // nothing left once the colon is taken out
  Result<MatchRecord> back = read_mat(write_mat(rec));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->players[0], "Player 0");
  EXPECT_EQ(back->players[1], "Player 1");
  EXPECT_EQ(back->games, rec.games);
}

// sgf_file: a first name of 31 or more characters left no space before the second name, and a
// second name starting with digits (" 21 0 0 0 ") ran into the first score: game 1 read back at
// 021 points. A name's tab at either end was kept, where the reader trims it.
TEST(FuzzRegressions, ALongFirstNameIsSeparatedFromTheSecondOnTheScoreLine) {
  MatchRecord rec;
  rec.match_length = 0;
  rec.players = {std::string(31, 'O') + "\t", " 21 0 0 0 "};
  rec.games = {one_play_game(rec.match_length)};
  Result<MatchRecord> back = read_mat(write_mat(rec));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->players[0], std::string(31, 'O'));
  EXPECT_EQ(back->players[1], "21 0 0 0");
  EXPECT_EQ(back->games, rec.games);
}

// sgf_file: an SGF game that stops after a roll not yet played ("(;DI[44])") read as one roll;
// a .mat file cannot hold a roll without its play (it would read as a dance), so the .mat written
// from it holds the game without the roll, and reads back.
TEST(FuzzRegressions, AnSgfRollNotYetPlayedIsLeftOutOfTheMat) {
  Result<MatchRecord> rec = read_sgf("(;DI[44])");
  ASSERT_TRUE(rec.ok()) << rec.error().message;
  ASSERT_EQ(rec->games.size(), 1u);
  ASSERT_EQ(rec->games[0].actions.size(), 1u);
  EXPECT_EQ(rec->games[0].actions[0].kind, ActionKind::Roll);
  Result<MatchRecord> back = read_mat(write_mat(*rec));
  ASSERT_TRUE(back.ok()) << back.error().message;
  ASSERT_EQ(back->games.size(), 1u);
  EXPECT_TRUE(back->games[0].actions.empty());
  EXPECT_EQ(back->games[0].end.kind, GameEndKind::Unfinished);
}

// sgf_file: a money game that stops just after the doubler accepted a beaver: a .mat file has no
// cell for that acceptance (gnubg writes none: the doubler's next roll says so), so the .mat holds
// the game up to the beaver; with the next roll, the reader puts the acceptance back.
TEST(FuzzRegressions, ABeaverAcceptedAtTheEndOfAnUnfinishedGameIsLeftOutOfTheMat) {
  MatchRecord rec;
  rec.match_length = 0;
  rec.beavers = true;
  Result<Rules> rules = record_rules(rec, MatchGame{});
  ASSERT_TRUE(rules.ok()) << rules.error().message;
  GameReplay g(*rules, 0, {0, 0}, false);
  ASSERT_FALSE(g.roll(0, Dice{6, 6}));
  ASSERT_FALSE(g.play_to(0, g.legal_plays()[0]));
  ASSERT_FALSE(g.double_cube(1));
  ASSERT_FALSE(g.beaver(0));
  ASSERT_FALSE(g.take(1));
  rec.games = {g.game(1)};
  ASSERT_FALSE(check_record(rec));
  Result<MatchRecord> back = read_mat(write_mat(rec));
  ASSERT_TRUE(back.ok()) << back.error().message;
  ASSERT_EQ(back->games.size(), 1u);
  ASSERT_EQ(back->games[0].actions.size(), 4u);
  EXPECT_EQ(back->games[0].actions[3].kind, ActionKind::Beaver);
  ASSERT_FALSE(g.roll(1, Dice{3, 1}));
  ASSERT_FALSE(g.play_to(1, g.legal_plays()[0]));
  rec.games = {g.game(1)};
  back = read_mat(write_mat(rec));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->games[0].actions, rec.games[0].actions);
}

// mat_file: a .mat tag whose name holds a colon ("; [Crawford: \"On\"]") went into SGF as
// NT[Crawford::On], which the SGF reader splits at the first colon into the Crawford setting with
// the value ":On", and refused. The SGF writer now writes such a name with a space for the colon.
TEST(FuzzRegressions, AMatTagNameWithAColonIsWrittenToSgfWithoutIt) {
  Result<MatchRecord> rec = read_mat(
      "; [Crawford: \"On\"]\n; [a:b \"c\"]\n\n 5 point match\n\n Game 1\n a : 0                    "
      "      b : 0\n");
  ASSERT_TRUE(rec.ok()) << rec.error().message;
  ASSERT_EQ(rec->tag("Crawford:"), "On");
  Result<MatchRecord> back = read_sgf(write_sgf(*rec));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->tag("Crawford "), "On");
  EXPECT_EQ(back->tag("a b"), "c");
  EXPECT_EQ(back->crawford, rec->crawford);
  EXPECT_EQ(back->games, rec->games);
}

// mat_file: two 'Wins' for one game ("Wins 4  Wins 2 points" on one line) read as a resignation of
// 4 points, accepted, then a result of 2 points; written back as "Wins 2 points", that read as a
// resignation of 2. A game has one result: the second 'Wins' is refused, on one line or on two.
TEST(FuzzRegressions, AMatGameWithTwoWinsIsRefused) {
  const std::string head =
      "\n 0 point match\n\n Game 1\n alice : 0                          bob : 0\n";
  for (const std::string& wins : {std::string("     Wins 4  Wins 2 points\n"),
                                  std::string("     Wins 4 points\n     Wins 2 points\n")}) {
    Result<MatchRecord> rec = read_mat(head + wins);
    ASSERT_FALSE(rec.ok()) << wins;
    EXPECT_NE(rec.error().message.find("a second 'Wins' for the same game"), std::string::npos)
        << rec.error().message;
  }
  // One 'Wins' stays a resignation that scores what it says.
  Result<MatchRecord> one = read_mat(head + "     Wins 2 points\n");
  ASSERT_TRUE(one.ok()) << one.error().message;
  Result<MatchRecord> back = read_mat(write_mat(*one));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->games, one->games);
}

// game_replay (session 29): a beaver taken and then resigned. The writer leaves out the take, as
// gnubg does, so the beaverer's 'Wins' follows 'Beavers' directly; the reader took it for a
// 'Wins' while the double awaited an answer and refused the file it had written.
TEST(FuzzRegressions, ABeaverTakenThenResignedReadsBack) {
  const std::string text =
      "; [Jacoby \"Off\"]\n; [Beaver \"On\"]\n\n 0 point match\n\n Game 1\n"
      " alice : 0                          bob : 0\n"
      "  1) 31: 8/5 6/5                    Doubles => 2\n"
      "  2)  Beavers => 4\n"
      "                                  Wins 4 points\n";
  // bob doubled, alice beavered: either may resign after bob's (unwritten) take.
  const std::string head = text.substr(0, text.rfind('\n', text.rfind("Wins")) + 1);
  for (const auto& [wins, winner, points] :
       {std::tuple<std::string, int, int>{"                                  Wins 4 points\n", 1,
                                          4},
        {"     Wins 4 points\n", 0, 4},
        {"     Wins 8 points\n", 0, 8}}) {
    Result<MatchRecord> rec = read_mat(head + wins);
    ASSERT_TRUE(rec.ok()) << rec.error().message << "\n" << wins;
    ASSERT_EQ(rec->games.size(), 1u);
    EXPECT_EQ(rec->games[0].end.winner, winner) << wins;
    EXPECT_EQ(rec->games[0].end.points, points) << wins;
    Result<MatchRecord> back = read_mat(write_mat(*rec));
    ASSERT_TRUE(back.ok()) << back.error().message << "\n" << write_mat(*rec);
    EXPECT_EQ(back->games, rec->games) << wins;
  }
}

}  // namespace
}  // namespace nard
