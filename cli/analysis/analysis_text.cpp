#include <cmath>
#include <cstdarg>
#include <cstdio>

#include "cli/analysis/analysis_report.h"
#include "core/printf_string.h"

namespace nard::tools {

namespace {

// "-0.123 (-1.23%)" in a match, "-0.123 (-0.246 pts)" in money play.
std::string error_pair(double error, double cost, bool match) {
  if (match) return printf_string("%+.3f (%+.2f%%)", -error, -100.0 * cost);
  return printf_string("%+.3f (%+.3f)", -error, -cost);
}

std::string mark(Skill s) {
  const std::string_view n = skill_name(s);
  return n.empty() ? "" : " " + std::string(n);
}

void cube_lines(std::string& out, const TurnAnalysis& t, const std::array<std::string, 2>& names,
                bool match) {
  const CubeAnalysis& c = *t.cube;
  const bool notable = c.doubled || c.skill != Skill::None || c.response_skill != Skill::None;
  if (!notable) return;
  const char* verb = c.decision.redouble ? "redouble" : "double";
  out += printf_string(
      "      cube: %s %s%s; proper: %s. No %s %+.3f, %s/take %+.3f, %s/pass %+.3f\n",
      names[size_t(t.player)].c_str(), c.doubled ? verb : (std::string("no ") + verb).c_str(),
      c.skill != Skill::None
          ? printf_string(", %s%s", error_pair(c.error, c.cost, match).c_str(), mark(c.skill).c_str()).c_str()
          : "",
      c.decision.action_text().c_str(), verb, c.no_double, verb, c.take, verb, c.pass);
  if (c.response != CubeAction::None) {
    const char* answer = c.response == CubeAction::Pass     ? "passes"
                         : c.response == CubeAction::Beaver ? "beavers"
                                                            : "takes";
    out += printf_string("      cube: %s %s%s\n", names[size_t(1 - t.player)].c_str(), answer,
               c.response_skill != Skill::None
                   ? printf_string(", %s%s", error_pair(c.response_error, c.response_cost, match).c_str(),
                         mark(c.response_skill).c_str())
                         .c_str()
                   : "");
  }
}

void stats_table(std::string& out, const MatchAnalysis& m, const std::array<PlayerStats, 2>& s) {
  const bool match = m.match_length > 0;
  const char* unit = match ? "MWC" : "points";
  auto row = [&](const std::string& label, const std::string& a, const std::string& b) {
    out += printf_string("  %-42s %-22s %-22s\n", label.c_str(), a.c_str(), b.c_str());
  };
  auto ints = [&](const char* label, auto get) {
    row(label, std::to_string(get(s[0])), std::to_string(get(s[1])));
  };
  auto pair = [&](double e, double c) {
    return match ? printf_string("%+.3f (%+.2f%%)", e, 100.0 * c) : printf_string("%+.3f (%+.3f)", e, c);
  };
  row("Player", m.players[0], m.players[1]);
  out += "  Checker play\n";
  ints("  Total moves", [](const PlayerStats& p) { return p.moves; });
  ints("  Unforced moves", [](const PlayerStats& p) { return p.unforced_moves; });
  ints("  Moves marked doubtful", [](const PlayerStats& p) { return p.marked_moves[1]; });
  ints("  Moves marked bad", [](const PlayerStats& p) { return p.marked_moves[2]; });
  ints("  Moves marked very bad", [](const PlayerStats& p) { return p.marked_moves[3]; });
  row(printf_string("  Error total EMG (%s)", unit), pair(-s[0].checker_error, -s[0].checker_cost),
      pair(-s[1].checker_error, -s[1].checker_cost));
  auto per = [&](double e, int n) {
    return n ? printf_string("%+.1f", -1000.0 * e / n) : std::string("n/a");
  };
  row("  Error rate mEMG per unforced move", per(s[0].checker_error, s[0].unforced_moves),
      per(s[1].checker_error, s[1].unforced_moves));
  if (m.config.cubeful) {
    out += "  Cube decisions\n";
    ints("  Total cube decisions", [](const PlayerStats& p) { return p.cube_decisions; });
    ints("  Close or actual cube decisions",
         [](const PlayerStats& p) { return p.close_cube_decisions; });
    ints("  Doubles", [](const PlayerStats& p) { return p.doubles; });
    ints("  Takes", [](const PlayerStats& p) { return p.takes; });
    ints("  Passes", [](const PlayerStats& p) { return p.passes; });
    ints("  Missed doubles", [](const PlayerStats& p) { return p.missed_doubles; });
    ints("  Wrong doubles", [](const PlayerStats& p) { return p.wrong_doubles; });
    ints("  Wrong takes", [](const PlayerStats& p) { return p.wrong_takes; });
    ints("  Wrong passes", [](const PlayerStats& p) { return p.wrong_passes; });
    row(printf_string("  Error total EMG (%s)", unit), pair(-s[0].cube_error, -s[0].cube_cost),
        pair(-s[1].cube_error, -s[1].cube_cost));
    row("  Error rate mEMG per close decision", per(s[0].cube_error, s[0].close_cube_decisions),
        per(s[1].cube_error, s[1].close_cube_decisions));
  }
  out += "  Luck\n";
  ints("  Rolls marked very lucky", [](const PlayerStats& p) { return p.luck_marks[4]; });
  ints("  Rolls marked lucky", [](const PlayerStats& p) { return p.luck_marks[3]; });
  ints("  Rolls marked unlucky", [](const PlayerStats& p) { return p.luck_marks[1]; });
  ints("  Rolls marked very unlucky", [](const PlayerStats& p) { return p.luck_marks[0]; });
  row(printf_string("  Luck total EMG (%s)", unit), pair(s[0].luck, s[0].luck_cost),
      pair(s[1].luck, s[1].luck_cost));
  out += "  Overall\n";
  ints("  Decisions (unforced moves + close cube)",
       [](const PlayerStats& p) { return p.decisions(); });
  row(printf_string("  Error total EMG (%s)", unit),
      pair(-s[0].total_error(), -(s[0].checker_cost + s[0].cube_cost)),
      pair(-s[1].total_error(), -(s[1].checker_cost + s[1].cube_cost)));
  row("  Error rate mEMG per decision", printf_string("%+.1f", -s[0].error_rate()),
      printf_string("%+.1f", -s[1].error_rate()));
  row("  Performance rating (PR)", printf_string("%.1f", s[0].performance_rating()),
      printf_string("%.1f", s[1].performance_rating()));
  auto result = [&](double v) {
    return match ? printf_string("%+.2f%% MWC", 100.0 * v) : printf_string("%+.3f points", v);
  };
  row("  Actual result", result(s[0].actual_result), result(s[1].actual_result));
  row("  Luck adjusted result", result(s[0].luck_adjusted_result),
      result(s[1].luck_adjusted_result));
}

}  // namespace

std::string analysis_settings_text(const MatchAnalysis& m) {
  const AnalysisConfig& c = m.config;
  const SkillThresholds& t = c.thresholds;
  return printf_string(
      "%s %d-ply checker play%s, luck %d-ply; marks: doubtful > %.3f, bad > %.3f, very bad "
      "> %.3f (normalised equity)%s",
      c.cubeful ? "cubeful" : "cubeless", c.ply, c.cubeful ? " and cube decisions" : "", c.luck_ply,
      t.doubtful, t.bad, t.very_bad, m.met_name.empty() ? "" : (", MET " + m.met_name).c_str());
}

std::string analysis_text(const MatchAnalysis& m) {
  const bool match = m.match_length > 0;
  std::string out;
  out += printf_string("%s vs %s, %s\n", m.players[0].c_str(), m.players[1].c_str(),
             match ? printf_string("%d-point match", m.match_length).c_str() : "money session");
  out += "Settings: " + analysis_settings_text(m) + "\n";
  out += match ? "Errors: normalised equity (match winning chances)\n"
               : "Errors: equity per unit of the cube (points)\n";
  for (const GameAnalysis& g : m.games) {
    out += printf_string("\nGame %d: %s %d, %s %d%s (%s)\n", g.number, m.players[0].c_str(), g.score[0],
               m.players[1].c_str(), g.score[1], g.crawford_game ? ", Crawford game" : "",
               std::string(variant_name(g.rules.variant)).c_str());
    int n = 0;
    for (const TurnAnalysis& t : g.turns) {
      ++n;
      if (t.cube) cube_lines(out, t, m.players, match);
      if (!t.rolled) continue;
      std::string play = "(no play)";
      std::string err;
      if (t.play && !t.play->options.empty()) {
        play = t.play->options[size_t(t.play->played)].move;
        if (t.play->skill != Skill::None)
          err = error_pair(t.play->error, t.play->cost, match) + mark(t.play->skill);
      } else if (t.play) {
        play = "(cannot move)";
      }
      std::string luck;
      if (t.luck)
        luck = printf_string("luck %+.3f", *t.luck) +
               (t.luck_mark != LuckMark::None ? " " + std::string(luck_name(t.luck_mark)) : "");
      out += printf_string("  %3d. %-14.14s %s: %-26s %-30s %s\n", n, m.players[size_t(t.player)].c_str(),
                 t.dice.str().c_str(), play.c_str(), err.c_str(), luck.c_str());
      if (t.play && t.play->skill != Skill::None) {
        const double best = t.play->options.front().value.equity;
        for (size_t k = 0; k < t.play->options.size(); ++k) {
          const PlayOption& o = t.play->options[k];
          out += printf_string("        %s %-26s %d-ply %+.3f", int(k) == t.play->played ? "*" : " ",
                     o.move.c_str(), o.value.ply, o.value.equity);
          if (k) out += printf_string(" (%+.3f)", o.value.equity - best);
          if (match) out += printf_string("  MWC %.2f%%", 100.0 * o.value.mwc);
          out += "\n";
        }
      }
    }
    if (g.end.winner >= 0)
      out += printf_string("  %s wins %d point%s\n", m.players[size_t(g.end.winner)].c_str(), g.end.points,
                 g.end.points == 1 ? "" : "s");
  }
  out += "\nStatistics\n";
  stats_table(out, m, m.stats);
  return out;
}

}  // namespace nard::tools
