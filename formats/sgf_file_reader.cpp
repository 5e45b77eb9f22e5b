// The SGF reader, read_sgf() of formats/sgf_file.h: each game tree's main line
// (formats/sgf_syntax.h) read as a game, replayed through game/game_replay.h.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/text_scan.h"
#include "formats/sgf_file.h"
#include "formats/sgf_syntax.h"
#include "formats/sgf_tag_properties.h"
#include "game/game_replay.h"

namespace nard {

namespace {

using namespace text;
using namespace sgf_detail;

// ---------------------------------------------------------------------------------------------
// Backgammon semantics.

// Letter a..x (White's 1..24), y bar, z off -> the player's own point (25 bar, 0 off).
std::optional<int> own_point(char c, int player, Geometry g) {
  if (c == 'y') return kBar;
  if (c == 'z') return kOff;
  if (c < 'a' || c > 'x') return std::nullopt;
  const int white = c - 'a' + 1;
  return player == 0 ? white : flip_point(white, g);
}

std::string date_to_mat(std::string_view sgf) {  // "2024-05-01" -> "2024.05.01"
  std::string d(sgf);
  for (char& c : d)
    if (c == '-') c = '.';
  return d;
}

struct ResultText {
  int winner = -1;  // -1: none stated
  int points = 0;   // 0: not stated
  bool resigned = false;
  bool draw = false;
};

std::optional<ResultText> parse_result(std::string_view v) {
  ResultText r;
  v = trim(v);
  if (v.empty() || v == "?" || same_nocase(v, "Void")) return r;
  if (v == "0" || same_nocase(v, "Draw")) {
    r.draw = true;
    return r;
  }
  if (v.size() < 2 || (v[0] != 'W' && v[0] != 'B') || v[1] != '+') return std::nullopt;
  r.winner = v[0] == 'W' ? 0 : 1;
  size_t i = 2;
  while (i < v.size() && is_digit(v[i])) ++i;
  if (i > 2) {
    std::optional<int> n = parse_count(v.substr(2, i - 2));
    if (!n) return std::nullopt;
    r.points = *n;
  }
  const std::string rest = lowered(v.substr(i));
  r.resigned = !rest.empty() && rest[0] == 'r';
  return r;
}

class SgfReader {
 public:
  Result<MatchRecord> read(std::string_view text) {
    Result<std::vector<std::vector<Node>>> trees = sgf_main_lines(text);
    if (!trees) return trees.error();
    for (size_t t = 0; t < trees->size(); ++t) {
      const std::vector<Node>& nodes = (*trees)[t];
      if (nodes.empty()) return make_error("game tree " + std::to_string(t + 1) + " has no nodes");
      if (auto e = read_game(nodes, t)) return *e;
    }
    return std::move(record_);
  }

 private:
  static Error at(size_t line, const std::string& what) {
    return make_error("line " + std::to_string(line) + ": " + what);
  }

