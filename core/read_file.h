// Reading an input file whole, safely: the path must name a regular file. A directory, a FIFO, a
// socket or a device is refused before it is opened (a FIFO with no writer would block the
// reader forever; reading a directory through a std::ifstream throws std::ios_failure). The file
// is then opened without blocking and checked again on the open descriptor, so nothing can be
// swapped in between the check and the read.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/result.h"

namespace nard {

// The bytes of the file (at most max_bytes of them: a prefix when the file is longer). `what`
// names the file in errors, e.g. "model file": "models/x: is a directory, not a model file".
Result<std::string> read_regular_file(const std::string& path, std::string_view what,
                                      size_t max_bytes = size_t(-1));

}  // namespace nard
