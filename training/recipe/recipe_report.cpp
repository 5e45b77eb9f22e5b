#include "training/recipe/recipe_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>

namespace nard::training {

using json = nlohmann::json;

namespace {

json strength_json(const std::vector<StrengthPoint>& points) {
  json a = json::array();
  for (const StrengthPoint& p : points)
    a.push_back({{"vs", p.opponent},
                 {"points_per_game", p.points_per_game},
                 {"standard_error", p.standard_error},
                 {"games", p.games}});
  return a;
}

std::vector<StrengthPoint> strength_from(const json& a) {
  std::vector<StrengthPoint> out;
  for (const json& p : a)
    out.push_back({p.at("vs").get<std::string>(), p.at("points_per_game").get<double>(),
                   p.at("standard_error").get<double>(), p.at("games").get<int>()});
  return out;
}

std::string escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '<')
      o += "&lt;";
    else if (c == '>')
      o += "&gt;";
    else if (c == '&')
      o += "&amp;";
    else if (c == '"')
      o += "&quot;";
    else
      o += c;
  }
  return o;
}

std::string fmt(const char* f, double a, double b = 0, double c = 0) {
  char buf[128];
  std::snprintf(buf, sizeof buf, f, a, b, c);
  return buf;
}

// One chart: for each opponent, the strength after each stage (± one standard error) against x.
std::string chart_svg(const std::vector<std::vector<StrengthPoint>>& points,
                      const std::vector<double>& x, const std::string& x_label) {
  const double W = 640, H = 300, L = 64, R = 16, T = 16, B = 44;
  std::map<std::string, std::vector<std::pair<double, StrengthPoint>>> series;
  double ymin = 0, ymax = 0, xmax = 0;
  for (size_t i = 0; i < points.size(); ++i) {
    xmax = std::max(xmax, x[i]);
    for (const StrengthPoint& p : points[i]) {
      series[p.opponent].push_back({x[i], p});
      ymin = std::min(ymin, p.points_per_game - p.standard_error);
      ymax = std::max(ymax, p.points_per_game + p.standard_error);
    }
  }
  if (xmax <= 0) xmax = 1;
  const double pad = 0.05 * std::max(ymax - ymin, 0.1);
  ymin -= pad, ymax += pad;
  auto px = [&](double v) { return L + (W - L - R) * v / xmax; };
  auto py = [&](double v) { return T + (H - T - B) * (ymax - v) / (ymax - ymin); };
  std::string s = fmt("<svg xmlns='http://www.w3.org/2000/svg' width='%.0f' height='%.0f' ", W, H) +
                  "font-family='sans-serif' font-size='11'>";
  s += fmt("<rect x='%.0f' y='%.0f' width='%.0f' ", L, T, W - L - R) +
       fmt("height='%.0f' fill='none' stroke='#888'/>", H - T - B);
  for (int k = 0; k <= 4; ++k) {
    const double yv = ymin + (ymax - ymin) * k / 4, xv = xmax * k / 4;
    s += fmt("<text x='%.0f' y='%.0f' text-anchor='end'>", L - 4, py(yv) + 4) +
         fmt("%+.3f</text>", yv);
    s += fmt("<text x='%.0f' y='%.0f' text-anchor='middle'>", px(xv), H - B + 16) +
         fmt(xmax < 10 ? "%.2f</text>" : "%.0f</text>", xv);
  }
  if (ymin < 0 && ymax > 0)
    s += fmt("<line x1='%.0f' x2='%.0f' y1='%.1f' ", L, W - R, py(0)) + "y2='" +
         fmt("%.1f", py(0)) + "' stroke='#ccc'/>";
  s += fmt("<text x='%.0f' y='%.0f' text-anchor='middle'>", (L + W - R) / 2, H - 8) +
       escape(x_label) + "</text>";
  s += fmt("<text x='12' y='%.0f' transform='rotate(-90 12 %.0f)' ", (T + H - B) / 2,
           (T + H - B) / 2) +
       "text-anchor='middle'>points per game (± 1 s.e.)</text>";
  const char* colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};
  int c = 0;
  for (const auto& [name, pts] : series) {
    const char* colour = colours[c++ % 5];
    std::string path;
    for (const auto& [xv, p] : pts) {
      path += (path.empty() ? "M" : " L") + fmt("%.1f %.1f", px(xv), py(p.points_per_game));
      s += fmt("<line x1='%.1f' x2='%.1f' y1='%.1f' ", px(xv), px(xv),
               py(p.points_per_game - p.standard_error)) +
           fmt("y2='%.1f' stroke='", py(p.points_per_game + p.standard_error)) + colour + "'/>";
      s += fmt("<circle cx='%.1f' cy='%.1f' r='3' fill='", px(xv), py(p.points_per_game)) + colour +
           "'/>";
    }
    s += "<path d='" + path + "' fill='none' stroke='" + colour + "'/>";
    s += fmt("<text x='%.0f' y='%.0f' fill='", L + 8, T + 14 + 14 * (c - 1)) + colour + "'>vs " +
         escape(name) + "</text>";
  }
  return s + "</svg>";
}

}  // namespace

