// n-ply move selection over the batch Evaluator, with gnubg's ply convention:
//   0-ply  the static evaluation (the net) of a position;
//   n-ply  the position's value averaged over the 21 rolls (weights 1/36 and 2/36) of the side on
//          roll, each roll answered with its best play (chosen at 0-ply among all plays, the
//          candidates then re-ranked per the move filter) whose result is valued at (n-1)-ply.
//          When the evaluator has a pruner (a cheap net, Evaluator::pruner()), the plays of each
//          roll inside the lookahead are first ranked by it and only the best `prune_keep` are
//          valued by the full net (gnubg's pruning nets); the root's plays always get the full net.
// A play's n-ply value is the n-ply value of its resulting position (opponent on roll), inverted.
// All plays of a roll are evaluated in one batch; 0-ply results go through an evaluation cache.
//
// Values are cubeless; play choice maximises cubeless money equity with the rules' gammon and
// backgammon values (MatchScoring can replace it for match play).
//
// Thread-safety: a Search owns scratch buffers and a cache; one per thread.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "game/movegen/movegen.h"
#include "nn/evaluator.h"
#include "nn/probabilities.h"

namespace nard {

// gnubg-style move filter for one ply level: after ranking at this level, keep at most `keep`
// plays, and only those within `threshold` equity of the best. `skip_next`: below the search's
// full ply, the survivors are not valued at the next ply but go on to the next filter with the
// values they have (gnubg's "skip pruning for 1-ply moves" in its 2- and 3-ply filters); at the
// last level it has no effect, so the plays always reach the full ply.
struct MoveFilter {
  int keep = 8;
  float threshold = 0.16f;
  bool skip_next = false;
};

// The root's move filters of a search (SearchConfig::filters).
enum class MoveFilters {
  Gnubg,   // the default, gnubg 1.07's: at 1 ply, 8 within 0.16 of the 0-ply best to 1-ply; at 2
           // plies and more, those 8 straight to 2-ply (1-ply skipped), and 2 within 0.04 of the
           // 2-ply best to 3-ply
  Narrow,  // ours before session 54: 8 within 0.16 to 1-ply, 3 within 0.06 of the 1-ply best to
           // 2-ply, 2 within 0.03 to 3-ply (a 2-ply about two thirds as costly; its 1-ply step
           // drops plays 2-ply would choose: experiments/runs/gnubg-filters-1203)
};

struct SearchConfig {
  int ply = 0;  // 0..3
  // filters[k]: which plays ranked at k-ply go on to be valued at (k+1)-ply, at the root
  // (MoveFilters::Gnubg; set_move_filters gives the others).
  MoveFilter filters[3] = {{8, 0.16f, true}, {8, 0.16f}, {2, 0.04f}};
  // Inside the lookahead, how many of a roll's plays (ranked at 0-ply) are re-valued deeper
  // to pick the best reply; 1 = the 0-ply choice (gnubg's classic scheme).
  int inner_candidates = 1;
  // Inside the lookahead: plays per roll the full net values after the pruner ranked them all;
  // 0 = no pruning (every play valued by the full net). Used only if the evaluator has a pruner.
  int prune_keep = 3;
  bool use_cache = true;
  // Money cube decisions at 0 to 2 plies use the cube lives fitted to our own 2-ply and to
  // gnubg's self-play (search/cube/efficiency.h: kRootCubeLifeOffset at a 0-ply root,
  // kOnePlyLeafCubeLifeOffset at a 1-ply decision's leaves, kTwoPlyContactLeafCubeLifeOffset at
  // a 2-ply decision's contact leaves); false: gnubg's x there too (`nard match --a-cube-life gnubg`).
  bool fitted_cube_life = true;
  // A bot's checker play (play/agents.h BotAgent) where the game has a cube in play: true ranks
  // the plays by cubeful equity for the cube and score (search/cubeful_play.h: money points with
  // the cube, match winning chances in a match), as gnubg plays; false by cubeless money equity.
  bool cubeful_checker_play = true;
};

// Sets c.filters to the named scheme (c.ply unchanged).
void set_move_filters(SearchConfig& c, MoveFilters f);

struct RankedPlay {
  int index = 0;        // into the plays given to rank_plays()
  int ply = 0;          // the depth this play was last valued at
  Probabilities probs;  // from the mover's side (the player choosing)
  float equity = 0.0f;  // cubeless, from the mover's side
};

// The reply the lookahead assumes to one roll: the best play at 0-ply of the side on roll (chosen
// as inside evaluate(): with a pruner, among the full net's values of the pruner's best few),
// seen from the opponent, who is now on roll.
struct RollReply {
  Position position;    // the result of the play, flipped (opponent on roll); the position
                        // itself, flipped, when the roll has no legal play
  Probabilities probs;  // its 0-ply probabilities, opponent's view (exact when the game is over)
};

// Maps probabilities (side to play's view) to the number the search maximises. Default:
// cubeless money equity with the rules' gammon values.
using Objective = std::function<float(const Probabilities&)>;

class Search {
 public:
  Search(const Rules& rules, Evaluator& evaluator, SearchConfig config = {});
  ~Search();
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;

  void set_config(const SearchConfig& c) { config_ = c; }
  const SearchConfig& config() const { return config_; }
  void set_objective(Objective o) { objective_ = std::move(o); }
  const Rules& rules() const { return rules_; }
  Evaluator& evaluator() const { return evaluator_; }

  // The probabilities of `pos` (side on roll, before rolling) at `ply`.
  Probabilities evaluate(const Position& pos, int ply);

  // The replies to the 21 rolls of `pos` (side on roll), in all_rolls() order: all plays of all
  // rolls valued in one batch, as one node of evaluate()'s lookahead.
  void best_replies(const Position& pos, std::span<RollReply, 21> out);

  // Ranks the plays (results of `dice` from `pos`, mover's view) at config().ply with the move
  // filters: best first. Plays dropped by a filter keep the value of the last ply they reached.
  std::vector<RankedPlay> rank_plays(const Position& pos, Dice dice,
                                     std::span<const Position> plays);
  // The index of the best play (the first of rank_plays).
  int best_play(const Position& pos, Dice dice, std::span<const Position> plays);

  // Statistics since construction.
  uint64_t static_evaluations() const { return static_evals_; }  // by the full net (or the cache)
  uint64_t prune_evaluations() const { return prune_evals_; }
  uint64_t cache_hits() const { return cache_hits_; }
  void clear_cache();

 private:
  struct Cache;
  void evaluate_static(std::span<const Position> positions, std::span<Probabilities> out);
  float score(const Probabilities& p) const;
  Probabilities evaluate_ply(const Position& pos, int ply, int depth);
  struct Scratch;
  void select_candidates(const Position& pos, Scratch& s);
  void expand_rolls(const Position& pos, Scratch& s);
  int best_candidate(const Scratch& s, int roll) const;
  Scratch& scratch_at(int depth);

  Rules rules_;
  Evaluator& evaluator_;
  SearchConfig config_;
  Objective objective_;
  std::unique_ptr<Cache> cache_;
  std::unique_ptr<MoveGenerator> generator_;
  // Per-depth scratch of the lookahead (a depth's buffers stay live while deeper ones are used),
  // and the buffers of evaluate_static (never re-entered).
  std::vector<std::unique_ptr<Scratch>> scratch_;
  std::unique_ptr<Scratch> static_scratch_;
  uint64_t static_evals_ = 0;
  uint64_t prune_evals_ = 0;
  uint64_t cache_hits_ = 0;
};

}  // namespace nard
