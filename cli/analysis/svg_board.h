// A backgammon-family board as an inline SVG image, server-side, for HTML reports (nard analyze
// --html) and the web server: the side on roll (light checkers) plays from the top right (its
// 24-point) round to its home at the bottom right, as cli/analysis/board_diagram.h draws it; the
// opponent's checkers are dark. Stacks above five show their count; a pinned checker (Plakoto)
// is drawn as a small disc of its colour under the point's top checker; the bar holds hit
// checkers, the tray at the right the borne-off counts. Point numbers are the mover's.
#pragma once

#include <string>

#include "game/position.h"

namespace nard::tools {

struct SvgBoardStyle {
  int width = 360;      // pixels; the height follows (aspect 1.2 : 1)
  std::string caption;  // drawn under the board, e.g. "X to play 62"
};

std::string svg_board(const Position& pos, const SvgBoardStyle& style = {});

}  // namespace nard::tools
