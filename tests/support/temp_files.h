// Files for tests: reading a whole file, and temp paths that no other test process uses (ctest
// runs test processes in parallel: process id + a counter).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

namespace nard::testing_support {

inline std::string slurp_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A file name in the test temp dir that no other test process uses.
inline std::string unique_temp_path(const std::string& stem) {
  static int counter = 0;
  return ::testing::TempDir() + "/" + stem + "_" + std::to_string(getpid()) + "_" +
         std::to_string(counter++);
}

}  // namespace nard::testing_support
