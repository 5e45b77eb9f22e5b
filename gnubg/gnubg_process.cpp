#include "gnubg/gnubg_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <utility>
#include <vector>

extern char** environ;

namespace nard {

namespace {

bool is_executable_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

std::string errno_text() { return std::strerror(errno); }

// Closes a descriptor when it goes out of scope, unless released.
struct FdGuard {
  int fd = -1;
  ~FdGuard() {
    if (fd >= 0) ::close(fd);
  }
  int release() { return std::exchange(fd, -1); }
};

// Removes a file when it goes out of scope.
struct FileGuard {
  std::string path;
  ~FileGuard() {
    if (!path.empty()) ::unlink(path.c_str());
  }
};

// Moves a descriptor to a number >= 10 (close-on-exec), so that the child's dup2 onto 2 and 3
// never meets a descriptor that already has that number.
int move_high(int fd) {
  const int high = ::fcntl(fd, F_DUPFD_CLOEXEC, 10);
  ::close(fd);
  return high;
}

std::string temp_template(const char* stem, const char* suffix) {
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
  if (ec) dir = "/tmp";
  return (dir / (std::string(stem) + "_XXXXXX" + suffix)).string();
}

}  // namespace

Result<std::string> find_gnubg() {
  std::vector<std::string> dirs;
  if (const char* path = std::getenv("PATH")) {
    std::stringstream ss(path);
    for (std::string dir; std::getline(ss, dir, ':');)
      if (!dir.empty()) dirs.push_back(dir);
  }
  dirs.push_back("/usr/games");
  for (const std::string& dir : dirs) {
    const std::string candidate = dir + "/gnubg";
    if (is_executable_file(candidate)) return candidate;
  }
  return make_error("gnubg not found: apt-get install gnubg");
}

void prepare_gnubg_home() {
  const char* home = std::getenv("HOME");
  if (!home || !*home) return;
  std::error_code ignored;
  std::filesystem::create_directories(std::filesystem::path(home) / ".gnubg", ignored);
}

Result<std::unique_ptr<GnubgProcess>> GnubgProcess::start(const std::string& executable,
                                                          std::string_view script, int timeout_ms) {
  if (!is_executable_file(executable))
    return make_error("gnubg not found at " + executable + ": apt-get install gnubg");
  prepare_gnubg_home();

  // The script, in a file of its own (removed when start() returns: gnubg has read it by then).
  std::string script_path = temp_template("nard_gnubg", ".py");
  FdGuard script_fd{::mkstemps(script_path.data(), 3)};
  if (script_fd.fd < 0)
    return make_error("cannot create a temporary file for the gnubg script: " + errno_text());
  FileGuard script_file{script_path};
  for (size_t written = 0; written < script.size();) {
    const ssize_t n = ::write(script_fd.fd, script.data() + written, script.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      return make_error("cannot write the gnubg script " + script_path + ": " + errno_text());
    written += size_t(n);
  }
  ::close(script_fd.release());

  // gnubg's stderr: an unlinked file we keep open to quote from.
  std::string log_path = temp_template("nard_gnubg", ".log");
  FdGuard log{::mkostemps(log_path.data(), 4, O_CLOEXEC)};
  if (log.fd < 0)
    return make_error("cannot create a temporary file for gnubg's messages: " + errno_text());
  ::unlink(log_path.c_str());
  log.fd = move_high(log.fd);

  int ends[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0)
    return make_error("cannot create a channel to gnubg: " + errno_text());
  FdGuard ours{move_high(ends[0])}, theirs{move_high(ends[1])};
  if (ours.fd < 0 || theirs.fd < 0 || log.fd < 0)
    return make_error("out of file descriptors for gnubg");

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, log.fd, 2);
  posix_spawn_file_actions_adddup2(&actions, theirs.fd, 3);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t no_signals;
  sigemptyset(&no_signals);
  posix_spawnattr_setsigmask(&attr, &no_signals);  // OpenMP workers may block signals
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
  std::vector<std::string> args = {executable, "-t", "-q", "-r", "-p", script_path};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int spawned =
      ::posix_spawn(&pid, executable.c_str(), &actions, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (spawned != 0) return make_error("cannot start " + executable + ": " + std::strerror(spawned));
  ::close(theirs.release());  // the child holds its end: its exit now means end of file for us

  std::unique_ptr<GnubgProcess> process(
      new GnubgProcess(pid, ours.release(), log.release(), timeout_ms));
  Result<std::string> first = process->read_line();
  if (!first) return Error{"gnubg did not start: " + first.error().message};
  if (*first == "ready") return process;
  if (first->rfind("error ", 0) == 0) return make_error("gnubg: " + first->substr(6));
  return make_error("gnubg did not start: unexpected first line '" + *first + "'");
}

GnubgProcess::~GnubgProcess() {
  if (channel_ >= 0) ::close(channel_);  // the script reads end of file and returns; gnubg exits
  if (pid_ > 0) {
    int status = 0;
    bool reaped = false;
    for (int i = 0; i < 300 && !reaped; ++i) {  // up to 3 s to exit by itself
      const pid_t r = ::waitpid(pid_, &status, WNOHANG);
      reaped = r == pid_ || r < 0;
      if (!reaped) ::usleep(10000);
    }
    if (!reaped) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, &status, 0);
    }
  }
  if (log_ >= 0) ::close(log_);
}

