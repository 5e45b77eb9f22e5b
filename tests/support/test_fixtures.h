// Fixtures many test files use, defined once so that the test files can be compiled together
// (tests/CMakeLists.txt builds them in batches): a position from our notation, the wbf rules and
// the default match equity table.
#pragma once

#include <gtest/gtest.h>

#include <string_view>

#include "formats/notation.h"
#include "game/rules.h"
#include "search/match_equity.h"

namespace nard {

// The position our notation (formats/notation.h) writes; a failed test and the empty position if
// the text does not parse.
inline Position P(std::string_view text, Geometry geometry = Geometry::Contrary) {
  Result<Position> position = parse_notation(text, geometry);
  EXPECT_TRUE(position.ok()) << text << ": " << (position.ok() ? "" : position.error().message);
  return position.ok() ? *position : Position{};
}

inline const Rules& wbf() {
  static const Rules rules = *rules_preset("wbf");
  return rules;
}

// The match equity table nard uses by default (Kazaross-XG2).
inline const MatchEquityTable& met() {
  static const MatchEquityTable table = [] {
    Result<MatchEquityTable> loaded = MatchEquityTable::load(MatchEquityTable::default_path());
    if (!loaded) ADD_FAILURE() << loaded.error().message;
    return loaded.ok() ? *loaded : MatchEquityTable{};
  }();
  return table;
}

}  // namespace nard
