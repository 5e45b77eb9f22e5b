// GNU Backgammon as an Agent of the game runner (game/match.h), with or without the cube: checker
// play by gnubg at its ply, cubeless money equity when the rules have no cube (as GnubgPlayer),
// else cubeful for the cube and score of the match (gnubg's match play maximises match winning
// chances); doubles, takes and drops as gnubg's cube decision at the same ply
// (gnubg.cfevaluate, read as GnubgCubeDecision). gnubg uses its own match equity table. No
// beavers (the match command refuses them for gnubg). It never offers a resignation and refuses
// ours (gnubg's own bot rule is not exposed to its Python).
// Failures throw GnubgFailure (the Agent interface has no error channel; the match runner
// reports them).
// Thread-safety: one agent (one gnubg process) per thread.
#pragma once

#include <memory>

#include "game/match.h"
#include "game/rules.h"
#include "gnubg/gnubg_player.h"

namespace nard {

class GnubgAgent final : public Agent {
 public:
  // `gnubg` was started with GnubgConfig::cubeful (and the rules' Jacoby rule) when the rules
  // have a cube.
  GnubgAgent(const Rules& rules, std::unique_ptr<GnubgPlayer> gnubg)
      : rules_(rules), gnubg_(std::move(gnubg)) {}

  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView& view) override;
  bool wants_to_double(const Position& pos, const MatchView& view) override;
  CubeResponse respond_to_double(const Position& pos, const MatchView& view) override;

  GnubgPlayer& player() { return *gnubg_; }

 private:
  Rules rules_;
  std::unique_ptr<GnubgPlayer> gnubg_;
};

// The cube and score of `view` as gnubg sees them from the side on roll (the view's owner).
GnubgCube gnubg_cube(const MatchView& view);

}  // namespace nard
