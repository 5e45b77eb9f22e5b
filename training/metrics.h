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

// A self-contained SVG line chart of points per game against MetricsRow::games (TD training:
// self-play games; the supervised pipeline: positions valued), labelled x_label.
std::string strength_svg(const std::vector<MetricsRow>& rows, const std::string& title,
                         const std::string& x_label = "self-play games");

}  // namespace nard::training
