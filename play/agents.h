// Agents (game/match.h) made of the bot's parts, for matches, `nard play` and the external-
// player protocol.
//   PlayerAgent: any Player (pubeval, heuristic, greedy net); never doubles and always takes.
//   BotAgent:    checker play with a Search at its ply; cube decisions at the same ply by the
//                cubeful lookahead (search/cube/lookahead.h; at 0 ply the models of search/cube/money.h
//                and search/cube/match.h on the net's probabilities), money or match play (the
//                latter needs a MatchEquityTable). Checker play maximises cubeful equity for the
//                cube and score where the cube is in play (search/cubeful_play.h, as gnubg;
//                SearchConfig::cubeful_checker_play = false, no table in a match, or a failed
//                cubeful valuation: cubeless money equity), else cubeless money equity.
// Thread-safety: one agent per thread (they own searches and scratch).
#pragma once

#include <memory>
#include <string>

#include "game/match.h"
#include "search/cube/decision.h"
#include "search/match_equity.h"
#include "search/player.h"
#include "search/search.h"

namespace nard {

class PlayerAgent final : public Agent {
 public:
  explicit PlayerAgent(std::unique_ptr<Player> player) : player_(std::move(player)) {}
  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView&) override {
    return player_->choose(pos, dice, plays);
  }
  std::string name() const { return player_->name(); }

 private:
  std::unique_ptr<Player> player_;
};

class BotAgent final : public Agent {
 public:
  // The evaluator and the table are borrowed and must outlive the agent; met may be null for
  // money play (match play then never doubles and always takes).
  BotAgent(const Rules& rules, Evaluator& evaluator, const SearchConfig& config,
           const MatchEquityTable* met = nullptr);
  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView& view) override;
  bool wants_to_double(const Position& pos, const MatchView& view) override;
  CubeResponse respond_to_double(const Position& pos, const MatchView& view) override;
  // Accepts when the points conceded are worth at least playing on: the resigner's best play
  // of his roll at our ply, valued cubeless for money (gammons single under an active Jacoby
  // rule), by match winning chances (the table) in a match.
  bool accept_resignation(const Position& pos, Dice dice, int points,
                          const MatchView& view) override;
  // Our value of playing on against a resigner who rolled `dice` (Dice{}: who has not rolled yet;
  // pos seen from us): money
  // points per cube value, or the match winning chance; and the value of accepting `points`.
  struct ResignationValues {
    double play_on = 0, accept = 0;
  };
  ResignationValues resignation_values(const Position& pos, Dice dice, int points,
                                       const MatchView& view);

  // The cube analysis of the side on roll of `pos`, whose view of the match is `view`.
  Result<CubeDecision> analyse_cube(const Position& pos, const MatchView& view);
  Search& search() { return search_; }

 private:
  Rules rules_;
  Search search_;
  const MatchEquityTable* met_;
};

// The view of the other player (scores and cube ownership swapped).
MatchView opponent_view(const MatchView& view);

}  // namespace nard
