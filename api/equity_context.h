// The match and cube a hint or an evaluation values positions in, as the CLI (hint, eval) and the
// Python module take them: from the position text (a Match ID, XGID or FIBS board carries score
// and cube; other formats are money with a centred cube), overridden by a match length and a
// score A-B [post-Crawford]; cubeless on request.
// And the one line every output starts with, stating the settings as gnubg does (ply, cubeful or
// cubeless, money or match score, cube, Jacoby, beavers, MET).
#pragma once

#include <memory>
#include <string>

#include "api/valuation_documents.h"
#include "core/result.h"
#include "game/match.h"
#include "game/rules.h"
#include "play/bot.h"
#include "search/cube/decision.h"
#include "search/cube/match.h"
#include "search/cubeful_play.h"
#include "search/match_equity.h"

namespace nard::api {

struct ContextArgs {
  int match = 0;
  std::string score;
  bool post_crawford = false;
  bool cubeless = false;
};

struct EquityContext {
  ValuationSettings settings;  // what the documents of api/valuation_documents.h take
  std::shared_ptr<const MatchEquityTable> met;  // loaded for match play only (settings.ctx.met)
};

// What the player on roll sees of the match (game/match.h).
MatchView view_of_on_roll(const MatchState& m);
// Applies --match L and --score A-B (A: the side on roll) to the view; fails on a bad score.
Result<MatchView> with_match_options(MatchView view, int match_length, const std::string& score);

// The cube from a value and an owner, centred|me|opponent (turned once it is not the centred 1).
// Fails on an unknown owner; the value is checked against the rules by the rollout.
Result<CubeView> cube_view_arg(int value, std::string_view owner);

// The match as the side on roll sees it: from the position text, with args' match length and
// score (the Crawford game when the score says so and args.post_crawford is false).
Result<MatchView> context_view(const std::string& position_arg, const ContextArgs& args,
                               const Rules& rules);

// The cube decision of the side on roll (`nard cube`, the Python module's nard.cube): the bot's
// analysis at its ply in the context of the position text and args (args.cubeless is ignored).
struct CubeAnalysis {
  CubeDecision decision;
  MatchView view;
};
Result<CubeAnalysis> analyse_cube_of(const Bot& bot, const std::string& position_arg,
                                     const ContextArgs& args);

// Fails (bad input) on a bad score or match length; fails with runtime errors when the MET
// cannot be read.
Result<EquityContext> equity_context(const std::string& position_arg, const ContextArgs& args,
                                     const Rules& rules, int ply);

// "centred", "owned by the side on roll" or "owned by the opponent": the cube's owner as the
// settings lines say it.
const char* cube_owner_text(CubeHolder owner);

// "money game, cube 1 centred, Jacoby off, beavers off; cubeful 2-ply" or
// "7-point match, score 2-4, Crawford game, cube 2 owned by the side on roll, MET
// Kazaross-XG2; cubeful 2-ply".
std::string settings_text(const EquityContext& e, const Rules& rules);

}  // namespace nard::api
