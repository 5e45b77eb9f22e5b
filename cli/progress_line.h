// A progress line on a stream (stderr): on a terminal the line is redrawn in place ("\r", erase
// to end of line); into a file or pipe it is printed as a plain full line at most every
// `interval` seconds, plus the final state, and never contains a carriage return. So a
// `nard train ... > train.log 2>&1` log reads as one line per few seconds.
//
// Not thread-safe: one thread reports (the rollouts report from their thread 0).
#pragma once

#include <cstdio>
#include <functional>
#include <memory>
#include <string>

namespace nard::tools {

class ProgressLine {
 public:
  using Clock = std::function<double()>;  // seconds on a monotonic clock

  // Writes to `out`; `terminal` chooses redrawing. The clock is injectable for tests.
  ProgressLine(std::FILE* out, bool terminal, double interval_seconds = 5.0, Clock clock = {});
  // The line on stderr, redrawn when stderr is a terminal.
  static ProgressLine on_stderr(double interval_seconds = 5.0);

  // The current state. On a terminal it is redrawn (at most ~10 times a second unless `final`);
  // otherwise printed as a line when `interval` has passed since the last line (or since the
  // start) or when `final`. `final` also ends a redrawn line with a newline.
  void update(const std::string& text, bool final = false);
  // A line that stays (an event such as an evaluation): clears a redrawn line first; a state not
  // yet printed (plain mode) is dropped, being older than the message.
  void message(const std::string& text);
  // Ends a redrawn line with a newline, if one is showing, or prints the newest state not yet
  // printed (plain mode): before other output or an error.
  void finish();

  bool terminal() const { return terminal_; }

 private:
  std::FILE* out_;
  bool terminal_;
  double interval_;
  Clock clock_;
  double last_ = 0;      // clock time of the last line (or of the start)
  bool drawn_ = false;   // a redrawn line is on the terminal without its newline
  std::string pending_;  // the newest state not yet shown (plain mode)
};

// "Valuing [#####     ]  50% 1000/2000 positions ETA 1:05" ("in 12.3 s" once done == total,
// no ETA before the first unit is done). `elapsed` is in seconds since the work started, when
// `done_at_start` units were already done (work resumed): the ETA assumes the rate since then.
std::string progress_bar_text(const std::string& label, long long done, long long total,
                              const std::string& unit, double elapsed, long long done_at_start = 0);

// A reporter (done, total) that shows progress_bar_text on stderr through a ProgressLine (the
// clock starts when it is made; `done_at_start` units were done before it, as in progress_bar_text);
// the final state (done == total) ends the line.
std::function<void(long long, long long)> progress_bar_on_stderr(const std::string& label,
                                                                 const std::string& unit,
                                                                 long long done_at_start = 0);

}  // namespace nard::tools