std::string stage_record_json(const StageRecord& r) {
  json j{{"number", r.number},
         {"name", r.name},
         {"kind", r.kind},
         {"seed", r.seed},
         {"model_sha256", r.model_sha256},
         {"cpu_seconds", r.cpu_seconds},
         {"measure_cpu_seconds", r.measure_cpu_seconds},
         {"wall_seconds", r.wall_seconds},
         {"games", r.games},
         {"strength", strength_json(r.strength)}};
  return j.dump(2) + "\n";
}

Result<StageRecord> parse_stage_record(const std::string& text, const std::string& source) {
  try {
    const json j = json::parse(text);
    StageRecord r;
    r.number = j.value("number", 0);
    r.name = j.at("name").get<std::string>();
    r.kind = j.at("kind").get<std::string>();
    r.seed = j.at("seed").get<uint64_t>();
    r.model_sha256 = j.at("model_sha256").get<std::string>();
    r.cpu_seconds = j.at("cpu_seconds").get<double>();
    r.measure_cpu_seconds = j.at("measure_cpu_seconds").get<double>();
    r.wall_seconds = j.at("wall_seconds").get<double>();
    r.games = j.at("games").get<long long>();
    r.strength = strength_from(j.at("strength"));
    return r;
  } catch (const json::exception& e) {
    return make_error(source + " is damaged (" + e.what() +
                      "): remove that stage's directory to run the stage again");
  }
}

std::string start_record_json(const StartRecord& r) {
  json j{{"model", r.model}, {"strength", strength_json(r.strength)}};
  return j.dump(2) + "\n";
}

Result<StartRecord> parse_start_record(const std::string& text, const std::string& source) {
  try {
    const json j = json::parse(text);
    return StartRecord{j.at("model").get<std::string>(), strength_from(j.at("strength"))};
  } catch (const json::exception& e) {
    return make_error(source + " is damaged (" + e.what() + "): remove it to measure again");
  }
}

std::string final_record_json(const FinalRecord& r) {
  json j{{"model_file", r.model_file}, {"strength", strength_json(r.strength)}, {"notes", r.notes}};
  return j.dump(2) + "\n";
}

Result<FinalRecord> parse_final_record(const std::string& text, const std::string& source) {
  try {
    const json j = json::parse(text);
    FinalRecord r;
    r.model_file = j.at("model_file").get<std::string>();
    r.strength = strength_from(j.at("strength"));
    r.notes = j.at("notes").get<std::vector<std::string>>();
    return r;
  } catch (const json::exception& e) {
    return make_error(source + " is damaged (" + e.what() + "): remove it to measure again");
  }
}

