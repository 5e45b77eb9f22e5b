#include "gnubg/gnubg_player.h"

#include <optional>
#include <sstream>
#include <vector>

#include "formats/gnubg_id.h"

namespace nard {

namespace {

// Runs inside gnubg's embedded Python (Python 3, the `gnubg` module); MAX_PLY, CUBEFUL and JACOBY
// are prepended. Requests on fd 3, one per line (the position a Position ID with the side on roll
// as gnubg's player on roll; CUBE is "<value> <owner> <match length> <score of the side on roll>
// <opponent's score> <Crawford game 0|1>", owner -1 centred, 0 the side on roll, 1 its opponent;
// match length 0 is money):
//   move <PositionID> <die> <die> <ply>          cubeless money play (cube centred, no Jacoby)
//   cmove <PositionID> <die> <die> <ply> CUBE    cubeful play for that cube and score
//   cube <PositionID> <ply> CUBE                 the cube decision of the side on roll
// Replies:  move <from> <to> <from> <to> ...   (nothing after "move": no legal play)
//           cube <no double> <double/take> <double/pass> <gnubg's decision code>
//           error <message>
// A session answers the cubeless requests (CUBEFUL = 0) or the cubeful ones (CUBEFUL = 1: the
// cube in use, the Jacoby rule as JACOBY, no beavers), not both: gnubg's cubeinfo() takes the
// Jacoby rule from the game, which "set jacoby" changes only for the games after it. The first
// line written is "ready" once gnubg is set up, or "error <message>".
constexpr const char* kScript = R"PY(
import socket
import gnubg

def main():
    channel = socket.socket(fileno=3)
    requests = channel.makefile("r", encoding="ascii", errors="replace", newline="\n")

    def reply(text):
        channel.sendall((text.replace("\n", " ") + "\n").encode("ascii", "replace"))

