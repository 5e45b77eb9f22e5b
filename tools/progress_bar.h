// A progress bar on stderr for the long commands (rollout, analyze): "Label [####    ]  42% 84/200
// ETA 0:31", redrawn when the percentage changes; the ETA extrapolates the time so far. Draws
// nothing unless stderr is a terminal (or `force`). Call from one thread.
#pragma once

#include <chrono>
#include <string>

namespace nard::tools {

class ProgressBar {
 public:
  explicit ProgressBar(std::string label, bool force = false);
  void update(int done, int total);  // the final call (done == total) ends the line
  bool enabled() const { return enabled_; }

 private:
  std::string label_;
  bool enabled_;
  int last_percent_ = -1;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace nard::tools
