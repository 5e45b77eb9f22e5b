#include "api/analysis_document.h"

#include <cmath>

#include "formats/position_arg.h"

namespace nard::api {

namespace {

using nlohmann::json;

json number(double v) { return std::isnan(v) ? json(nullptr) : json(v); }

json probabilities(const Probabilities& p) {
  return {{"win", p.win},
          {"win_gammon", p.win_gammon},
          {"win_backgammon", p.win_backgammon},
          {"lose_gammon", p.lose_gammon},
          {"lose_backgammon", p.lose_backgammon}};
}

json stats(const PlayerStats& s) {
  return {
      {"moves", s.moves},
      {"unforced_moves", s.unforced_moves},
      {"moves_doubtful", s.marked_moves[size_t(Skill::Doubtful)]},
      {"moves_bad", s.marked_moves[size_t(Skill::Bad)]},
      {"moves_very_bad", s.marked_moves[size_t(Skill::VeryBad)]},
      {"checker_error", s.checker_error},
      {"checker_cost", s.checker_cost},
      {"cube_decisions", s.cube_decisions},
      {"close_cube_decisions", s.close_cube_decisions},
      {"doubles", s.doubles},
      {"takes", s.takes},
      {"passes", s.passes},
      {"missed_doubles", s.missed_doubles},
      {"wrong_doubles", s.wrong_doubles},
      {"wrong_takes", s.wrong_takes},
      {"wrong_passes", s.wrong_passes},
      {"cube_error", s.cube_error},
      {"cube_cost", s.cube_cost},
      {"luck", s.luck},
      {"luck_cost", s.luck_cost},
      {"rolls_very_lucky", s.luck_marks[size_t(LuckMark::VeryGood)]},
      {"rolls_lucky", s.luck_marks[size_t(LuckMark::Good)]},
      {"rolls_unlucky", s.luck_marks[size_t(LuckMark::Bad)]},
      {"rolls_very_unlucky", s.luck_marks[size_t(LuckMark::VeryBad)]},
      {"decisions", s.decisions()},
      {"total_error", s.total_error()},
      {"error_rate", s.error_rate()},
      {"performance_rating", s.performance_rating()},
      {"actual_result", s.actual_result},
      {"luck_adjusted_result", s.luck_adjusted_result},
  };
}

json play_value(const PlayOption& o) {
  return {{"move", o.move},
          {"ply", o.value.ply},
          {"equity", o.value.equity},
          {"mwc", number(o.value.mwc)},
          {"cubeless_equity", o.value.cubeless},
          {"probabilities", probabilities(o.value.probs)}};
}

const char* action_name(CubeAction a) {
  switch (a) {
    case CubeAction::None:
      return nullptr;
    case CubeAction::Double:
      return "double";
    case CubeAction::Take:
      return "take";
    case CubeAction::Pass:
      return "pass";
    case CubeAction::Beaver:
      return "beaver";
  }
  return nullptr;
}

json turn(const TurnAnalysis& t, const Rules& rules) {
  json j = {{"player", t.player},
            {"position", format_position_for(t.before, rules)},
            {"score", {t.context.my_score, t.context.opp_score}},
            {"cube", t.context.cube.value},
            {"cube_owner", t.context.cube.owner == CubeHolder::Centred ? "centred"
                           : t.context.cube.owner == CubeHolder::Me    ? "me"
                                                                        : "opponent"},
            {"crawford_game", t.context.crawford_game},
            {"post_crawford", t.context.post_crawford}};
  if (t.cube) {
    const CubeAnalysis& c = *t.cube;
    json cube = {{"doubled", c.doubled},
                 {"proper_action", c.decision.action_text()},
                 {"no_double", c.no_double},
                 {"double_take", c.take},
                 {"double_pass", c.pass},
                 {"optimal", c.optimal},
                 {"mwc_no_double", number(c.decision.match ? c.decision.mwc_no_double : NAN)},
                 {"mwc_double_take", number(c.decision.match ? c.decision.mwc_double_take : NAN)},
                 {"close", c.close},
                 {"error", c.error},
                 {"cost", c.cost},
                 {"skill", std::string(skill_name(c.skill))}};
    if (c.response != CubeAction::None) {
      cube["response"] = action_name(c.response);
      cube["response_error"] = c.response_error;
      cube["response_cost"] = c.response_cost;
      cube["response_skill"] = std::string(skill_name(c.response_skill));
    }
    j["cube_decision"] = cube;
  }
  if (t.rolled) j["dice"] = t.dice.str();
  if (t.luck) {
    j["luck"] = *t.luck;
    j["luck_cost"] = *t.luck_cost;
    j["luck_mark"] = std::string(luck_name(t.luck_mark));
  }
  if (t.play) {
    const CheckerAnalysis& c = *t.play;
    json plays = json::array();
    for (const PlayOption& o : c.options) plays.push_back(play_value(o));
    j["checker_play"] = {{"legal_plays", c.legal_plays},
                         {"played", c.played},
                         {"error", c.error},
                         {"cost", c.cost},
                         {"skill", std::string(skill_name(c.skill))},
                         {"plays", plays}};
    j["player0_win"] = number(t.p0_win);
    j["player0_mwc"] = number(t.p0_mwc);
  }
  return j;
}

}  // namespace

json analysis_document(const MatchAnalysis& m) {
  const AnalysisConfig& c = m.config;
  json settings = {{"ply", c.ply},
                   {"luck_ply", c.luck_ply},
                   {"cubeful", c.cubeful},
                   {"thresholds",
                    {{"doubtful", c.thresholds.doubtful},
                     {"bad", c.thresholds.bad},
                     {"very_bad", c.thresholds.very_bad}}},
                   {"match_length", m.match_length},
                   {"met", m.met_name.empty() ? json(nullptr) : json(m.met_name)}};
  json games = json::array();
  for (const GameAnalysis& g : m.games) {
    json turns = json::array();
    for (const TurnAnalysis& t : g.turns) turns.push_back(turn(t, g.rules));
    games.push_back({{"number", g.number},
                     {"score", {g.score[0], g.score[1]}},
                     {"crawford_game", g.crawford_game},
                     {"variant", std::string(variant_name(g.rules.variant))},
                     {"winner", g.end.winner},
                     {"points", g.end.points},
                     {"turns", turns},
                     {"stats", {stats(g.stats[0]), stats(g.stats[1])}}});
  }
  json doc = {{"settings", settings},
              {"players", {m.players[0], m.players[1]}},
              {"positions", m.positions},
              {"stats", {stats(m.stats[0]), stats(m.stats[1])}},
              {"games", games}};
  return doc;
}

}  // namespace nard::api
