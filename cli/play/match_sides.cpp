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
    box.agent = std::make_unique<GnubgAgent>(rules, std::move(gnubg).value());
  } else {
    box.agent = std::make_unique<PlayerAgent>(std::make_unique<HeuristicPlayer>(rules));
  }
  return box;
}

namespace {
// gnubg's rules: the wbf preset's, where only whether the cube is in play and the money cube's
// Jacoby rule may differ (gnubg here plays without beavers, and its cube has no cap).
bool standard_for_gnubg(const Rules& rules) {
  Rules wbf = *rules_preset("wbf");
  wbf.preset = rules.preset;
  wbf.cube = rules.cube;
  wbf.jacoby = rules.jacoby;
  if (!rules.cube) wbf.crawford = rules.crawford;
  return wbf == rules;
}
}  // namespace

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
    s.search.cubeful_checker_play = side.checker_play != "cubeless";
    if (side.prune_keep >= 0) s.search.prune_keep = side.prune_keep;
    set_move_filters(s.search, move_filters_named(side.move_filters));
    s.label = "net " + std::to_string(s.search.ply) + "-ply (" + path + ")";
    if (!s.search.fitted_cube_life) s.label += ", gnubg's cube life";
    if (!s.search.cubeful_checker_play) s.label += ", cubeless checker play";
    if (side.prune_keep == 0) s.label += ", unpruned";
    if (side.prune_keep > 0) s.label += ", pruned to " + std::to_string(side.prune_keep);
    if (side.move_filters == "narrow") s.label += ", narrow move filters";
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
    if (!standard_for_gnubg(rules))
      return make_error(
          "gnubg plays standard backgammon only (--rules wbf, with or without jacoby=true)");
    if (ply < 0 || ply > kGnubgMaxPly)
      return make_error("gnubg ply must be 0.." + std::to_string(kGnubgMaxPly) + ", not " +
                        std::to_string(ply));
    Result<std::string> gnubg = find_gnubg();
    if (!gnubg) return gnubg.error();
    s.gnubg.ply = ply;
    s.gnubg.executable = *gnubg;
    s.gnubg.cubeful = rules.cube;
    s.gnubg.jacoby = rules.jacoby;
    s.label = "gnubg " + std::to_string(ply) + "-ply, " +
              (rules.cube ? "cubeful" : "cubeless money play") + " (" + *gnubg + ")";
  } else {
    return make_error("player '" + side.kind + "' is not net, pubeval, heuristic or gnubg");
  }
  return s;
}

Result<RotationSide> resolve_rotation_side(const MatchSide& side, const BotArgs& defaults,
                                           const std::vector<Rules>& games, bool tavli) {
  RotationSide r;
  for (const Rules& rules : games) {
    Result<SideSpec> spec = resolve_side(side, defaults, rules);
    if (!spec) {
      if (!tavli) return spec.error();
      return make_error(std::string(variation_name(rules.variant)) + ": " + spec.error().message);
    }
    r.specs.push_back(std::move(spec).value());
  }
  r.label = r.specs[0].label;
  if (tavli && side.kind == "net")
    r.label = "net " + std::to_string(r.specs[0].search.ply) + "-ply (each game's shipped model)";
  return r;
}

namespace {
// One thread's agents of both sides for every game of the rotation, A as player 0.
class MatchAgents final : public ThreadAgents {
 public:
  std::vector<AgentBox> boxes;  // A's and B's, game by game
  std::vector<SessionSlot> slots;
  const std::vector<SessionSlot>& rotation() const override { return slots; }
};
}  // namespace

MakeThreadAgents thread_agents(const RotationSide& a, const RotationSide& b,
                               const std::vector<Rules>& games, const MatchEquityTable* met,
                               bool tavli) {
  return [&a, &b, &games, met, tavli]() -> Result<std::unique_ptr<ThreadAgents>> {
    auto agents = std::make_unique<MatchAgents>();
    for (size_t k = 0; k < games.size(); ++k) {
      Result<AgentBox> box_a = make_agent(a.specs[k], games[k], met);
      if (!box_a) return box_a.error();
      Result<AgentBox> box_b = make_agent(b.specs[k], games[k], met);
      if (!box_b) return box_b.error();
      agents->boxes.push_back(std::move(box_a).value());
      agents->boxes.push_back(std::move(box_b).value());
    }
    for (size_t k = 0; k < games.size(); ++k) {
      const std::string record_rules = tavli && k > 0 ? kTavliPresets[k] : "";
      agents->slots.push_back(
          {games[k],
           {agents->boxes[2 * k].agent.get(), agents->boxes[2 * k + 1].agent.get()},
           record_rules});
    }
    return std::unique_ptr<ThreadAgents>(std::move(agents));
  };
}

}  // namespace nard::tools
