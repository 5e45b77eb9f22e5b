// The games of a session saved as match files: a money session in one file (games in order, each
// with the score before it), or one file per match, the path's stem followed by "-<number>"
// ("run.mat" -> run-1.mat, run-2.mat, ...). A path ending in .sgf writes gnubg's SGF, any other
// the .mat text. Files are written atomically (core/atomic_file.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "game/match_record.h"

namespace nard {

// `header`: the settings and players every file gets (its games are ignored). `sessions`: the
// games of each match (or, money play, of each part of the session, written one after another).
std::optional<Error> write_session_files(const std::string& path, const MatchRecord& header,
                                         const std::vector<std::vector<MatchGame>>& sessions);

}  // namespace nard
