#include "tools/progress_line.h"

#include <unistd.h>

#include <chrono>

namespace nard::tools {

namespace {
double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
constexpr double kRedrawSeconds = 0.1;  // a terminal line is redrawn at most this often
}  // namespace

ProgressLine::ProgressLine(std::FILE* out, bool terminal, double interval_seconds, Clock clock)
    : out_(out),
      terminal_(terminal),
      interval_(interval_seconds),
      clock_(clock ? std::move(clock) : Clock(steady_seconds)) {
  last_ = clock_();
}

ProgressLine ProgressLine::on_stderr(double interval_seconds) {
  return ProgressLine(stderr, ::isatty(::fileno(stderr)) == 1, interval_seconds);
}

void ProgressLine::update(const std::string& text, bool final) {
  const double now = clock_();
  if (terminal_) {
    if (!final && drawn_ && now - last_ < kRedrawSeconds) return;
    std::fprintf(out_, "\r\033[K%s%s", text.c_str(), final ? "\n" : "");
    drawn_ = !final;
  } else {
    if (!final && now - last_ < interval_) {
      pending_ = text;
      return;
    }
    std::fprintf(out_, "%s\n", text.c_str());
    pending_.clear();
  }
  last_ = now;
  std::fflush(out_);
}

void ProgressLine::message(const std::string& text) {
  if (terminal_ && drawn_) std::fputs("\r\033[K", out_);
  drawn_ = false;
  std::fprintf(out_, "%s\n", text.c_str());
  std::fflush(out_);
}

void ProgressLine::finish() {
  if (terminal_ && drawn_) std::fputc('\n', out_);
  if (!terminal_ && !pending_.empty()) std::fprintf(out_, "%s\n", pending_.c_str());
  drawn_ = false;
  pending_.clear();
  std::fflush(out_);
}

}  // namespace nard::tools
