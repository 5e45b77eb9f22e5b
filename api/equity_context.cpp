#include "api/equity_context.h"

#include <cstdio>

#include "formats/position_arg.h"
#include "play/agents.h"

namespace nard::api {

MatchView view_of_on_roll(const MatchState& m) { return match_view(m, m.on_roll); }

Result<MatchView> with_match_options(MatchView view, int match_length, const std::string& score) {
  if (match_length < 0) return make_error("--match must be >= 0 (0 = money)");
  if (match_length > 0) view.match_length = match_length;
  if (!score.empty()) {
    int a = -1, b = -1;
    char dash = 0;
    if (std::sscanf(score.c_str(), "%d%c%d", &a, &dash, &b) != 3 || dash != '-' || a < 0 || b < 0)
      return make_error("--score '" + score +
                        "' is not A-B (points of the side on roll, then the opponent's)");
    view.my_score = a;
    view.opp_score = b;
  }
  if (view.match_length > 0 &&
      (view.my_score >= view.match_length || view.opp_score >= view.match_length))
    return make_error("a score of " + std::to_string(view.my_score) + "-" +
                      std::to_string(view.opp_score) + " is not below the match length " +
                      std::to_string(view.match_length));
  if (view.match_length == 0 && !score.empty())
    return make_error("--score needs a match length (--match L)");
  return view;
}

Result<CubeView> cube_view_arg(int value, std::string_view owner) {
  CubeView c;
  c.value = value;
  if (owner == "centred" || owner == "centered" || owner.empty())
    c.owner = CubeHolder::Centred;
  else if (owner == "me")
    c.owner = CubeHolder::Me;
  else if (owner == "opponent" || owner == "opp")
    c.owner = CubeHolder::Opponent;
  else
    return make_error("--cube-owner must be centred, me or opponent, not '" + std::string(owner) +
                      "'");
  c.turned = value > 1 || c.owner != CubeHolder::Centred;
  return c;
}

Result<MatchView> context_view(const std::string& position_arg, const ContextArgs& args,
                               const Rules& rules) {
  Result<MatchState> state = match_state_arg(position_arg);
  if (!state) return state.error();
  Result<MatchView> view = with_match_options(view_of_on_roll(*state), args.match, args.score);
  if (!view) return view.error();
  MatchView v = *view;
  if (!args.score.empty() && v.match_length > 0) {
    const bool at_one = v.my_score == v.match_length - 1 || v.opp_score == v.match_length - 1;
    v.crawford_game = rules.crawford && at_one && !args.post_crawford;
  }
  return v;
}

Result<CubeAnalysis> analyse_cube_of(const Bot& bot, const std::string& position_arg,
                                     const ContextArgs& args) {
  Result<Position> pos = parse_position_arg(position_arg, bot.rules);
  if (!pos) return pos.error();
  Result<MatchView> view = context_view(position_arg, args, bot.rules);
  if (!view) return view.error();
  Result<MatchEquityTable> met = MatchEquityTable::load(MatchEquityTable::default_path());
  if (!met) return met.error();
  NeuralEvaluator evaluator(bot.model);
  BotAgent agent(bot.rules, evaluator, bot.search, &*met);
  Result<CubeDecision> d = agent.analyse_cube(*pos, *view);
  if (!d) return d.error();
  return CubeAnalysis{*d, *view};
}

Result<EquityContext> equity_context(const std::string& position_arg, const ContextArgs& args,
                                     const Rules& rules, int ply) {
  Result<MatchView> view = context_view(position_arg, args, rules);
  if (!view) return view.error();
  const MatchView& v = *view;
  EquityContext e;
  if (v.match_length > 0) {
    Result<MatchEquityTable> met = MatchEquityTable::load(MatchEquityTable::default_path());
    if (!met) return met.error();
    e.met = std::make_shared<const MatchEquityTable>(std::move(met).value());
  }
  e.settings = valuation_settings(v, rules, ply, !args.cubeless, e.met.get());
  return e;
}

const char* cube_owner_text(CubeHolder h) {
  switch (h) {
    case CubeHolder::Centred:
      return "centred";
    case CubeHolder::Me:
      return "owned by the side on roll";
    case CubeHolder::Opponent:
      return "owned by the opponent";
  }
  return "";
}

std::string settings_text(const EquityContext& ec, const Rules& rules) {
  const ValuationSettings& e = ec.settings;
  const bool cubeful = uses_cube(e.how, rules);
  std::string s;
  char buf[160];
  if (e.ctx.match_length > 0) {
    std::snprintf(buf, sizeof buf, "%d-point match, score %d-%d%s", e.ctx.match_length,
                  e.ctx.my_score, e.ctx.opp_score,
                  e.ctx.crawford_game   ? ", Crawford game"
                  : e.ctx.post_crawford ? ", post-Crawford"
                                        : "");
    s = buf;
  } else {
    s = "money game";
  }
  if (rules.cube) {
    std::snprintf(buf, sizeof buf, ", cube %d %s", e.ctx.cube.value,
                  cube_owner_text(e.ctx.cube.owner));
    s += buf;
    if (e.ctx.match_length > 0)
      s += ", MET " + ec.met->name();
    else
      s += std::string(", Jacoby ") + (rules.jacoby ? "on" : "off") + ", beavers " +
           (rules.beavers ? "on" : "off");
  } else {
    s += ", no cube in this game";
    if (e.ctx.match_length > 0) s += ", MET " + ec.met->name();
  }
  std::snprintf(buf, sizeof buf, "; %s %d-ply", cubeful ? "cubeful" : "cubeless", e.how.ply);
  return s + buf;
}

}  // namespace nard::api
