// Range checks for numeric options, run by CLI11 while it parses: an option out of range is a
// parse error ("--top: must be at least 1, not 0"), so main() prints one line and exits with 2
// before any work starts. Closed ranges use CLI::Range(min, max) directly.
#pragma once

#include <CLI/CLI.hpp>

namespace nard::tools {

// A whole number >= min.
CLI::Validator at_least(long long min);
// A whole number in 0..2^64-1 (seeds): "-1" is refused, not wrapped round.
CLI::Validator unsigned_whole();
// A real number > 0 (learning rates and the like).
CLI::Validator positive_real();
// A real number in [lo, hi] (probabilities and the like).
CLI::Validator real_in(double lo, double hi);

}  // namespace nard::tools
