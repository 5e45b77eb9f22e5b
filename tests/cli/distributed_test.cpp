// The commands on several MPI ranks (core/distributed.h) against the same commands in one process:
// `mpirun -np 3 --oversubscribe nard ...` on this machine (loopback). A rollout gives the same
// figures, a match analysis the same reports, TD training and the supervised pipeline the same
// files, byte for byte; a rank that dies or hangs stops the run with a message naming it, and
// --resume then ends where the uninterrupted run ends. Skipped when this build has no MPI or mpirun is not installed.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/work_share.h"
#include "game/position.h"
#include "nn/weights_file.h"
#include "tests/support/cli_runner.h"

namespace nard {
namespace {

namespace fs = std::filesystem;
using testing_support::slurp_file;
using testing_support::unique_temp_path;

using ShellRun = testing_support::CliRun;
ShellRun run_shell(const std::string& command) { return testing_support::run_command(command); }

// The message of rank 0 about rank 2 on this host that hung for `seconds`.
void expect_hung_rank_two_named(const ShellRun& r, int seconds) {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  EXPECT_NE(r.err.find(std::string("rank 2 on ") + host +
                       " has sent neither its results nor a heartbeat for " +
                       std::to_string(seconds) + " s"),
            std::string::npos)
      << r.err;
}

#ifdef NARD_MPIEXEC
bool mpirun_present() { return access(NARD_MPIEXEC, X_OK) == 0; }
#else
bool mpirun_present() { return false; }
#endif

// `nard ARGS` in one process, or on `ranks` MPI ranks (root may run mpirun with these variables).
std::string nard(const std::string& args) { return std::string(NARD_BINARY) + " " + args; }
std::string nard_mpi(int ranks, const std::string& args, const std::string& env = "") {
#ifdef NARD_MPIEXEC
  return "env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "
         "OMPI_MCA_btl_vader_single_copy_mechanism=none " +
         env + " " + NARD_MPIEXEC + " -np " + std::to_string(ranks) + " --oversubscribe " +
         nard(args);
#else
  (void)ranks, (void)env;
  return nard(args);
#endif
}

#define SKIP_WITHOUT_MPI() \
  if (!mpirun_present()) GTEST_SKIP() << "no MPI in this build, or mpirun not installed"

fs::path fresh_dir(const std::string& name) {
  const fs::path p =
      fs::temp_directory_path() / ("nard_distributed_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

std::string bytes_of(const fs::path& p) { return slurp_file(p.string()); }

// Without mpirun a command is one process: rank 0 of 1, every item its own, collectives copies.
TEST(Distributed, OneProcessIsAGroupOfOne) {
  const std::unique_ptr<Communicator> alone = Communicator::single();
  EXPECT_EQ(alone->rank(), 0);
  EXPECT_EQ(alone->size(), 1);
  EXPECT_EQ(share_of(*alone, 4), (std::vector<long long>{0, 1, 2, 3}));
  std::string bytes = "weights";
  EXPECT_FALSE(alone->broadcast(bytes).has_value());
  EXPECT_EQ(bytes, "weights");
  Result<std::vector<int>> all = gather_values<int>(*alone, 3, std::vector<int>{7, 8, 9});
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(*all, (std::vector<int>{7, 8, 9}));
  Result<std::string> made =
      from_root(*alone, [] { return Result<std::string>(std::string("state")); });
  ASSERT_TRUE(made.ok());
  EXPECT_EQ(*made, "state");
  EXPECT_FALSE(check_agreement(*alone, "model", "x").has_value());
}

TEST(Distributed, BytesReadBackAsWrittenAndShortInputIsRefused) {
  ByteWriter w;
  w.put<int32_t>(-5);
  w.put_vector(std::vector<Position>{Position{}, Position{}.flipped()});
  w.put_string("rank 0");
  const std::string bytes = w.take();
  ByteReader r(bytes);
  int32_t n = 0;
  std::vector<Position> positions;
  std::string text;
  ASSERT_TRUE(r.get(n) && r.get_vector(positions) && r.get_string(text));
  EXPECT_TRUE(r.at_end());
  EXPECT_EQ(n, -5);
  EXPECT_EQ(positions.size(), 2u);
  EXPECT_EQ(positions[1], Position{}.flipped());
  EXPECT_EQ(text, "rank 0");
  const std::string short_bytes = bytes.substr(0, bytes.size() - 3);
  ByteReader cut(short_bytes);
  EXPECT_TRUE(cut.get(n) && cut.get_vector(positions));
  EXPECT_FALSE(cut.get_string(text));
  EXPECT_FALSE(cut.ok());
  const std::string huge_count("\xff\xff\xff\xff\xff\xff\xff\x7f",
                               8);  // a count larger than the bytes
  ByteReader huge(huge_count);
  EXPECT_FALSE(huge.get_vector(positions));
}

TEST(Distributed, RolloutOnThreeRanksEqualsOneProcess) {
  SKIP_WITHOUT_MPI();
  for (const std::string args :
       {"rollout 4HPwATDgc/ABMA --trials 36 --truncate 8 --seed 3",
        "rollout 4HPwATDgc/ABMA 31 --candidates 2 --trials 24 --truncate 8 --seed 4",
        "rollout 4HPwATDgc/ABMA --cube-decision --trials 24 --truncate 8"}) {
    const std::string common = args + " --threads 1 --json --quiet";
    const ShellRun one = run_shell(nard(common));
    ASSERT_EQ(one.exit_code, 0) << one.err;
    const ShellRun three = run_shell(nard_mpi(3, common));
    ASSERT_EQ(three.exit_code, 0) << three.err;
    EXPECT_EQ(one.out, three.out) << args;  // rank 0 prints, the figures are the one process's
    EXPECT_NE(one.out.find("trials"), std::string::npos);
  }
}

// analyze: the turns spread over the ranks, rank 0 alone reads the match file and prints or
// writes; the reports are the one process's, byte for byte.
TEST(Distributed, AnalyzeOnThreeRanksEqualsOneProcess) {
  SKIP_WITHOUT_MPI();
  const fs::path base = fresh_dir("analyze");
  const std::string match =
      std::string(NARD_SOURCE_DIR) + "/tests/data/matches/gnubg_3p_seed42.mat";
  const std::string common = "analyze " + match + " --ply 1 --threads 1 --quiet";
  const ShellRun one = run_shell(nard(common + " --json"));
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const ShellRun three = run_shell(nard_mpi(3, common + " --json"));
  ASSERT_EQ(three.exit_code, 0) << three.err;
  EXPECT_EQ(one.out, three.out);
  EXPECT_NE(one.out.find("\"luck\""), std::string::npos);

  auto files = [&](const std::string& name) {
    return " --out " + (base / (name + ".txt")).string() + " --html " +
           (base / (name + ".html")).string();
  };
  const ShellRun one_file = run_shell(nard(common + files("one")));
  ASSERT_EQ(one_file.exit_code, 0) << one_file.err;
  const ShellRun three_file = run_shell(nard_mpi(3, common + files("three")));
  ASSERT_EQ(three_file.exit_code, 0) << three_file.err;
  EXPECT_EQ(three_file.out, "");
  EXPECT_GT(bytes_of(base / "one.txt").size(), 1000u);
  EXPECT_EQ(bytes_of(base / "one.txt"), bytes_of(base / "three.txt"));
  EXPECT_EQ(bytes_of(base / "one.html"), bytes_of(base / "three.html"));

  // A file that rank 0, the only rank that reads it, cannot read: said once, exit 2, and every
  // rank ends cleanly.
  const ShellRun missing =
      run_shell(nard_mpi(3, "analyze " + (base / "none.mat").string() + " --quiet"));
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
  const size_t at = missing.err.find("none.mat");
  EXPECT_NE(at, std::string::npos) << missing.err;
  EXPECT_EQ(missing.err.find("none.mat", at + 1), std::string::npos) << missing.err;
  EXPECT_EQ(missing.err.find("MPI_ABORT"), std::string::npos) << missing.err;

  // Collectives: the match file, the model check (2), then the turns' results (the 4th). Rank 2
  // hangs there: rank 0 names it after the timeout and stops the job.
  const ShellRun hung =
      run_shell(nard_mpi(3, common + " --json --mpi-timeout 2", "NARD_MPI_FAULT=2:4:hang"));
  EXPECT_NE(hung.exit_code, 0);
  EXPECT_EQ(hung.out, "");
  expect_hung_rank_two_named(hung, 2);
  fs::remove_all(base);
}

#ifdef NARD_TEST_WITH_TORCH

// A short TD run: 4 rounds of 8 games, checkpoints every 2 rounds, one evaluation at the end.
std::string td_args(const fs::path& out) {
  return "train --variant backgammon --hidden 8 --race-hidden 8 --games 32 --round-games 8 "
         "--batch 16 --checkpoint-every 16 --eval-every 32 --eval-games 8 --threads 1 --seed 5 "
         "--out " +
         out.string();
}

// What a TD run leaves that must not depend on the ranks: the final nets, the evaluated net, and
// the strength figures (metrics.csv without its wall-clock column).
std::string td_result(const fs::path& out) {
  std::string latest;
  std::ifstream(out / "latest") >> latest;
  EXPECT_TRUE(fs::exists(out / "eval-32.nardnet")) << out;
  std::string metrics, line;
  std::istringstream csv(bytes_of(out / "metrics.csv"));
  while (std::getline(csv, line)) {
    const size_t a = line.find(','), b = line.find(',', a + 1);
    metrics += line.substr(0, a) + line.substr(b) + "\n";
  }
  return bytes_of(out / latest / "net.nardnet") + bytes_of(out / "eval-32.nardnet") + metrics;
}

TEST(Distributed, TdTrainingOnThreeRanksGivesTheWeightsOfOneAndSurvivesADeadOrHungRank) {
  SKIP_WITHOUT_MPI();
  const fs::path base = fresh_dir("td");
  const ShellRun one = run_shell(nard(td_args(base / "one")));
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const std::string expected = td_result(base / "one");
  ASSERT_GT(expected.size(), 1000u);

  const ShellRun three = run_shell(nard_mpi(3, td_args(base / "three")));
  ASSERT_EQ(three.exit_code, 0) << three.err;
  EXPECT_EQ(td_result(base / "three"), expected);

  // Collectives: 1 at the start, then 2 a round (games in, weights out). Rank 1 dies when it
  // sends round 4's games (the 8th): the checkpoint of round 2 is on disk.
  const ShellRun died = run_shell(nard_mpi(3, td_args(base / "died"), "NARD_MPI_FAULT=1:8:die"));
  EXPECT_NE(died.exit_code, 0);
  EXPECT_NE(died.err.find("rank 1"), std::string::npos) << died.err;  // mpirun names rank and node
  EXPECT_NE(died.err.find("--resume"), std::string::npos) << died.err;
  EXPECT_TRUE(fs::exists(base / "died/latest"));
  const ShellRun resumed = run_shell(nard_mpi(3, td_args(base / "died") + " --resume"));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(td_result(base / "died"), expected);

  // Rank 2 hangs in round 4: rank 0 names it after the timeout and stops the job.
  const ShellRun hung = run_shell(
      nard_mpi(3, td_args(base / "hung") + " --mpi-timeout 3", "NARD_MPI_FAULT=2:8:hang"));
  EXPECT_NE(hung.exit_code, 0);
  expect_hung_rank_two_named(hung, 3);
  const ShellRun after_hang = run_shell(nard_mpi(3, td_args(base / "hung") + " --resume"));
  ASSERT_EQ(after_hang.exit_code, 0) << after_hang.err;
  EXPECT_EQ(td_result(base / "hung"), expected);
  fs::remove_all(base);
}

TEST(Distributed, SupervisedRunOnThreeRanksWritesTheFilesOfOne) {
  SKIP_WITHOUT_MPI();
  const fs::path base = fresh_dir("supervised");
  const std::string model = (base / "start.nardnet").string();
  ASSERT_FALSE(save_weights(model, random_net_weights(Variant::Backgammon, 5)).has_value());
  auto args = [&](const std::string& out) {
    return "train --targets ply1 --init-from " + model + " --out " + (base / out).string() +
           " --steps 2 --games-per-step 6 --window 2 --epochs 2 --chunk 40 --step-eval-games 8 "
           "--threads 1";
  };
  const ShellRun one = run_shell(nard(args("one")));
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const ShellRun three = run_shell(nard_mpi(3, args("three")));
  ASSERT_EQ(three.exit_code, 0) << three.err;
  int compared = 0;
  for (const auto& e : fs::recursive_directory_iterator(base / "one")) {
    const std::string ext = e.path().extension().string();
    if (ext != ".npdb" && ext != ".nardnet") continue;
    const fs::path twin = base / "three" / fs::relative(e.path(), base / "one");
    EXPECT_EQ(bytes_of(e.path()), bytes_of(twin)) << twin;
    ++compared;
  }
  EXPECT_GE(compared, 6);  // first, latest, two step models, at least one chunk per step

  // A mistake only rank 0 can see (it alone reads the run directory) is reported once, and every
  // rank ends cleanly.
  const ShellRun again = run_shell(nard_mpi(3, args("three")));
  EXPECT_EQ(again.exit_code, 2) << again.err;
  const std::string said = "already holds a supervised run";
  const size_t at = again.err.find(said);
  EXPECT_NE(at, std::string::npos) << again.err;
  EXPECT_EQ(again.err.find(said, at + 1), std::string::npos) << again.err;
  EXPECT_EQ(again.err.find("MPI_ABORT"), std::string::npos) << again.err;
  fs::remove_all(base);
}

#endif  // NARD_TEST_WITH_TORCH

}  // namespace
}  // namespace nard
