// `nard play` driven through stdin (the shipped backgammon net, fixed dice seeds): the commands
// help, hint, undo, resign and quit; plays written without hit marks, in another order or in
// parts; dice shown high first; the board drawn from the person's side when the bot doubles;
// the cube's owner after a take. A first run finds what a seed deals (the plays listed), a
// second run answers it, so the tests do not depend on the net's choices.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/cli_runner.h"

namespace nard {
namespace {

using testing_support::CliRun;
using testing_support::run_nard;

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// The play lists shown to the person, one per prompted turn, in order.
std::vector<std::vector<std::string>> play_lists(const std::string& out) {
  std::vector<std::vector<std::string>> lists;
  std::istringstream in(out);
  bool in_list = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("You (X) rolled ", 0) == 0 && line.find("Forced play") == std::string::npos) {
      lists.emplace_back();
      in_list = true;
      continue;
    }
    static const std::regex item(R"(^  \d+\. (.*)$)");
    std::smatch m;
    if (in_list && std::regex_match(line, m, item))
      lists.back().push_back(m[1]);
    else
      in_list = false;
  }
  return lists;
}

TEST(PlaySession, HelpHintUndoAndQuit) {
  const std::string args = "play --seed 11 --no-cube";
  const CliRun first = run_nard(args, "quit\n", 120);
  const auto lists = play_lists(first.out);
  ASSERT_FALSE(lists.empty()) << first.out;
  const std::string play = lists[0][0];
  const std::string part = play.substr(0, play.find(' '));
  const CliRun r = run_nard(args, "help\nhint\n" + part + "\nundo\nundo\n1\nquit\n", 120);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Type help at any prompt"), std::string::npos);
  EXPECT_NE(r.out.find("  undo         take back the last part entered this turn"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Eq.: "), std::string::npos) << r.out;  // the hint's ranked plays
  EXPECT_NE(r.out.find("Your play [" + part + " ...]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Taken back; nothing entered."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Nothing to undo this turn."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("nard rolls "), std::string::npos) << r.out;  // play 1 was made
  EXPECT_NE(r.out.find("You quit; the game is abandoned."), std::string::npos) << r.out;
}

TEST(PlaySession, PlaysWithoutHitMarksInAnyOrderAndInParts) {
  const std::string args = "play --seed 11 --no-cube";
  // Answer every turn with the first play until one lists a two-part play that hits.
  const CliRun first = run_nard(args, repeat("1\n", 60) + "quit\n", 120);
  const auto lists = play_lists(first.out);
  size_t turn = 0;
  std::string hitting;
  for (; turn < lists.size() && hitting.empty(); ++turn)
    for (const std::string& p : lists[turn])
      if (p.find('*') != std::string::npos && std::count(p.begin(), p.end(), ' ') == 1 &&
          std::count(p.begin(), p.end(), '/') == 2 && p.find('(') == std::string::npos) {
        hitting = p;
        break;
      }
  ASSERT_FALSE(hitting.empty()) << "no two-part hitting play in " << lists.size() << " turns";
  --turn;
  // "a/b* c/d" becomes "c/d a/b": no marks, the other order; and then in two parts.
  std::string bare;
  for (char c : hitting)
    if (c != '*') bare += c;
  const std::string a = bare.substr(0, bare.find(' ')), b = bare.substr(bare.find(' ') + 1);
  for (const std::string& answer : {b + " " + a, b + "\n" + a}) {
    const CliRun r = run_nard(args, repeat("1\n", int(turn)) + answer + "\nquit\n", 120);
    EXPECT_EQ(r.out.find("is not a legal play"), std::string::npos) << hitting << "\n" << r.out;
    EXPECT_EQ(r.out.find("is not part of a legal play"), std::string::npos) << r.out;
    EXPECT_EQ(play_lists(r.out).size(), turn + 2) << answer << "\n" << r.out;  // the next turn came
  }
}

TEST(PlaySession, DiceHighFirstBoardFromThePersonsSideAndTheCubeOwner) {
  // The person plays the first play listed, rolls and takes: the bot doubles sooner or later.
  bool doubled = false;
  for (int seed = 1; seed <= 6 && !doubled; ++seed) {
    const CliRun r = run_nard("play --seed " + std::to_string(seed), repeat("1\nr\nt\n", 300), 120);
    static const std::regex dice(R"((rolled|rolls) (\d)-(\d))");
    for (std::sregex_iterator it(r.out.begin(), r.out.end(), dice), end; it != end; ++it)
      EXPECT_GE((*it)[2].str(), (*it)[3].str()) << (*it)[0];
    const size_t at = r.out.find("nard doubles");
    if (at == std::string::npos) continue;
    doubled = true;
    // The two summary lines just before: the person (X) not on roll, nard (O) on roll.
    const size_t o_line = r.out.rfind("\n  O", at), x_line = r.out.rfind("\n  X", at);
    ASSERT_NE(o_line, std::string::npos);
    EXPECT_EQ(r.out.compare(o_line, 17, "\n  O (on roll): p"), 0)
        << r.out.substr(x_line, at - x_line);
    EXPECT_EQ(r.out.compare(x_line, 10, "\n  X: pips"), 0) << r.out.substr(x_line, at - x_line);
    EXPECT_NE(r.out.find("You take: the cube is at 2, yours.", at), std::string::npos)
        << r.out.substr(at);
  }
  EXPECT_TRUE(doubled);
  // The person doubles at his first chance ("d" where the roll prompt comes first, else the
  // play prompt refuses it and "1" plays): nard takes early in a game, and owns the cube.
  const CliRun r = run_nard("play --seed 3", "d\n1\nd\n1\n" + repeat("1\nr\nt\n", 300), 120);
  EXPECT_NE(r.out.find("nard takes: the cube is at 2, nard's."), std::string::npos) << r.out;
}

TEST(PlaySession, ResignationAcceptedByTheBot) {
  const CliRun r = run_nard("play --seed 5 --no-cube", "resign gammon\n", 120);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("nard accepts your resignation."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("nard wins 2 points (resignation)."), std::string::npos) << r.out;
  // With the cube, a resignation typed at the roll prompt is made with the roll (seed 1: nard
  // opens, so the person's first prompt is to roll or double).
  const CliRun c = run_nard("play --seed 1", "resign\n", 120);
  EXPECT_NE(c.out.find("and offer to resign."), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("nard wins 1 point (resignation)."), std::string::npos) << c.out;
  // A level the game does not have is explained, not offered.
  const CliRun t =
      run_nard("play --seed 5 --no-cube --rules tr_tavla", "resign backgammon\nquit\n", 120);
  EXPECT_NE(t.out.find("this game has no backgammons"), std::string::npos) << t.out;
}

}  // namespace
}  // namespace nard
