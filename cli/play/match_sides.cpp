#include "cli/play/match_sides.h"

#include "nn/model_path.h"
#include "search/heuristic_player.h"

namespace nard::tools {

Result<AgentBox> make_agent(const SideSpec& s, const Rules& rules, const MatchEquityTable* met) {
  AgentBox box;
  if (s.kind == "net") {
    box.evaluator = std::make_unique<NeuralEvaluator>(s.model);
    box.agent = std::make_unique<BotAgent>(rules, *box.evaluator, s.search, met);
  } else if (s.kind == "pubeval") {
    box.agent = std::make_unique<PlayerAgent>(std::make_unique<PubevalPlayer>(s.pubeval));
  } else if (s.kind == "gnubg") {
    Result<std::unique_ptr<GnubgPlayer>> gnubg = GnubgPlayer::start(s.gnubg);
    if (!gnubg) return gnubg.error();
    box.agent = std::make_unique<PlayerAgent>(std::move(gnubg).value());
  } else {
    box.agent = std::make_unique<PlayerAgent>(std::make_unique<HeuristicPlayer>(rules));
  }
  return box;
}

Result<SideSpec> resolve_side(const MatchSide& side, const BotArgs& defaults, const Rules& rules) {
  SideSpec s;
  s.kind = side.kind;
  const int ply = side.ply >= 0 ? side.ply : defaults.ply;
  if (side.kind == "net") {
    std::string path;
    Result<std::shared_ptr<const NeuralModel>> m =
        load_model(rules, side.model.empty() ? defaults.model : side.model,
                   bearoff_choice(defaults.no_bearoff_db), &path);
    if (!m) return m.error();
    s.model = *m;
    s.search.ply = ply;
    s.search.fitted_cube_life = side.cube_life != "gnubg";
    s.label = "net " + std::to_string(s.search.ply) + "-ply (" + path + ")";
    if (!s.search.fitted_cube_life) s.label += ", gnubg's cube life";
  } else if (side.kind == "pubeval") {
    if (rules.variant != Variant::Backgammon) return make_error("pubeval plays backgammon only");
    Result<PubevalWeights> w = load_pubeval(default_pubeval_path());
    if (!w) return w.error();
    s.pubeval = *w;
    s.label = "pubeval";
  } else if (side.kind == "heuristic") {
    s.label = "heuristic";
  } else if (side.kind == "gnubg") {
    if (rules.variant != Variant::Backgammon) return make_error("gnubg plays backgammon only");
    if (rules.cube) return make_error("gnubg plays cubeless only here: add --cubeless");
    if (ply < 0 || ply > kGnubgMaxPly)
      return make_error("gnubg ply must be 0.." + std::to_string(kGnubgMaxPly) + ", not " +
                        std::to_string(ply));
    Result<std::string> gnubg = find_gnubg();
    if (!gnubg) return gnubg.error();
    s.gnubg.ply = ply;
    s.gnubg.executable = *gnubg;
    s.label = "gnubg " + std::to_string(ply) + "-ply, cubeless money play (" + *gnubg + ")";
  } else {
    return make_error("player '" + side.kind + "' is not net, pubeval, heuristic or gnubg");
  }
  return s;
}

}  // namespace nard::tools
