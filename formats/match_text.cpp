#include "formats/match_text.h"

#include "formats/mat_file.h"
#include "formats/sgf_file.h"

namespace nard {

bool looks_like_sgf(std::string_view text) {
  const size_t i = text.find_first_not_of(" \t\r\n");
  return i != std::string_view::npos && text[i] == '(';
}

Result<MatchRecord> read_match_text(std::string_view text) {
  return looks_like_sgf(text) ? read_sgf(text) : read_mat(text);
}

}  // namespace nard
