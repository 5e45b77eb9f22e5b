// The bot's commands run as the `nard` binary: bad input gives exit code 2 and one line, `nard
// play` plays a game from piped answers, `nard external --stdio` answers gnubg's lines with legal
// replies, and short runs of `nard match`, `hint`, `eval`, `cube` and `rollout`. The model is a
// small random net written to a temporary file (the commands only need a valid model).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "formats/fibs_board.h"
#include "formats/mat_file.h"
#include "formats/sgf_file.h"
#include "game/match.h"
#include "game/movegen/movegen.h"
#include "nn/model_path.h"
#include "nn/weights_file.h"
#include "tests/support/cli_runner.h"

namespace nard {
namespace {

using testing_support::CliRun;
using testing_support::run_nard;
using testing_support::slurp_file;

// A random backgammon model in a temporary file, written once.
const std::string& model() {
  static const std::string path = [] {
    const std::string p = testing_support::unique_temp_path("nard_bot_test_model") + ".bin";
    EXPECT_FALSE(save_weights(p, random_net_weights(Variant::Backgammon, 5)).has_value());
    return p;
  }();
  return path;
}

std::string with_model(const std::string& args) { return args + " --model " + model(); }

TEST(BotCommands, BadInputExitsTwoWithOneLine) {
  const std::vector<std::string> bad = {
      with_model("hint 4HPwATDgc/ABM 31"),                      // short Position ID
      with_model("hint 4HPwATDgc/ABMA 71"),                     // bad dice
      with_model("eval nonsense"),                              // not a position
      with_model("cube 4HPwATDgc/ABMA --match 5 --score 5-1"),  // score not below the length
      with_model("rollout 4HPwATDgc/ABMA --trials 0"),
      with_model("match --b gnubgx --games 2"),                      // unknown player
      with_model("match --b net --b-cube-life janowski --games 2"),  // no such cube life
      with_model("play --match -1"),
      with_model("external"),  // neither --stdio nor --socket
      "hint 4HPwATDgc/ABMA 31 --model /nonexistent/model.bin",
      with_model("hint 4HPwATDgc/ABMA 31 --variant plakoto"),  // model of another game
  };
  for (const std::string& args : bad) {
    const CliRun r = run_nard(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << "\n" << r.err;
    EXPECT_EQ(r.err.rfind("nard: ", 0), 0u) << args << "\n" << r.err;
  }
}

// Tawla 31 scores the checkers left to the loser: eval shows the expected counts (the net's gammon
// slots times 15), not gammon chances, and the equity is their difference.
TEST(BotCommands, EvalOfTawla31ShowsExpectedCheckerCounts) {
  const CliRun r = run_nard("eval 'x 24:10 20:5; o 1:12 5:3' --variant tawla31");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("W(bg)"), std::string::npos) << r.out;
  const size_t at = r.out.find("E[count lost]");
  ASSERT_NE(at, std::string::npos) << r.out;
  std::istringstream values(r.out.substr(r.out.find('\n', at) + 1));
  double win = 0, won = 0, lose = 0, lost = 0, equity = 0;
  std::string dash;
  values >> win >> won >> dash >> lose >> lost;
  ASSERT_TRUE(values) << r.out;
  EXPECT_NEAR(win + lose, 1.0, 2e-3);
  EXPECT_GE(won, win);  // a win scores at least one checker
  EXPECT_GE(lost, lose);
  const size_t eq = r.out.find("Cubeless equity:");
  ASSERT_NE(eq, std::string::npos) << r.out;
  equity = std::stod(r.out.substr(eq + 16));
  EXPECT_NEAR(equity, won - lost, 2e-3) << r.out;
}

TEST(BotCommands, HintEvalCubeAndRolloutRun) {
  CliRun r = run_nard(with_model("hint 4HPwATDgc/ABMA 31 --ply 1"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The settings line first, then the top 10 of 16 plays, cubeful by default.
  EXPECT_EQ(r.out.find("money game, cube 1 centred, Jacoby off, beavers off; cubeful 1-ply\n"), 0u)
      << r.out;
  EXPECT_NE(r.out.find("   1. Cubeful  1-ply"), std::string::npos) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1 + 2 * 10) << r.out;
  r = run_nard(with_model("hint 4HPwATDgc/ABMA 31 --ply 0 --cubeless --top 3"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("   1. Cubeless 0-ply"), std::string::npos) << r.out;
  // A match from the Match ID: normalised equity and match winning chances.
  r = run_nard(with_model("hint 4HPwATDgc/ABMA:cAnrADAAKAAE 31 --top 2"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("7-point match, score"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("MWC "), std::string::npos) << r.out;
  r = run_nard(with_model("hint 4HPwATDgc/ABMA 31 --match 5 --score 5-1"));
  EXPECT_EQ(r.exit_code, 2) << r.out;  // a score at the match length
  r = run_nard(with_model("eval 4HPwATDgc/ABMA --json"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"cubeful_equity\": "), std::string::npos) << r.out;
  r = run_nard(with_model("cube 4HPwATDgc/ABMA:cAnrADAAKAAE"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("7-point match, score"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Proper cube action: "), std::string::npos) << r.out;
  r = run_nard(
      with_model("rollout 4HPwATDgc/ABMA 31 --trials 12 --truncate 2 --candidates 2 --threads 1"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  size_t plays = 0;
  for (size_t at = 0; (at = r.out.find("95% CI", at)) != std::string::npos; ++at) ++plays;
  EXPECT_EQ(plays, 2u) << r.out;  // each play rolled out, with its confidence interval
}

TEST(BotCommands, PlayFinishesAGameFromPipedAnswers) {
  // Always the first play listed; the cube is on, so answer the cube questions too: "r" rolls,
  // and "t" takes (an answer the current question does not accept is asked again).
  std::string input;
  for (int i = 0; i < 400; ++i) input += "1\nr\nt\n";
  const CliRun r = run_nard(with_model("play --seed 11"), input);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("You (X) rolled"), std::string::npos);
  EXPECT_TRUE(r.out.find("You win ") != std::string::npos ||
              r.out.find("nard wins ") != std::string::npos)
      << r.out.substr(r.out.size() > 2000 ? r.out.size() - 2000 : 0);
  EXPECT_NE(r.out.find("Score: you "), std::string::npos);
  EXPECT_EQ(r.out.find("Input ended"), std::string::npos);
}

TEST(BotCommands, PlaySavesTheGameAsAMatchFileThatReplays) {
  std::string input;
  for (int i = 0; i < 400; ++i) input += "1\nr\nt\n";
  const std::string path = testing_support::unique_temp_path("nard_saved") + ".mat";
  const CliRun r = run_nard(with_model("play --seed 11 --save " + path), input);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<MatchRecord> record = read_mat(slurp_file(path));
  ASSERT_TRUE(record.ok()) << record.error().message;
  ASSERT_EQ(record->games.size(), 1u);
  EXPECT_FALSE(check_record(*record).has_value());
  EXPECT_GE(record->games[0].end.winner, 0);
  EXPECT_EQ(record->players[0], "nard");
}

// A Tavli match with the shipped models: Portes, then Plakoto, then Fevga, saved with each game's
// rules, and the file replays.
TEST(BotCommands, PlayTavliRotatesTheGamesAndSavesThem) {
  std::string input;
  for (int i = 0; i < 3000; ++i) input += "1\nr\nt\n";
  const std::string path = testing_support::unique_temp_path("nard_tavli") + ".mat";
  const CliRun r = run_nard("play --tavli --match 3 --seed 3 --save " + path, input);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("=== Game 2: Plakoto ==="), std::string::npos) << r.out;
  Result<MatchRecord> record = read_mat(slurp_file(path));
  ASSERT_TRUE(record.ok()) << record.error().message;
  EXPECT_FALSE(check_record(*record).has_value());
  ASSERT_GE(record->games.size(), 2u);
  EXPECT_EQ(record->rules, "gr_portes");
  EXPECT_EQ(record->games[1].rules, "plakoto");
  EXPECT_EQ(run_nard("play --tavli").exit_code, 2);  // no match length
}

TEST(BotCommands, PlayStopsCleanlyWhenInputEnds) {
  const CliRun r = run_nard(with_model("play --seed 11 --no-cube"), "1\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Input ended"), std::string::npos) << r.out;
}

// Lines gnubg 1.07 sent to an external player (tests/formats/formats_test.cpp has their gnubg IDs).
const char* const kGnubgLines[] = {
    "board:gnubg:root:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:1:4:1:4:2:1:"
    "0:0:1:-1:0:25:0:0:0:0:0:0:0:1",
    "board:gnubg:root:11:9:0:-1:-2:0:0:0:0:5:1:2:0:0:0:-4:5:1:0:0:0:0:-8:0:0:0:0:1:0:-1:3:1:3:1:2:"
    "0:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
    "board:gnubg:root:11:7:10:0:4:2:3:0:0:0:2:0:0:2:0:-1:-1:0:0:-2:-1:-3:-4:2:-1:0:-2:0:0:1:1:4:1:"
    "4:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0",
    "board:gnubg:root:3:0:2:0:4:5:1:-1:1:1:-1:0:1:1:-1:0:-1:-1:0:-1:0:0:0:0:0:0:-4:-5:1:1:5:6:5:6:"
    "1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0",
    "board:gnubg:root:5:2:2:0:1:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:-1:0:-1:0:-7:-6:0:-1:5:4:5:4:1:1:"
    "1:0:1:-1:0:25:14:0:0:0:0:0:0:1",
    "board:gnubg:root:3:1:2:0:3:4:2:0:1:-1:1:0:2:0:0:0:0:0:1:0:0:0:0:0:0:-1:0:-10:1:1:3:2:3:2:1:1:"
    "1:0:1:-1:0:25:0:3:0:0:0:0:1:1",
    "board:root:gnubg:5:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:1:1:"
    "1:1:1:-1:0:25:0:0:0:0:0:0:0:1",
    "board:root:gnubg:7:4:2:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-2:0:-4:0:0:-2:0:2:0:1:0:0:0:0:2:1:"
    "0:1:1:-1:0:25:0:0:0:0:0:0:0:1",
    "board:root:gnubg:7:4:2:0:-2:0:2:0:0:4:0:2:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:0:0:0:0:2:0:"
    "1:1:1:-1:0:25:0:0:0:0:0:0:0:1",
};

// Applies "from/to from/to ..." (bar, off) to the position of the side on roll, independently of
// the move generator; nullopt if a sub-move is impossible on the board.
std::optional<Position> apply_play(Position p, const std::string& text) {
  std::istringstream in(text);
  for (std::string sub; in >> sub;) {
    const size_t slash = sub.find('/');
    if (slash == std::string::npos) return std::nullopt;
    const std::string a = sub.substr(0, slash), b = sub.substr(slash + 1);
    const int from = a == "bar" ? kBar : std::atoi(a.c_str());
    const int to = b == "off" ? kOff : std::atoi(b.c_str());
    if (from == kBar) {
      if (p.mover_bar == 0) return std::nullopt;
      --p.mover_bar;
    } else {
      if (from < 1 || from > 24 || p.at(from) <= 0) return std::nullopt;
      p.set(from, p.at(from) - 1);
    }
    if (to == kOff) {
      ++p.mover_off;
    } else {
      if (to < 1 || to > 24 || p.at(to) < -1) return std::nullopt;
      if (p.at(to) == -1) p.set(to, 0), ++p.opp_bar;
      p.set(to, p.at(to) + 1);
    }
  }
  return p;
}

TEST(BotCommands, ExternalStdioAnswersGnubgLinesLegally) {
  std::string input;
  for (const char* line : kGnubgLines) input += std::string(line) + "\n" + std::string(1, '\0');
  const CliRun r = run_nard(with_model("external --stdio"), input);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  std::istringstream replies(r.out);
  const Rules rules = *rules_preset("wbf");
  MoveGenerator gen(rules);
  PlayList list;
  int moves = 0, answers = 0;
  for (const char* line : kGnubgLines) {
    const FibsBoard b = *parse_fibs_board(line, FibsDialect::Gnubg);
    std::string reply;
    ASSERT_TRUE(std::getline(replies, reply)) << "no reply to " << line;
    if (b.match.double_offered) {
      EXPECT_TRUE(reply == "take" || reply == "drop") << reply;
      ++answers;
    } else if (!b.match.dice_rolled()) {
      EXPECT_TRUE(reply == "roll" || reply == "double") << reply;
    } else {
      list.size = gen.generate(b.position, b.match.dice, list.positions.get());
      const std::optional<Position> after = apply_play(b.position, reply);
      ASSERT_TRUE(after.has_value()) << reply << " on " << line;
      EXPECT_NE(std::find(list.positions.get(), list.positions.get() + list.size, *after),
                list.positions.get() + list.size)
          << "illegal play '" << reply << "' for " << line;
      ++moves;
    }
  }
  EXPECT_EQ(moves, 6);
  EXPECT_EQ(answers, 3);
  std::string extra;
  EXPECT_FALSE(std::getline(replies, extra)) << "unexpected reply " << extra;
}

TEST(BotCommands, ShortMatchAgainstPubevalRuns) {
  const CliRun r = run_nard(with_model("match --b pubeval --games 8 --threads 1"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("8 money games (duplicate dice)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("points per game (se "), std::string::npos) << r.out;
}

// The same net with gnubg's cube life against ours: cubeful money games, B's label says which.
TEST(BotCommands, MatchPlaysTheNetWithGnubgsCubeLife) {
  const CliRun r =
      run_nard(with_model("match --b net --b-cube-life gnubg --games 4 --threads 1 --seed 3"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("B: net 0-ply"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(", gnubg's cube life"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("A: net 0-ply (" + model() + "), gnubg"), std::string::npos) << r.out;
}

// The lookahead without the pruning net, or with more plays a roll for the full net: the label
// says which; where it decides nothing (not a net, 0-ply) it is refused with the option named.
TEST(BotCommands, MatchSetsEachNetsPruning) {
  const CliRun r = run_nard(with_model(
      "match --b net --a-ply 1 --b-ply 1 --b-prune-keep 0 --cubeless --games 2 --threads 1"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("B: net 1-ply (" + model() + "), unpruned"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("A: net 1-ply (" + model() + "), "), std::string::npos) << r.out;
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"match --b-prune-keep 0 --games 2", "--b-prune-keep: B is pubeval"},
      {"match --b net --a-prune-keep 0 --games 2", "--a-prune-keep decides nothing at 0-ply"},
      {"match --b net --b-ply 2 --b-prune-keep -1 --games 2", "--b-prune-keep"},
  };
  for (const auto& [args, says] : bad) {
    const CliRun bad_run = run_nard(with_model(args));
    EXPECT_EQ(bad_run.exit_code, 2) << args << "\n" << bad_run.err;
    EXPECT_NE(bad_run.err.find(says), std::string::npos) << args << "\n" << bad_run.err;
  }
}

// hint and analyze take the move filters: gnubg's (the default) send every play within 0.16 at
// 0-ply, at most 8, to 2-ply; the narrow ones at most 3.
TEST(BotCommands, HintAndAnalyzeTakeTheMoveFilters) {
  auto two_ply_plays = [](const std::string& filters) {
    const CliRun r = run_nard(with_model("hint 0t4NwACi5w4HAA 44 --ply 2 --cubeless --json --top 100" +
                                         filters));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = nlohmann::json::parse(r.out);
    int n = 0;
    for (const auto& play : doc["plays"]) n += play["ply"] == 2;
    return n;
  };
  const int gnubg = two_ply_plays(""), narrow = two_ply_plays(" --move-filters narrow");
  EXPECT_GT(gnubg, 3);
  EXPECT_LE(gnubg, 8);
  EXPECT_GE(narrow, 1);
  EXPECT_LE(narrow, 3);
  EXPECT_EQ(gnubg, two_ply_plays(" --move-filters gnubg"));
  const std::string match = std::string(NARD_SOURCE_DIR) + "/tests/data/matches/gnubg_7p_seed7.mat";
  for (const std::string args : {std::string("hint 0t4NwACi5w4HAA 44 --move-filters wide"),
                                 "analyze " + match + " --move-filters x"}) {
    const CliRun bad = run_nard(with_model(args));
    EXPECT_EQ(bad.exit_code, 2) << args;
    EXPECT_NE(bad.err.find("--move-filters"), std::string::npos) << bad.err;
  }
}

// The narrow move filters for one side at 2-ply: the label says so; below 2-ply, or for a side that
// is not a net, the option is refused with its name; an unknown scheme is refused.
TEST(BotCommands, MatchSetsEachNetsMoveFilters) {
  const CliRun r = run_nard(with_model(
      "match --b net --a-ply 2 --b-ply 2 --b-move-filters narrow --cubeless --games 2 --threads 1"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("B: net 2-ply (" + model() + "), narrow move filters"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("A: net 2-ply (" + model() + "), "), std::string::npos) << r.out;
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"match --b-move-filters narrow --b-ply 2 --games 2", "--b-move-filters: B is pubeval"},
      {"match --b net --a-ply 1 --a-move-filters narrow --games 2",
       "--a-move-filters decides nothing below 2-ply"},
      {"match --b net --b-ply 2 --b-move-filters xg --games 2", "--b-move-filters"},
  };
  for (const auto& [args, says] : bad) {
    const CliRun bad_run = run_nard(with_model(args));
    EXPECT_EQ(bad_run.exit_code, 2) << args << "\n" << bad_run.err;
    EXPECT_NE(bad_run.err.find(says), std::string::npos) << args << "\n" << bad_run.err;
  }
}

// The cube life is refused where it would change nothing, with the option named.
TEST(BotCommands, MatchRefusesACubeLifeOrCheckerPlayWhereItDecidesNothing) {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"match --b-cube-life gnubg --games 2", "--b-cube-life: B is pubeval"},
      {"match --b net --b-cube-life gnubg --cubeless --games 2", "not to --cubeless"},
      {"match --b net --a-cube-life gnubg --match 3 --games 2", "--a-cube-life applies to money"},
      {"match --b net --b-cube-life gnubg --b-ply 3 --games 2", "B plays at 3-ply"},
      {"match --b gnubgx --b-cube-life gnubg --games 2", "gnubgx"},  // the unknown player first
      {"match --b-checker-play cubeless --games 2", "--b-checker-play: B is pubeval"},
      {"match --b net --a-checker-play cubeless --cubeless --games 2",
       "--a-checker-play decides nothing with --cubeless"},
      {"match --b net --a-checker-play money --games 2", "--a-checker-play"},
      {"match --b net --a-checker-play cubeless --variant plakoto --games 2",
       "--a-checker-play decides nothing in a game without the cube"},
  };
  for (const auto& [args, says] : bad) {
    const CliRun r = run_nard(with_model(args));
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(says), std::string::npos) << args << "\n" << r.err;
  }
}

TEST(BotCommands, MatchSavesItsGamesAsMatchFilesThatReplay) {
  // Money: one session of 4 games (2 duplicate pairs), A as player 0.
  const std::string money = testing_support::unique_temp_path("nard_match_money") + ".mat";
  CliRun r = run_nard(with_model("match --b pubeval --games 4 --threads 2 --save " + money));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<MatchRecord> session = read_mat(slurp_file(money));
  ASSERT_TRUE(session.ok()) << session.error().message;
  EXPECT_EQ(session->games.size(), 4u);
  EXPECT_FALSE(check_record(*session).has_value());
  EXPECT_EQ(session->players[0], "A net");
  // Matches: one file each, FILE-1.sgf and FILE-2.sgf.
  const std::string stem = testing_support::unique_temp_path("nard_match_3p");
  r = run_nard(
      with_model("match --b pubeval --games 2 --match 3 --threads 1 --save " + stem + ".sgf"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (int k = 1; k <= 2; ++k) {
    Result<MatchRecord> m = read_sgf(slurp_file(stem + "-" + std::to_string(k) + ".sgf"));
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->match_length, 3);
    EXPECT_FALSE(check_record(*m).has_value());
  }
}

// Tavli matches bot against bot with the shipped models (the net at 0 ply against the heuristic
// player): each match file rotates Portes, Plakoto and Fevga, replays, and `nard analyze` reads it.
TEST(BotCommands, MatchTavliSavesMatchesThatAnalyze) {
  const std::string stem = testing_support::unique_temp_path("nard_match_tavli");
  CliRun r = run_nard(
      "match --tavli --match 5 --a net --b heuristic --games 2 --threads 1 --seed 4 --save " +
      stem + ".mat");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("2 matches to 5"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("each game's shipped model"), std::string::npos) << r.out;
  size_t most_games = 0;
  for (int k = 1; k <= 2; ++k) {
    const std::string path = stem + "-" + std::to_string(k) + ".mat";
    Result<MatchRecord> m = read_mat(slurp_file(path));
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_FALSE(check_record(*m).has_value());
    EXPECT_EQ(m->match_length, 5);
    EXPECT_EQ(m->rules, "gr_portes");
    EXPECT_EQ(m->players[0], "A net");
    ASSERT_FALSE(m->games.empty());
    for (size_t g = 0; g < m->games.size(); ++g)
      EXPECT_EQ(m->games[g].rules, g % 3 == 0 ? "" : kTavliPresets[g % 3]) << "game " << g + 1;
    const int winner_points =
        std::max(m->games.back().score[0], m->games.back().score[1]) + m->games.back().end.points;
    EXPECT_GE(winner_points, 5);  // played to the end
    most_games = std::max(most_games, m->games.size());
  }
  EXPECT_GE(most_games, 2u);  // the rotation was exercised (the seed gives a match of 2+ games)
  r = run_nard("analyze " + stem + "-1.mat --ply 0 --json --quiet --threads 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["players"][0], "A net");
  EXPECT_EQ(doc["games"][0]["variant"], "backgammon");
  if (doc["games"].size() > 1) { EXPECT_EQ(doc["games"][1]["variant"], "plakoto"); }
  EXPECT_GT(doc["stats"][0]["moves"].get<int>(), 0);
}

TEST(BotCommands, MatchTavliRefusesOptionsThatDoNotGoWithIt) {
  const char* const bad[] = {
      "match --tavli --games 2",                    // no match length
      "match --tavli --match 3 --variant plakoto",  // the games are Tavli's
      "match --tavli --match 3 --rules gr_portes",
      "match --tavli --match 3 --a-model x.nardnet",  // each game's model is its own
      "match --tavli --match 3 --b heuristic --model x.bin",
      "match --tavli --match 3 --b pubeval",  // pubeval plays backgammon only
  };
  for (const char* args : bad) {
    const CliRun r = run_nard(args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
  EXPECT_NE(run_nard("match --tavli --match 3 --b pubeval").err.find("Plakoto"), std::string::npos);
}

TEST(ModelPath, FailsWithAClearMessageOrFindsAModelOfTheGame) {
  Result<std::string> p = default_model_path(Variant::Fevga);
  if (p) {
    Result<NetWeights> w = load_weights(*p);
    ASSERT_TRUE(w.ok()) << w.error().message;
    EXPECT_EQ(w->variant, Variant::Fevga);
  } else {
    EXPECT_NE(p.error().message.find("no shipped model for fevga"), std::string::npos)
        << p.error().message;
    EXPECT_NE(p.error().message.find("--model"), std::string::npos);
  }
}

TEST(ModelPath, FindsTheModelOfTheGameInNardModels) {
  const std::string dir = testing_support::unique_temp_path("nard_models_test");
  std::system(("mkdir -p " + dir).c_str());
  ASSERT_FALSE(save_weights(dir + "/nard-aaaaaaaaaaaa.bin", random_net_weights(Variant::Plakoto, 1))
                   .has_value());
  ASSERT_FALSE(save_weights(dir + "/nard-bbbbbbbbbbbb.bin", random_net_weights(Variant::Tawla31, 1))
                   .has_value());
  setenv("NARD_MODELS", dir.c_str(), 1);
  Result<std::string> p = default_model_path(Variant::Tawla31);
  unsetenv("NARD_MODELS");
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_NE(p->find("nard-bbbbbbbbbbbb.bin"), std::string::npos) << *p;
}

}  // namespace
}  // namespace nard
