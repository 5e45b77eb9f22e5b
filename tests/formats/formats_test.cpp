// Position formats: gnubg Position ID and Match ID, XGID, FIBS board lines, and the command line.
// Every pinned ID below was produced by GNU Backgammon 1.07 itself (gnubg.positionid(),
// gnubg.matchid(), `set xgid`, and the lines its external-player interface sent to a socket).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "formats/fibs_board.h"
#include "formats/gnubg_id.h"
#include "formats/notation.h"
#include "formats/xgid.h"
#include "game/playout.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

// Expects `r` to fail with a message containing `needle`.
template <class T>
void expect_error(const Result<T>& r, const std::string& needle, const std::string& input) {
  ASSERT_FALSE(r.ok()) << "accepted: " << input;
  EXPECT_NE(r.error().message.find(needle), std::string::npos)
      << "input '" << input << "' gave '" << r.error().message << "', expected it to mention '"
      << needle << "'";
  EXPECT_EQ(r.error().message.find('\n'), std::string::npos) << "one line only";
}

// Base64 (gnubg's alphabet, no padding) of a little bit string: bit k is bit k%8 of byte k/8.
template <size_t N>
std::string id_from_bytes(const std::array<uint8_t, N>& bytes) {
  const char* b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string id;
  for (size_t c = 0; c < (8 * N + 5) / 6; ++c) {
    int v = 0;
    for (int i = 0; i < 6; ++i) {
      const size_t bit = 6 * c + i, byte = bit / 8;
      v = (v << 1) | (byte < N ? (bytes[byte] >> (7 - bit % 8)) & 1 : 0);
    }
    id += b64[v];
  }
  return id;
}
template <size_t N>
void put_field(std::array<uint8_t, N>& bytes, int at, int width, unsigned value) {
  for (int i = 0; i < width; ++i) {
    const int k = at + i;
    bytes[k >> 3] = uint8_t((bytes[k >> 3] & ~(1u << (k & 7))) | (((value >> i) & 1u) << (k & 7)));
  }
}
// A Position ID whose bits at `ones` are 1 and all others 0.
std::string position_id_with_bits(std::initializer_list<int> ones) {
  std::array<uint8_t, 10> bytes{};
  for (int k : ones) put_field(bytes, k, 1, 1);
  return id_from_bytes(bytes);
}
// The Match ID of a 5-point match at 0-0, player 1 to roll ("cAmgAAAAAAAE"), with one field
// changed.
std::string match_id_with(int at, int width, unsigned value) {
  std::array<uint8_t, 9> bytes{};
  put_field(bytes, 0, 4, 0);    // cube 1
  put_field(bytes, 4, 2, 3);    // centred
  put_field(bytes, 6, 1, 1);    // player 1 on roll
  put_field(bytes, 8, 3, 1);    // playing
  put_field(bytes, 11, 1, 1);   // player 1 to decide
  put_field(bytes, 21, 15, 5);  // 5-point match
  put_field(bytes, 66, 1, 1);   // no Jacoby
  put_field(bytes, at, width, value);
  return id_from_bytes(bytes);
}

// A random MatchState that is_consistent() accepts, with the cube owner expressible everywhere.
MatchState random_match_state(Rng& rng) {
  MatchState m;
  m.on_roll = int(rng.below(2));
  m.turn = m.on_roll;
  if (rng.below(2)) {
    m.match_length = 1 + int(rng.below(25));
    m.score = {int(rng.below(m.match_length)), int(rng.below(m.match_length))};
    const int need = m.match_length - 1;
    m.crawford = m.match_length > 1 && (m.score[0] == need) != (m.score[1] == need) && rng.below(2);
  } else {
    m.score = {int(rng.below(40)), int(rng.below(40))};
    m.jacoby = rng.below(2);
  }
  if (!m.crawford) {
    m.cube_value = 1 << rng.below(8);
    m.cube_owner = m.cube_value == 1 ? -1 : int(rng.below(2));
  }
  switch (rng.below(3)) {
    case 0:
      m.dice = rng.roll();
      break;
    case 1:
      if (!m.crawford && (m.cube_owner < 0 || m.cube_owner == m.on_roll)) {
        m.double_offered = true;
        m.turn = 1 - m.on_roll;
      }
      break;
    default:
      break;
  }
  EXPECT_TRUE(m.is_consistent());
  return m;
}

// ---------------------------------------------------------------------------------------------
// Position ID

