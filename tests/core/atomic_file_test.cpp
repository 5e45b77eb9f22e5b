// Atomic file writes (core/atomic_file.h): a failed write names the target, keeps its old bytes
// and leaves no temporary file; stale temporaries of killed writers are recognised and removed.
#include "core/atomic_file.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace nard {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path fresh_dir(const std::string& name) {
  const fs::path d = fs::path(::testing::TempDir()) / (name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

int temporaries_in(const fs::path& dir) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    n += is_temporary_name(e.path().filename().string());
  return n;
}

TEST(AtomicFile, WritesAndReplaces) {
  const fs::path d = fresh_dir("atomic_write");
  const std::string path = (d / "model.bin").string();
  ASSERT_FALSE(write_file_atomic(path, "first"));
  ASSERT_FALSE(write_file_atomic(path, "second"));
  EXPECT_EQ(slurp(path), "second");
  EXPECT_EQ(temporaries_in(d), 0);
}

TEST(AtomicFile, AFailedWriteNamesTheTargetAndKeepsItsBytes) {
  const fs::path d = fresh_dir("atomic_fail");
  const std::string path = (d / "model.bin").string();
  ASSERT_FALSE(write_file_atomic(path, "old bytes"));
  // A file size limit, as a full disk would: in a child, so the limit stays there.
  int pipe_fd[2];
  ASSERT_EQ(::pipe(pipe_fd), 0);
  const pid_t child = ::fork();
  if (child == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{1024, 1024};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    const auto e = write_file_atomic(path, std::string(100000, 'x'));
    const std::string message = e ? e->message : "no error";
    (void)!::write(pipe_fd[1], message.data(), message.size());
    ::_exit(0);
  }
  ::close(pipe_fd[1]);
  std::string message;
  char buf[512];
  for (ssize_t n; (n = ::read(pipe_fd[0], buf, sizeof buf)) > 0;) message.append(buf, size_t(n));
  ::close(pipe_fd[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_EQ(message.rfind(path + ": cannot write (File too large", 0), 0u) << message;
  EXPECT_EQ(message.find(".tmp."), std::string::npos) << message;
  EXPECT_EQ(slurp(path), "old bytes");
  EXPECT_EQ(temporaries_in(d), 0);
}

TEST(AtomicFile, AMissingDirectoryIsNamed) {
  const fs::path d = fresh_dir("atomic_missing");
  const std::string path = (d / "no" / "such" / "file").string();
  const auto e = write_file_atomic(path, "x");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message.rfind(path + ": cannot write (No such file or directory", 0), 0u)
      << e->message;
}

TEST(AtomicFile, TemporaryNames) {
  EXPECT_TRUE(is_temporary_name("metrics.csv.tmp.12345"));
  EXPECT_TRUE(is_temporary_name("eval-64.nardnet.tmp.7"));
  EXPECT_FALSE(is_temporary_name("metrics.csv"));
  EXPECT_FALSE(is_temporary_name(".tmp.123"));
  EXPECT_FALSE(is_temporary_name("a.tmp."));
  EXPECT_FALSE(is_temporary_name("a.tmp.12x"));
  EXPECT_FALSE(is_temporary_name("a.tmp.nardnet"));
}

TEST(AtomicFile, StaleTemporariesOfDeadWritersAreRemoved) {
  const fs::path d = fresh_dir("atomic_stale");
  // A pid that is not running: a child that has exited and been reaped.
  const pid_t dead = ::fork();
  if (dead == 0) ::_exit(0);
  ::waitpid(dead, nullptr, 0);
  std::ofstream(d / ("metrics.csv.tmp." + std::to_string(dead))) << "partial";
  std::ofstream(d / ("mine.nardnet.tmp." + std::to_string(::getpid()))) << "being written";
  std::ofstream(d / "metrics.csv") << "kept";
  EXPECT_EQ(remove_stale_temporaries(d.string()), 1);
  EXPECT_FALSE(fs::exists(d / ("metrics.csv.tmp." + std::to_string(dead))));
  EXPECT_TRUE(fs::exists(d / ("mine.nardnet.tmp." + std::to_string(::getpid()))));
  EXPECT_EQ(remove_stale_temporaries(d.string(), /*all=*/true), 1);
  EXPECT_EQ(temporaries_in(d), 0);
  EXPECT_EQ(slurp(d / "metrics.csv"), "kept");
}

}  // namespace
}  // namespace nard
