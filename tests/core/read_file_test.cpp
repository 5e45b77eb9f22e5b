// Input files must be regular files (core/read_file.h): a directory, a FIFO or a device is
// refused by name, without blocking; a regular file is read whole or up to a prefix.
#include "core/read_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "tests/support/temp_files.h"

namespace nard {
namespace {

TEST(ReadRegularFile, RefusesWhatIsNotARegularFile) {
  const std::string dir = testing_support::unique_temp_path("nard_read_dir");
  std::filesystem::create_directories(dir);
  Result<std::string> r = read_regular_file(dir, "model file");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message,
            dir + " is a directory, not a model file; give the path of the file itself");
  const std::string fifo = dir + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  r = read_regular_file(fifo, "match file");  // must not block: nobody writes to it
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("is a FIFO (named pipe), not a match file"), std::string::npos);
  r = read_regular_file("/dev/null", "model file");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("is a device"), std::string::npos);
  r = read_regular_file(dir + "/missing", "model file");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(
      r.error().message.find("missing: cannot open the model file (No such file or directory)"),
      std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(ReadRegularFile, ReadsWholeOrAPrefix) {
  const std::string path = testing_support::unique_temp_path("nard_read_file");
  std::ofstream(path, std::ios::binary) << std::string(100000, 'a') + "end";
  Result<std::string> all = read_regular_file(path, "file");
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->size(), 100003u);
  EXPECT_EQ(all->substr(100000), "end");
  Result<std::string> head = read_regular_file(path, "file", 12);
  ASSERT_TRUE(head.ok());
  EXPECT_EQ(*head, std::string(12, 'a'));
  std::remove(path.c_str());
}

}  // namespace
}  // namespace nard
