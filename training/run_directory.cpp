#include "training/run_directory.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include "core/atomic_file.h"
#include "training/checkpoint.h"

namespace nard::training {

namespace fs = std::filesystem;

RunDirectoryLock::~RunDirectoryLock() {
  if (fd_ >= 0) ::close(fd_);  // releases the flock
}

Result<ClaimedRunDirectory> claim_run_directory(const std::string& run_dir) {
  const std::string lock_path = (fs::path(run_dir) / "lock").string();
  const int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return make_error(run_dir + ": cannot use the run directory (" + std::strerror(errno) + ")");
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    ::close(fd);
    if (err == EWOULDBLOCK)
      return make_error(run_dir + " is in use by another nard train (it holds " + lock_path +
                        "); wait for it to end or choose another --out");
    return make_error(run_dir + ": cannot lock the run directory (" + std::strerror(err) + ")");
  }
  ClaimedRunDirectory claimed;
  claimed.lock = std::make_unique<RunDirectoryLock>(fd);
  std::error_code ec;
  std::vector<fs::path> stale_dirs, subdirs;
  for (const fs::directory_entry& e : fs::directory_iterator(run_dir, ec)) {
    if (!e.is_directory(ec)) continue;
    if (e.path().filename().string().rfind(kCheckpointTemporaryPrefix, 0) == 0)
      stale_dirs.push_back(e.path());
    else
      subdirs.push_back(e.path());
  }
  for (const fs::path& d : stale_dirs)
    if (fs::remove_all(d, ec) > 0) ++claimed.removed_temporaries;
  claimed.removed_temporaries += remove_stale_temporaries(run_dir, /*all=*/true);
  for (const fs::path& d : subdirs)
    claimed.removed_temporaries += remove_stale_temporaries(d.string(), /*all=*/true);
  return claimed;
}

}  // namespace nard::training
