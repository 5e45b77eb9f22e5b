#include "gnubg/gnubg_player.h"

#include <sstream>
#include <vector>

#include "formats/gnubg_id.h"

namespace nard {

namespace {

// Runs inside gnubg's embedded Python (Python 3, the `gnubg` module); MAX_PLY is prepended.
// Requests on fd 3, one per line:  move <PositionID, mover on roll> <die> <die> <ply>
// Replies:  move <from> <to> <from> <to> ...   (nothing after "move": no legal play)
//           error <message>
// The first line written is "ready" once gnubg is set up, or "error <message>".
constexpr const char* kScript = R"PY(
import socket
import gnubg

def main():
    channel = socket.socket(fileno=3)
    requests = channel.makefile("r", encoding="ascii", errors="replace", newline="\n")

    def reply(text):
        channel.sendall((text.replace("\n", " ") + "\n").encode("ascii", "replace"))

    try:
        # A money session with no cube and no Jacoby rule: a cubeless evaluation then values a
        # gammon at 2 and a backgammon at 3 (gnubg's gammon price 1 on both sides).
        for command in ["set threads 1", "set jacoby off", "set cube use off",
                        "set player 0 human", "set player 1 human",
                        "set automatic roll off", "set automatic move off",
                        "set automatic game off", "set display off", "new game"]:
            gnubg.command(command)
        cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
        if cube["matchto"] != 0 or cube["gammonprice"] != ((1.0, 1.0), (1.0, 1.0)):
            raise RuntimeError("unexpected cube information %r" % (cube,))
        # cubeful 0, plies, deterministic 1, prune above 0-ply, noise 0
        contexts = [gnubg.evalcontext(0, ply, 1, 1 if ply > 0 else 0, 0.0)
                    for ply in range(MAX_PLY + 1)]
    except Exception as e:
        reply("error set-up failed: %s: %s" % (type(e).__name__, e))
        return
    reply("ready")
    for line in requests:
        words = line.split()
        try:
            if len(words) != 5 or words[0] != "move":
                raise ValueError("unknown request '%s'" % line.strip())
            ply = int(words[4])
            if not 0 <= ply <= MAX_PLY:
                raise ValueError("ply %d is not in 0..%d" % (ply, MAX_PLY))
            board = gnubg.positionfromid(words[1])
            play = gnubg.findbestmove(board, cube, contexts[ply], (int(words[2]), int(words[3])))
            reply(" ".join(["move"] + [str(x) for x in play]))
        except Exception as e:
            reply("error %s: %s" % (type(e).__name__, e))

main()
)PY";

bool same_checkers(const Position& a, const Position& b) {
  return a.board == b.board && a.mover_bar == b.mover_bar && a.opp_bar == b.opp_bar &&
         a.mover_off == b.mover_off && a.opp_off == b.opp_off;
}

std::string describe(const Position& pos, Dice dice) {
  return encode_position_id(pos) + " " + dice.str();
}

Result<std::unique_ptr<GnubgProcess>> start_process(const GnubgConfig& config) {
  const std::string script = "MAX_PLY = " + std::to_string(kGnubgMaxPly) + "\n" + kScript;
  return GnubgProcess::start(config.executable, script, config.timeout_ms);
}

}  // namespace

Result<Position> apply_sub_moves(const Position& pos, Move& move) {
  Position p = pos;
  for (int i = 0; i < move.count; ++i) {
    SubMove& s = move.sub[size_t(i)];
    const std::string name = std::to_string(s.from) + "/" + std::to_string(s.to);
    if (s.from < 1 || s.from > kBar || s.to < kOff || s.to >= s.from)
      return make_error("sub-move " + name + " is out of range");
    if (s.from == kBar) {
      if (p.mover_bar == 0) return make_error("sub-move " + name + ": no checker on the bar");
      --p.mover_bar;
    } else {
      if (p.at(s.from) <= 0)
        return make_error("sub-move " + name + ": no checker on point " + std::to_string(s.from));
      p.set(s.from, p.at(s.from) - 1);
    }
    if (s.to == kOff) {
      ++p.mover_off;
      continue;
    }
    if (p.at(s.to) < -1)
      return make_error("sub-move " + name + ": the opponent holds point " + std::to_string(s.to));
    s.hit = p.at(s.to) == -1;
    if (s.hit) p.set(s.to, 0), ++p.opp_bar;
    p.set(s.to, p.at(s.to) + 1);
  }
  return p;
}