// (gnubg Position ID, the same position in our notation, mover = player on roll)
const std::vector<std::pair<const char*, const char*>> kGnubgPositions = {
    {"4HPwATDgc/ABMA", "x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2"},
    {"BgAABD4HHwADAA", "x 24:2 13:5 8:3 6:5; o bar:1 23:2 off:12"},
    {"PAAAICMAAAAAAA", "x 6:1 3:2 1:1 off:11; o 22:4 off:11"},
    {"3y5DAEC/jxAAQQ", "x bar:1 20:1 9:1 5:1 2:5 1:6; o bar:1 24:5 23:2 22:3 21:1 19:2 15:1"},
    {"Jh8BoFZwF1nAUA",
     "x bar:1 24:1 20:2 13:1 12:2 10:1 7:1 6:3 5:3; o bar:1 23:2 21:1 19:5 16:1 4:1 3:1 2:2 1:1"},
    {"fw8AhGBPPEAURQ", "x bar:1 22:1 21:1 18:1 17:1 14:1 6:4 3:1 1:4; o bar:2 24:7 23:4 9:1 5:1"},
    {"H1IlKgTvAATEcQ",
     "x bar:3 22:3 19:1 12:1 2:3 1:4; o 24:5 20:1 18:1 17:1 16:1 15:1 13:1 10:1 9:1 8:1 4:1"},
    {"hR/wAwgmE3xAYQ", "x bar:2 21:1 20:1 13:5 8:1 6:2 4:1 2:2; o 24:1 23:1 19:6 12:6 3:1"},
    {"jFMYpGI9zBKCEg",
     "x 23:1 21:1 20:1 15:1 11:1 9:1 8:2 6:2 2:4 1:1; o bar:2 22:2 19:3 17:1 16:1 12:2 7:1 5:1 4:1 "
     "3:1"},
    {"tlNA0GDvuwAQIA",
     "x 24:1 16:1 4:1 3:3 2:5 1:4; o bar:2 23:2 22:2 21:3 19:1 18:1 11:1 6:1 5:2"},
    {"/1soAAAHAAAAAA", "x 1:3 off:12; o 24:10 23:2 22:1 18:1 17:1"},
    {"P/EkAQgHAAAAAA", "x 1:3 off:12; o 24:6 22:1 19:4 17:1 15:1 13:1 3:1"},
    {"/wEAAPxbOAAQAA", "x 21:1 7:3 3:1 2:2 1:8; o 24:9 off:6"},
    {"AQAA7F4EFAwAAA", "x 20:2 15:1 14:1 7:1 4:1 3:4 2:3 1:2; o 24:1 off:14"},
    {"+wEAAH4AAAAAAA", "x 1:6 off:9; o 24:2 23:6 off:7"},
    {"/wAAAP67AAAAAA", "x 3:1 2:3 1:9 off:2; o 24:8 off:7"},
    {"3SUSiAP/PgAAAA", "x 2:5 1:8 off:2; o 24:1 23:3 22:3 21:1 19:1 16:1 14:1 8:1 5:3"},
    {"GwX8BQQHAb8CQw", "x bar:1 21:2 15:1 14:1 13:6 6:1 1:3; o 24:2 23:2 20:1 19:1 12:7 11:1 4:1"},
    {"AAAA/38AAAD/fw", "x bar:15; o bar:15"},
    {"/38AAAD/fwAAAA", "x 1:15; o 24:15"},
    {"AACA/z8AAID/Pw", "x 24:15; o 1:15"},
    {"AAAAQAAAAAAAAA", "x 6:1 off:14; o off:15"},
    {"AACAAAAABAAAAA", "x bar:1 off:14; o 1:1 off:14"},
};

// gnubg writes an empty board (both sides borne off) as AAAAAAAAAAAAAA; no game reaches it, so
// the writer writes it but the reader refuses it (game/position_check.h).
TEST(PositionId, EmptyBoardIsWrittenButRefused) {
  EXPECT_EQ(encode_position_id(P("x off:15; o off:15")), "AAAAAAAAAAAAAA");
  Result<Position> p = decode_position_id("AAAAAAAAAAAAAA");
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message.find("both sides have borne off all 15 checkers"), std::string::npos)
      << p.error().message;
}

TEST(PositionId, OpeningPositionIsTheFamousId) {
  EXPECT_EQ(encode_position_id(backgammon_start()), "4HPwATDgc/ABMA");
  Result<Position> p = decode_position_id("4HPwATDgc/ABMA");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(*p, backgammon_start());
}

TEST(PositionId, KnownIdsFromGnubgBothWays) {
  for (const auto& [id, notation] : kGnubgPositions) {
    const Position expected = P(notation);
    EXPECT_EQ(encode_position_id(expected), id) << notation;
    Result<Position> p = decode_position_id(id);
    ASSERT_TRUE(p.ok()) << id << ": " << p.error().message;
    EXPECT_EQ(format_notation(*p), format_notation(expected)) << id;
    EXPECT_EQ(*p, expected) << id;
  }
}

TEST(PositionId, SideNotOnRollIsEncodedFirst) {
  // The opponent's only checker is on the bar: gnubg writes him first, so after his 24 empty
  // points his bar slot puts the first 1-bit at bit 24 (byte 3 = 0x01); the mover's checker on
  // his 24-point follows at bit 49.
  EXPECT_EQ(encode_position_id(P("x 24:1 off:14; o bar:1 off:14")), "AAAAAQAAAgAAAA");
  EXPECT_EQ(position_id_with_bits({24, 49}), "AAAAAQAAAgAAAA");
}

