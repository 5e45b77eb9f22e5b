#include <cmath>
#include <cstdarg>
#include <cstdio>

#include "cli/analysis/analysis_report.h"
#include "core/printf_string.h"
#include "cli/analysis/svg_board.h"

namespace nard::tools {

namespace {

std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&':
        o += "&amp;";
        break;
      case '<':
        o += "&lt;";
        break;
      case '>':
        o += "&gt;";
        break;
      case '"':
        o += "&quot;";
        break;
      default:
        o += c;
    }
  }
  return o;
}

// Player 0's winning chances after each turn with a play (MWC in a match, the cubeless winning
// chance in money play), as a line chart; marked errors are red dots.
std::string chart(const GameAnalysis& g, bool match, const std::array<std::string, 2>& players) {
  std::vector<std::pair<double, bool>> points;  // value, marked
  for (const TurnAnalysis& t : g.turns) {
    const double v = match ? t.p0_mwc : t.p0_win;
    if (!t.play || std::isnan(v)) continue;
    const bool marked =
        t.play->skill != Skill::None ||
        (t.cube && (t.cube->skill != Skill::None || t.cube->response_skill != Skill::None));
    points.push_back({v, marked});
  }
  if (points.size() < 2) return "";
  const double W = 640, H = 180, L = 36, B = 18;
  auto X = [&](size_t i) { return L + (W - L - 6) * double(i) / double(points.size() - 1); };
  auto Y = [&](double v) { return 6 + (H - B - 6) * (1.0 - v); };
  std::string s =
      printf_string("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" "
          "width=\"%.0f\" height=\"%.0f\" role=\"img\">",
          W, H, W, H);
  for (double v : {0.0, 0.25, 0.5, 0.75, 1.0}) {
    s += printf_string("<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>", L, W - 6,
             Y(v), Y(v), v == 0.5 ? "#999" : "#ddd");
    s +=
        printf_string("<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\" "
            "dominant-baseline=\"central\" font-family=\"sans-serif\">%.0f%%</text>",
            L - 4, Y(v), 100 * v);
  }
  std::string line;
  for (size_t i = 0; i < points.size(); ++i) line += printf_string("%.1f,%.1f ", X(i), Y(points[i].first));
  s += "<polyline fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"2\" points=\"" + line + "\"/>";
  for (size_t i = 0; i < points.size(); ++i)
    if (points[i].second)
      s += printf_string("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#c0392b\"/>", X(i),
               Y(points[i].first));
  s +=
      printf_string("<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" font-family=\"sans-serif\">%s: %s after "
          "each play (red: a marked error)</text>",
          L, H - 4, esc(players[0]).c_str(), match ? "match winning chances" : "winning chances");
  return s + "</svg>";
}

std::string value_text(const PlayValue& v, bool match) {
  return match ? printf_string("%+.3f (MWC %.2f%%)", v.equity, 100.0 * v.mwc) : printf_string("%+.3f", v.equity);
}

std::string checker_error(const TurnAnalysis& t, int n, const std::array<std::string, 2>& players,
                          bool match) {
  const CheckerAnalysis& c = *t.play;
  SvgBoardStyle style;
  style.caption = esc(printf_string("Move %d: %s (light) to play %s", n, players[size_t(t.player)].c_str(),
                          t.dice.str().c_str()));
  std::string s = "<div class=\"err\">" + svg_board(t.before, style) + "<div class=\"plays\">";
  s +=
      printf_string("<p><b>%s</b> played <b>%s</b>: %s, loses %.3f%s</p><table><tr><th></th><th>Play</th>"
          "<th>Ply</th><th>Equity</th><th>Diff.</th><th>Win / W(g) / L(g)</th></tr>",
          esc(players[size_t(t.player)]).c_str(), esc(c.options[size_t(c.played)].move).c_str(),
          std::string(skill_name(c.skill)).c_str(), c.error,
          match ? printf_string(" (%.2f%% MWC)", 100.0 * c.cost).c_str() : "");
  const double best = c.options.front().value.equity;
  for (size_t k = 0; k < c.options.size(); ++k) {
    const PlayOption& o = c.options[k];
    s +=
        printf_string("<tr%s><td>%s</td><td>%s</td><td>%d</td><td>%s</td><td>%s</td><td>%.3f / %.3f / "
            "%.3f</td></tr>",
            int(k) == c.played ? " class=\"played\"" : "", int(k) == c.played ? "&#9654;" : "",
            esc(o.move).c_str(), o.value.ply, value_text(o.value, match).c_str(),
            k ? printf_string("%+.3f", o.value.equity - best).c_str() : "", o.value.probs.win,
            o.value.probs.win_gammon, o.value.probs.lose_gammon);
  }
  return s + "</table></div></div>";
}