Result<std::unique_ptr<GnubgPlayer>> GnubgPlayer::start(const GnubgConfig& config) {
  if (config.ply < 0 || config.ply > kGnubgMaxPly)
    return make_error("gnubg ply must be 0.." + std::to_string(kGnubgMaxPly) + ", not " +
                      std::to_string(config.ply));
  GnubgConfig resolved = config;
  if (resolved.executable.empty()) {
    Result<std::string> found = find_gnubg();
    if (!found) return found.error();
    resolved.executable = *found;
  }
  Result<std::unique_ptr<GnubgProcess>> process = start_process(resolved);
  if (!process) return process.error();
  return std::unique_ptr<GnubgPlayer>(new GnubgPlayer(std::move(process).value(), resolved));
}

Result<Move> GnubgPlayer::gnubg_play(const Position& pos, Dice dice) {
  if (pos.geometry() != Geometry::Contrary || pos.pins() != 0 || pos.mover_total() != kCheckers ||
      pos.opp_total() != kCheckers)
    return make_error("gnubg plays standard backgammon positions only");
  if (dice.d1 < 1 || dice.d1 > 6 || dice.d2 < 1 || dice.d2 > 6)
    return make_error("dice must be 1..6");
  if (process_requests_ >= config_.requests_per_process) {  // see GnubgConfig: a fresh process
    Result<std::unique_ptr<GnubgProcess>> fresh = start_process(config_);
    if (!fresh) return Error{"restarting gnubg: " + fresh.error().message};
    process_ = std::move(fresh).value();  // the old one exits and is reaped
    process_requests_ = 0;
  }
  ++requests_, ++process_requests_;
  Result<std::string> reply =
      process_->request("move " + encode_position_id(pos) + " " + std::to_string(dice.d1) + " " +
                        std::to_string(dice.d2) + " " + std::to_string(ply_));
  if (!reply) return reply.error();
  if (reply->rfind("error ", 0) == 0)
    return make_error("gnubg: " + reply->substr(6) + " (asked " + describe(pos, dice) + ")");
  std::istringstream words(*reply);
  std::string head;
  words >> head;
  std::vector<int> points;
  for (int x; words >> x;) points.push_back(x);
  if (head != "move" || !words.eof() || points.size() % 2 != 0 || points.size() > 8)
    return make_error("unexpected reply from gnubg: '" + *reply + "'");
  Move move;
  move.count = uint8_t(points.size() / 2);
  for (size_t i = 0; i < move.count; ++i) {
    move.sub[i].from = int8_t(points[2 * i]);
    move.sub[i].to = int8_t(points[2 * i + 1]);
  }
  return move;
}

Result<int> GnubgPlayer::best_play(const Position& pos, Dice dice,
                                   std::span<const Position> plays) {
  if (plays.empty())
    return make_error("no legal play for " + describe(pos, dice) + ": nothing to ask gnubg");
  if (plays.size() == 1) return 0;
  Result<Move> answer = gnubg_play(pos, dice);
  if (!answer) return answer.error();
  Move move = *answer;
  Result<Position> after = apply_sub_moves(pos, move);
  if (!after)
    return make_error("gnubg's play for " + describe(pos, dice) +
                      " does not apply: " + after.error().message);
  for (size_t i = 0; i < plays.size(); ++i)
    if (same_checkers(plays[i], *after)) return int(i);
  return make_error("gnubg played '" + format_move(move) + "' for " + describe(pos, dice) +
                    ", which is none of our " + std::to_string(plays.size()) + " legal plays");
}

int GnubgPlayer::choose(const Position& pos, Dice dice, std::span<const Position> plays) {
  Result<int> index = best_play(pos, dice, plays);
  if (!index) throw GnubgFailure(index.error());
  return *index;
}

}  // namespace nard
