#include "gnubg/gnubg_agent.h"

#include "play/agents.h"

namespace nard {

GnubgCube gnubg_cube(const MatchView& view) {
  GnubgCube c;
  c.value = view.cube.value;
  c.owner = view.cube.owner;  // 0: the view's owner, who is on roll
  c.match_length = view.match_length;
  c.score = view.my_score;
  c.opp_score = view.opp_score;
  c.crawford_game = view.crawford_game;
  return c;
}

namespace {
template <class T>
T or_throw(Result<T> r) {
  if (!r) throw GnubgFailure(r.error());
  return std::move(r).value();
}
}  // namespace

int GnubgAgent::choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                            const MatchView& view) {
  if (!rules_.cube) return or_throw(gnubg_->best_play(pos, dice, plays));
  if (!view.cube_in_play)
    throw GnubgFailure(Error{"gnubg was started with the cube for a game played without it"});
  return or_throw(gnubg_->best_cubeful_play(pos, dice, plays, gnubg_cube(view)));
}

bool GnubgAgent::wants_to_double(const Position& pos, const MatchView& view) {
  if (!rules_.cube) return false;
  return or_throw(gnubg_->cube_decision(pos, gnubg_cube(view))).doubles();
}

CubeResponse GnubgAgent::respond_to_double(const Position& pos, const MatchView& view) {
  // The doubler's decision, from his side before his double.
  MatchView doubler = opponent_view(view);
  doubler.cube.pending_from = -1;
  const GnubgCubeDecision d = or_throw(gnubg_->cube_decision(pos.flipped(), gnubg_cube(doubler)));
  return d.taker_passes() ? CubeResponse::Drop : CubeResponse::Take;
}

}  // namespace nard