  std::optional<Error> read_root(const Node& root, size_t index, MatchGame& game,
                                 std::string& rules) {
    if (const Property* gm = root.find("GM");
        gm && !gm->values.empty() && trim(gm->values[0]) != "6")
      return at(gm->line, "GM[" + gm->values[0] + "] is not backgammon (GM[6])");
    for (const char* setup : {"AB", "AW", "AE"})
      if (const Property* p = root.find(setup))
        return at(p->line, std::string(setup) + ": board set-ups are not supported");
    if (const Property* cv = root.find("CV");
        cv && !cv->values.empty() && trim(cv->values[0]) != "1")
      return at(cv->line,
                "a game starting with the cube at " + cv->values[0] + " is not supported");
    int number = int(index) + 1, length = -1;
    if (const Property* mi = root.find("MI")) {
      for (const std::string& v : mi->values) {
        const size_t colon = v.find(':');
        if (colon == std::string::npos) continue;
        const std::string key = lowered(trim(std::string_view(v).substr(0, colon)));
        std::optional<int> n = parse_count(trim(std::string_view(v).substr(colon + 1)));
        if (key != "length" && key != "game" && key != "ws" && key != "bs") continue;
        if (!n) return at(mi->line, "MI[" + v + "]: not a number");
        if (key == "length") length = *n;
        if (key == "game") {
          // gnubg (and we) count from 0, the spec from 1: the writer, else the first game, says.
          if (index == 0) {
            const Property* ap = root.find("AP");
            const bool ours = ap && !ap->values.empty() &&
                              (starts_with_nocase(ap->values[0], "GNU Backgammon") ||
                               starts_with_nocase(ap->values[0], "nard"));
            zero_based_ = ours || *n == 0;
          }
          number = *n + (zero_based_ ? 1 : 0);
        }
        if (key == "ws") game.score[0] = *n;
        if (key == "bs") game.score[1] = *n;
      }
    }
    if (length < 0) length = 0;
    if (length > 1000)
      return at(root.line, "a match to " + std::to_string(length) + " points is too long");
    game.number = number;
    bool crawford_rule = false;
    if (const Property* ru = root.find("RU")) {
      for (const std::string& v : ru->values) {
        std::string_view rest = v;
        while (!rest.empty()) {
          const size_t colon = rest.find(':');
          const std::string_view word = trim(rest.substr(0, colon));
          if (same_nocase(word, "Crawford")) crawford_rule = true;
          if (same_nocase(word, "CrawfordGame")) crawford_rule = game.crawford_game = true;
          // The Jacoby rule is money play's: in a match the record reads as if it were absent
          // (as the .mat reader does), so that the record written back reads the same.
          if (same_nocase(word, "Jacoby") && index == 0 && length == 0) record_.jacoby = true;
          rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
        }
      }
    }
    if (const Property* nr = root.find("NR"); nr && !nr->values.empty()) {
      if (Result<Rules> r = rules_preset(nr->values[0]); !r)
        return at(nr->line, "NR[" + nr->values[0] + "]: " + r.error().message);
      rules = nr->values[0];
    }
    if (index == 0) {
      record_.match_length = length;
      record_.rules = rules;
      Result<Rules> preset = rules_preset(rules);
      if (length > 0 && preset && preset->cube) record_.crawford = crawford_rule;
      for (int side = 0; side < 2; ++side)
        if (const Property* p = root.find(side == 0 ? "PW" : "PB"); p && !p->values.empty())
          record_.players[size_t(side)] = p->values[0];
      if (const Property* dt = root.find("DT"); dt && !dt->values.empty())
        record_.set_tag("EventDate", date_to_mat(dt->values[0]));
      for (const TagMap& m : kTagProps)
        if (const Property* p = root.find(m.sgf); p && !p->values.empty())
          record_.set_tag(m.mat, p->values[0]);
      if (const Property* nt = root.find("NT")) {
        for (const std::string& v : nt->values) {
          const size_t colon = v.find(':');
          if (colon == std::string::npos) return at(nt->line, "NT[" + v + "]: expected name:value");
          const std::string name = v.substr(0, colon), value = v.substr(colon + 1);
          if (same_nocase(name, "Beaver")) beaver_tag_ = true;
          if (same_nocase(name, "Beaver") || same_nocase(name, "Crawford")) {
            std::optional<bool> on = parse_on_off(value);
            if (!on) return at(nt->line, "NT[" + v + "]: expected On or Off");
            (same_nocase(name, "Beaver") ? record_.beavers : record_.crawford) = *on;
          } else if (same_nocase(name, "CubeLimit")) {
            std::optional<int> n = parse_count(value);
            if (!n || *n < 1 || *n > (1 << 15))
              return at(nt->line, "NT[" + v + "]: a cube limit from 1 to 32768");
            record_.cube_limit = *n;
          } else {
            record_.tags.emplace_back(name, value);
          }
        }
      }
    } else if (length != record_.match_length) {
      return at(root.line, "this game's match length differs from the first game's");
    }
    game.rules = rules == record_.rules ? "" : rules;
    return std::nullopt;
  }

