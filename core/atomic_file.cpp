#include "core/atomic_file.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace nard {

namespace fs = std::filesystem;

namespace {
void fsync_directory_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  const int fd = ::open(parent.empty() ? "." : parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

std::string reason(int err) {
  std::string r = std::strerror(err);
  if (err == ENOSPC || err == EFBIG || err == EDQUOT) r += ": disk full or a file size limit";
  return r;
}

// Pid part of a temporary name, or 0.
long temporary_pid(std::string_view name) {
  const size_t at = name.rfind(".tmp.");
  if (at == std::string_view::npos || at == 0) return 0;
  const std::string_view digits = name.substr(at + 5);
  if (digits.empty() || digits.size() > 9) return 0;
  long pid = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return 0;
    pid = pid * 10 + (c - '0');
  }
  return pid;
}
}  // namespace

std::optional<std::string> write_file_synced(const std::string& path, std::string_view bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return reason(errno);
  size_t done = 0;
  int err = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      err = n < 0 ? errno : EIO;
      break;
    }
    done += size_t(n);
  }
  if (err == 0 && ::fsync(fd) != 0) err = errno;
  if (::close(fd) != 0 && err == 0) err = errno;
  if (err != 0) return reason(err);
  return std::nullopt;
}

std::optional<Error> write_file_atomic(const std::string& path, std::string_view bytes) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  std::optional<std::string> why = write_file_synced(tmp, bytes);
  if (!why && ::rename(tmp.c_str(), path.c_str()) != 0) why = reason(errno);
  if (why) {
    ::unlink(tmp.c_str());
    return make_error(path + ": cannot write (" + *why + "); the file is left as it was");
  }
  fsync_directory_of(path);
  return std::nullopt;
}

bool is_temporary_name(std::string_view filename) { return temporary_pid(filename) > 0; }

int remove_stale_temporaries(const std::string& directory, bool all) {
  int removed = 0;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(directory, ec)) {
    const std::string name = e.path().filename().string();
    const long pid = temporary_pid(name);
    if (pid <= 0 || !e.is_regular_file(ec)) continue;
    const bool running = pid == ::getpid() || ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
    if (running && !all) continue;
    if (fs::remove(e.path(), ec)) ++removed;
  }
  return removed;
}

}  // namespace nard
