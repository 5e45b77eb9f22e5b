// Match files (formats/mat_file.h, formats/sgf_file.h, game/game_replay.h): gnubg's own files
// read, replayed and written back as gnubg wrote them; XG's variations; every game of the family
// round-trips through both formats; bad input names its line; gnubg imports what we write.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "formats/mat_file.h"
#include "formats/sgf_file.h"
#include "game/game_replay.h"
#include "tests/support/temp_files.h"

namespace nard {
namespace {

using testing_support::slurp_file;
using testing_support::unique_temp_path;

std::string fixture(const std::string& name) {
  return slurp_file(std::string(NARD_SOURCE_DIR) + "/tests/data/matches/" + name);
}

const char* const kGnubgFixtures[] = {"gnubg_3p_seed42", "gnubg_5p_seed3", "gnubg_7p_seed7",
                                      "gnubg_11p_seed19", "gnubg_money_seed5"};

// The text without header tag lines and trailing blanks (what gnubg and we must agree on).
std::string without_tags(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == ';') continue;
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
    out += line + "\n";
  }
  while (out.size() > 1 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n')
    out.pop_back();
  return out;
}

// Same games: scores, Crawford, every action's kind, player, dice, value and position, and the
// ends. Sub-move order and path may differ (gnubg reorders the steps of a play it imports).
void expect_same_games(const MatchRecord& a, const MatchRecord& b) {
  EXPECT_EQ(a.match_length, b.match_length);
  ASSERT_EQ(a.games.size(), b.games.size());
  for (size_t g = 0; g < a.games.size(); ++g) {
    const MatchGame& x = a.games[g];
    const MatchGame& y = b.games[g];
    SCOPED_TRACE("game " + std::to_string(g + 1));
    EXPECT_EQ(x.score, y.score);
    EXPECT_EQ(x.crawford_game, y.crawford_game);
    EXPECT_EQ(x.end, y.end);
    ASSERT_EQ(x.actions.size(), y.actions.size());
    for (size_t i = 0; i < x.actions.size(); ++i) {
      const MatchAction& p = x.actions[i];
      const MatchAction& q = y.actions[i];
      SCOPED_TRACE("action " + std::to_string(i + 1));
      EXPECT_EQ(p.kind, q.kind);
      EXPECT_EQ(p.player, q.player);
      EXPECT_EQ(p.value, q.value);
      if (p.kind == ActionKind::Roll || p.kind == ActionKind::Play) {
        EXPECT_EQ(p.dice.normalised(), q.dice.normalised());
      }
      if (p.kind == ActionKind::Play) { EXPECT_TRUE(p.after == q.after); }
    }
  }
}

// A record played by random agents through GameReplay: random plays, doubles, takes, drops,
// beavers (money), resignations, rejected ones when allow_reject.
MatchRecord random_record(const std::string& rules_spec, int match_length, uint64_t seed,
                          int money_games, bool allow_reject = false) {
  MatchRecord rec;
  rec.rules = rules_spec;
  rec.match_length = match_length;
  rec.beavers = match_length == 0;
  rec.players = {"alice", "bob"};
  rec.tags = {{"EventDate", "2024.05.01"}, {"Event", "random agents"}};
  Rng rng(seed);
  std::array<int, 2> score{0, 0};
  bool crawford_done = false;
  for (int number = 1;; ++number) {
    if (match_length > 0 && (score[0] >= match_length || score[1] >= match_length)) break;
    if (match_length == 0 && number > money_games) break;
    MatchGame shell;
    shell.score = score;
    const Rules rules = *record_rules(rec, shell);
    const bool crawford =
        rules.cube && rec.crawford && !crawford_done && is_crawford_score(match_length, score);
    crawford_done |= crawford;
    GameReplay r(rules, match_length, score, crawford);
    int side = int(rng.below(2));
    for (int step = 0; step < 3000 && !r.over(); ++step) {
      if (r.started() && rules.cube && rng.below(12) == 0 && !r.double_cube(side)) {
        const uint32_t answer = rng.below(10);
        if (answer < 2) {
          (void)r.drop(1 - side);
        } else if (answer < 4 && !r.beaver(1 - side)) {
          if (rng.below(3) == 0)
            (void)r.drop(side);
          else
            (void)r.take(side);
        } else {
          (void)r.take(1 - side);
        }
        if (r.over()) break;
      }
      if (r.started() && rng.below(80) == 0) {
        const int resigner = int(rng.below(2));
        const int level =
            rules.has_gammons() && !(rules.jacoby && match_length == 0) ? 1 + int(rng.below(2)) : 1;
        (void)r.resign(resigner, level);
        if (allow_reject && rng.below(2) == 0) {
          (void)r.reject(1 - resigner);
        } else {
          (void)r.accept(1 - resigner);
          break;
        }
      }
      Dice d = rng.roll();
      while (!r.started() && rules.opening == Opening::Both && d.is_double()) d = rng.roll();
      EXPECT_FALSE(r.roll(side, d).has_value());
      const auto plays = r.legal_plays();
      if (plays.empty()) {
        EXPECT_FALSE(r.play(side, WrittenPlay{}).has_value());
      } else {
        EXPECT_FALSE(r.play_to(side, plays[rng.below(uint32_t(plays.size()))]).has_value());
      }
      if (!r.over()) side = r.on_roll();
    }
    MatchGame game = r.game(number);
    if (game.end.winner >= 0) score[size_t(game.end.winner)] += game.end.points;
    rec.games.push_back(std::move(game));
    if (!r.over()) break;  // an unfinished game (turn limit) ends the record
  }
  return rec;
}

TEST(MatFile, GnubgFilesReplayAndAreWrittenBackAsGnubgWroteThem) {
  for (const char* name : kGnubgFixtures) {
    SCOPED_TRACE(name);
    const std::string text = fixture(std::string(name) + ".mat");
    Result<MatchRecord> rec = read_mat(text);
    ASSERT_TRUE(rec.ok()) << rec.error().message;
    EXPECT_FALSE(check_record(*rec).has_value());
    EXPECT_EQ(rec->players[0], "gnubg");
    EXPECT_EQ(rec->tag("EventDate"), "2026.11.24");
    EXPECT_EQ(without_tags(write_mat(*rec)), without_tags(text));
    Result<MatchRecord> again = read_mat(write_mat(*rec));
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_TRUE(*again == *rec);
  }
}

TEST(MatFile, GnubgMatchesScoreAndEndAsGnubgSays) {
  Result<MatchRecord> rec = read_mat(fixture("gnubg_7p_seed7.mat"));
  ASSERT_TRUE(rec.ok()) << rec.error().message;
  EXPECT_EQ(rec->match_length, 7);
  ASSERT_EQ(rec->games.size(), 5u);
  // Game 1: player 1 doubles, player 0 drops.
  EXPECT_EQ(rec->games[0].end, (GameEnd{GameEndKind::Dropped, 1, 1}));
  // Game 3: gnubg resigned (the .mat shows only "Wins 2 points" before the game ended).
  EXPECT_EQ(rec->games[2].end, (GameEnd{GameEndKind::Resigned, 0, 2}));
  EXPECT_EQ(rec->games[4].score, (std::array<int, 2>{5, 1}));
  Result<MatchRecord> eleven = read_mat(fixture("gnubg_11p_seed19.mat"));
  ASSERT_TRUE(eleven.ok()) << eleven.error().message;
  int crawford_games = 0;
  for (const MatchGame& g : eleven->games) crawford_games += g.crawford_game;
  EXPECT_EQ(crawford_games, 1);
}

TEST(SgfFile, GnubgFilesHoldTheSameGamesAsTheirMatFiles) {
  for (const char* name : kGnubgFixtures) {
    SCOPED_TRACE(name);
    Result<MatchRecord> sgf = read_sgf(fixture(std::string(name) + ".sgf"));
    ASSERT_TRUE(sgf.ok()) << sgf.error().message;
    Result<MatchRecord> mat = read_mat(fixture(std::string(name) + ".mat"));
    ASSERT_TRUE(mat.ok()) << mat.error().message;
    EXPECT_FALSE(check_record(*sgf).has_value());
    expect_same_games(*sgf, *mat);
    EXPECT_EQ(sgf->players, mat->players);
    EXPECT_EQ(sgf->tag("EventDate"), "2026.11.24");
    Result<MatchRecord> again = read_sgf(write_sgf(*sgf));
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_TRUE(*again == *sgf);
  }
}

TEST(MatFile, XgStyleVariationsReadAsTheGnubgOriginal) {
  // The same match as gnubg_5p_seed3.mat, rewritten by hand in XG's and other writers' ways:
  // bar/Bar, off/OFF, multi-pip steps "22/12*" "7/off", "(2)" "(4)", lowercase cube words,
  // "31:25/22", unindented "Game N", a numbered "Wins", "point" for "points", "and the match".
  Result<MatchRecord> xg = read_mat(fixture("xg_style_5p.mat"));
  ASSERT_TRUE(xg.ok()) << xg.error().message;
  Result<MatchRecord> gnubg = read_mat(fixture("gnubg_5p_seed3.mat"));
  ASSERT_TRUE(gnubg.ok()) << gnubg.error().message;
  expect_same_games(*xg, *gnubg);
  EXPECT_EQ(xg->cube_limit, 1024);
  EXPECT_TRUE(xg->crawford);
  EXPECT_EQ(xg->tag("Match ID"), "12345");
  EXPECT_EQ(xg->tag("Player 1 Elo"), "1600.00/0");
  EXPECT_EQ(xg->tag("EventTime"), "11.40");
}

TEST(MatFile, BeaversResignationsAndDances) {
  Result<MatchRecord> rec = read_mat(fixture("beaver_money.mat"));
  ASSERT_TRUE(rec.ok()) << rec.error().message;
  ASSERT_EQ(rec->games.size(), 3u);
  EXPECT_TRUE(rec->beavers);
  const auto& g1 = rec->games[0].actions;
  ASSERT_GE(g1.size(), 7u);
  EXPECT_EQ(g1[4].kind, ActionKind::Double);
  EXPECT_EQ(g1[5].kind, ActionKind::Beaver);
  EXPECT_EQ(g1[5].value, 4);
  EXPECT_EQ(g1[6].kind, ActionKind::Take);
  EXPECT_EQ(g1[6].player, 0);
  // "66:" with nothing written, then "Wins": bob resigned while alice's roll was pending.
  EXPECT_EQ(g1[g1.size() - 3].kind, ActionKind::Roll);
  EXPECT_EQ(g1[g1.size() - 2].kind, ActionKind::Resign);
  EXPECT_EQ(g1[g1.size() - 2].player, 1);
  EXPECT_EQ(rec->games[0].end, (GameEnd{GameEndKind::Resigned, 0, 4}));
  EXPECT_EQ(rec->games[1].end, (GameEnd{GameEndKind::Dropped, 1, 2}));
  const MatchGame& g3 = rec->games[2];
  EXPECT_EQ(g3.end.kind, GameEndKind::Unfinished);
  EXPECT_EQ(g3.actions.back().kind, ActionKind::Play);
  EXPECT_EQ(g3.actions.back().move.count, 0);  // 55 dances: "Cannot Move"
  for (const std::string& text : {write_mat(*rec), write_sgf(*rec)}) {
    Result<MatchRecord> again = text[0] == '(' ? read_sgf(text) : read_mat(text);
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_TRUE(*again == *rec);
  }
}

struct Family {
  const char* rules;
  int match_length;
  const char* variation;
};

TEST(MatchFiles, EveryGameOfTheFamilyRoundTripsThroughBothFormats) {
  const Family family[] = {
      {"wbf", 5, "Backgammon"},
      {"wbf", 0, "Backgammon"},
      {"iran", 3, "Backgammon"},
      {"ru_short", 3, "Backgammon"},
      {"arab_tawla", 3, "Backgammon"},
      {"gr_portes", 5, "Backgammon"},
      {"tr_tavla", 3, "Backgammon"},
      {"plakoto", 5, "Plakoto"},
      {"mahbusa", 3, "Plakoto"},
      {"fevga", 5, "Fevga"},
      {"moultezim", 3, "Fevga"},
      {"longnardy", 5, "Long Nardy"},
      {"ru_sport", 5, "Long Nardy"},
      {"tawla31", 31, "Tawla 31"},
      {"tawla31,t31_geometry=parallel", 31, "Tawla 31"},
  };
  for (const Family& f : family) {
    SCOPED_TRACE(f.rules);
    const MatchRecord rec = random_record(f.rules, f.match_length, 20240501, 4);
    ASSERT_FALSE(rec.games.empty());
    std::optional<Error> bad = check_record(rec);
    EXPECT_FALSE(bad.has_value()) << (bad ? bad->message : "");
    const std::string mat = write_mat(rec);
    EXPECT_NE(mat.find(std::string("; [Variation \"") + f.variation + "\"]"), std::string::npos);
    Result<MatchRecord> from_mat = read_mat(mat);
    ASSERT_TRUE(from_mat.ok()) << from_mat.error().message << "\n" << mat;
    EXPECT_TRUE(*from_mat == rec);
    expect_same_games(*from_mat, rec);
    Result<MatchRecord> from_sgf = read_sgf(write_sgf(rec));
    ASSERT_TRUE(from_sgf.ok()) << from_sgf.error().message;
    EXPECT_TRUE(*from_sgf == rec);
    expect_same_games(*from_sgf, rec);
  }
}

TEST(MatchFiles, RejectedResignationsAreLeftOutAsGnubgDoes) {
  const MatchRecord rec = random_record("wbf", 7, 99, 0, /*allow_reject=*/true);
  EXPECT_FALSE(check_record(rec).has_value());
  MatchRecord expected = rec;
  int rejects = 0;
  for (MatchGame& g : expected.games) {
    std::vector<MatchAction> kept;
    for (size_t i = 0; i < g.actions.size(); ++i) {
      if (g.actions[i].kind == ActionKind::Resign && i + 1 < g.actions.size() &&
          g.actions[i + 1].kind == ActionKind::Reject) {
        ++i;
        ++rejects;
        continue;
      }
      kept.push_back(g.actions[i]);
    }
    g.actions = kept;
  }
  EXPECT_GT(rejects, 0);
  Result<MatchRecord> from_mat = read_mat(write_mat(rec));
  ASSERT_TRUE(from_mat.ok()) << from_mat.error().message;
  EXPECT_TRUE(*from_mat == expected);
  Result<MatchRecord> from_sgf = read_sgf(write_sgf(rec));
  ASSERT_TRUE(from_sgf.ok()) << from_sgf.error().message;
  EXPECT_TRUE(*from_sgf == expected);
}

TEST(MatchFiles, AMatchWithPerGameRulesKeepsThem) {
  // Greek tavli: Portes, Plakoto, Fevga in turn (the match's rules are the first game's).
  MatchRecord rec = random_record("gr_portes", 0, 5, 1);
  const char* const rotation[] = {"plakoto", "fevga"};
  for (int k = 0; k < 2; ++k) {
    MatchRecord next = random_record(rotation[k], 0, 6 + uint64_t(k), 1);
    MatchGame g = next.games[0];
    g.number = int(rec.games.size()) + 1;
    // Replay it at the running score.
    std::array<int, 2> score = rec.games.back().score;
    if (rec.games.back().end.winner >= 0)
      score[size_t(rec.games.back().end.winner)] += rec.games.back().end.points;
    g.score = score;
    g.rules = rotation[k];
    rec.games.push_back(g);
  }
  ASSERT_FALSE(check_record(rec).has_value());
  Result<MatchRecord> from_mat = read_mat(write_mat(rec));
  ASSERT_TRUE(from_mat.ok()) << from_mat.error().message;
  EXPECT_TRUE(*from_mat == rec);
  expect_same_games(*from_mat, rec);
  EXPECT_EQ(from_mat->rules, rec.rules);
  for (size_t g = 0; g < rec.games.size(); ++g) {
    EXPECT_EQ(from_mat->games[g].rules, rec.games[g].rules);
    for (size_t i = 0; i < rec.games[g].actions.size(); ++i)
      if (!(from_mat->games[g].actions[i] == rec.games[g].actions[i]))
        ADD_FAILURE() << g << " " << i << " " << format_move(rec.games[g].actions[i].move) << " vs "
                      << format_move(from_mat->games[g].actions[i].move);
  }
  EXPECT_EQ(from_mat->tags, rec.tags);
  EXPECT_EQ(from_mat->players, rec.players);
  Result<MatchRecord> from_sgf = read_sgf(write_sgf(rec));
  ASSERT_TRUE(from_sgf.ok()) << from_sgf.error().message;
  EXPECT_TRUE(*from_sgf == rec);
}

TEST(MatchFiles, ARecordStartingMidMatchKeepsItsNumbersAndScores) {
  MatchRecord rec = random_record("wbf", 7, 31, 0);
  ASSERT_GE(rec.games.size(), 3u);
  rec.games.erase(rec.games.begin(), rec.games.begin() + 2);
  ASSERT_FALSE(check_record(rec).has_value());
  for (const std::string& text : {write_mat(rec), write_sgf(rec)}) {
    Result<MatchRecord> again = text[0] == '(' ? read_sgf(text) : read_mat(text);
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_TRUE(*again == rec);
    EXPECT_EQ(again->games[0].number, 3);
  }
}

TEST(MatFile, BadInputNamesTheLineAndTheProblem) {
  const std::string head = " 3 point match\n\n Game 1\n a : 0                          b : 0\n";
  struct Case {
    std::string text, expect;
  };
  const Case cases[] = {
      {"hello\n", "no 'N point match' line"},
      {head + "  1) 31: 8/4 6/5\n", "line 5: '8/4 6/5' is not a legal play of 31"},
      {head + "  1) 31: 8/5 6/5                 31: 8/5 6/5\n  2) 77: 8/1\n",
       "line 6: unknown entry '77:'"},
      {head +
           "  1) 31: 8/5 6/5                 42: 8/4 6/4\n  2) 21: 24/23 13/11             33:\n",
       "line 6: the roll 33 has legal plays, but none is written"},
      {head + "  1) 31: 8/5 6/5                 42: 8/4 6/4\n  2) 21: 24/23 13/11             "
              "33:\n  3) 21: 13/11 6/5\n",
       "line 7: the roll 33 of line 6 has legal plays, but none is written"},
      {head + "  1) 31: 8/5 6/5 hello\n", "line 5: unknown entry 'hello'"},
      {head + "  1) 31: 8/x 6/5\n", "line 5: '8/x' is not a play"},
      {head + "  1)  Doubles => 2\n", "line 5: a double before the opening roll"},
      {head + "  1) 31: 8/5 6/5                  Takes\n", "line 5: a take without a double"},
      {head + "  1) 31: 8/5 6/5                 42: 8/4 6/4\n  2)  Doubles => 4\n",
       "line 6: 'Doubles => 4', but the cube goes to 2"},
      {head +
           "  1) 31: 8/5 6/5                 42: 8/4 6/4\n  2)  Doubles => 2                Drops\n"
           "      Wins 1 point\n\n Game 2\n a : 0                          b : 0\n",
       "line 10: the score is 0-0, but the games before add up to 1-0"},
      {" 3 point match\n\n Game 1\n a 0 b 0\n", "line 4: expected the score line"},
      {" 3 point match\n\n hello\n", "line 3: expected 'Game N'"},
      {"; [Variation \"Hypergammon\"]\n 3 point match\n",
       "line 1: the variation \"Hypergammon\" is not a game we play"},
      {"; [Crawford \"Maybe\"]\n 3 point match\n",
       "line 1: tag Crawford must be \"On\" or \"Off\""},
      {" 3 point match\n\n Game 1\n a : 2                          b : 0\n  1) 31: 8/5 6/5 "
       "                 42: 8/4 6/4\n  2)  Doubles => 2\n",
       "line 6: cannot double: nobody may double in the Crawford game"},
      {head + "  1) 31: 8/5 6/5                 42: 8/4 6/4\n      Wins 1 point        Wins 2 "
              "points\n",
       "line 6: 'Wins' in the right column, but the other player won the game"},
  };
  for (const Case& c : cases) {
    Result<MatchRecord> r = read_mat(c.text);
    ASSERT_FALSE(r.ok()) << c.text;
    EXPECT_NE(r.error().message.find(c.expect), std::string::npos)
        << r.error().message << "\nwanted: " << c.expect;
  }
}

TEST(SgfFile, BadInputNamesTheLineAndTheProblem) {
  const std::string root = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[a]PB[b]\n";
  struct Case {
    std::string text, expect;
  };
  const Case cases[] = {
      {"hello", "line 1: expected '(' to start a game tree"},
      {"", "no SGF game tree"},
      {"(;FF[4]GM[1]SZ[19];B[aa])", "line 1: GM[1] is not backgammon (GM[6])"},
      {root + ";W[31hefe]\n;B[31hh])", "line 3: '17/17' is not a forward step"},
      {root + ";W[31hdfe])", "line 2: '8/4 6/5' is not a legal play of 31"},
      {root + ";W[31he", "line 2: a property value is not closed with ']'"},
      {root + ";W[31hefe]", "the file ends inside a game tree"},
      {root + ";W[31h])", "line 2: '31h': the letters must come in from/to pairs"},
      {root + ";W[take])", "line 2: a take without a double"},
      {root + ";W[31hefe];B[31!!fe])", "line 2: '31!!fe': points are letters"},
      {root + ";AB[aa])", "line 2: AB: board set-ups are not supported"},
      {"(;GM[6]RE[X+1];W[31hefe])", "line 1: RE[X+1]: expected W+N"},
  };
  for (const Case& c : cases) {
    Result<MatchRecord> r = read_sgf(c.text);
    ASSERT_FALSE(r.ok()) << c.text;
    EXPECT_NE(r.error().message.find(c.expect), std::string::npos)
        << r.error().message << "\nwanted: " << c.expect;
  }
}

TEST(MatchFiles, MangledFilesNeverCrashTheReaders) {
  // Truncations and random edits of real files: every result is a record or an Error.
  // NARD_MANGLE_MANY=1 makes 20,000 edits per file instead of 150 (about 40 s).
  const std::string sources[] = {fixture("gnubg_5p_seed3.mat"), fixture("xg_style_5p.mat"),
                                 fixture("beaver_money.mat"), fixture("gnubg_5p_seed3.sgf")};
  Rng rng(7);
  int errors = 0, reads = 0;
  for (const std::string& src : sources) {
    const bool sgf = src[0] == '(';
    for (size_t cut = 0; cut < src.size(); cut += 97) {
      Result<MatchRecord> r = sgf ? read_sgf(src.substr(0, cut)) : read_mat(src.substr(0, cut));
      errors += !r.ok();
      ++reads;
    }
    for (int k = 0; k < (std::getenv("NARD_MANGLE_MANY") ? 20000 : 150); ++k) {
      std::string t = src;
      for (int e = 0; e < 3; ++e) {
        const size_t at = rng.below(uint32_t(t.size()));
        const uint32_t op = rng.below(3);
        if (op == 0) t[at] = char(rng.below(256));
        if (op == 1) t.erase(at, 1 + rng.below(8));
        if (op == 2) t.insert(at, 1, "0123456789/*:()[];bBwW \n"[rng.below(24)]);
      }
      Result<MatchRecord> r = sgf ? read_sgf(t) : read_mat(t);
      errors += !r.ok();
      ++reads;
      if (r.ok()) { EXPECT_FALSE(check_record(*r).has_value()); }
    }
  }
  EXPECT_GT(errors, reads / 4);  // the edits do break most files
}

// ---------------------------------------------------------------------------------------------
// gnubg itself imports what we write and exports the same games.

std::string gnubg_binary() {
  for (const char* p : {"/usr/games/gnubg", "/usr/bin/gnubg", "/usr/local/bin/gnubg"})
    if (std::ifstream(p).good()) return p;
  return "";
}

// Runs gnubg -t on the commands; a throw-away HOME keeps the user's settings untouched.
bool run_gnubg(const std::string& gnubg, const std::string& commands) {
  const std::string home = unique_temp_path("gnubg_home");
  const std::string script = unique_temp_path("gnubg_cmds");
  std::ofstream(script) << commands;
  const std::string cmd = "mkdir -p " + home + " && HOME=" + home + " " + gnubg + " -t -q < " +
                          script + " > " + script + ".out 2>&1";
  return std::system(cmd.c_str()) == 0;
}

TEST(GnubgRoundTrip, GnubgImportsOurMatAndSgfAndExportsTheSameGames) {
  const std::string gnubg = gnubg_binary();
  if (gnubg.empty()) GTEST_SKIP() << "gnubg is not installed";
  Result<MatchRecord> beavers = read_mat(fixture("beaver_money.mat"));
  ASSERT_TRUE(beavers.ok()) << beavers.error().message;
  beavers.value()
      .games.pop_back();  // gnubg's "import mat" drops the moves of an unfinished last game
  const MatchRecord matches[] = {random_record("wbf", 5, 11, 0), random_record("wbf", 9, 12, 0),
                                 *beavers};
  for (const MatchRecord& rec : matches) {
    ASSERT_FALSE(check_record(rec).has_value());
    const std::string mat = unique_temp_path("ours") + ".mat",
                      sgf = unique_temp_path("ours") + ".sgf";
    const std::string mat_back = unique_temp_path("back") + ".mat",
                      sgf_back = unique_temp_path("back") + ".sgf";
    std::ofstream(mat) << write_mat(rec);
    std::ofstream(sgf) << write_sgf(rec);
    ASSERT_TRUE(run_gnubg(gnubg, "import mat " + mat + "\nexport match mat " + mat_back +
                                     "\nload match " + sgf + "\nsave match " + sgf_back + "\n"));
    Result<MatchRecord> from_mat = read_mat(slurp_file(mat_back));
    ASSERT_TRUE(from_mat.ok()) << from_mat.error().message;
    expect_same_games(*from_mat, rec);
    Result<MatchRecord> from_sgf = read_sgf(slurp_file(sgf_back));
    ASSERT_TRUE(from_sgf.ok()) << from_sgf.error().message;
    expect_same_games(*from_sgf, rec);
    EXPECT_EQ(from_sgf->players, rec.players);
  }
}

}  // namespace
}  // namespace nard