TEST(PositionId, RoundTripsOverRandomGamePositions) {
  const std::vector<PositionRoll> samples = sample_positions(*rules_preset("wbf"), 60, 20240601);
  ASSERT_GT(samples.size(), 1500u);
  for (const PositionRoll& s : samples) {
    for (const Position& pos : {s.position, s.position.flipped()}) {
      const std::string id = encode_position_id(pos);
      ASSERT_EQ(id.size(), 14u);
      Result<Position> back = decode_position_id(id);
      ASSERT_TRUE(back.ok()) << id << ": " << back.error().message;
      ASSERT_EQ(*back, pos) << id << " " << format_notation(pos);
    }
  }
}

TEST(PositionId, RejectsMalformedIds) {
  EXPECT_EQ(position_id_with_bits({}), "AAAAAAAAAAAAAA");  // the helper writes gnubg's layout
  std::vector<int> sixteen;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "0 characters, not 14"},
      {"4HPwATDgc/ABM", "13 characters, not 14"},
      {"4HPwATDgc/ABMAA", "15 characters, not 14"},
      {"4HPwATDgc/AB-A", "'-' at position 13"},
      {"4HPwATDgc/AB A", "' ' at position 13"},
      {"4HPwATDgc/ABM=", "'=' at position 14"},
      {"4HPwATDgc/ABMB", "unused bits"},            // the last 4 bits of an ID are 0
      {"/////////////w", "more than 30 checkers"},  // 80 one-bits: the slots never close
      {position_id_with_bits({60}), "stray bits"},  // a 1-bit after the 50th slot
      // 16 checkers on the opponent's ace point (bits 0..15), then his other 24 slots close.
      {position_id_with_bits({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}),
       "opponent 16 checkers, more than 15"},
      // the mover: 16 checkers on his ace point (his slots start at bit 25)
      {position_id_with_bits({25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40}),
       "player on roll 16 checkers"},
      // opponent: one checker on his ace point (bit 0; his slots close at bits 1..25);
      // mover: 23 empty points (bits 26..48), one checker on his 24-point (bit 49) = the same point
      {position_id_with_bits({0, 49}), "both sides on point 24"},
  };
  for (const auto& [id, needle] : cases) expect_error(decode_position_id(id), needle, id);
}

// ---------------------------------------------------------------------------------------------
// Match ID

struct KnownMatchId {
  const char* id;
  int length, score0, score1, cube, owner, on_roll, turn;
  bool crawford;
  GameState state;
  bool doubled;
  Resignation resigned;
  int d1, d2;
  bool jacoby;
};

// Each produced by gnubg 1.07 from the state described (players: 0 = "gnubg", 1 = "root").
const std::vector<KnownMatchId> kGnubgMatchIds = {
    // money, player 1 rolled 53, Jacoby on
    {"cIkOAAAAAAAA", 0, 0, 0, 1, -1, 1, 1, false, GameState::Playing, false, Resignation::None, 5,
     3, true},
    // money, Jacoby off, player 0 rolled 52
    {"MIEKAAAAAAAE", 0, 0, 0, 1, -1, 0, 0, false, GameState::Playing, false, Resignation::None, 5,
     2, false},
    // 7-point match at 3-5, opening 62
    {"cAnrADAAKAAE", 7, 3, 5, 1, -1, 1, 1, false, GameState::Playing, false, Resignation::None, 6,
     2, false},
    // the same with the cube on 4 owned by player 0, then by player 1
    {"QgnrADAAKAAE", 7, 3, 5, 4, 0, 1, 1, false, GameState::Playing, false, Resignation::None, 6, 2,
     false},
    {"UgnrADAAKAAE", 7, 3, 5, 4, 1, 1, 1, false, GameState::Playing, false, Resignation::None, 6, 2,
     false},
    // 6-2 in a 7-point match, the Crawford game (flag set by `set crawford on`), dice 64
    {"0gnzAGAAEAAE", 7, 6, 2, 4, 1, 1, 1, true, GameState::Playing, false, Resignation::None, 6, 4,
     false},
    // after `set turn 0`: player 0 on roll, dice not rolled
    {"kgHgAGAAEAAE", 7, 6, 2, 4, 1, 0, 0, true, GameState::Playing, false, Resignation::None, 0, 0,
     false},
    // 5-point match, player 1 doubles: player 0 must answer
    {"cBGgAAAAAAAE", 5, 0, 0, 1, -1, 1, 0, false, GameState::Playing, true, Resignation::None, 0, 0,
     false},
    // taken: cube 2 owned by player 0, player 1 rolled 32
    {"QYmpAAAAAAAE", 5, 0, 0, 2, 0, 1, 1, false, GameState::Playing, false, Resignation::None, 3, 2,
     false},
    // money: player 0 offers to resign a gammon, player 1 decides
    {"MEkAAAAAAAAA", 0, 0, 0, 1, -1, 0, 1, false, GameState::Playing, false, Resignation::Gammon, 0,
     0, true},
    // match: player 0 offers a backgammon
    {"MGmgAAAACAAE", 5, 0, 1, 1, -1, 0, 1, false, GameState::Playing, false,
     Resignation::Backgammon, 0, 0, false},
    // money: player 0 doubles
    {"MBkAAAAAAAAA", 0, 0, 0, 1, -1, 0, 1, false, GameState::Playing, true, Resignation::None, 0, 0,
     true},
    // the game is over (player 1 bore off the last checker), player 0 "on roll"
    {"MAKgAAAACAAE", 5, 0, 1, 1, -1, 0, 0, false, GameState::Over, false, Resignation::None, 0, 0,
     false},
    // the game ended by a dropped double: player 1 leads 2-0
    {"cASgAAAAEAAE", 5, 0, 2, 1, -1, 1, 0, false, GameState::Dropped, false, Resignation::None, 0,
     0, false},
    // money session at 0-2 after a won gammon, player 0 rolled 61
    {"MAEHAAAAEAAA", 0, 0, 2, 1, -1, 0, 0, false, GameState::Playing, false, Resignation::None, 6,
     1, true},
};

