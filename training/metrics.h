// The metrics of a run as files: metrics.csv (one row per evaluation) and strength.svg (points per
// game against each baseline as a function of games played, with +-1 standard error bars), both
// written by our own code from the rows kept in the checkpoint state.
#pragma once

#include <string>
#include <vector>

#include "training/trainer.h"

namespace nard::training {

// Columns: games,seconds,loss, then for each opponent met in the rows (in order of first
// appearance) <opponent>_ppg,<opponent>_se,<opponent>_games. Empty cells where a row lacks one.
std::string metrics_csv(const std::vector<MetricsRow>& rows);

// A self-contained SVG line chart of points per game against games played.
std::string strength_svg(const std::vector<MetricsRow>& rows, const std::string& title);

}  // namespace nard::training
