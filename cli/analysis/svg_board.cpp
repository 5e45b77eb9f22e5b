#include "cli/analysis/svg_board.h"

#include <cstdio>

namespace nard::tools {

namespace {

// Geometry in board units: 15 columns (12 points, the bar, the tray), each point 1 unit wide.
constexpr double kUnit = 24.0;
constexpr double kCols = 12 + 1 + 1.2;
constexpr double kHeight = 12.5 * kUnit;  // board height
constexpr double kCaption = 22.0;
constexpr double kRadius = kUnit * 0.46;

const char* const kLight = "#f4efe1";
const char* const kDark = "#30303a";

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

// The x of a point's centre: top row 13..24 left to right, bottom row 12..1 left to right, the
// bar between the sixth and seventh columns.
double point_x(int p) {
  const int col = p >= 13 ? p - 13 : 12 - p;  // 0..11 from the left
  return (col + (col >= 6 ? 1 : 0) + 0.5) * kUnit;
}

std::string checker(double x, double y, bool mover, double r = kRadius) {
  return "<circle cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" r=\"" + num(r) + "\" fill=\"" +
         (mover ? kLight : kDark) + "\" stroke=\"#111\" stroke-width=\"1\"/>";
}

std::string label(double x, double y, const std::string& text, bool on_light, double size = 11) {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) +
         "\" text-anchor=\"middle\" dominant-baseline=\"central\" font-family=\"sans-serif\" "
         "fill=\"" +
         (on_light ? "#000" : "#fff") + "\">" + text + "</text>";
}

}  // namespace

std::string svg_board(const Position& pos, const SvgBoardStyle& style) {
  const double w = kCols * kUnit;
  const double h = kHeight + (style.caption.empty() ? 0 : kCaption);
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + num(w) + " " +
                  num(h) + "\" width=\"" + std::to_string(style.width) + "\" height=\"" +
                  num(style.width * h / w) + "\" role=\"img\">";
  s += "<rect x=\"0\" y=\"0\" width=\"" + num(13 * kUnit) + "\" height=\"" + num(kHeight) +
       "\" fill=\"#2e6b3a\"/>";
  s += "<rect x=\"" + num(6 * kUnit) + "\" y=\"0\" width=\"" + num(kUnit) + "\" height=\"" +
       num(kHeight) + "\" fill=\"#5a3b22\"/>";
  s += "<rect x=\"" + num(13 * kUnit) + "\" y=\"0\" width=\"" + num(1.2 * kUnit) + "\" height=\"" +
       num(kHeight) + "\" fill=\"#5a3b22\"/>";
  const double tip = 5.0 * kUnit;
  for (int p = 1; p <= kPoints; ++p) {
    const double x = point_x(p);
    const bool top = p >= 13;
    const double base = top ? 0.0 : kHeight;
    const double apex = top ? tip : kHeight - tip;
    s += "<polygon points=\"" + num(x - kUnit / 2) + "," + num(base) + " " + num(x + kUnit / 2) +
         "," + num(base) + " " + num(x) + "," + num(apex) + "\" fill=\"" +
         ((p % 2) ? "#c9a66b" : "#8c2f2f") + "\"/>";
    s += label(x, top ? kHeight / 2 - 0.9 * kUnit : kHeight / 2 + 0.9 * kUnit, std::to_string(p),
               false, 8);
    // Checkers from the edge towards the middle: a pinned checker first, then the top ones.
    const int v = pos.at(p);
    const int n = v > 0 ? v : -v;
    const bool mover = v > 0;
    double y = top ? kRadius + 1 : kHeight - kRadius - 1;
    const double step = top ? 2 * kRadius : -2 * kRadius;
    if (pos.pinned_under(p)) {
      s += checker(x, y, !mover, kRadius * 0.6);
      y += step * 0.6;
    }
    for (int i = 0; i < std::min(n, 5); ++i, y += step) s += checker(x, y, mover);
    if (n > 5) s += label(x, y - step, std::to_string(n), mover, 11);
  }
  // The bar: the mover's hit checkers in the lower half (they re-enter at the top right, far
  // from home), the opponent's in the upper half.
  const double bx = 6.5 * kUnit;
  auto bar = [&](int count, bool mover) {
    if (!count) return;
    const double y = mover ? kHeight / 2 + 1.6 * kUnit : kHeight / 2 - 1.6 * kUnit;
    s += checker(bx, y, mover);
    if (count > 1) s += label(bx, y, std::to_string(count), mover);
  };
  bar(pos.mover_bar, true);
  bar(pos.opp_bar, false);
  // The tray: borne-off counts, the mover's at the bottom (his home side).
  const double tx = 13.6 * kUnit;
  if (pos.mover_off)
    s += label(tx, kHeight - kUnit, std::to_string(pos.mover_off) + " off", false, 9);
  if (pos.opp_off) s += label(tx, kUnit, std::to_string(pos.opp_off) + " off", false, 9);
  if (!style.caption.empty())
    s += "<text x=\"" + num(w / 2) + "\" y=\"" + num(kHeight + kCaption * 0.65) +
         "\" font-size=\"13\" text-anchor=\"middle\" font-family=\"sans-serif\">" + style.caption +
         "</text>";
  return s + "</svg>";
}

}  // namespace nard::tools
