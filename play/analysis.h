// Match analysis as gnubg and XG do it: every checker play, cube decision and roll of a match
// record (game/match_record.h) valued by the bot, with the errors marked and summed per player.
//
// What is valued (gnubg's analysis, docs/analysis.md has the details and the units):
//   * Checker play: every legal play ranked cubefully at AnalysisConfig::ply through the move
//     filters (search/cubeful_play.h), the play made always valued at the full ply; its error is the
//     best play's equity minus its own. A turn with one legal play (or none) is forced: it has no
//     error and is not counted as a decision.
//   * Cube: before each roll where the side on roll may double (not on the game's first turn, as
//     gnubg), the cube decision at the same ply (search/cube/lookahead.h): no double, double/take,
//     double/pass. Errors: a missed double (optimal - no double), a wrong double (optimal -
//     min(take, pass)), a wrong take (take - pass, from the doubler's side) and a wrong pass
//     (pass - take). A decision is "close" (counted in the error rate) when it was doubled, taken
//     or passed, or when doubling would not have been a very bad error (gnubg's
//     isCloseCubedecision: optimal - min(take, pass) < the very-bad threshold).
//   * Luck: the equity of the roll's best play at AnalysisConfig::luck_ply (cubeful, 0-ply by
//     default, as gnubg) minus the average over the 21 rolls (1/36 and 2/36); on the opening roll
//     the average of gnubg's LuckFirst: the 30 non-double rolls, half of them the opponent's.
// Units: every error and luck figure is kept in normalised equity (money: points per unit of the
// cube; match: gnubg's EMG) and in "cost" units: money points (times the cube) or match winning
// chances (EMG * (cash_me - cash_opp) / 2), as gnubg's statcontext keeps [0] and [1].
// Games without a cube (Plakoto, Fevga, Long Nardy, Tawla 31) get no cube analysis; their equities
// are cubeless.
//
// Thread-safety: analyse_match runs its positions on OpenMP threads, each with its own
// evaluator (from the factory) and Search; the result does not depend on the thread count, nor
// on the number of MPI ranks (AnalysisConfig::comm).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/distributed.h"
#include "core/result.h"
#include "game/match_record.h"
#include "nn/evaluator.h"
#include "search/cube/decision.h"
#include "search/cube/match.h"
#include "search/cubeful_play.h"
#include "search/match_equity.h"
#include "search/search.h"