MatchState state_of(const KnownMatchId& k) {
  MatchState m;
  m.match_length = k.length;
  m.score = {k.score0, k.score1};
  m.cube_value = k.cube;
  m.cube_owner = k.owner;
  m.on_roll = k.on_roll;
  m.turn = k.turn;
  m.crawford = k.crawford;
  m.game_state = k.state;
  m.double_offered = k.doubled;
  m.resigned = k.resigned;
  m.dice = Dice{uint8_t(k.d1), uint8_t(k.d2)};
  m.jacoby = k.jacoby;
  return m;
}

TEST(MatchId, KnownIdsFromGnubgBothWays) {
  for (const KnownMatchId& k : kGnubgMatchIds) {
    const MatchState expected = state_of(k);
    EXPECT_EQ(encode_match_id(expected), k.id);
    Result<MatchState> m = decode_match_id(k.id);
    ASSERT_TRUE(m.ok()) << k.id << ": " << m.error().message;
    EXPECT_EQ(*m, expected) << k.id;
  }
}

TEST(MatchId, HigherDieFirstLikeGnubg) {
  // gnubg 1.07: `set dice 1 4` and `set dice 4 1` both give cAkGAAAAAAAA.
  MatchState m;
  m.jacoby = true;
  m.dice = Dice{1, 4};
  EXPECT_EQ(encode_match_id(m), "cAkGAAAAAAAA");
  m.dice = Dice{4, 1};
  EXPECT_EQ(encode_match_id(m), "cAkGAAAAAAAA");
}

TEST(MatchId, DefaultIsAFreshMoneyGame) {
  const MatchState m;
  EXPECT_TRUE(m.is_money());
  EXPECT_TRUE(m.is_consistent());
  EXPECT_EQ(m.cube_value, 1);
  EXPECT_EQ(m.cube_owner, -1);
  EXPECT_EQ(m.game_state, GameState::Playing);
  EXPECT_FALSE(m.dice_rolled());
  // gnubg writes this state (player 1 to roll, no Jacoby) as:
  EXPECT_EQ(encode_match_id(m), "cAkAAAAAAAAE");
}

TEST(MatchId, RoundTripsOverRandomStates) {
  Rng rng(7);
  for (int i = 0; i < 5000; ++i) {
    const MatchState m = random_match_state(rng);
    const std::string id = encode_match_id(m);
    ASSERT_EQ(id.size(), 12u);
    Result<MatchState> back = decode_match_id(id);
    ASSERT_TRUE(back.ok()) << id << ": " << back.error().message;
    MatchState expected = m;
    expected.dice = m.dice.normalised();  // the Match ID writes the higher die first
    ASSERT_EQ(*back, expected) << id;
  }
}

TEST(MatchId, RejectsMalformedIds) {
  MatchState playing;
  playing.match_length = 5;
  ASSERT_EQ(encode_match_id(playing), "cAmgAAAAAAAE");
  ASSERT_EQ(match_id_with(0, 0, 0), "cAmgAAAAAAAE");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"cAmgAAAAAAA", "11 characters, not 12"},
      {"cAmgAAAAAAAEA", "13 characters, not 12"},
      {"cAmgAAA.AAAE", "'.' at position 8"},
      {match_id_with(67, 1, 1), "unused bits"},
      {match_id_with(4, 2, 2), "cube owner code 2"},
      {match_id_with(8, 3, 5), "game state 5"},
      {match_id_with(15, 6, 7 | (1 << 3)), "a die of 7"},
      {match_id_with(15, 3, 1), "one die rolled and the other not"},
      {match_id_with(36, 15, 5), "player 0 already has 5 points"},
      {match_id_with(7, 1, 1), "Crawford game needs a player 1 point"},
      {match_id_with(11, 1, 0), "differs from the player on roll"},
  };
  for (const auto& [id, needle] : cases) expect_error(decode_match_id(id), needle, id);
  // A money session (length 0) cannot hold a Crawford game.
  std::array<uint8_t, 9> money{};
  put_field(money, 4, 2, 3);
  put_field(money, 6, 1, 1);
  put_field(money, 7, 1, 1);
  put_field(money, 8, 3, 1);
  put_field(money, 11, 1, 1);
  expect_error(decode_match_id(id_from_bytes(money)), "money game cannot be the Crawford", "money");
}

