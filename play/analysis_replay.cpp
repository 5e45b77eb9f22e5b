// The turns of a match record for the analysis: each game replayed into the skeletons of its
// turns (play/analysis.h's TurnAnalysis) and the jobs that say what to analyse in each.
#include "game/cube.h"
#include "game/game_replay.h"
#include "play/analysis_detail.h"
#include "search/cube/match.h"

namespace nard::analysis_detail {

namespace {

MatchContext context_for(const MatchRecord& record, const MatchGame& game, const Rules& rules,
                         const CubeState& cube, int player, const MatchEquityTable* met) {
  MatchView view;
  view.match_length = record.match_length;
  view.my_score = game.score[size_t(player)];
  view.opp_score = game.score[size_t(1 - player)];
  view.crawford_game = game.crawford_game;
  view.cube = cube;
  view.cube.pending_from = -1;
  view.cube.owner = cube.owner < 0 ? -1 : (cube.owner == player ? 0 : 1);
  if (record.match_length > 0 && met) return match_context(view, *met, rules);
  MatchContext ctx;
  ctx.cube = cube_view(view.cube, 0);
  return ctx;
}

bool may_double_now(const Rules& rules, const MatchContext& ctx) {
  if (!rules.cube) return false;
  if (ctx.cube.owner == CubeHolder::Opponent) return false;
  if (ctx.crawford_game) return false;
  if (next_cube_value(rules, ctx.cube.value) > rules.cube_cap) return false;
  // gnubg's dead cube: a side that wins the match with the cube as it stands gains nothing.
  if (ctx.match_length > 0 && ctx.my_away() <= ctx.cube.value) return false;
  return true;
}

}  // namespace

// Replays one game, filling the turn skeletons and their jobs.
std::optional<Error> replay_game(const MatchRecord& record, int g, const Rules& rules,
                                 const AnalysisConfig& config, const MatchEquityTable* met,
                                 GameAnalysis& out, std::vector<TurnJob>& jobs) {
  const MatchGame& game = record.games[size_t(g)];
  GameReplay replay(rules, record.match_length, game.score, game.crawford_game);
  int open = -1;  // the turn being filled
  int turns_started = 0;
  auto start_turn = [&](int player) {
    TurnAnalysis t;
    t.player = player;
    t.context = context_for(record, game, rules, replay.cube(), player, met);
    t.before = replay.position();
    out.turns.push_back(t);
    TurnJob j;
    j.game = g;
    j.turn = int(out.turns.size()) - 1;
    j.first_turn = turns_started++ == 0;
    j.analyse_cube = config.cubeful && !j.first_turn && may_double_now(rules, t.context);
    jobs.push_back(j);
    open = int(jobs.size()) - 1;
  };
  // The cube's answer, as the turn being filled records it (the first answer to its double).
  auto record_response = [&](CubeAction response) {
    if (open >= 0 && out.turns.back().cube && out.turns.back().cube->response == CubeAction::None)
      out.turns.back().cube->response = response;
  };
  for (const MatchAction& a : game.actions) {
    // What the turn records before the action is applied ...
    switch (a.kind) {
      case ActionKind::Double:
        if (open < 0) start_turn(a.player);
        if (!replay.double_pending() && out.turns.back().player == a.player) {
          jobs[size_t(open)].analyse_cube = config.cubeful && rules.cube;
          if (!out.turns.back().cube) out.turns.back().cube = CubeAnalysis{};
          out.turns.back().cube->doubled = true;
        }
        break;
      case ActionKind::Take:
        record_response(CubeAction::Take);
        break;
      case ActionKind::Drop:
        record_response(CubeAction::Pass);
        break;
      case ActionKind::Beaver:
        record_response(CubeAction::Beaver);
        break;
      case ActionKind::Play:
        if (open >= 0) {
          jobs[size_t(open)].played = a.after;
          jobs[size_t(open)].has_play = true;
        }
        break;
      case ActionKind::Roll:
      case ActionKind::Resign:
      case ActionKind::Accept:
      case ActionKind::Reject:
        break;
    }
    if (std::optional<Error> e = replay.apply(a))
      return make_error("game " + std::to_string(game.number) + ": " + e->message);
    // ... and after it.
    if (a.kind == ActionKind::Roll) {
      if (open < 0) start_turn(a.player);
      out.turns.back().before = replay.position();  // the first turn: the starter's view
      out.turns.back().rolled = true;
      out.turns.back().dice = a.dice;
      jobs[size_t(open)].play_context =
          context_for(record, game, rules, replay.cube(), a.player, met);
    } else if (a.kind == ActionKind::Play) {
      open = -1;
    }
  }
  // A cube record made of a double only (no analysis asked) is dropped.
  for (size_t k = 0; k < out.turns.size(); ++k) {
    TurnJob& j = jobs[jobs.size() - out.turns.size() + k];
    if (!j.analyse_cube) out.turns[k].cube.reset();
    if (!out.turns[k].rolled) j.play_context = out.turns[k].context;
  }
  return std::nullopt;
}

}  // namespace nard::analysis_detail