std::string cube_error(const TurnAnalysis& t, int n, const std::array<std::string, 2>& players) {
  const CubeAnalysis& c = *t.cube;
  SvgBoardStyle style;
  style.caption = esc(printf_string("Move %d: %s (light) on roll, cube %d", n,
                          players[size_t(t.player)].c_str(), t.context.cube.value));
  std::string s = "<div class=\"err\">" + svg_board(t.before, style) + "<div class=\"plays\">";
  const char* answer = c.response == CubeAction::Pass     ? "passed"
                       : c.response == CubeAction::Beaver ? "beavered"
                       : c.response == CubeAction::Take   ? "took"
                                                          : "";
  s += printf_string("<p><b>%s</b> %s", esc(players[size_t(t.player)]).c_str(),
           c.doubled ? "doubled" : "did not double");
  if (c.skill != Skill::None)
    s += printf_string(" (%s, %.3f)", std::string(skill_name(c.skill)).c_str(), c.error);
  if (c.response != CubeAction::None) {
    s += printf_string("; %s %s", esc(players[size_t(1 - t.player)]).c_str(), answer);
    if (c.response_skill != Skill::None)
      s += printf_string(" (%s, %.3f)", std::string(skill_name(c.response_skill)).c_str(), c.response_error);
  }
  s +=
      printf_string(". Proper action: <b>%s</b>.</p><table><tr><th>No double</th><th>Double, take</th>"
          "<th>Double, pass</th></tr><tr><td>%+.3f</td><td>%+.3f</td><td>%+.3f</td></tr></table>",
          esc(c.decision.action_text()).c_str(), c.no_double, c.take, c.pass);
  return s + "</div></div>";
}

std::string stats_rows(const MatchAnalysis& m) {
  const auto& s = m.stats;
  const bool match = m.match_length > 0;
  std::string o = "<table class=\"stats\"><tr><th></th><th>" + esc(m.players[0]) + "</th><th>" +
                  esc(m.players[1]) + "</th></tr>";
  auto row = [&](const char* label, const std::string& a, const std::string& b) {
    o += printf_string("<tr><td>%s</td><td>%s</td><td>%s</td></tr>", label, a.c_str(), b.c_str());
  };
  auto both = [&](const char* label, auto f) { row(label, f(s[0]), f(s[1])); };
  both("Unforced moves", [](const PlayerStats& p) { return std::to_string(p.unforced_moves); });
  both("Moves marked doubtful / bad / very bad", [](const PlayerStats& p) {
    return printf_string("%d / %d / %d", p.marked_moves[1], p.marked_moves[2], p.marked_moves[3]);
  });
  both("Checker-play error (EMG)",
       [](const PlayerStats& p) { return printf_string("%.3f", p.checker_error); });
  both("Close or actual cube decisions",
       [](const PlayerStats& p) { return std::to_string(p.close_cube_decisions); });
  both("Missed doubles / wrong doubles / wrong takes / wrong passes", [](const PlayerStats& p) {
    return printf_string("%d / %d / %d / %d", p.missed_doubles, p.wrong_doubles, p.wrong_takes,
               p.wrong_passes);
  });
  both("Cube error (EMG)", [](const PlayerStats& p) { return printf_string("%.3f", p.cube_error); });
  both("Error rate (mEMG per decision)",
       [](const PlayerStats& p) { return printf_string("%.1f", p.error_rate()); });
  both("Performance rating (PR)",
       [](const PlayerStats& p) { return printf_string("%.1f", p.performance_rating()); });
  both("Luck (EMG)", [](const PlayerStats& p) { return printf_string("%+.3f", p.luck); });
  both("Actual result", [&](const PlayerStats& p) {
    return match ? printf_string("%+.2f%% MWC", 100 * p.actual_result) : printf_string("%+.2f points", p.actual_result);
  });
  both("Luck-adjusted result", [&](const PlayerStats& p) {
    return match ? printf_string("%+.2f%% MWC", 100 * p.luck_adjusted_result)
                 : printf_string("%+.2f points", p.luck_adjusted_result);
  });
  return o + "</table>";
}

}  // namespace

std::string analysis_html(const MatchAnalysis& m) {
  const bool match = m.match_length > 0;
  const std::string title =
      m.players[0] + " vs " + m.players[1] + ", " +
      (match ? std::to_string(m.match_length) + "-point match" : "money session");
  std::string s =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + esc(title) +
      "</title><style>body{font-family:sans-serif;max-width:1000px;margin:1em auto;color:#222}"
      "table{border-collapse:collapse;margin:.4em 0}td,th{border:1px solid #ccc;padding:2px 6px;"
      "font-size:13px;text-align:left}tr.played{background:#fde2e2}.err{display:flex;gap:1em;"
      "align-items:flex-start;margin:1em 0;border-top:1px solid #eee;padding-top:.6em}"
      ".plays p{margin:.2em 0}</style></head><body>\n";
  s +=
      "<h1>" + esc(title) + "</h1><p>Analysed by nard: " + esc(analysis_settings_text(m)) + ".</p>";
  s += "<h2>Summary</h2>" + stats_rows(m);
  for (const GameAnalysis& g : m.games) {
    s += printf_string("<h2>Game %d</h2><p>Score %s %d, %s %d%s. ", g.number, esc(m.players[0]).c_str(),
             g.score[0], esc(m.players[1]).c_str(), g.score[1],
             g.crawford_game ? " (Crawford game)" : "");
    if (g.end.winner >= 0)
      s += printf_string("%s wins %d point%s.", esc(m.players[size_t(g.end.winner)]).c_str(), g.end.points,
               g.end.points == 1 ? "" : "s");
    s += "</p>" + chart(g, match, m.players);
    int n = 0, errors = 0;
    for (const TurnAnalysis& t : g.turns) {
      ++n;
      if (t.cube && (t.cube->skill != Skill::None || t.cube->response_skill != Skill::None))
        s += cube_error(t, n, m.players), ++errors;
      if (t.play && t.play->skill != Skill::None)
        s += checker_error(t, n, m.players, match), ++errors;
    }
    if (!errors) s += "<p>No marked errors in this game.</p>";
  }
  return s + "\n</body></html>\n";
}

}  // namespace nard::tools
