#include "game/game_replay.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "game/game.h"
#include "game/written_play.h"

namespace nard {

namespace {

std::string player_name(int p) { return p == 0 ? "player 0" : "player 1"; }

// A move generator and a play list (about 2 MB of buffers) kept per thread for the next replay of
// the same rules: readers and checks replay a file's games one after another, and building the
// pair anew for each game cost more than replaying it. Generation does not depend on earlier calls,
// so a reused pair gives the same plays.
struct MoveScratch {
  std::unique_ptr<MoveGenerator> gen;
  std::unique_ptr<PlayList> list;
};
constexpr size_t kKeptScratch = 4;
// A replay destroyed after its thread's pool (a static one, at exit) frees its pair instead.
thread_local bool scratch_pool_gone = false;
struct ScratchPool {
  std::vector<MoveScratch> kept;
  ScratchPool() {
    kept.reserve(kKeptScratch);
  }  // so that keeping one (in a destructor) never throws
  ~ScratchPool() { scratch_pool_gone = true; }
};
thread_local ScratchPool scratch_pool;

MoveScratch take_scratch(const Rules& rules) {
  std::vector<MoveScratch>* kept = scratch_pool_gone ? nullptr : &scratch_pool.kept;
  for (size_t i = kept ? kept->size() : 0; i-- > 0;) {
    if ((*kept)[i].gen->rules() == rules) {
      MoveScratch s = std::move((*kept)[i]);
      kept->erase(kept->begin() + std::ptrdiff_t(i));
      return s;
    }
  }
  return {std::make_unique<MoveGenerator>(rules), std::make_unique<PlayList>()};
}

void keep_scratch(std::unique_ptr<MoveGenerator> gen, std::unique_ptr<PlayList> list) {
  if (!gen || !list || scratch_pool_gone) return;  // moved from, or at thread exit
  std::vector<MoveScratch>& kept = scratch_pool.kept;
  if (kept.size() == kKeptScratch) kept.erase(kept.begin());
  kept.push_back({std::move(gen), std::move(list)});
}

}  // namespace

GameReplay::GameReplay(const Rules& rules, int match_length, std::array<int, 2> score,
                       bool crawford_game)
    : rules_(rules),
      match_length_(match_length),
      score_(score),
      crawford_game_(crawford_game),
      pos_(start_position(rules)) {
  MoveScratch scratch = take_scratch(rules_);
  gen_ = std::move(scratch.gen);
  list_ = std::move(scratch.list);
}

GameReplay::~GameReplay() { keep_scratch(std::move(gen_), std::move(list_)); }

std::optional<Error> GameReplay::expect_turn(int player, const char* what) const {
  if (player != 0 && player != 1) return make_error(std::string(what) + ": no such player");
  if (over()) return make_error(std::string(what) + " after the game has ended");
  if (resignation_pending())
    return make_error(std::string(what) + " while a resignation awaits an answer");
  return std::nullopt;
}

std::optional<Error> GameReplay::expect_answer(int player, const char* what) const {
  if (auto e = expect_turn(player, what)) return e;
  if (!double_pending()) return make_error(std::string(what) + " without a double");
  const int answerer = cube_.beavered ? cube_.pending_from : 1 - cube_.pending_from;
  if (player != answerer) return make_error(std::string(what) + " by the player who doubled");
  return std::nullopt;
}

std::optional<Error> GameReplay::roll(int player, Dice dice) {
  if (auto e = expect_turn(player, "a roll")) return e;
  if (dice.d1 < 1 || dice.d1 > 6 || dice.d2 < 1 || dice.d2 > 6)
    return make_error("dice must be 1..6");
  if (double_pending()) return make_error("a roll while a double awaits an answer");
  if (rolled_)
    return make_error("a roll by " + player_name(player) + " before " + player_name(on_roll_) +
                      "'s roll " + dice_.str() + " was played");
  if (on_roll_ >= 0 && player != on_roll_)
    return make_error("a roll by " + player_name(player) + " on " + player_name(on_roll_) +
                      "'s turn");
  on_roll_ = player;
  rolled_ = true;
  dice_ = dice;
  plays_ = gen_->generate(pos_, dice, list_->positions.get(), list_->moves.get());
  list_->size = plays_;
  MatchAction a;
  a.kind = ActionKind::Roll;
  a.player = player;
  a.dice = dice;
  actions_.push_back(a);
  return std::nullopt;
}

int GameReplay::points_for(int board_points) const {
  int pts = board_points;
  if (match_length_ == 0 && rules_.jacoby && rules_.cube && !cube_.turned) pts = std::min(pts, 1);
  return pts * cube_.value;
}

int GameReplay::resignation_value(int points_before_cube) const {
  return points_for(points_before_cube);
}

std::optional<Error> GameReplay::record_play(int player, int index, const Move* move) {
  MatchAction a;
  a.kind = ActionKind::Play;
  a.player = player;
  a.dice = dice_;
  if (index < 0) {  // no legal play: the turn is forfeited
    a.after = pos_;
    a.after.set_mover_first_turn(false);
    ++forfeits_in_a_row_;
  } else {
    a.move = move ? *move : list_->moves[size_t(index)];
    a.after = list_->positions[size_t(index)];
    forfeits_in_a_row_ = 0;
  }
  actions_.push_back(a);
  rolled_ = false;
  const GameResult res = game_result(rules_, a.after);
  if (res.over()) {
    if (res.outcome == Outcome::Draw) {
      end_ = {GameEndKind::Draw, -1, 0};
    } else {
      end_.kind = GameEndKind::Played;
      end_.winner = res.mover_wins ? player : 1 - player;
      end_.points = points_for(res.points);
    }
    pos_ = a.after;
    return std::nullopt;
  }
  pos_ = a.after.flipped();
  on_roll_ = 1 - player;
  // The play list is free again (no roll is pending): the deadlock check generates into it.
  if (index < 0 && forfeits_in_a_row_ >= 2 && is_deadlocked(*gen_, list_->positions.get(), pos_))
    end_ = {GameEndKind::Draw, -1, 0};
  return std::nullopt;
}

std::optional<Error> GameReplay::play(int player, const WrittenPlay& written) {
  if (auto e = expect_turn(player, "a play")) return e;
  if (!rolled_ || player != on_roll_)
    return make_error("a play by " + player_name(player) + " without a roll");
  const std::string roll_text = dice_.str();
  if (written.steps.empty()) {
    if (plays_ == 0) return record_play(player, -1);
    return make_error("the roll " + roll_text + " has legal plays, but none is written");
  }
  if (plays_ == 0)
    return make_error("the roll " + roll_text + " has no legal play, but '" +
                      written_play_text(written) + "' is written");
  Result<int> found = find_written_play(pos_, legal_plays(), written, rules_.landing);
  if (!found) {
    const std::string& why = found.error().message;
    return make_error(why.ends_with("is not a legal play") ? why + " of " + roll_text : why);
  }
  const int best = *found;
  Move as_written;  // the written steps with the hits they make, kept when one step is one die
  std::array<int, 25> opp{};
  for (int p = 1; p <= kPoints; ++p) opp[size_t(p)] = pos_.opp_count(p);
  for (const SubMove& s : written.steps) {
    const bool lone = s.to > kOff && opp[size_t(s.to)] == 1 && rules_.landing != Landing::Block;
    if (lone) opp[size_t(s.to)] = 0;
    if (as_written.count < 4) as_written.sub[as_written.count++] = SubMove{s.from, s.to, lone};
  }
  // The file's own order and path when it wrote one step per die (as gnubg does), so that a file
  // read and written again keeps its text; otherwise the sub-moves our generator found.
  const bool one_step_per_die = int(written.steps.size()) == list_->moves[size_t(best)].count;
  return record_play(player, best, one_step_per_die ? &as_written : nullptr);
}

std::optional<Error> GameReplay::play_to(int player, const Position& after) {
  if (auto e = expect_turn(player, "a play")) return e;
  if (!rolled_ || player != on_roll_)
    return make_error("a play by " + player_name(player) + " without a roll");
  if (plays_ == 0) {
    Position same = pos_;
    same.set_mover_first_turn(false);
    if (after == same) return record_play(player, -1);
    return make_error("the roll " + dice_.str() + " has no legal play, but the position changes");
  }
  for (int i = 0; i < plays_; ++i)
    if (list_->positions[size_t(i)] == after) return record_play(player, i);
  return make_error("the position after the play is not reached by any legal play of " +
                    dice_.str());
}

std::optional<Error> GameReplay::apply(const MatchAction& a) {
  // A double or beaver applied: the cube must have gone where the record says.
  auto cube_as_recorded = [&](const char* what) -> std::optional<Error> {
    if (actions_.back().value == a.value) return std::nullopt;
    return make_error(std::string(what) + " to " + std::to_string(a.value) +
                      " where the cube goes to " + std::to_string(actions_.back().value));
  };
  switch (a.kind) {
    case ActionKind::Roll:
      return roll(a.player, a.dice);
    case ActionKind::Play: {
      WrittenPlay w;
      for (int i = 0; i < a.move.count; ++i) w.steps.push_back(a.move.sub[size_t(i)]);
      if (auto e = play(a.player, w)) return e;
      if (actions_.back().after != a.after)
        return make_error("the play '" + format_move(a.move) +
                          "' does not lead to the recorded position");
      return std::nullopt;
    }
    case ActionKind::Double:
      if (auto e = double_cube(a.player)) return e;
      return cube_as_recorded("a double");
    case ActionKind::Take:
      return take(a.player);
    case ActionKind::Drop:
      return drop(a.player);
    case ActionKind::Beaver:
      if (auto e = beaver(a.player)) return e;
      return cube_as_recorded("a beaver");
    case ActionKind::Resign:
      return resign(a.player, a.value);
    case ActionKind::Accept:
      return accept(a.player);
    case ActionKind::Reject:
      return reject(a.player);
  }
  return make_error("unknown action");
}

std::optional<Error> GameReplay::double_cube(int player) {
  if (auto e = expect_turn(player, "a double")) return e;
  if (double_pending()) return make_error("a double while another awaits an answer");
  if (rolled_) return make_error("a double after rolling");
  if (!started()) return make_error("a double before the opening roll");
  if (player != on_roll_)
    return make_error("a double by " + player_name(player) + " on the other player's turn");
  Result<CubeState> next = offer_double(rules_, cube_, player, crawford_game_);
  if (!next) return next.error();
  cube_ = *next;
  MatchAction a;
  a.kind = ActionKind::Double;
  a.player = player;
  a.value = next_cube_value(rules_, cube_.value);
  actions_.push_back(a);
  return std::nullopt;
}

std::optional<Error> GameReplay::take(int player) {
  if (auto e = expect_answer(player, "a take")) return e;
  Result<CubeState> next =
      cube_.beavered ? answer_beaver(cube_, CubeResponse::Take)
                     : answer_double(rules_, cube_, CubeResponse::Take, match_length_ == 0);
  if (!next) return next.error();
  cube_ = *next;
  MatchAction a;
  a.kind = ActionKind::Take;
  a.player = player;
  actions_.push_back(a);
  return std::nullopt;
}

std::optional<Error> GameReplay::drop(int player) {
  if (auto e = expect_answer(player, "a drop")) return e;
  end_.kind = GameEndKind::Dropped;
  end_.winner = 1 - player;
  end_.points = cube_.beavered ? cube_.value : dropped_points(rules_, cube_);
  cube_.pending_from = -1;
  cube_.beavered = false;
  MatchAction a;
  a.kind = ActionKind::Drop;
  a.player = player;
  actions_.push_back(a);
  return std::nullopt;
}

std::optional<Error> GameReplay::beaver(int player) {
  if (auto e = expect_turn(player, "a beaver")) return e;
  if (!double_pending() || cube_.beavered) return make_error("a beaver without a double to answer");
  if (player != 1 - cube_.pending_from) return make_error("a beaver by the player who doubled");
  Result<CubeState> next = answer_double(rules_, cube_, CubeResponse::Beaver, match_length_ == 0);
  if (!next) return next.error();
  cube_ = *next;
  MatchAction a;
  a.kind = ActionKind::Beaver;
  a.player = player;
  a.value = cube_.value * 2;
  actions_.push_back(a);
  return std::nullopt;
}

std::optional<Error> GameReplay::resign(int player, int points_before_cube) {
  if (auto e = expect_turn(player, "a resignation")) return e;
  if (double_pending()) return make_error("a resignation while a double awaits an answer");
  if (points_before_cube < 1) return make_error("a resignation must offer at least 1 point");
  resign_points_ = points_before_cube;
  resigner_ = player;
  MatchAction a;
  a.kind = ActionKind::Resign;
  a.player = player;
  a.value = points_before_cube;
  actions_.push_back(a);
  return std::nullopt;
}

std::optional<Error> GameReplay::accept(int player) {
  if (!resignation_pending()) return make_error("an accept without a resignation");
  if (player != 1 - resigner_)
    return make_error("the resigning player cannot accept his own resignation");
  end_.kind = GameEndKind::Resigned;
  end_.winner = player;
  end_.points = resignation_value(resign_points_);
  resign_points_ = 0;
  resigner_ = -1;
  MatchAction a;
  a.kind = ActionKind::Accept;
  a.player = player;
  actions_.push_back(a);
  return std::nullopt;
}

std::optional<Error> GameReplay::reject(int player) {
  if (!resignation_pending()) return make_error("a reject without a resignation");
  if (player != 1 - resigner_)
    return make_error("the resigning player cannot reject his own resignation");
  resign_points_ = 0;
  resigner_ = -1;
  MatchAction a;
  a.kind = ActionKind::Reject;
  a.player = player;
  actions_.push_back(a);
  return std::nullopt;
}

std::optional<Error> GameReplay::set_result_points(int winner, int points) {
  if (!over()) return make_error("the game has not ended");
  if (end_.kind == GameEndKind::Draw) return make_error("the game ended in a draw");
  if (winner != end_.winner)
    return make_error(player_name(winner) + " is said to win, but " + player_name(end_.winner) +
                      " won");
  if (points < 1) return make_error("a game is worth at least 1 point");
  // A refused double scores the cube's value before the double, whatever a file says.
  if (end_.kind == GameEndKind::Dropped && points != end_.points)
    return make_error("a dropped double scores " + std::to_string(end_.points) + ", not " +
                      std::to_string(points));
  end_.points = points;
  return std::nullopt;
}

MatchGame GameReplay::game(int number) const {
  MatchGame g;
  g.number = number;
  g.score = score_;
  g.crawford_game = crawford_game_;
  g.actions = actions_;
  g.end = end_;
  return g;
}

}  // namespace nard
