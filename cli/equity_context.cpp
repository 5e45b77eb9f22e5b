#include "cli/equity_context.h"

#include <cstdio>

#include "cli/bot_args.h"
#include "cli/output.h"
#include "formats/position_arg.h"

namespace nard::tools {

void add_context_options(CLI::App* cmd, ContextArgs& a) {
  cmd->add_option("--match", a.match, "Match length (default: from the Match ID, else money)");
  cmd->add_option("--score", a.score, "Score A-B: side on roll first");
  cmd->add_flag("--post-crawford", a.post_crawford,
                "With --score at match-1: the Crawford game is over");
  cmd->add_flag("--cubeless", a.cubeless,
                "Cubeless values (default: cubeful where the game has a cube)");
}

Result<EquityContext> equity_context(const std::string& position_arg, const ContextArgs& args,
                                     const Rules& rules, int ply) {
  Result<MatchState> state = match_state_arg(position_arg);
  if (!state) return state.error();
  Result<MatchView> view = with_match_options(view_of_on_roll(*state), args.match, args.score);
  if (!view) return view.error();
  MatchView v = *view;
  if (!args.score.empty() && v.match_length > 0) {
    const bool at_one = v.my_score == v.match_length - 1 || v.opp_score == v.match_length - 1;
    v.crawford_game = rules.crawford && at_one && !args.post_crawford;
  }
  EquityContext e;
  if (v.match_length > 0) {
    Result<MatchEquityTable> met = MatchEquityTable::load(MatchEquityTable::default_path());
    if (!met) return met.error();
    e.met = std::make_shared<const MatchEquityTable>(std::move(met).value());
  }
  e.settings = api::valuation_settings(v, rules, ply, !args.cubeless, e.met.get());
  return e;
}

namespace {
const char* owner_text(CubeHolder h) {
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
}  // namespace

std::string settings_text(const EquityContext& ec, const Rules& rules) {
  const api::ValuationSettings& e = ec.settings;
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
    std::snprintf(buf, sizeof buf, ", cube %d %s", e.ctx.cube.value, owner_text(e.ctx.cube.owner));
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

}  // namespace nard::tools