  std::optional<Error> read_game(const std::vector<Node>& nodes, size_t index) {
    MatchGame game;
    std::string rules = "wbf";
    if (auto e = read_root(nodes[0], index, game, rules)) return e;
    if (!record_.games.empty()) {
      const MatchGame& prev = record_.games.back();
      std::array<int, 2> expect = prev.score;
      if (prev.end.winner >= 0) expect[size_t(prev.end.winner)] += prev.end.points;
      if (prev.end.kind == GameEndKind::Unfinished)
        return at(nodes[0].line, "game " + std::to_string(prev.number) + " did not end");
      if (expect != game.score)
        return at(nodes[0].line, "the score is " + std::to_string(game.score[0]) + "-" +
                                     std::to_string(game.score[1]) +
                                     ", but the games before add up to " +
                                     std::to_string(expect[0]) + "-" + std::to_string(expect[1]));
    }
    const int length = record_.match_length;
    if (length > 0 && (game.score[0] >= length || game.score[1] >= length))
      return at(nodes[0].line, "this game starts after the match was won");
    // The settings without the games read so far (copying those would make reading a long
    // session quadratic).
    std::vector<MatchGame> games_read = std::exchange(record_.games, {});
    MatchRecord settings = record_;
    record_.games = std::move(games_read);
    // gnubg's SGF says nothing of beavers: without our NT[Beaver:..], allow them and record
    // that they were.
    if (!beaver_tag_ && length == 0) settings.beavers = true;
    Result<Rules> r = record_rules(settings, game);
    if (!r) return at(nodes[0].line, r.error().message);
    if (!r->cube) game.crawford_game = false;
    GameReplay replay(*r, length, game.score, game.crawford_game);

    for (size_t k = 0; k < nodes.size(); ++k) {
      const Node& n = nodes[k];
      for (const char* setup : {"AB", "AW", "AE"})
        if (const Property* p = n.find(setup))
          return at(p->line, std::string(setup) + ": board set-ups are not supported");
      for (const Property& p : n.props) {
        if (p.ident == "DI") {
          const Property* pl = n.find("PL");
          const int player = pl && !pl->values.empty() && trim(pl->values[0]) == "B" ? 1 : 0;
          const std::string_view v = p.values.empty() ? std::string_view() : trim(p.values[0]);
          if (v.size() != 2 || v[0] < '1' || v[0] > '6' || v[1] < '1' || v[1] > '6')
            return at(p.line, "DI[" + std::string(v) + "]: expected two dice");
          if (auto e = replay.roll(player, Dice{uint8_t(v[0] - '0'), uint8_t(v[1] - '0')}))
            return at(p.line, e->message);
          continue;
        }
        if (p.ident != "W" && p.ident != "B") continue;
        const int player = p.ident == "W" ? 0 : 1;
        if (p.values.size() != 1) return at(p.line, "a move has exactly one value");
        if (auto e = apply_move(replay, player, trim(p.values[0]), r->geometry))
          return at(p.line, e->message);
      }
    }
    if (const Property* re = nodes[0].find("RE"); re && !re->values.empty()) {
      std::optional<ResultText> res = parse_result(re->values[0]);
      if (!res)
        return at(re->line,
                  "RE[" + re->values[0] + "]: expected W+N, B+N (R for a resignation) or 0");
      if (auto e = apply_result(replay, *res)) return at(re->line, e->message);
    }
    MatchGame done = replay.game(game.number);
    done.rules = game.rules;
    for (const MatchAction& a : done.actions) record_.beavers |= a.kind == ActionKind::Beaver;
    record_.games.push_back(std::move(done));
    return std::nullopt;
  }

  static std::optional<Error> apply_move(GameReplay& replay, int player, std::string_view v,
                                         Geometry g) {
    const std::string w = lowered(v);
    if (w == "double") {
      // A double while the opponent's double is pending is a beaver (the SGF spec).
      if (replay.double_pending() && !replay.cube().beavered &&
          replay.cube().pending_from == 1 - player)
        return replay.beaver(player);
      return replay.double_cube(player);
    }
    if (w == "take") return replay.take(player);
    if (w == "drop") return replay.drop(player);
    if (v.size() < 2 || v[0] < '1' || v[0] > '6' || v[1] < '1' || v[1] > '6')
      return make_error("'" + std::string(v) +
                        "' is not a move (dice then from/to letters, or double/take/drop)");
    if ((v.size() - 2) % 2 != 0 || v.size() > 2 + 2 * 8)
      return make_error("'" + std::string(v) + "': the letters must come in from/to pairs");
    if (auto e = replay.roll(player, Dice{uint8_t(v[0] - '0'), uint8_t(v[1] - '0')})) return e;
    WrittenPlay play;
    for (size_t i = 2; i < v.size(); i += 2) {
      std::optional<int> from = own_point(v[i], player, g), to = own_point(v[i + 1], player, g);
      if (!from || !to)
        return make_error("'" + std::string(v) + "': points are letters a..x, y (bar) or z (off)");
      play.steps.push_back(SubMove{int8_t(*from), int8_t(*to), false});
    }
    return replay.play(player, play);
  }

  static std::optional<Error> apply_result(GameReplay& replay, const ResultText& res) {
    if (res.draw) {
      if (replay.end().kind != GameEndKind::Draw)
        return make_error("a draw, but the game did not end in one");
      return std::nullopt;
    }
    if (res.winner < 0) return std::nullopt;
    if (!replay.over()) {
      if (replay.double_pending())
        return make_error("the game ends while a double awaits an answer");
      // The game did not end on the board: the loser resigned (RE[..R], or a result alone).
      const int cube = replay.cube().value;
      const int level = std::max(1, res.points / cube);
      if (auto e = replay.resign(1 - res.winner, level)) return e;
      if (auto e = replay.accept(res.winner)) return e;
    }
    if (replay.end().kind == GameEndKind::Draw)
      return make_error("a winner, but the game ended in a draw");
    if (replay.end().winner != res.winner)
      return make_error("the result names the player who lost the game");
    if (res.points > 0) return replay.set_result_points(res.winner, res.points);
    return std::nullopt;
  }

  MatchRecord record_;
  bool zero_based_ = true;
  bool beaver_tag_ = false;
};

}  // namespace

Result<MatchRecord> read_sgf(std::string_view text) { return SgfReader().read(text); }

}  // namespace nard