TEST(GnubgId, CombinedIdAndLoneId) {
  Result<GnubgPosition> g = parse_gnubg_id(" 4HPwATDgc/ABMA:cAnrADAAKAAE\n");
  ASSERT_TRUE(g.ok()) << g.error().message;
  EXPECT_EQ(g->position, backgammon_start());
  EXPECT_EQ(g->match.match_length, 7);
  EXPECT_EQ(g->match.score[0], 3);
  EXPECT_EQ(g->match.score[1], 5);
  EXPECT_EQ(format_gnubg_id(g->position, g->match), "4HPwATDgc/ABMA:cAnrADAAKAAE");

  Result<GnubgPosition> lone = parse_gnubg_id("4HPwATDgc/ABMA");
  ASSERT_TRUE(lone.ok());
  EXPECT_EQ(lone->match, MatchState{});

  expect_error(parse_gnubg_id("4HPwATDgc/ABMA:cAnrADAAKAA"), "Match ID", "short match id");
  expect_error(parse_gnubg_id("4HPwATDgc/ABM:cAnrADAAKAAE"), "Position ID", "short position id");
}

// ---------------------------------------------------------------------------------------------
// XGID

// (XGID, the gnubg ID of the same state). gnubg's `set xgid` gave the same IDs, except that it
// always makes the side on roll its player 1; where the top player is on roll we keep the top
// player as player 0 (see formats/xgid.h), and the pair was checked by swapping the players.
const std::vector<std::pair<const char*, const char*>> kXgids = {
    {"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "4HPwATDgc/ABMA:cAkAAAAAAAAE"},
    {"XGID=-A-B--A---------------d---:0:0:1:00:0:0:0:0:10", "PAAAICMAAAAAAA:cAkAAAAAAAAE"},
    {"XGID=---D---------------a--b-a-:0:0:-1:00:0:0:0:0:10", "PAAAICMAAAAAAA:MAEAAAAAAAAE"},
    {"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:4:0:7:10", "4HPwATDgc/ABMA:cAngAEAAEAAE"},
    {"XGID=-b----E-C---eE---c-e----B-:1:1:1:00:0:0:0:0:10", "4HPwATDgc/ABMA:UQkAAAAAAAAE"},
    {"XGID=-b----E-C---eE---c-e----B-:1:-1:-1:42:0:0:0:0:10", "4HPwATDgc/ABMA:AQEKAAAAAAAE"},
    {"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:6:1:7:10", "4HPwATDgc/ABMA:8AngAGAAEAAE"},
    {"XGID=-BDB-------------a------e-:1:-1:-1:42:0:0:0:5:8", "ewMAAD4gAAAAAA:AQGqAAAAAAAE"},
    {"XGID=-b----E-C---eE---c-e----B-:1:0:-1:44:4:5:0:6:10", "4HPwATDgc/ABMA:MQHSAFAAIAAE"},
    {"XGID=--B-aaEA----dE--abae----AA:0:0:1:00:0:0:0:0:10", "4GvhAQWGL/ABUA:cAkAAAAAAAAE"},
    {"XGID=-a--aADAC--AcCa--AbdA--ab-:1:1:1:00:0:0:1:0:10", "C2/IASLQ68ghAg:UQkAAAAAAAAA"},
};

TEST(Xgid, KnownXgidsMatchGnubgIds) {
  for (const auto& [xgid, gnubg] : kXgids) {
    Result<XgidPosition> x = decode_xgid(xgid);
    ASSERT_TRUE(x.ok()) << xgid << ": " << x.error().message;
    EXPECT_EQ(format_gnubg_id(x->position, x->match), gnubg) << xgid;
    EXPECT_EQ(encode_xgid(*x), xgid);
  }
}

TEST(Xgid, OpeningFieldsMeanWhatTheSpecSays) {
  Result<XgidPosition> x = decode_xgid("XGID=-b----E-C---eE---c-e----B-:2:1:1:52:3:1:0:7:9");
  ASSERT_TRUE(x.ok()) << x.error().message;
  EXPECT_EQ(x->position, backgammon_start());  // bottom (upper case) on roll
  EXPECT_EQ(x->match.cube_value, 4);
  EXPECT_EQ(x->match.cube_owner, 1);  // bottom player
  EXPECT_EQ(x->match.on_roll, 1);
  EXPECT_EQ(x->match.dice, (Dice{5, 2}));
  EXPECT_EQ(x->match.score[1], 3);  // bottom player's score
  EXPECT_EQ(x->match.score[0], 1);
  EXPECT_FALSE(x->match.crawford);
  EXPECT_EQ(x->match.match_length, 7);
  EXPECT_EQ(x->max_cube_log2, 9);
}

TEST(Xgid, TopPlayerOnRollSeesTheBoardFromHisSide) {
  // Same checkers, top player (lower case) on roll: the mover is the top player, whose 24-point
  // is the bottom player's 1-point ('b' at character 1).
  Result<XgidPosition> x = decode_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:0:0:10");
  ASSERT_TRUE(x.ok());
  EXPECT_EQ(x->match.on_roll, 0);
  EXPECT_EQ(x->position, backgammon_start());
  Result<XgidPosition> y = decode_xgid("XGID=-a----E-C---eE---c-e----B-:0:0:-1:31:0:0:0:0:10");
  ASSERT_TRUE(y.ok());
  EXPECT_EQ(y->position.at(24), 1);  // his single back checker
  EXPECT_EQ(y->position.mover_off, 1);
}

TEST(Xgid, PendingDoubleAndMoneyFlags) {
  Result<XgidPosition> x = decode_xgid("XGID=-b----E-C---eE---c-e----B-:1:1:1:D:0:0:3:0:10");
  ASSERT_TRUE(x.ok()) << x.error().message;
  EXPECT_TRUE(x->match.double_offered);
  EXPECT_EQ(x->match.on_roll, 1);  // the bottom player redoubles his 2-cube
  EXPECT_EQ(x->match.turn, 0);     // the top player must answer
  EXPECT_EQ(x->match.cube_value, 2);
  EXPECT_TRUE(x->match.jacoby);
  EXPECT_TRUE(x->beavers);
  EXPECT_EQ(format_gnubg_id(x->position, x->match), "4HPwATDgc/ABMA:UREAAAAAAAAA");
  EXPECT_EQ(encode_xgid(*x), "XGID=-b----E-C---eE---c-e----B-:1:1:1:D:0:0:3:0:10");
}

TEST(Xgid, RoundTripsOverRandomPositionsAndStates) {
  const std::vector<PositionRoll> samples = sample_positions(*rules_preset("wbf"), 40, 99);
  Rng rng(11);
  for (const PositionRoll& s : samples) {
    XgidPosition x;
    x.position = s.position;
    x.match = random_match_state(rng);
    x.beavers = x.match.is_money() && rng.below(2);
    x.max_cube_log2 = int(rng.below(16));
    const std::string text = encode_xgid(x);
    Result<XgidPosition> back = decode_xgid(text);
    ASSERT_TRUE(back.ok()) << text << ": " << back.error().message;
    ASSERT_EQ(back->position, x.position) << text;
    ASSERT_EQ(back->match, x.match) << text;
    ASSERT_EQ(back->beavers, x.beavers);
    ASSERT_EQ(back->max_cube_log2, x.max_cube_log2);
  }
}

TEST(Xgid, RejectsMalformedXgids) {
  const std::string pos = "-b----E-C---eE---c-e----B-";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"XGID=" + pos + ":0:0:1:00:0:0:0:0", "9 fields, not 10"},
      {"XGID=" + pos + ":0:0:1:00:0:0:0:0:10:1", "11 fields, not 10"},
      {"XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "25 characters, not 26"},
      {"XGID=-b----E-C---eE---c-e----B*:0:0:1:00:0:0:0:0:10", "'*' is not"},
      {"XGID=-b----E-C---eE---c-e----P-:0:0:1:00:0:0:0:0:10", "more than 15"},
      {"XGID=Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "top player's bar"},
      {"XGID=" + pos + ":16:0:1:00:0:0:0:0:10", "field 1"},
      {"XGID=" + pos + ":x:0:1:00:0:0:0:0:10", "not an integer"},
      {"XGID=" + pos + ":0:2:1:00:0:0:0:0:10", "cube owner"},
      {"XGID=" + pos + ":0:0:0:00:0:0:0:0:10", "turn 1 (bottom) or -1"},
      {"XGID=" + pos + ":0:0:1:07:0:0:0:0:10", "field 4 ('07')"},
      {"XGID=" + pos + ":0:0:1:5:0:0:0:0:10", "field 4 ('5')"},
      {"XGID=" + pos + ":1:1:1:B:0:0:0:0:10", "beaver"},
      {"XGID=" + pos + ":0:0:1:00:-1:0:0:0:10", "negative score"},
      {"XGID=" + pos + ":0:0:1:00:0:0:2:7:10", "Crawford flag 0 or 1"},
      {"XGID=" + pos + ":0:0:1:00:0:0:4:0:10", "Jacoby/beaver flag set 0..3"},
      {"XGID=" + pos + ":0:0:1:00:7:0:0:7:10", "already has 7 points"},
      {"XGID=" + pos + ":0:0:1:00:0:0:0:0:16", "maximum cube"},
      {"XGID=" + pos + ":0:0:1:00:0:0:1:7:10", "Crawford game needs"},
  };
  for (const auto& [text, needle] : cases) expect_error(decode_xgid(text), needle, text);
}

// ---------------------------------------------------------------------------------------------
// FIBS board

// Lines gnubg 1.07 sent to an external player, with gnubg's own IDs at that moment.
const std::vector<std::pair<const char*, const char*>> kGnubgFibsLines = {
    {"board:gnubg:root:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:1:4:1:4:2:"
     "1:0:0:1:-1:0:25:0:0:0:0:0:0:0:1",
     "4HPwATDgc/ABMA:EQEGAAAAAAAA"},
    {"board:gnubg:root:11:9:0:-1:-2:0:0:0:0:5:1:2:0:0:0:-4:5:1:0:0:0:0:-8:0:0:0:0:1:0:-1:3:1:3:1:2:"
     "0:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
     "4GvwBSDgH/AAWA:AYFlAZAAAAAE"},
    {"board:gnubg:root:11:7:10:0:4:2:3:0:0:0:2:0:0:2:0:-1:-1:0:0:-2:-1:-3:-4:2:-1:0:-2:0:0:1:1:4:1:"
     "4:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0",
     "Ju8aBQBvhzEAAw:8AlmAXAAUAAE"},
    {"board:gnubg:root:3:0:2:0:4:5:1:-1:1:1:-1:0:1:1:-1:0:-1:-1:0:-1:0:0:0:0:0:0:-4:-5:1:1:5:6:5:6:"
     "1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0",
     "3wNSQgTvS1EAQA:8Al3AAAAEAAE"},
    {"board:gnubg:root:5:2:2:0:1:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:-1:0:-1:0:-7:-6:0:-1:5:4:5:4:1:"
     "1:1:0:1:-1:0:25:14:0:0:0:0:0:0:1",
     "AQAA/P4kAAAAAA:MIGyACAAEAAE"},
    {"board:gnubg:root:3:1:2:0:3:4:2:0:1:-1:1:0:2:0:0:0:0:0:1:0:0:0:0:0:0:-1:0:-10:1:1:3:2:3:2:1:1:"
     "1:0:1:-1:0:25:0:3:0:0:0:0:1:1",
     "/xMAIODeJAMBCA:cIlpABAAEAAE"},
    {"board:root:gnubg:5:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:1:1:"
     "1:1:1:-1:0:25:0:0:0:0:0:0:0:1",
     "4HPwATDgc/ABMA:cBGgAAAAAAAE"},
    {"board:root:gnubg:7:4:2:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-2:0:-4:0:0:-2:0:2:0:1:0:0:0:0:2:"
     "1:0:1:1:-1:0:25:0:0:0:0:0:0:0:1",
     "jGfwATDgc/ABMA:URHgACAAIAAE"},
    {"board:root:gnubg:7:4:2:0:-2:0:2:0:0:4:0:2:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:0:0:0:0:2:"
     "0:1:1:1:-1:0:25:0:0:0:0:0:0:0:1",
     "jGfwATDgc/ABMA:ARngACAAIAAE"},
};

TEST(FibsBoard, GnubgExternalPlayerLinesGiveGnubgsIds) {
  for (const auto& [line, ids] : kGnubgFibsLines) {
    // gnubg ends every line with "\n" and a NUL byte.
    const std::string sent = std::string(line) + "\n" + std::string(1, '\0');
    Result<FibsBoard> b = parse_fibs_board(sent, FibsDialect::Gnubg);
    ASSERT_TRUE(b.ok()) << line << ": " << b.error().message;
    Result<GnubgPosition> g = parse_gnubg_id(ids);
    ASSERT_TRUE(g.ok());
    EXPECT_EQ(b->position, g->position) << line;
    MatchState expected = g->match;
    expected.jacoby = false;  // not in a FIBS line
    // gnubg's Match ID writes the higher die first; its FIBS line keeps the order rolled.
    MatchState got = b->match;
    got.dice = got.dice.normalised();
    EXPECT_EQ(got, expected) << line << "\n gave " << format_gnubg_id(b->position, b->match);
    EXPECT_EQ(b->you_name, "root");  // gnubg's player 1 is always "You"
    EXPECT_EQ(format_fibs_board(*b, FibsDialect::Gnubg), line);
  }
}

TEST(FibsBoard, DocumentedExampleFromTheGnubgMailingList) {
  // "board:You:Other:1:..." answered by gnubg's external interface with "13/11 24/23": You are O
  // (colour 1), move 24 -> 1 and rolled 21.
  Result<FibsBoard> b = parse_fibs_board(
      "board:You:Other:1:0:0:0:-1:-1:0:0:0:5:0:3:0:0:0:-4:5:0:0:0:-4:0:-5:0:0:0:0:2:0:1:2:1:0:0:1:"
      "1:1:0:1:-1:0:25:0:0:0:0:2:6:0:0");
  ASSERT_TRUE(b.ok()) << b.error().message;
  EXPECT_EQ(b->position, P("x 24:2 13:5 8:3 6:5; o 19:5 17:4 12:4 2:1 1:1"));
  EXPECT_EQ(b->match.on_roll, kFibsYou);
  EXPECT_EQ(b->match.dice, (Dice{2, 1}));
  EXPECT_EQ(b->match.match_length, 1);
  EXPECT_EQ(b->you_name, "You");
  EXPECT_EQ(b->opponent_name, "Other");
}

TEST(FibsBoard, SpacesAfterColonsAndXMovingUp) {
  // A FIBS line quoted on fibsboard.com: You are X (colour -1) and move from 1 up to 24
  // (direction 1), X is on turn (-1) with 36, in a 17-point match at 0-2.
  const std::string line =
      "board:mpgnu:buster:17:0:2:0:0:0:2: 1: 4: 3: 0: 1: 0: 1: 0: 0: 2: 0: 0: 0: 0: 0: 1: -2: -2:"
      " -1: -4: -4: 0: -1: 3: 6: 0: 0: 1: 1: 1: 0: -1: 1: 25: 0: 2: 0: 0: 0: 2: 2: 0: 0";
  Result<FibsBoard> b = parse_fibs_board(line);
  ASSERT_TRUE(b.ok()) << b.error().message;
  EXPECT_EQ(b->match.match_length, 17);
  EXPECT_EQ(b->match.on_roll, kFibsYou);
  EXPECT_EQ(b->match.dice, (Dice{3, 6}));
  EXPECT_EQ(b->match.score[kFibsYou], 0);
  EXPECT_EQ(b->match.score[kFibsOpponent], 2);
  // Your point p is B[25 - p]; the opponent's checkers (positive) are on B3..B19.
  EXPECT_EQ(b->position, P("x 5:2 4:2 3:1 2:4 1:4 off:2; "
                           "o 22:2 21:1 20:4 19:3 17:1 15:1 12:2 6:1"));

  Result<FibsBoard> money = parse_fibs_board(line.substr(0, 19) + "9999" + line.substr(21));
  ASSERT_TRUE(money.ok()) << money.error().message;
  EXPECT_TRUE(money->match.is_money());
}

TEST(FibsBoard, RoundTripsInEveryColourAndDirection) {
  const std::vector<PositionRoll> samples = sample_positions(*rules_preset("wbf"), 30, 5);
  Rng rng(3);
  int checked = 0;
  for (const PositionRoll& s : samples) {
    for (FibsDialect dialect : {FibsDialect::Fibs, FibsDialect::Gnubg}) {
      FibsBoard b;
      b.you_name = "nard";
      b.opponent_name = "gnubg";
      b.position = s.position;
      b.match = random_match_state(rng);
      b.match.jacoby = false;
      if (dialect == FibsDialect::Fibs && b.match.double_offered && b.match.on_roll == kFibsYou)
        continue;  // FIBS only tells You about the opponent's doubles
      b.color = rng.below(2) ? 1 : -1;
      b.direction = rng.below(2) ? 1 : -1;
      const std::string line = format_fibs_board(b, dialect);
      Result<FibsBoard> back = parse_fibs_board(line, dialect);
      ASSERT_TRUE(back.ok()) << line << ": " << back.error().message;
      ASSERT_EQ(back->position, b.position) << line;
      ASSERT_EQ(back->match, b.match) << line;
      ASSERT_EQ(back->you_name, "nard");
      ASSERT_EQ(back->color, b.color);
      ASSERT_EQ(back->direction, b.direction);
      ++checked;
    }
  }
  EXPECT_GT(checked, 1000);
}

TEST(FibsBoard, RejectsMalformedLines) {
  const std::string good =
      "board:You:Other:1:0:0:0:-1:-1:0:0:0:5:0:3:0:0:0:-4:5:0:0:0:-4:0:-5:0:0:0:0:2:0:1:2:1:0:0:1:"
      "1:1:0:1:-1:0:25:0:0:0:0:2:6:0:0";
  ASSERT_TRUE(parse_fibs_board(good).ok());
  auto with = [&](std::vector<std::pair<int, std::string>> edits) {
    std::vector<std::string> t;
    std::stringstream ss(good);
    for (std::string s; std::getline(ss, s, ':');) t.push_back(s);
    for (const auto& [field, value] : edits) t[field] = value;
    std::string out;
    for (size_t i = 0; i < t.size(); ++i) out += (i ? ":" : "") + t[i];
    return out;
  };
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"bored:You:Other:1", "does not start with 'board:'"},
      {good + ":0", "54 ':'-separated fields, not 53"},
      {good.substr(0, good.rfind(':')), "52 ':'-separated fields"},
      {with({{20, "x"}}), "field 20 ('x') is not an integer"},
      {with({{41, "2"}}), "not a colour"},
      {with({{42, "0"}}), "not a direction"},
      {with({{32, "3"}}), "not a turn"},
      {with({{12, "6"}}), "gives You 16 checkers"},  // B6: one more for You (O, positive)
      {with({{7, "-2"}}), "opponent 16 checkers"},   // B1: one more for the opponent
      {with({{45, "1"}}), "disagrees with the board"},
      {with({{31, "-1"}}), "holds the other side's checkers"},  // B25 is your bar
      {with({{33, "7"}}), "not a die 0..6"},
      {with({{34, "0"}}), "rolled without the other"},
      {with({{37, "3"}}), "not a cube value"},
      {with({{31, "1"}, {12, "4"}, {47, "2"}}), "on-bar field says 2"},  // bar cell 1, field 2
      {with({{4, "-1"}}), "negative score"},
      {with({{3, "1"}, {4, "1"}}), "already has 1 points"},
  };
  for (const auto& [line, needle] : cases) expect_error(parse_fibs_board(line), needle, line);
}

}  // namespace
}  // namespace nard
