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
  // With the cube: the session has the cube in use (no beavers; the Jacoby rule in money play
  // as `jacoby`) and answers the cubeful requests below (best_cubeful_play, cube_decision) only;
  // without it, the cubeless ones (best_play, gnubg_play) only.
  bool cubeful = false;
  bool jacoby = false;
};

// The cube and score as gnubg's cubeinfo sees them, from the side on roll.
struct GnubgCube {
  int value = 1;
  int owner = -1;                // -1 centred, 0 the side on roll, 1 its opponent
  int match_length = 0;          // 0: money
  int score = 0, opp_score = 0;  // match play: the side on roll's first
  bool crawford_game = false;
};

// gnubg's cube decision of the side on roll, its equities per unit of the current cube (money)
// or normalised (match play), from the side on roll, and gnubg's decision code (its enum
// cubedecision: 0 double/take, 1 double/pass, 2 no double, 3 too good/take, 4 too good/pass, 5
// double/beaver, 6 no double/beaver, 7-12 the same for a redouble, 13-14 dead cube, 15 not
// available, 16-20 optional doubles). The actions are read from the code, as gnubg's own
// computer player reads them; an optional double (equal equities) is not made.
struct GnubgCubeDecision {
  double no_double = 0, double_take = 0, double_pass = 0;
  int code = 0;
  bool doubles() const { return code == 0 || code == 1 || code == 5 || code == 7 || code == 8; }
  bool taker_passes() const {
    return code == 1 || code == 4 || code == 8 || code == 11 || code == 19 || code == 20;
  }
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

  // With GnubgConfig::cubeful: best_play and gnubg_play by cubeful equity for this cube and score
  // (gnubg's match play is by match winning chances), and gnubg's cube decision before the roll.
  Result<int> best_cubeful_play(const Position& pos, Dice dice, std::span<const Position> plays,
                                const GnubgCube& cube);
  Result<Move> gnubg_cubeful_play(const Position& pos, Dice dice, const GnubgCube& cube);
  Result<GnubgCubeDecision> cube_decision(const Position& pos, const GnubgCube& cube);

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

  // Sends one request (replacing the process first when it has served its share).
  Result<std::string> ask(const std::string& request);
  // The sub-moves of a "move ..." reply.
  Result<Move> parse_play(const std::string& reply, const Position& pos, Dice dice);
  // best_play (cube null: cubeless) or best_cubeful_play.
  Result<int> choose_among(const Position& pos, Dice dice, std::span<const Position> plays,
                           const GnubgCube* cube);
  // The index among plays of gnubg's sub-moves applied to pos.
  Result<int> index_of(const Position& pos, Dice dice, Move move, std::span<const Position> plays);
};

// Applies sub-moves (mover's numbering, 25 = bar, 0 = off) to a backgammon position: a landing
// on a lone opposing checker hits it; sets the subs' hit flags. Errors name the bad sub-move.
Result<Position> apply_sub_moves(const Position& pos, Move& move);

}  // namespace nard
