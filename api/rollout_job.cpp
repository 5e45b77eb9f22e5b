#include "api/rollout_job.h"

#include "api/documents.h"
#include "formats/position_arg.h"
#include "game/movegen/movegen.h"
#include "play/cube_rollout.h"

namespace nard::api {

using nlohmann::json;

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
    MoveGenerator gen(s.rules);
    PlayList list;
    list.size = gen.generate(s.position, *s.dice, list.positions.get(), list.moves.get());
    NeuralEvaluator evaluator(s.model);
    Search search(s.rules, evaluator, s.search);
    const std::vector<RankedPlay> ranked = search.rank_plays(s.position, *s.dice, list.plays());
    std::vector<Position> plays;
    std::vector<std::string> moves, positions;
    for (size_t i = 0; i < ranked.size() && int(i) < std::max(1, s.candidates); ++i) {
      plays.push_back(list.positions[ranked[i].index]);
      moves.push_back(format_move(list.moves[ranked[i].index]));
      positions.push_back(format_position_for(plays.back().flipped(), s.rules));
    }
    Result<std::vector<RolloutResult>> r = rollout_plays(s.rules, plays, config, factory, progress);
    if (!r) return r.error();
    return rollout_plays_document(*s.dice, moves, positions, *r);
  };
}

}  // namespace nard::api
