// The marks of the analysis (skill and luck, play/analysis.h) and its per-player figures:
// PlayerStats, and a game's sums of them.
#include <cstddef>
#include <string_view>

#include "play/analysis.h"
#include "play/analysis_detail.h"

namespace nard {

Skill skill_of(double error, const SkillThresholds& t) {
  if (error > t.very_bad) return Skill::VeryBad;
  if (error > t.bad) return Skill::Bad;
  if (error > t.doubtful) return Skill::Doubtful;
  return Skill::None;
}

std::string_view skill_name(Skill s) {
  switch (s) {
    case Skill::None:
      return "";
    case Skill::Doubtful:
      return "doubtful";
    case Skill::Bad:
      return "bad";
    case Skill::VeryBad:
      return "very bad";
  }
  return "";
}

LuckMark luck_mark(double luck) {
  if (luck > 0.6) return LuckMark::VeryGood;
  if (luck > 0.3) return LuckMark::Good;
  if (luck < -0.6) return LuckMark::VeryBad;
  if (luck < -0.3) return LuckMark::Bad;
  return LuckMark::None;
}

std::string_view luck_name(LuckMark m) {
  switch (m) {
    case LuckMark::VeryBad:
      return "very unlucky";
    case LuckMark::Bad:
      return "unlucky";
    case LuckMark::None:
      return "";
    case LuckMark::Good:
      return "lucky";
    case LuckMark::VeryGood:
      return "very lucky";
  }
  return "";
}

double PlayerStats::error_rate() const {
  return decisions() ? 1000.0 * total_error() / decisions() : 0.0;
}
double PlayerStats::performance_rating() const {
  return decisions() ? 500.0 * total_error() / decisions() : 0.0;
}

void PlayerStats::add(const PlayerStats& o) {
  moves += o.moves;
  unforced_moves += o.unforced_moves;
  for (size_t i = 0; i < marked_moves.size(); ++i) marked_moves[i] += o.marked_moves[i];
  checker_error += o.checker_error;
  checker_cost += o.checker_cost;
  cube_decisions += o.cube_decisions;
  close_cube_decisions += o.close_cube_decisions;
  doubles += o.doubles;
  takes += o.takes;
  passes += o.passes;
  missed_doubles += o.missed_doubles;
  wrong_doubles += o.wrong_doubles;
  wrong_takes += o.wrong_takes;
  wrong_passes += o.wrong_passes;
  missed_double_error += o.missed_double_error;
  wrong_double_error += o.wrong_double_error;
  wrong_take_error += o.wrong_take_error;
  wrong_pass_error += o.wrong_pass_error;
  cube_error += o.cube_error;
  cube_cost += o.cube_cost;
  for (size_t i = 0; i < luck_marks.size(); ++i) luck_marks[i] += o.luck_marks[i];
  luck += o.luck;
  luck_cost += o.luck_cost;
  actual_result += o.actual_result;
  luck_adjusted_result += o.luck_adjusted_result;
}

namespace analysis_detail {

// A game's per-player figures from its analysed turns.
void sum_game(GameAnalysis& g, const MatchRecord& record, const MatchEquityTable* met) {
  for (const TurnAnalysis& t : g.turns) {
    PlayerStats& me = g.stats[size_t(t.player)];
    PlayerStats& opp = g.stats[size_t(1 - t.player)];
    if (t.cube) {
      const CubeAnalysis& c = *t.cube;
      ++me.cube_decisions;
      if (c.close) ++me.close_cube_decisions;
      me.cube_error += c.error;
      me.cube_cost += c.cost;
      if (c.doubled) {
        ++me.doubles;
        if (c.error > 0) ++me.wrong_doubles, me.wrong_double_error += c.error;
        if (c.response != CubeAction::None) {
          ++opp.cube_decisions;
          ++opp.close_cube_decisions;
          opp.cube_error += c.response_error;
          opp.cube_cost += c.response_cost;
          if (c.response == CubeAction::Pass) {
            ++opp.passes;
            if (c.response_error > 0) ++opp.wrong_passes, opp.wrong_pass_error += c.response_error;
          } else {
            ++opp.takes;
            if (c.response_error > 0) ++opp.wrong_takes, opp.wrong_take_error += c.response_error;
          }
        }
      } else if (c.error > 0) {
        ++me.missed_doubles;
        me.missed_double_error += c.error;
      }
    }
    if (t.luck) {
      me.luck += *t.luck;
      me.luck_cost += *t.luck_cost;
      ++me.luck_marks[size_t(t.luck_mark)];
      me.luck_adjusted_result -= *t.luck_cost;
      opp.luck_adjusted_result += *t.luck_cost;
    }
    if (t.play) {
      ++me.moves;
      ++me.marked_moves[size_t(t.play->skill)];
      if (t.play->unforced()) {
        ++me.unforced_moves;
        me.checker_error += t.play->error;
        me.checker_cost += t.play->cost;
      }
    }
  }
  // The result: points, or the MWC the game won or lost.
  if (g.end.winner >= 0) {
    const int w = g.end.winner;
    double gained = g.end.points;
    if (record.match_length > 0 && met) {
      const int L = record.match_length;
      const bool post =
          g.rules.crawford && !g.crawford_game && (g.score[0] == L - 1 || g.score[1] == L - 1);
      const bool done_before = g.crawford_game || post || !g.rules.crawford;
      const int away_w = L - g.score[size_t(w)], away_l = L - g.score[size_t(1 - w)];
      const double before = met->mwc(away_w, away_l, done_before);
      const double after =
          away_w - g.end.points <= 0 ? 1.0 : met->mwc(away_w - g.end.points, away_l, true);
      gained = after - before;
    }
    g.stats[size_t(w)].actual_result += gained;
    g.stats[size_t(1 - w)].actual_result -= gained;
    g.stats[size_t(w)].luck_adjusted_result += gained;
    g.stats[size_t(1 - w)].luck_adjusted_result -= gained;
  }
}

}  // namespace analysis_detail

}  // namespace nard
