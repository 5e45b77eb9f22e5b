#include "cli/progress_line.h"

#include <unistd.h>

#include <algorithm>
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
  pending_.clear();  // older than the message: finish() must not print it after it
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

std::string progress_bar_text(const std::string& label, long long done, long long total,
                              const std::string& unit, double elapsed, long long done_at_start) {
  const int percent = total > 0 ? int(100 * std::min(done, total) / total) : 100;
  const int width = 40, filled = width * percent / 100;
  char tail[64] = "";
  if (done > done_at_start && done < total) {
    const long long left =
        (long long)(elapsed / double(done - done_at_start) * double(total - done) + 0.5);
    std::snprintf(tail, sizeof tail, " ETA %lld:%02lld", left / 60, left % 60);
  } else if (done >= total) {
    std::snprintf(tail, sizeof tail, " in %.1f s", elapsed);
  }
  return label + " [" + std::string(size_t(filled), '#') +
         std::string(size_t(width - filled), ' ') + "] " +
         (percent < 10    ? "  "
          : percent < 100 ? " "
                          : "") +
         std::to_string(percent) + "% " + std::to_string(done) + "/" + std::to_string(total) + " " +
         unit + tail;
}

std::function<void(long long, long long)> progress_bar_on_stderr(const std::string& label,
                                                                 const std::string& unit,
                                                                 long long done_at_start) {
  auto line = std::make_shared<ProgressLine>(ProgressLine::on_stderr());
  const double start = steady_seconds();
  return [line, start, label, unit, done_at_start](long long done, long long total) {
    line->update(
        progress_bar_text(label, done, total, unit, steady_seconds() - start, done_at_start),
        done >= total);
  };
}

}  // namespace nard::tools