Result<std::string> GnubgProcess::request(std::string_view line) {
  if (!failure_.empty()) return make_error(failure_);
  std::string message(line);
  message += '\n';
  for (size_t sent = 0; sent < message.size();) {
    const ssize_t n = ::send(channel_, message.data() + sent, message.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EPIPE || errno == ECONNRESET)) return fail("gnubg stopped unexpectedly");
    if (n < 0) return fail("cannot write to gnubg (" + errno_text() + ")");
    sent += size_t(n);
  }
  return read_line();
}

Result<std::string> GnubgProcess::read_line() {
  if (!failure_.empty()) return make_error(failure_);
  for (;;) {
    const size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      return line;
    }
    pollfd p{channel_, POLLIN, 0};
    const int ready = ::poll(&p, 1, timeout_ms_);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return fail("cannot wait for gnubg (" + errno_text() + ")");
    if (ready == 0)
      return fail("gnubg gave no answer within " + std::to_string(timeout_ms_) + " ms");
    char chunk[4096];
    const ssize_t n = ::recv(channel_, chunk, sizeof chunk, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == ECONNRESET)
      return fail("gnubg stopped unexpectedly");  // died with a request unread
    if (n < 0) return fail("cannot read from gnubg (" + errno_text() + ")");
    if (n == 0) return fail("gnubg stopped unexpectedly");
    buffer_.append(chunk, size_t(n));
  }
}

Error GnubgProcess::fail(const std::string& what) {
  if (failure_.empty()) {
    failure_ = what;
    const std::string ended = exit_description();
    if (!ended.empty()) failure_ += " (" + ended + ")";
    const std::string tail = log_tail();
    if (!tail.empty()) failure_ += "; its last message: " + tail;
  }
  return make_error(failure_);
}

std::string GnubgProcess::exit_description() {
  if (pid_ <= 0) return "";
  const pid_t pid = pid_;
  int status = 0;
  for (int i = 0; i < 100; ++i) {  // a process that closed the channel is exiting: up to 1 s
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r < 0) {
      pid_ = -1;
      return "";
    }
    if (r == pid_) {
      pid_ = -1;
      if (WIFEXITED(status))
        return "pid " + std::to_string(pid) + " exited with status " +
               std::to_string(WEXITSTATUS(status));
      if (WIFSIGNALED(status))
        return "pid " + std::to_string(pid) + " killed by signal " +
               std::to_string(WTERMSIG(status)) + ", " + strsignal(WTERMSIG(status));
      return "pid " + std::to_string(pid) + " ended";
    }
    ::usleep(10000);
  }
  return "pid " + std::to_string(pid) + " still running";
}

std::string GnubgProcess::log_tail() const {
  struct stat st {};
  if (log_ < 0 || ::fstat(log_, &st) != 0 || st.st_size == 0) return "";
  const off_t size = st.st_size, from = size > 4096 ? size - 4096 : 0;
  std::string text(size_t(size - from), '\0');
  const ssize_t n = ::pread(log_, text.data(), text.size(), from);
  if (n <= 0) return "";
  text.resize(size_t(n));
  // The last non-empty line (a Python traceback ends with the exception).
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
    text.pop_back();
  const size_t start = text.find_last_of('\n');
  std::string line = start == std::string::npos ? text : text.substr(start + 1);
  if (line.size() > 300) line = line.substr(0, 300) + "...";
  return line;
}

}  // namespace nard
