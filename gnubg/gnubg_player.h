// GNU Backgammon as a Player: a persistent gnubg process (gnubg/gnubg_process.h; replaced after
// GnubgConfig::requests_per_process requests because gnubg leaks memory) chooses the
// play for a standard-backgammon position and roll at 0, 1 or 2 plies (gnubg's convention, as in
// search/search.h), by CUBELESS MONEY equity (cube centred at 1, Jacoby off, so a gammon counts 2
// and a backgammon 3, as in our search).
//
// Per request the position goes to gnubg as a Position ID (formats/gnubg_id.h, mover on roll) with
// the dice and the ply; the script calls gnubg.findbestmove(board, cubeinfo, evalcontext, dice)
// with a cubeless, deterministic, noise-free evalcontext (pruning on above 0-ply, as in gnubg's
// own "world class" level; gnubg's default move filters). gnubg answers with its sub-moves
// (from/to in the mover's numbering, 25 = bar, 0 = off); they are applied to our position and
// the result must be one of OUR generated plays, else best_play() is an Error naming the
// position, the roll and gnubg's play. A single legal play is returned without asking gnubg.
//
// Thread-safety: one GnubgPlayer (and so one gnubg process) per thread.
#pragma once

#include <memory>
#include <span>
#include <stdexcept>
#include <string>

#include "core/result.h"
#include "game/dice.h"
#include "game/move.h"
#include "game/position.h"
#include "gnubg/gnubg_process.h"
#include "search/player.h"

namespace nard {

inline constexpr int kGnubgMaxPly = 2;

struct GnubgConfig {
  int ply = 0;              // 0..kGnubgMaxPly
  std::string executable;   // empty: find_gnubg()
  int timeout_ms = 120000;  // per reply (a 2-ply move takes well under a second)
  // gnubg 1.07's findbestmove() never frees its move list (measured: 10-30 KB per call, so
  // 250,000 calls of a 10,000-game match would hold ~6 GB). The player therefore replaces its
  // process after this many requests; answers do not depend on it (each request is independent).
  long long requests_per_process = 20000;
};

// Thrown by GnubgPlayer::choose(), whose Player signature has no error channel; the callers that
// play gnubg (cli/play/match.cpp, tests) catch it and report the message.
class GnubgFailure : public std::runtime_error {
 public:
  explicit GnubgFailure(const Error& e) : std::runtime_error(e.message) {}
};

class GnubgPlayer final : public Player {
 public:
  // Checks the ply, finds gnubg and starts it. Errors: bad ply, gnubg not installed, start failed.
  static Result<std::unique_ptr<GnubgPlayer>> start(const GnubgConfig& config);

  std::string name() const override { return "gnubg " + std::to_string(ply_) + "-ply"; }
  int ply() const { return ply_; }

  // The index in `plays` (our generator's plays of pos and dice) of gnubg's choice. No plays is
  // an Error (nothing to choose; gnubg is not asked); one play is index 0 without asking.
  Result<int> best_play(const Position& pos, Dice dice, std::span<const Position> plays);
  // best_play(), or throws GnubgFailure.
  int choose(const Position& pos, Dice dice, std::span<const Position> plays) override;

  // gnubg's own answer for pos and dice, as sub-moves (count 0: gnubg found no legal play).
  Result<Move> gnubg_play(const Position& pos, Dice dice);

  long long requests() const { return requests_; }  // questions sent to gnubg so far
  const GnubgProcess& process() const { return *process_; }

 private:
  GnubgPlayer(std::unique_ptr<GnubgProcess> process, const GnubgConfig& config)
      : process_(std::move(process)), config_(config), ply_(config.ply) {}
  std::unique_ptr<GnubgProcess> process_;
  GnubgConfig config_;  // executable resolved
  int ply_ = 0;
  long long requests_ = 0;
  long long process_requests_ = 0;  // sent to the current process
};

// Applies sub-moves (mover's numbering, 25 = bar, 0 = off) to a backgammon position: a landing
// on a lone opposing checker hits it; sets the subs' hit flags. Errors name the bad sub-move.
Result<Position> apply_sub_moves(const Position& pos, Move& move);

}  // namespace nard
