// One running GNU Backgammon (`gnubg -t -q -r -p SCRIPT`) whose embedded Python serves requests
// over a private channel, one request line -> one reply line.
//
// The channel is a Unix socket pair; the script sees its end as file descriptor 3. gnubg's own
// stdin and stdout are /dev/null (it prints boards and messages there), its stderr goes to a
// private unlinked log that error messages quote. The script text is written to a temporary
// file that is removed once the script has started.
//
// Handshake: the script's first line is "ready" (or "error <message>", which start() returns as
// the Error). Every failure is a value: gnubg not installed, a start that fails, the process
// dying or closing the channel (seen as end of file, so a dead gnubg never hangs the caller),
// and no reply within the timeout. After a failure every request fails at once.
//
// Thread-safety: not thread-safe; one process per thread. The destructor closes the channel,
// gives gnubg a moment to exit and then kills and reaps it (only this child, by its pid).
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <string_view>

#include "core/result.h"

namespace nard {

// gnubg on PATH, else /usr/games/gnubg (where Debian installs it); the Error says
// "gnubg not found: apt-get install gnubg".
Result<std::string> find_gnubg();

// gnubg makes its folder ~/.gnubg on its first run, and two first runs at once fail ("File
// exists", exit status 1): every start of gnubg makes the folder first. Errors are left to gnubg.
void prepare_gnubg_home();

class GnubgProcess {
 public:
  // Starts `executable` with the script; waits at most timeout_ms for "ready".
  static Result<std::unique_ptr<GnubgProcess>> start(const std::string& executable,
                                                     std::string_view script, int timeout_ms);
  ~GnubgProcess();
  GnubgProcess(const GnubgProcess&) = delete;
  GnubgProcess& operator=(const GnubgProcess&) = delete;

  // Sends one line (no '\n' inside; one is appended) and returns the reply line without its '\n'.
  Result<std::string> request(std::string_view line);

  pid_t pid() const { return pid_; }

 private:
  GnubgProcess(pid_t pid, int channel, int log, int timeout_ms)
      : pid_(pid), channel_(channel), log_(log), timeout_ms_(timeout_ms) {}
  Result<std::string> read_line();
  // Records the first failure (with what gnubg wrote to stderr and how it ended) and returns it.
  Error fail(const std::string& what);
  std::string exit_description();
  std::string log_tail() const;

  pid_t pid_ = -1;       // -1 once reaped
  int channel_ = -1;     // our end of the socket pair
  int log_ = -1;         // gnubg's stderr (unlinked file)
  int timeout_ms_ = 0;   // per reply
  std::string buffer_;   // bytes received after the last complete line
  std::string failure_;  // non-empty: the channel is unusable
};

}  // namespace nard
