// Files written whole or not at all: the bytes go to a temporary file beside the target
// ("<path>.tmp.<pid>"), which is flushed, fsynced and renamed over the target; a crash or a kill
// at any moment leaves either the old file or the new one. On failure (a full disk, a file size
// limit, a read-only directory) the temporary file is removed, the target is untouched, and the
// error names the target (not the temporary file) and the reason.
//
// A process killed with SIGKILL cannot remove its temporary file: owners of a directory (the
// trainer's run directory) remove the stale ones with remove_stale_temporaries().
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"

namespace nard {

std::optional<Error> write_file_atomic(const std::string& path, std::string_view bytes);

// Writes `bytes` to `path` (created or truncated) and fsyncs it, with no temporary file: for files
// of a directory that is itself renamed into place when complete. On failure the reason (with
// "disk full or a file size limit" where that is the cause); the partial file is left to the caller.
std::optional<std::string> write_file_synced(const std::string& path, std::string_view bytes);

// True for the names write_file_atomic gives its temporary files: "<name>.tmp.<digits>".
bool is_temporary_name(std::string_view filename);

// Removes the temporary files of write_file_atomic directly in `directory` whose writer is no
// longer running (the pid in the name is not a live process), and those of any writer when
// `all` (the caller holds the directory exclusively, e.g. by a lock). Returns how many were
// removed.
int remove_stale_temporaries(const std::string& directory, bool all = false);

}  // namespace nard
