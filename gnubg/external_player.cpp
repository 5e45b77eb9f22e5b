#include "gnubg/external_player.h"

#include "formats/fibs_board.h"
#include "game/cube.h"

namespace nard {

std::string format_external_move(const Move& move) {
  std::string out;
  auto point = [](int p) {
    return p == kBar ? std::string("bar") : p == kOff ? std::string("off") : std::to_string(p);
  };
  for (int i = 0; i < move.count; ++i)
    out += (i ? " " : "") + point(move.sub[size_t(i)].from) + "/" + point(move.sub[size_t(i)].to);
  return out;
}

Result<std::optional<std::string>> ExternalPlayer::reply(std::string_view line) {
  Result<FibsBoard> b_or = parse_fibs_board(line, FibsDialect::Gnubg);
  if (!b_or) return b_or.error();
  const FibsBoard& b = *b_or;
  const MatchState& m = b.match;
  using Reply = std::optional<std::string>;
  if (m.game_state != GameState::Playing) return Reply{};

  // gnubg sends a line when a decision is due and writes its player 1 as "You" whichever player
  // is external: the decision belongs to m.turn.
  const int me = m.turn;
  MatchView view = match_view(m, me);  // the decider's view

  if (m.double_offered) {
    // The position is seen from the doubler (on roll); the agent wants it from the taker.
    view.cube.pending_from = 1;
    switch (bot_.respond_to_double(b.position.flipped(), view)) {
      case CubeResponse::Take:
        return Reply{"take"};
      case CubeResponse::Drop:
        return Reply{"drop"};
      case CubeResponse::Beaver:
        return Reply{"beaver"};
    }
  }
  if (m.on_roll != me) return Reply{};
  if (!m.dice_rolled()) {
    CubeState engine_cube;  // players: 0 = the decider, 1 = the opponent
    engine_cube.value = view.cube.value;
    engine_cube.owner = view.cube.owner;
    engine_cube.turned = view.cube.turned;
    const bool may = rules_.cube && may_double(rules_, engine_cube, 0, m.crawford).allowed;
    return Reply{may && bot_.wants_to_double(b.position, view) ? "double" : "roll"};
  }
  list_.size = gen_.generate(b.position, m.dice, list_.positions.get(), list_.moves.get());
  if (list_.size == 0) return Reply{""};  // gnubg asks even then and waits: an empty play
  const int i = bot_.choose_play(b.position, m.dice, list_.plays(), view);
  return Reply{format_external_move(list_.moves[size_t(i)])};
}

}  // namespace nard