namespace nard {

// gnubg's marks: an error (normalised equity) above a threshold. The defaults are GNU Backgammon
// 1.07's ("show analysis": doubtful 0.03, bad 0.06, very bad 0.12; older gnubg sources have
// 0.04 / 0.08 / 0.16).
enum class Skill : uint8_t { None, Doubtful, Bad, VeryBad };
struct SkillThresholds {
  double doubtful = 0.03, bad = 0.06, very_bad = 0.12;
};
Skill skill_of(double error, const SkillThresholds& t);
std::string_view skill_name(Skill s);  // "", "doubtful", "bad", "very bad"

// gnubg's luck marks (arLuckLevel: 0.3 good, 0.6 very good, in normalised equity).
enum class LuckMark : uint8_t { VeryBad, Bad, None, Good, VeryGood };
LuckMark luck_mark(double luck);
std::string_view luck_name(LuckMark m);  // "very unlucky", "unlucky", "", "lucky", "very lucky"

struct AnalysisConfig {
  int ply = 2;          // checker play and cube decisions
  int luck_ply = 0;     // the rolls' luck (gnubg: 0-ply cubeful)
  bool cubeful = true;  // false: cubeless checker-play equities (no cube analysis either)
  int plays_kept = 5;   // plays kept per decision for the report (plus the play made)
  int threads = 0;      // 0 = all cores
  // When set and it becomes true, the positions not yet started are skipped and the analysis
  // fails with "analysis stopped" (a server's cancel or time limit).
  const std::atomic<bool>* stop = nullptr;
  // When set (a run under mpirun, core/distributed.h), the turns are spread over its ranks by
  // index (rank r analyses turns r, r + size, ...; core/work_share.h) and every rank gets the
  // whole analysis, the one-process one whatever the number of ranks. Every rank must pass the
  // same record and settings. Not kept in MatchAnalysis::config.
  Communicator* comm = nullptr;
  SkillThresholds thresholds;
  SearchConfig search;  // filters and pruning (ply is set from `ply`)
};

// One play of a decision as the report shows it.
struct PlayOption {
  std::string move;  // standard notation
  Position after;    // the result, mover's view (not turned round)
  PlayValue value;   // mover's view
};

struct CheckerAnalysis {
  int legal_plays = 0;
  std::vector<PlayOption> options;  // best first: the top plays_kept and the play made
  int played = -1;                  // index into options
  double error = 0.0;               // normalised equity lost (>= 0)
  double cost = 0.0;                // the same in points (money) or MWC (match)
  Skill skill = Skill::None;
  bool unforced() const { return legal_plays > 1; }
};

enum class CubeAction : uint8_t { None, Double, Take, Pass, Beaver };

struct CubeAnalysis {
  CubeDecision decision;  // from the side that may double (the player of the turn)
  bool doubled = false;
  CubeAction response = CubeAction::None;  // the opponent's answer when doubled
  bool close = false;                      // counted as a cube decision of the doubler (see above)
  double error = 0.0, cost = 0.0;          // the doubler's (missed or wrong double)
  Skill skill = Skill::None;
  double response_error = 0.0, response_cost = 0.0;  // the receiver's (wrong take or pass)
  Skill response_skill = Skill::None;
  // Equities as gnubg's arDouble, normalised, doubler's side: no double, take (lowered by a
  // beaver when that is the receiver's better answer), pass, the optimal.
  double no_double = 0.0, take = 0.0, pass = 1.0, optimal = 0.0;
};

struct TurnAnalysis {
  int player = 0;        // who is on roll
  MatchContext context;  // the player's view at the start of the turn (before any double)
  Position before;       // the player's view, before the roll
  std::optional<CubeAnalysis> cube;
  bool rolled = false;
  Dice dice{};
  std::optional<double> luck, luck_cost;  // normalised, and points/MWC
  LuckMark luck_mark = LuckMark::None;
  std::optional<CheckerAnalysis> play;  // set when the roll was played (even if forced)
  // After the turn, for the chart: player 0's cubeless winning chance and (match) cubeful MWC,
  // from the value of the play made; NaN when the turn has no play.
  double p0_win = 0.0, p0_mwc = 0.0;
};

struct PlayerStats {
  int moves = 0, unforced_moves = 0;
  std::array<int, 4> marked_moves{};  // by Skill
  double checker_error = 0.0, checker_cost = 0.0;
  int cube_decisions = 0, close_cube_decisions = 0;
  int doubles = 0, takes = 0, passes = 0;
  int missed_doubles = 0, wrong_doubles = 0, wrong_takes = 0, wrong_passes = 0;
  double missed_double_error = 0.0, wrong_double_error = 0.0, wrong_take_error = 0.0,
         wrong_pass_error = 0.0;
  double cube_error = 0.0, cube_cost = 0.0;
  std::array<int, 5> luck_marks{};  // by LuckMark
  double luck = 0.0, luck_cost = 0.0;
  double actual_result = 0.0;  // points (money) or MWC gained (match)
  double luck_adjusted_result = 0.0;

  int decisions() const { return unforced_moves + close_cube_decisions; }
  double total_error() const { return checker_error + cube_error; }
  // mEMG per decision (gnubg's "error rate"): 1000 * total error / decisions.
  double error_rate() const;
  // XG-style performance rating: 500 * total error / decisions (= error_rate / 2).
  double performance_rating() const;
  void add(const PlayerStats& o);
};

struct GameAnalysis {
  int number = 1;
  std::array<int, 2> score{};
  bool crawford_game = false;
  Rules rules;
  GameEnd end;
  std::vector<TurnAnalysis> turns;
  std::array<PlayerStats, 2> stats;
};

struct MatchAnalysis {
  AnalysisConfig config;
  int match_length = 0;
  std::array<std::string, 2> players;
  std::string met_name;  // "" for money
  std::vector<GameAnalysis> games;
  std::array<PlayerStats, 2> stats;
  int positions = 0;  // turns analysed
};

// An evaluator for one game's rules (one per thread; the model is shared). Must be thread-safe.
using AnalysisEvaluatorFactory = std::function<Result<std::unique_ptr<Evaluator>>(const Rules&)>;
// The factory of one model per game (variant), as a match's games need them (a Tavli match has
// three): a NeuralEvaluator of the variant's model; an error for a game it has no model for.
AnalysisEvaluatorFactory analysis_evaluators(
    std::map<Variant, std::shared_ptr<const NeuralModel>> models);
// Called from one thread with (turns done, turns in all).
using AnalysisProgress = std::function<void(int done, int total)>;

// Analyses every game of the record. `met` is required for a match (match_length > 0). Fails on a
// record that does not replay, a missing model or table. With config.comm, `progress` is this
// rank's share scaled to all the turns; a failure found by rank 0 (the first failed turn, as one
// process reports it) comes back on every rank, on the others with stopped_by_root(); a rank
// that fails or stops answering makes rank 0 fail naming it.
Result<MatchAnalysis> analyse_match(const MatchRecord& record, const AnalysisConfig& config,
                                    const AnalysisEvaluatorFactory& make_evaluator,
                                    const MatchEquityTable* met,
                                    const AnalysisProgress& progress = {});

}  // namespace nard