std::string recipe_report_html(const Recipe& recipe, const std::optional<StartRecord>& start,
                               const std::vector<StageRecord>& stages,
                               const std::optional<FinalRecord>& final_record,
                               const std::string& version) {
  // The curves' points: the start (when measured) at 0, then every stage done.
  std::vector<std::vector<StrengthPoint>> points;
  std::vector<double> hours, games, point_hours, point_games;
  if (start && !start->strength.empty()) {
    points.push_back(start->strength);
    point_hours.push_back(0), point_games.push_back(0);
  }
  double h = 0;
  long long g = 0;
  for (const StageRecord& s : stages) {
    h += s.cpu_seconds / 3600, g += s.games;
    hours.push_back(h), games.push_back(double(g));
    points.push_back(s.strength);
    point_hours.push_back(h), point_games.push_back(double(g));
  }
  std::string o =
      "<!doctype html><html><head><meta charset='utf-8'><title>nard recipe: " +
      escape(recipe.game) +
      "</title><style>body{font-family:sans-serif;max-width:980px;margin:1em auto}"
      "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;"
      "text-align:right}td:first-child,th:first-child{text-align:left}</style></head><body>";
  o += "<h1>Recipe run: " + escape(recipe.game) + "</h1>";
  if (!recipe.description.empty()) o += "<p>" + escape(recipe.description) + "</p>";
  int first = stages.empty() ? 0 : stages.front().number;
  for (size_t k = 0; first == 0 && !stages.empty() && k < recipe.stages.size(); ++k)
    if (recipe.stages[k].name == stages.front().name) first = int(k) + 1;
  o += "<p>" + std::to_string(stages.size()) + " stage" + (stages.size() == 1 ? "" : "s") +
       " done" +
       (first > 1 ? " (the run started at stage " + std::to_string(first) + ")" : std::string()) +
       " of the recipe's " + std::to_string(recipe.stages.size()) + "; " + fmt("%.2f", h) +
       " CPU-hours, " + std::to_string(g) + " self-play games";
  if (start) o += "; started from " + escape(start->model);
  o += ". nard " + escape(version) + ".</p>";
  if (!points.empty() && !points.back().empty()) {
    o += "<h2>Strength after each stage</h2><p>Paired 0-ply cubeless games (" +
         std::to_string(recipe.measure.games) + " a point, seed " +
         std::to_string(recipe.measure.seed) + ")" +
         (start && !start->strength.empty() ? "; the first point is the starting model" : "") +
         ".</p>";
    o += chart_svg(points, point_hours, "CPU-hours (training, cumulative)");
    o += chart_svg(points, point_games, "self-play games (cumulative)");
  }
  o += "<h2>Stages</h2><table><tr><th>stage</th><th>kind</th><th>seed</th><th>games</th>"
       "<th>CPU-hours</th><th>cumulative</th><th>strength</th><th>model (SHA-256)</th></tr>";
  for (size_t i = 0; i < stages.size(); ++i) {
    const StageRecord& s = stages[i];
    std::string strength;
    for (const StrengthPoint& p : s.strength)
      strength += (strength.empty() ? "" : "<br>") + escape("vs " + p.opponent) +
                  fmt(" %+.3f ± %.3f", p.points_per_game, p.standard_error);
    int number = s.number;
    for (size_t k = 0; number == 0 && k < recipe.stages.size(); ++k)
      if (recipe.stages[k].name == s.name) number = int(k) + 1;
    o += "<tr><td>" + std::to_string(number) + ". " + escape(s.name) + "</td><td>" +
         escape(s.kind) + "</td><td>" + std::to_string(s.seed) + "</td><td>" +
         std::to_string(s.games) + "</td><td>" + fmt("%.3f", s.cpu_seconds / 3600) + "</td><td>" +
         fmt("%.3f", hours[i]) + "</td><td>" + strength + "</td><td>" +
         escape(s.model_sha256.substr(0, 12)) + "</td></tr>";
  }
  o += "</table>";
  if (final_record) {
    o += "<h2>Finished model: " + escape(final_record->model_file) +
         "</h2><table><tr><th>vs"
         "</th><th>points per game</th><th>± s.e.</th><th>games</th></tr>";
    for (const StrengthPoint& p : final_record->strength)
      o += "<tr><td>" + escape(p.opponent) + "</td><td>" + fmt("%+.4f", p.points_per_game) +
           "</td><td>" + fmt("%.4f", p.standard_error) + "</td><td>" + std::to_string(p.games) +
           "</td></tr>";
    o += "</table>";
    for (const std::string& n : final_record->notes) o += "<p>" + escape(n) + "</p>";
  }
  return o + "</body></html>\n";
}

}  // namespace nard::training
