// Match equity tables (MET): the chance of winning a match from a score, before a game starts.
//
// The project ships the Kazaross-XG2 table (pre-Crawford to 25 points plus post-Crawford values),
// stored as text with its source in search/data/met_kazaross_xg2.txt (format described there).
// Loading validates the data: every value in [0,1], 0.5 on the diagonal, M(i,j) + M(j,i) = 1,
// a player is better off the fewer points he needs and the more his opponent needs, the
// post-Crawford trailer's chances fall with the points he needs and are at least his Crawford-
// game chances at the same score.
//
// Immutable after loading; share one table between threads freely.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace nard {

class MatchEquityTable {
 public:
  // Reads a table in the nard MET format; the error names the file and line.
  static Result<MatchEquityTable> load(const std::string& path);
  static Result<MatchEquityTable> parse(std::string_view text, std::string_view origin = "MET");
  // search/data/met_kazaross_xg2.txt in the source tree (NARD_SOURCE_DIR).
  static std::string default_path();

  const std::string& name() const { return name_; }
  int length() const { return length_; }  // the longest "away" the table holds

  // Match winning chance of a player needing my_away points against an opponent needing
  // opp_away, at the start of a game. crawford_done: the Crawford game has been played (or is
  // being played, or the match has no Crawford rule), so a side at 1-away is post-Crawford.
  // my_away <= 0 is a won match (1), opp_away <= 0 a lost one (0).
  // Precondition: both at most length().
  double mwc(int my_away, int opp_away, bool crawford_done) const;

  // Raw entries, 1-based away counts in [1, length()].
  double pre_crawford(int my_away, int opp_away) const {
    return pre_[(my_away - 1) * length_ + (opp_away - 1)];
  }
  double post_crawford_trailer(int trailer_away) const { return post_[trailer_away - 1]; }

 private:
  std::string name_;
  int length_ = 0;
  std::vector<double> pre_;   // length_ * length_, row-major: [my_away-1][opp_away-1]
  std::vector<double> post_;  // length_: [trailer_away-1]
};

// The checks described at the top; an empty message when the table passes.
std::string validate_match_equity_table(const MatchEquityTable& met);

}  // namespace nard
