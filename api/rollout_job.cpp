#include "api/rollout_job.h"

#include "api/documents.h"
#include "formats/position_arg.h"
#include "game/movegen/movegen.h"
#include "play/cube_rollout.h"

namespace nard::api {

using nlohmann::json;

RolloutCandidates rollout_candidates(const Rules& rules, std::shared_ptr<const NeuralModel> model,
                                     const SearchConfig& search_config, const Position& position,
                                     Dice dice, int candidates) {
  MoveGenerator gen(rules);
  PlayList list;
  list.size = gen.generate(position, dice, list.positions.get(), list.moves.get());
  NeuralEvaluator evaluator(std::move(model));
  Search search(rules, evaluator, search_config);
  const std::vector<RankedPlay> ranked = search.rank_plays(position, dice, list.plays());
  RolloutCandidates out;
  for (size_t i = 0; i < ranked.size() && int(i) < std::max(1, candidates); ++i) {
    out.plays.push_back(list.positions[ranked[i].index]);
    out.moves.push_back(format_move(list.moves[ranked[i].index]));
    out.positions.push_back(format_position_for(out.plays.back().flipped(), rules));
  }
  return out;
}

int rollout_job_total(const RolloutJobSpec& s) {
  const int trials = s.config.trials;
  return s.cube_decision ? 3 * trials : s.dice ? trials * std::max(1, s.candidates) : trials;
}

JobWork rollout_job(RolloutJobSpec spec) {
  return [s = std::move(spec)](const JobControl& control) -> Result<json> {
    RolloutConfig config = s.config;
    config.threads = control.threads;
    config.stop = control.stop;
    const RolloutProgress progress = control.progress;
    const auto model = s.model;
    const EvaluatorFactory factory = [model] { return std::make_unique<NeuralEvaluator>(model); };
    if (s.cube_decision) {
      Result<CubeRolloutResult> r =
          rollout_cube_decision(s.rules, s.position, config, factory, progress);
      if (!r) return r.error();
      return json{{"kind", "cube_decision"},
                  {"cube_decision", cube_rollout_document(*r, s.rules, config.cube)}};
    }
    if (!s.dice) {
      Result<RolloutResult> r = rollout(s.rules, s.position, config, factory, progress);
      if (!r) return r.error();
      return rollout_position_document(*r);
    }
    const RolloutCandidates c =
        rollout_candidates(s.rules, s.model, s.search, s.position, *s.dice, s.candidates);
    Result<std::vector<RolloutResult>> r =
        rollout_plays(s.rules, c.plays, config, factory, progress);
    if (!r) return r.error();
    return rollout_plays_document(*s.dice, c.moves, c.positions, *r);
  };
}

}  // namespace nard::api