    try:
        # A money session. Cubeless: no cube and no Jacoby rule, so that a cubeless evaluation
        # values a gammon at 2 and a backgammon at 3 (gnubg's gammon price 1 on both sides).
        jacoby = 1 if CUBEFUL and JACOBY else 0
        for command in ["set threads 1", "set jacoby " + ("on" if jacoby else "off"),
                        "set cube use " + ("on" if CUBEFUL else "off"), "set beavers 0",
                        "set player 0 human", "set player 1 human",
                        "set automatic roll off", "set automatic move off",
                        "set automatic game off", "set display off", "new game"]:
            gnubg.command(command)
        cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
        if cube["matchto"] != 0 or cube["jacoby"] != jacoby or cube["beavers"] != 0 or (
                not CUBEFUL and cube["gammonprice"] != ((1.0, 1.0), (1.0, 1.0))):
            raise RuntimeError("unexpected cube information %r" % (cube,))
        # cubeful 0|1, plies, deterministic 1, prune above 0-ply, noise 0
        contexts = [[gnubg.evalcontext(cubeful, ply, 1, 1 if ply > 0 else 0, 0.0)
                     for ply in range(MAX_PLY + 1)] for cubeful in (0, 1)]
    except Exception as e:
        reply("error set-up failed: %s: %s" % (type(e).__name__, e))
        return
    reply("ready")
    for line in requests:
        words = line.split()
        try:
            kind = words[0] if words else ""
            size = {"move": 5, "cmove": 11, "cube": 9}.get(kind)
            if size is None or len(words) != size or (kind != "move") != bool(CUBEFUL):
                raise ValueError("unknown request '%s'" % line.strip())
            ply = int(words[4] if kind != "cube" else words[2])
            if not 0 <= ply <= MAX_PLY:
                raise ValueError("ply %d is not in 0..%d" % (ply, MAX_PLY))
            board = gnubg.positionfromid(words[1])
            if kind == "move":
                play = gnubg.findbestmove(board, cube, contexts[0][ply],
                                          (int(words[2]), int(words[3])))
                reply(" ".join(["move"] + [str(x) for x in play]))
                continue
            v, owner, length, score, opp_score, crawford = [int(w) for w in words[size - 6:]]
            info = gnubg.cubeinfo(v, owner, 0, length, (score, opp_score), crawford, 0)
            if kind == "cmove":
                play = gnubg.findbestmove(board, info, contexts[1][ply],
                                          (int(words[2]), int(words[3])))
                reply(" ".join(["move"] + [str(x) for x in play]))
            else:
                d = gnubg.cfevaluate(board, info, contexts[1][ply])
                reply("cube %.9g %.9g %.9g %d" % (d[1], d[2], d[3], d[4]))
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
  const std::string script = "MAX_PLY = " + std::to_string(kGnubgMaxPly) +
                             "\nCUBEFUL = " + (config.cubeful ? "1" : "0") +
                             "\nJACOBY = " + (config.jacoby ? "1" : "0") + "\n" + kScript;
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

namespace {

// Why gnubg cannot be asked about pos and dice (Dice{}: before the roll), or nullopt.
std::optional<Error> check_request(const Position& pos, Dice dice) {
  if (pos.geometry() != Geometry::Contrary || pos.pins() != 0 || pos.mover_total() != kCheckers ||
      pos.opp_total() != kCheckers)
    return Error{"gnubg plays standard backgammon positions only"};
  if (dice != Dice{} && (dice.d1 < 1 || dice.d1 > 6 || dice.d2 < 1 || dice.d2 > 6))
    return Error{"dice must be 1..6"};
  return std::nullopt;
}

// The CUBE fields of a cubeful request (see kScript).
std::string cube_fields(const GnubgCube& c) {
  return std::to_string(c.value) + " " + std::to_string(c.owner) + " " +
         std::to_string(c.match_length) + " " + std::to_string(c.score) + " " +
         std::to_string(c.opp_score) + " " + (c.crawford_game ? "1" : "0");
}

std::string dice_fields(Dice dice) {
  return std::to_string(dice.d1) + " " + std::to_string(dice.d2);
}

}  // namespace

Result<std::string> GnubgPlayer::ask(const std::string& request) {
  if (process_requests_ >= config_.requests_per_process) {  // see GnubgConfig: a fresh process
    Result<std::unique_ptr<GnubgProcess>> fresh = start_process(config_);
    if (!fresh) return Error{"restarting gnubg: " + fresh.error().message};
    process_ = std::move(fresh).value();  // the old one exits and is reaped
    process_requests_ = 0;
  }
  ++requests_, ++process_requests_;
  return process_->request(request);
}

Result<Move> GnubgPlayer::parse_play(const std::string& reply, const Position& pos, Dice dice) {
  if (reply.rfind("error ", 0) == 0)
    return make_error("gnubg: " + reply.substr(6) + " (asked " + describe(pos, dice) + ")");
  std::istringstream words(reply);
  std::string head;
  words >> head;
  std::vector<int> points;
  for (int x; words >> x;) points.push_back(x);
  if (head != "move" || !words.eof() || points.size() % 2 != 0 || points.size() > 8)
    return make_error("unexpected reply from gnubg: '" + reply + "'");
  Move move;
  move.count = uint8_t(points.size() / 2);
  for (size_t i = 0; i < move.count; ++i) {
    move.sub[i].from = int8_t(points[2 * i]);
    move.sub[i].to = int8_t(points[2 * i + 1]);
  }
  return move;
}

Result<Move> GnubgPlayer::gnubg_play(const Position& pos, Dice dice) {
  if (config_.cubeful) return make_error("this gnubg was started with the cube: ask cubeful play");
  if (std::optional<Error> e = check_request(pos, dice)) return *e;
  Result<std::string> reply =
      ask("move " + encode_position_id(pos) + " " + dice_fields(dice) + " " + std::to_string(ply_));
  if (!reply) return reply.error();
  return parse_play(*reply, pos, dice);
}

Result<Move> GnubgPlayer::gnubg_cubeful_play(const Position& pos, Dice dice,
                                             const GnubgCube& cube) {
  if (!config_.cubeful) return make_error("this gnubg was started without the cube");
  if (std::optional<Error> e = check_request(pos, dice)) return *e;
  Result<std::string> reply = ask("cmove " + encode_position_id(pos) + " " + dice_fields(dice) +
                                  " " + std::to_string(ply_) + " " + cube_fields(cube));
  if (!reply) return reply.error();
  return parse_play(*reply, pos, dice);
}

Result<GnubgCubeDecision> GnubgPlayer::cube_decision(const Position& pos, const GnubgCube& cube) {
  if (!config_.cubeful) return make_error("this gnubg was started without the cube");
  if (std::optional<Error> e = check_request(pos, Dice{})) return *e;
  const std::string id = encode_position_id(pos);
  Result<std::string> reply =
      ask("cube " + id + " " + std::to_string(ply_) + " " + cube_fields(cube));
  if (!reply) return reply.error();
  if (reply->rfind("error ", 0) == 0)
    return make_error("gnubg: " + reply->substr(6) + " (asked the cube of " + id + ")");
  std::istringstream words(*reply);
  std::string head;
  GnubgCubeDecision d;
  if (!(words >> head >> d.no_double >> d.double_take >> d.double_pass >> d.code) ||
      head != "cube" || !(words >> std::ws).eof())
    return make_error("unexpected reply from gnubg: '" + *reply + "'");
  return d;
}

Result<int> GnubgPlayer::index_of(const Position& pos, Dice dice, Move move,
                                  std::span<const Position> plays) {
  Result<Position> after = apply_sub_moves(pos, move);
  if (!after)
    return make_error("gnubg's play for " + describe(pos, dice) +
                      " does not apply: " + after.error().message);
  for (size_t i = 0; i < plays.size(); ++i)
    if (same_checkers(plays[i], *after)) return int(i);
  return make_error("gnubg played '" + format_move(move) + "' for " + describe(pos, dice) +
                    ", which is none of our " + std::to_string(plays.size()) + " legal plays");
}

Result<int> GnubgPlayer::best_play(const Position& pos, Dice dice,
                                   std::span<const Position> plays) {
  return choose_among(pos, dice, plays, nullptr);
}

Result<int> GnubgPlayer::best_cubeful_play(const Position& pos, Dice dice,
                                           std::span<const Position> plays, const GnubgCube& cube) {
  return choose_among(pos, dice, plays, &cube);
}

Result<int> GnubgPlayer::choose_among(const Position& pos, Dice dice,
                                      std::span<const Position> plays, const GnubgCube* cube) {
  if (plays.empty())
    return make_error("no legal play for " + describe(pos, dice) + ": nothing to ask gnubg");
  if (plays.size() == 1) return 0;
  Result<Move> answer = cube ? gnubg_cubeful_play(pos, dice, *cube) : gnubg_play(pos, dice);
  if (!answer) return answer.error();
  return index_of(pos, dice, *answer, plays);
}

int GnubgPlayer::choose(const Position& pos, Dice dice, std::span<const Position> plays) {
  Result<int> index = best_play(pos, dice, plays);
  if (!index) throw GnubgFailure(index.error());
  return *index;
}

}  // namespace nard
