#include "tools/progress_bar.h"

#include <unistd.h>

#include <cstdio>

namespace nard::tools {

ProgressBar::ProgressBar(std::string label, bool force)
    : label_(std::move(label)),
      enabled_(force || ::isatty(2)),
      start_(std::chrono::steady_clock::now()) {}

void ProgressBar::update(int done, int total) {
  if (!enabled_) return;
  const int percent = total ? int(100LL * done / total) : 100;
  if (percent == last_percent_ && done != total) return;
  last_percent_ = percent;
  const int width = 40, filled = width * percent / 100;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  char eta[32] = "";
  if (done > 0 && done < total) {
    const int left = int(elapsed / done * (total - done) + 0.5);
    std::snprintf(eta, sizeof eta, " ETA %d:%02d", left / 60, left % 60);
  } else if (done == total) {
    std::snprintf(eta, sizeof eta, " in %.1f s", elapsed);
  }
  std::fprintf(stderr, "\r%s [%s%s] %3d%% %d/%d%s   ", label_.c_str(),
               std::string(size_t(filled), '#').c_str(),
               std::string(size_t(width - filled), ' ').c_str(), percent, done, total, eta);
  if (done == total) std::fprintf(stderr, "\n"), last_percent_ = -1;
  std::fflush(stderr);
}

}  // namespace nard::tools
