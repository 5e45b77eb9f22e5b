// What a new user hit (issue 12), each as the `nard` binary sees it: impossible positions,
// a directory, a FIFO or a damaged file as --model, out-of-range options, a rules preset of
// another game, a bad port, a bad external-protocol line. Every one is refused with one line
// on stderr naming the problem and exit code 2, and nothing hangs.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "nn/weights_file.h"
#include "tests/support/cli_runner.h"

namespace nard {
namespace {

using testing_support::CliRun;
using testing_support::run_nard;

// A small random backgammon model in a temporary file, written once.
const std::string& model() {
  static const std::string path = [] {
    const std::string p = testing_support::unique_temp_path("nard_refusal_model") + ".bin";
    EXPECT_FALSE(save_weights(p, random_net_weights(Variant::Backgammon, 5)).has_value());
    return p;
  }();
  return path;
}

std::string with_model(const std::string& args) { return args + " --model " + model(); }

// Runs `args` and expects exit code 2 and one stderr line "nard: ..." containing `what`.
void expect_refused(const std::string& args, const std::string& what) {
  const CliRun r = run_nard(args, "", 60);
  EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << "\n" << r.err;
  EXPECT_EQ(r.err.rfind("nard: ", 0), 0u) << args << "\n" << r.err;
  EXPECT_NE(r.err.find(what), std::string::npos) << args << "\n" << r.err;
}

TEST(InputRefusal, ImpossiblePositions) {
  expect_refused(with_model("eval \"x 24:14 13:1+; o 1:14\""),
                 "a pin on point 13, but backgammon has no pins");
  expect_refused("moves \"x 24:14 bar:1; o 1:15\" 31 --variant plakoto",
                 "x has 1 checker on the bar, but plakoto has no hitting");
  expect_refused("show \"x off:15; o off:15\"", "both sides have borne off all 15 checkers");
  expect_refused(with_model("eval AAAAAAAAAAAAAA"), "both sides have borne off all 15 checkers");
  expect_refused("moves \"x 24:2 13:5 8:3 6:6; o 1:2 12:5 17:3 19:5\" 31", "x has 16 checkers");
  expect_refused("moves \"x 24:15; o 12:15; first:xo\" 64 --variant fevga",
                 "fevga has no first-turn rule");
  expect_refused("perft \"x 24:14 20:1; o 12:15; first:x\" --depth 1 --variant longnardy",
                 "not all on his head");
  expect_refused("moves \"x 13:1 5:13 off:1; o 1:15\" 31 --variant plakoto", "outside his home");
  // A backgammon format read for Plakoto is checked against Plakoto: no bar there.
  expect_refused("moves 0HPwASHgc/ABUA 31 --variant plakoto",
                 "x has 1 checker on the bar, but plakoto");
  // Possible positions still pass.
  EXPECT_EQ(run_nard("moves \"x 24:14 13:1+; o 1:14\" 31 --variant plakoto").exit_code, 0);
  EXPECT_EQ(run_nard("moves \"x 24:15; o 12:15; first:xo\" 64 --variant longnardy").exit_code, 0);
}

TEST(InputRefusal, ModelMustBeARegularFile) {
  const std::string dir = testing_support::unique_temp_path("nard_model_dir");
  std::filesystem::create_directories(dir);
  for (const std::string& cmd :
       {std::string("hint 4HPwATDgc/ABMA 31"), std::string("eval 4HPwATDgc/ABMA"),
        std::string("cube 4HPwATDgc/ABMA"), std::string("rollout 4HPwATDgc/ABMA --trials 4"),
        std::string("play"), std::string("external --stdio")})
    expect_refused(cmd + " --model " + dir + "/", "is a directory, not a model file");
  expect_refused("match --a net --b pubeval --games 2 --a-model " + dir, "is a directory");
  const std::string fifo = testing_support::unique_temp_path("nard_model_fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  expect_refused("hint 4HPwATDgc/ABMA 31 --model " + fifo,
                 "is a FIFO (named pipe), not a model file");
  expect_refused("eval 4HPwATDgc/ABMA --model " + fifo, "is a FIFO");
  std::filesystem::remove(fifo);
  std::filesystem::remove_all(dir);
}

TEST(InputRefusal, DamagedModelFileNamesTheFileAndWhatToDo) {
  std::ifstream in(model(), std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string cut = testing_support::unique_temp_path("nard_cut_model") + ".bin";
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  expect_refused("hint 4HPwATDgc/ABMA 31 --model " + cut, cut + ": file truncated");
  expect_refused("hint 4HPwATDgc/ABMA 31 --model " + cut, "copy or export it again");
  std::string flipped = bytes;
  flipped[flipped.size() / 2] = char(flipped[flipped.size() / 2] ^ 0x55);
  std::ofstream(cut, std::ios::binary | std::ios::trunc) << flipped;
  expect_refused("eval 4HPwATDgc/ABMA --model " + cut, "checksum mismatch: the file is corrupt");
  std::ofstream(cut, std::ios::binary | std::ios::trunc) << "";
  expect_refused("eval 4HPwATDgc/ABMA --model " + cut, "not a nard model file");
  std::filesystem::remove(cut);
}

TEST(InputRefusal, OutOfRangeOptionsNameTheOption) {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {with_model("rollout 4HPwATDgc/ABMA 31 --candidates 0"),
       "--candidates: must be at least 1, not 0"},
      {with_model("rollout 4HPwATDgc/ABMA --threads -1"), "--threads: must be at least 0, not -1"},
      {with_model("rollout 4HPwATDgc/ABMA --trials 0"), "--trials"},
      {with_model("rollout 4HPwATDgc/ABMA --truncate -2"), "--truncate"},
      {with_model("rollout 4HPwATDgc/ABMA --cube 0"), "--cube"},
      {with_model("hint 4HPwATDgc/ABMA 31 --top 0"), "--top: must be at least 1, not 0"},
      {with_model("hint 4HPwATDgc/ABMA 31 --ply 4"), "--ply"},
      {with_model("cube 4HPwATDgc/ABMA --match -1"), "--match"},
      {with_model("match --games 0"), "--games"},
      {with_model("match --threads -3"), "--threads"},
      {with_model("play --games 0"), "--games"},
      {"perft --depth 0", "--depth"},
      {"bench movegen --repeat 0", "--repeat"},
      {"bench eval --games 0", "--games"},
      {"bench hint --repeat 0", "--repeat"},
      {"bench targets --threads 0", "--threads"},
      {"bench checker-positions --keep 2", "--keep"},
      {"bench cube-positions --race -1", "--race"},
      {"bench cube-positions --bearoff-checkers 0", "--bearoff-checkers"},
      {"bench bearoff --checkers 9", "--checkers"},
      {"bench bearoff --cap 11", "--cap"},
      {"bench bearoff --gnubg " + std::string(NARD_SOURCE_DIR) + "/tests/data/gnubg_cube_2ply.txt",
       "not a gnubg two-sided bear-off database"},
      {with_model("hint 4HPwATDgc/ABMA 31 --top x"), "--top"},
      {with_model("play --seed -1"), "--seed: '-1' is not a whole number"},
      {with_model("rollout 4HPwATDgc/ABMA --seed -5"), "--seed"},
      {"bogus 4HPwATDgc/ABMA", "unknown command 'bogus'; the commands are moves, show"},
  };
  for (const auto& [args, what] : bad) expect_refused(args, what);
}

TEST(InputRefusal, TrainingOptionsOutOfRange) {
  if (run_nard("train --help").out.find("--checkpoint-every") == std::string::npos)
    GTEST_SKIP() << "a build without LibTorch";
  const std::string out = " --out " + testing_support::unique_temp_path("nard_train_run");
  for (const auto& [args, what] : std::vector<std::pair<std::string, std::string>>{
           {"train --checkpoint-every 0", "--checkpoint-every: must be at least 1, not 0"},
           {"train --eval-games -1", "--eval-games"},
           {"train --threads 0", "--threads"},
           {"train --lr 0", "--lr: must be greater than 0"},
           {"train --lambda 2", "--lambda"},
           {"train --hidden 0", "--hidden"},
           {"train --targets ply2 --lr-final 0", "--lr-final"},
           {"train --targets ply2 --alternatives -1", "--alternatives"},
           // Options of the supervised pipeline are refused by TD training, not ignored.
           {"train --games 10 --lr-final 1e-5",
            "--lr-final is an option of the supervised pipeline"},
           {"train --games 10 --steps 3", "--steps is an option of the supervised pipeline"},
           {"train --games 10 --alternatives 2",
            "--alternatives is an option of the supervised pipeline"},
       })
    expect_refused(args + out, what);
}

TEST(InputRefusal, RulesPresetOfAnotherGame) {
  const std::string opening = "\"x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5\"";
  expect_refused("moves " + opening + " 31 --rules ru_sport",
                 "--rules ru_sport is a longnardy preset, but the game is backgammon");
  expect_refused("moves " + opening + " 31 --variant backgammon --rules ru_sport",
                 "--rules ru_sport is a longnardy preset, but --variant is backgammon");
  expect_refused("moves 4HPwATDgc/ABMA 31 --rules ru_sport", "ru_sport");
  expect_refused("moves 4HPwATDgc/ABMA 31 --variant plakoto --rules tapa,nope=1", "nope");
  // A preset named after its game picks the game; with --variant a preset of that game is fine.
  EXPECT_EQ(run_nard("moves \"x 24:15; o 12:15; first:xo\" 64 --rules longnardy").exit_code, 0);
  EXPECT_EQ(run_nard("moves \"x 24:15; o 12:15; first:xo\" 64 --variant longnardy --rules ru_sport")
                .exit_code,
            0);
  EXPECT_EQ(run_nard("moves 4HPwATDgc/ABMA 31 --rules ru_short").exit_code, 0);
}

TEST(InputRefusal, ExternalSocketPortMustBeValid) {
  expect_refused(with_model("external --socket 127.0.0.1:99999"), "port 99999 is not in 1..65535");
  expect_refused(with_model("external --socket 127.0.0.1:0"), "port 0 is not in 1..65535");
  // A valid port is bound as asked and reported (the server is stopped by the time limit).
  const int port = 20000 + int(getpid() % 20000);
  const CliRun r =
      run_nard(with_model("external --socket 127.0.0.1:" + std::to_string(port)), "", 5);
  EXPECT_NE(r.err.find("nard: listening on 127.0.0.1:" + std::to_string(port) + "\n"),
            std::string::npos)
      << r.err;
}

TEST(InputRefusal, ExternalStdioAnswersABadLineOnStdout) {
  const std::string good =
      "board:gnubg:root:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:1:4:1:4:2:"
      "1:0:0:1:-1:0:25:0:0:0:0:0:0:0:1";
  const CliRun r = run_nard(with_model("external --stdio"), "nonsense\n" + good + "\n", 60);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const size_t nl = r.out.find('\n');
  ASSERT_NE(nl, std::string::npos) << r.out;
  EXPECT_EQ(r.out.rfind("Error: ", 0), 0u) << r.out;           // the bad line's answer comes first
  EXPECT_NE(r.out.find('/', nl), std::string::npos) << r.out;  // then the play for the good one
  EXPECT_NE(r.err.find("nard: "), std::string::npos) << r.err;
}

}  // namespace
}  // namespace nard
