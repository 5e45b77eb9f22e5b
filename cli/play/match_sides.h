// The players of `nard match`: the net at a ply, pubeval, the heuristic player, or GNU Backgammon
// at 0..2 plies (gnubg/gnubg_agent.h; standard backgammon, with or without the cube). A side is resolved once
// (SideSpec: models loaded, options checked, gnubg found; shared read-only by the threads) and
// then built per thread (AgentBox: each thread owns its evaluator or its gnubg process).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli/bot_args.h"
#include "core/result.h"
#include "game/rules.h"
#include "gnubg/gnubg_agent.h"
#include "play/agents.h"
#include "play/head_to_head.h"
#include "search/match_equity.h"
#include "search/pubeval.h"

namespace nard::tools {

struct MatchSide {
  std::string kind = "net", model;
  int ply = -1;  // -1: the --ply default
  // A net's money cube life at 0 to 2 ply: "fitted" (ours, search/cube/efficiency.h) or "gnubg"
  // (gnubg's x everywhere); "": the default, fitted.
  std::string cube_life;
  // A net's checker play where the cube is in play: "cubeful" (default, as gnubg) or "cubeless"
  // (cubeless money equity whatever the cube and score); "": the default.
  std::string checker_play;
  // A net's lookahead: plays per roll the full net values after the pruning net ranked them
  // (SearchConfig::prune_keep; 0 = no pruning); -1: the default.
  int prune_keep = -1;
  // A net's root move filters: "gnubg" or "narrow" (search/search.h MoveFilters); "": gnubg.
  std::string move_filters;
};

// What a side needs, shared by the threads (immutable).
struct SideSpec {
  std::string kind, label;
  std::shared_ptr<const NeuralModel> model;
  PubevalWeights pubeval;
  SearchConfig search;
  GnubgConfig gnubg;
};

// One thread's agent of a side, with the evaluator it owns (gnubg: the player owns its process).
struct AgentBox {
  std::unique_ptr<Evaluator> evaluator;
  std::unique_ptr<Agent> agent;
};

// Errors: unknown kind, a model that does not load, pubeval or gnubg for another game, gnubg
// with a cube that is not the standard one (another progression, automatic doubles, no Crawford
// rule, other gammon values), a gnubg ply out of 0..2, gnubg not installed.
Result<SideSpec> resolve_side(const MatchSide& side, const BotArgs& defaults, const Rules& rules);

// Errors: gnubg failed to start.
Result<AgentBox> make_agent(const SideSpec& s, const Rules& rules, const MatchEquityTable* met);

// A side resolved for every game of the rotation (Tavli: three games, each with its model), and
// its label for the report. Errors name the game in a Tavli rotation.
struct RotationSide {
  std::vector<SideSpec> specs;
  std::string label;
};
Result<RotationSide> resolve_rotation_side(const MatchSide& side, const BotArgs& defaults,
                                           const std::vector<Rules>& games, bool tavli);

// What makes each thread's agents of nard match (play/head_to_head.h): A's and B's for every game
// of the rotation, A as player 0; a Tavli rotation records the rules of its later games.
MakeThreadAgents thread_agents(const RotationSide& a, const RotationSide& b,
                               const std::vector<Rules>& games, const MatchEquityTable* met,
                               bool tavli);

}  // namespace nard::tools
