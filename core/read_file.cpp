#include "core/read_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace nard {

namespace {

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  return "a special file";
}

}  // namespace

Result<std::string> read_regular_file(const std::string& path, std::string_view what,
                                      size_t max_bytes) {
  const std::string name(what);
  // Refused before opening: opening a device can have effects of its own.
  struct stat before {};
  if (::stat(path.c_str(), &before) == 0 && !S_ISREG(before.st_mode))
    return make_error(path + " is " + kind_of(before.st_mode) + ", not a " + name +
                      "; give the path of the file itself");
  // Opened without blocking (a FIFO swapped in since the stat would block a plain open) and
  // checked again on the descriptor.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return make_error(path + ": cannot open the " + name + " (" + std::strerror(errno) + ")");
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd);
    return make_error(path + ": cannot read the " + name + " (" + why + ")");
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return make_error(path + " is " + kind_of(st.st_mode) + ", not a " + name +
                      "; give the path of the file itself");
  }
  std::string bytes;
  if (st.st_size > 0) bytes.reserve(std::min<size_t>(size_t(st.st_size), max_bytes));
  char buf[1 << 16];
  while (bytes.size() < max_bytes) {
    const ssize_t n = ::read(fd, buf, std::min(sizeof buf, max_bytes - bytes.size()));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      return make_error(path + ": read error in the " + name + " (" + why + ")");
    }
    if (n == 0) break;
    bytes.append(buf, size_t(n));
  }
  ::close(fd);
  return bytes;
}

}  // namespace nard
