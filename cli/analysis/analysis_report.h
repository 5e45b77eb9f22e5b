// The reports of `nard analyze` (play/analysis.h): readable text in the manner of gnubg's exported
// analysis and a self-contained HTML page (an SVG board at every marked error with the play made
// and the better ones, and a chart of each game's winning chances move by move). The JSON report
// is the API's document (api/analysis_document.h).
#pragma once

#include <string>

#include "play/analysis.h"

namespace nard::tools {

std::string analysis_text(const MatchAnalysis& m);
std::string analysis_html(const MatchAnalysis& m);

// "cubeful 2-ply checker play and cube decisions, luck 0-ply; marks ..." (every report's header).
std::string analysis_settings_text(const MatchAnalysis& m);

}  // namespace nard::tools
