#include "training/metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace nard::training {

namespace {
std::vector<std::string> opponents(const std::vector<MetricsRow>& rows) {
  std::vector<std::string> names;
  for (const MetricsRow& r : rows)
    for (const StrengthPoint& p : r.strength)
      if (std::find(names.begin(), names.end(), p.opponent) == names.end())
        names.push_back(p.opponent);
  return names;
}
const StrengthPoint* find(const MetricsRow& r, const std::string& name) {
  for (const StrengthPoint& p : r.strength)
    if (p.opponent == name) return &p;
  return nullptr;
}
std::string num(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}
}  // namespace

std::string metrics_csv(const std::vector<MetricsRow>& rows) {
  const std::vector<std::string> names = opponents(rows);
  std::ostringstream s;
  s << "games,seconds,loss";
  for (const std::string& n : names) s << ',' << n << "_ppg," << n << "_se," << n << "_games";
  s << '\n';
  for (const MetricsRow& r : rows) {
    s << r.games << ',' << num("%.1f", r.seconds) << ',' << num("%.6f", r.loss);
    for (const std::string& n : names) {
      if (const StrengthPoint* p = find(r, n))
        s << ',' << num("%.4f", p->points_per_game) << ',' << num("%.4f", p->standard_error) << ','
          << p->games;
      else
        s << ",,,";
    }
    s << '\n';
  }
  return s.str();
}

std::string strength_svg(const std::vector<MetricsRow>& rows, const std::string& title,
                         const std::string& x_label) {
  const double W = 720, H = 420, left = 60, right = 150, top = 40, bottom = 50;
  const double pw = W - left - right, ph = H - top - bottom;
  const std::vector<std::string> names = opponents(rows);
  double max_games = 1, lo = -0.5, hi = 0.5;
  for (const MetricsRow& r : rows) {
    max_games = std::max(max_games, double(r.games));
    for (const StrengthPoint& p : r.strength) {
      lo = std::min(lo, p.points_per_game - p.standard_error);
      hi = std::max(hi, p.points_per_game + p.standard_error);
    }
  }
  lo = std::floor(lo * 4) / 4;
  hi = std::ceil(hi * 4) / 4;
  auto x = [&](double g) { return left + pw * g / max_games; };
  auto y = [&](double v) { return top + ph * (hi - v) / (hi - lo); };
  static const char* colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};
  std::ostringstream s;
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H
    << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    << "<text x=\"" << left << "\" y=\"22\" font-size=\"15\">" << title << "</text>\n";
  for (double v = lo; v <= hi + 1e-9; v += 0.25) {
    s << "<line x1=\"" << left << "\" x2=\"" << left + pw << "\" y1=\"" << y(v) << "\" y2=\""
      << y(v) << "\" stroke=\"" << (std::abs(v) < 1e-9 ? "#444" : "#ddd") << "\"/>\n"
      << "<text x=\"" << left - 8 << "\" y=\"" << y(v) + 4 << "\" text-anchor=\"end\">"
      << num("%+.2f", v) << "</text>\n";
  }
  for (int k = 0; k <= 4; ++k) {
    const double g = max_games * k / 4;
    s << "<text x=\"" << x(g) << "\" y=\"" << top + ph + 18 << "\" text-anchor=\"middle\">"
      << num("%.0f", g) << "</text>\n";
  }
  s << "<text x=\"" << left + pw / 2 << "\" y=\"" << H - 10 << "\" text-anchor=\"middle\">"
    << x_label << "</text>\n"
    << "<text transform=\"translate(16," << top + ph / 2
    << ") rotate(-90)\" text-anchor=\"middle\">points per game (cubeless, 0-ply)</text>\n";
  for (size_t i = 0; i < names.size(); ++i) {
    const char* c = colours[i % 5];
    std::ostringstream path;
    for (const MetricsRow& r : rows)
      if (const StrengthPoint* p = find(r, names[i])) {
        path << (path.tellp() == 0 ? "M" : " L") << x(r.games) << ',' << y(p->points_per_game);
        s << "<line x1=\"" << x(r.games) << "\" x2=\"" << x(r.games) << "\" y1=\""
          << y(p->points_per_game - p->standard_error) << "\" y2=\""
          << y(p->points_per_game + p->standard_error) << "\" stroke=\"" << c << "\"/>\n"
          << "<circle cx=\"" << x(r.games) << "\" cy=\"" << y(p->points_per_game)
          << "\" r=\"2.5\" fill=\"" << c << "\"/>\n";
      }
    s << "<path d=\"" << path.str() << "\" fill=\"none\" stroke=\"" << c << "\"/>\n"
      << "<text x=\"" << left + pw + 12 << "\" y=\"" << top + 16 + 18 * i << "\" fill=\"" << c
      << "\">vs " << names[i] << "</text>\n";
  }
  s << "</svg>\n";
  return s.str();
}

}  // namespace nard::training
