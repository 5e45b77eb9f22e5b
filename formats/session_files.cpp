#include "formats/session_files.h"

#include <array>

#include "core/atomic_file.h"
#include "formats/mat_file.h"
#include "formats/sgf_file.h"

namespace nard {

std::optional<Error> write_session_files(const std::string& path, const MatchRecord& header,
                                         const std::vector<std::vector<MatchGame>>& sessions) {
  const bool sgf = path.size() >= 4 && path.compare(path.size() - 4, 4, ".sgf") == 0;
  auto write = [&](const std::string& file, const MatchRecord& r) {
    return write_file_atomic(file, sgf ? write_sgf(r) : write_mat(r));
  };
  MatchRecord base = header;
  base.games.clear();
  if (header.match_length == 0) {
    MatchRecord r = base;
    std::array<int, 2> running{0, 0};  // a session's file gives the score before each game
    for (const std::vector<MatchGame>& games : sessions)
      for (const MatchGame& g : games) {
        r.games.push_back(g);
        r.games.back().number = int(r.games.size());
        r.games.back().score = running;
        if (g.end.winner >= 0) running[size_t(g.end.winner)] += g.end.points;
      }
    return write(path, r);
  }
  const size_t dot = path.rfind('.');
  const std::string stem = dot == std::string::npos ? path : path.substr(0, dot);
  const std::string ext = dot == std::string::npos ? ".mat" : path.substr(dot);
  for (size_t k = 0; k < sessions.size(); ++k) {
    MatchRecord r = base;
    r.games = sessions[k];
    if (auto e = write(stem + "-" + std::to_string(k + 1) + ext, r)) return e;
  }
  return std::nullopt;
}

}  // namespace nard
