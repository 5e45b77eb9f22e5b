// A match file's text in either format we read (docs/match_files.md): gnubg SGF when its first
// non-blank character is '(', else the Jellyfish/gnubg/XG .mat text. What `nard analyze`,
// `nard matfile` and the API's analyze endpoint read.
#pragma once

#include <string_view>

#include "core/result.h"
#include "game/match_record.h"

namespace nard {

bool looks_like_sgf(std::string_view text);

// read_sgf() or read_mat() by looks_like_sgf(); their errors ("line N: ...").
Result<MatchRecord> read_match_text(std::string_view text);

}  // namespace nard
