#include "game/match.h"

#include <memory>

namespace nard {

MatchView match_view(const MatchState& m, int player) {
  MatchView v;
  v.match_length = m.match_length;
  v.my_score = m.score[size_t(player)];
  v.opp_score = m.score[size_t(1 - player)];
  v.crawford_game = m.crawford;
  v.cube.value = m.cube_value;
  v.cube.owner = m.cube_owner < 0 ? -1 : m.cube_owner == player ? 0 : 1;
  v.cube.turned = m.cube_value > 1;
  return v;
}

void MatchScore::set_score(int s0, int s1, bool crawford_game_now, bool crawford_done) {
  score_[0] = s0;
  score_[1] = s1;
  crawford_now_ = crawford_game_now;
  crawford_done_ = crawford_done;
}

void MatchScore::add_game(int winner, int points) {
  if (winner >= 0) score_[winner] += points;
  if (length_ == 0 || !crawford_rule_) return;
  if (crawford_now_) {
    crawford_now_ = false;
    crawford_done_ = true;
    return;
  }
  if (!crawford_done_ && !over() && (score_[0] == length_ - 1 || score_[1] == length_ - 1))
    crawford_now_ = true;
}

int opening(const Rules& rules, Rng& rng, int previous_winner, Dice* first_roll, int* ties) {
  if (ties) *ties = 0;
  if (rules.previous_winner_starts && previous_winner >= 0) {
    *first_roll = rng.roll();
    return previous_winner;
  }
  for (;;) {
    const Dice d = rng.roll();  // d1 is player 0's die, d2 player 1's
    if (d.d1 == d.d2) {
      if (ties) ++*ties;
      continue;
    }
    const bool high = rules.opening_starter == OpeningStarter::High;
    const int starter = (d.d1 > d.d2) == high ? 0 : 1;
    *first_roll = rules.opening == Opening::Both ? d : rng.roll();
    return starter;
  }
}

namespace {

MatchView view_for(int player, const GameOptions& o, const CubeState& cube) {
  MatchView v;
  v.match_length = o.match_length;
  v.my_score = o.scores[player];
  v.opp_score = o.scores[1 - player];
  v.crawford_game = o.crawford_game;
  v.cube_in_play = !o.cubeless;
  v.cube = cube;
  if (cube.owner >= 0) v.cube.owner = cube.owner == player ? 0 : 1;
  if (cube.pending_from >= 0) v.cube.pending_from = cube.pending_from == player ? 0 : 1;
  return v;
}

}  // namespace

GameRecord play_game(const Rules& rules, Agent* const agents[2], Rng& rng, const GameOptions& opts,
                     MoveGenerator& gen, Position* buffer) {
  GameRecord rec;
  agents[0]->new_game();
  agents[1]->new_game();
  Dice roll{};
  int ties = 0;
  int side = 0;
  if (opts.start) {
    side = 0;  // a game from a given position: player 0 on roll, no opening roll
  } else if (opts.first_player >= 0) {
    side = opts.first_player & 1;
    roll = rng.roll();
    if (rules.opening == Opening::Both)
      while (roll.is_double()) roll = rng.roll();  // one die each, never equal
  } else {
    side = opening(rules, rng, opts.previous_winner, &roll, &ties);
  }
  rec.first_player = side;
  bool have_roll = !opts.start;
  Position pos = opts.start ? *opts.start : start_position(rules);
  CubeState cube = opts.start ? opts.start_cube : CubeState{};
  const bool money = opts.match_length == 0;
  const bool cube_in_play = rules.cube && !opts.cubeless;
  if (money && cube_in_play && rules.automatic_doubles && ties > 0) {
    // Automatic doubles (one at most): a tie in the opening roll turns the centred cube.
    cube.value = next_cube_value(rules, cube.value);
    cube.turned = true;
  }
  int forfeits_in_a_row = 0;
  for (rec.turns = 0; rec.turns < opts.max_turns; ++rec.turns) {
    if (opts.stop_before && opts.stop_before(rec.turns, pos, side, cube)) {
      rec.stopped = true;
      rec.cube_value = cube.value;
      return rec;
    }
    // Cube action before rolling.
    if (!have_roll && cube_in_play && may_double(rules, cube, side, opts.crawford_game).allowed &&
        agents[side]->wants_to_double(pos, view_for(side, opts, cube))) {
      const CubeState offered = *offer_double(rules, cube, side, opts.crawford_game);
      if (opts.replay) opts.replay->double_cube(side);
      const CubeResponse r =
          agents[1 - side]->respond_to_double(pos.flipped(), view_for(1 - side, opts, offered));
      Result<CubeState> next = answer_double(rules, offered, r, money);
      if (!next)
        next = answer_double(rules, offered, CubeResponse::Take, money);  // beaver not allowed
      if (opts.replay) {
        if (r == CubeResponse::Drop)
          opts.replay->drop(1 - side);
        else if (next->beavered)
          opts.replay->beaver(1 - side);
        else
          opts.replay->take(1 - side);
      }
      if (r == CubeResponse::Drop) {
        rec.winner = side;
        rec.points = dropped_points(rules, offered);
        rec.dropped = true;
        rec.cube_value = cube.value;
        return rec;
      }
      cube = *next;
      if (cube.beavered) {
        const CubeResponse b = agents[side]->respond_to_double(pos, view_for(side, opts, cube));
        const CubeState before = cube;
        cube =
            *answer_beaver(cube, b == CubeResponse::Drop ? CubeResponse::Drop : CubeResponse::Take);
        if (opts.replay)
          b == CubeResponse::Drop ? opts.replay->drop(side) : opts.replay->take(side);
        if (b == CubeResponse::Drop) {
          rec.winner = 1 - side;
          rec.points = before.value;
          rec.dropped = true;
          rec.cube_value = before.value;
          return rec;
        }
      }
    }
    const Dice dice = have_roll ? roll : opts.roll ? opts.roll(rec.turns) : rng.roll();
    have_roll = false;
    if (opts.on_roll) opts.on_roll(pos, dice);
    if (opts.replay) opts.replay->roll(side, dice);
    const int n = gen.generate(pos, dice, buffer);
    if (n == 0) {
      if (opts.replay) opts.replay->play(side, WrittenPlay{});
      pos.set_mover_first_turn(false);
      ++forfeits_in_a_row;
      const bool deadlocked = opts.deadlock_forfeits > 0
                                  ? forfeits_in_a_row >= opts.deadlock_forfeits
                                  : forfeits_in_a_row >= 2 && is_deadlocked(gen, buffer, pos);
      if (deadlocked) {
        rec.deadlocked = true;
        break;  // a deadlock: draw
      }
      if (opts.on_forfeit) opts.on_forfeit(pos.flipped());
      pos = pos.flipped();
      side ^= 1;
      continue;
    }
    forfeits_in_a_row = 0;
    const int offered = agents[side]->offer_resignation(pos, dice, view_for(side, opts, cube));
    const bool accepted =
        offered > 0 && agents[1 - side]->accept_resignation(pos.flipped(), dice, offered,
                                                            view_for(1 - side, opts, cube));
    if (opts.replay && offered > 0) {
      opts.replay->resign(side, offered);
      accepted ? opts.replay->accept(1 - side) : opts.replay->reject(1 - side);
    }
    if (accepted) {
      rec.winner = 1 - side;
      rec.resigned = offered;
      rec.cube_value = cube.value;
      int pts = offered;
      if (money && rules.jacoby && !cube.turned && cube_in_play) pts = std::min(pts, 1);
      rec.points = pts * cube.value;
      return rec;
    }
    const int choice =
        agents[side]->choose_play(pos, dice, {buffer, size_t(n)}, view_for(side, opts, cube));
    const Position next = buffer[choice];
    if (opts.replay) opts.replay->play_to(side, next);
    const GameResult res = game_result(rules, next);
    if (res.over()) {
      rec.result = res;
      rec.cube_value = cube.value;
      ++rec.turns;
      if (res.outcome == Outcome::Draw) return rec;
      rec.winner = res.mover_wins ? side : 1 - side;
      int pts = res.points;
      if (money && rules.jacoby && !cube.turned && cube_in_play) pts = std::min(pts, 1);
      rec.points = pts * cube.value;
      return rec;
    }
    pos = next.flipped();
    side ^= 1;
  }
  rec.result.outcome = Outcome::Draw;  // deadlock or the turn limit
  rec.turn_limit = !rec.deadlocked;
  rec.cube_value = cube.value;
  return rec;
}

SessionResult play_session(const Rules& rules, Agent* const agents[2], uint64_t seed,
                           int match_length, int games, bool record) {
  const SessionSlot slot{rules, {agents[0], agents[1]}, ""};
  return play_session(std::span<const SessionSlot>(&slot, 1), seed, match_length, games, record);
}

SessionResult play_session(std::span<const SessionSlot> rotation, uint64_t seed, int match_length,
                           int games, bool record, const SessionHooks& hooks) {
  SessionResult s;
  std::vector<std::unique_ptr<MoveGenerator>> gens;
  for (const SessionSlot& slot : rotation)
    gens.push_back(std::make_unique<MoveGenerator>(slot.rules));
  std::unique_ptr<Position[]> buffer(new Position[kMaxPlays]);
  MatchScore score(match_length, rotation[0].rules.crawford);
  int previous_winner = -1;
  for (int g = 0; match_length > 0 ? !score.over() : g < games; ++g) {
    const size_t k = size_t(g) % rotation.size();
    const SessionSlot& slot = rotation[k];
    Rng rng(game_seed(seed, uint64_t(g)));
    GameOptions o;
    o.match_length = match_length;
    o.scores[0] = score.score(0);
    o.scores[1] = score.score(1);
    o.crawford_game = score.crawford_game();
    o.previous_winner = previous_winner;
    std::unique_ptr<GameReplay> replay;
    if (record) {
      replay = std::make_unique<GameReplay>(
          slot.rules, match_length, std::array<int, 2>{o.scores[0], o.scores[1]}, o.crawford_game);
      o.replay = replay.get();
    }
    if (hooks.before_game) hooks.before_game(g, k, o);
    Agent* const agents[2] = {slot.agents[0], slot.agents[1]};
    const GameRecord rec = play_game(slot.rules, agents, rng, o, *gens[k], buffer.get());
    s.games.push_back(rec);
    if (replay) {
      s.recorded.push_back(replay->game(g + 1));
      s.recorded.back().rules = slot.record_rules;
    }
    if (rec.winner >= 0) {
      s.points[rec.winner] += rec.points;
      previous_winner = rec.winner;
    }
    score.add_game(rec.winner, rec.points);
    if (hooks.after_game) hooks.after_game(g, k, rec, replay ? &s.recorded.back() : nullptr, score);
  }
  if (match_length > 0) s.match_winner = score.score(0) >= match_length ? 0 : 1;
  return s;
}

}  // namespace nard
