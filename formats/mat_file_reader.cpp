// The .mat reader, read_mat() of formats/mat_file.h: the header's tags and match line, then each
// game's score line and move lines (cells: formats/mat_move_line.h), replayed through
// game/game_replay.h.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/text_scan.h"
#include "formats/mat_file.h"
#include "formats/mat_move_line.h"
#include "game/game_replay.h"

namespace nard {

namespace {

// ---------------------------------------------------------------------------------------------
using namespace text;
using namespace mat_detail;

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || text[i] == '\r') {
      lines.push_back(text.substr(start, i - start));
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      start = i + 1;
    }
  }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

// ---------------------------------------------------------------------------------------------
// The reader.

struct Tag {
  std::string name, value;
};

std::optional<Tag> parse_tag(std::string_view line) {
  // "; [Name "Value"]"
  std::string_view s = trim(line);
  if (s.empty() || (s.front() != ';' && s.front() != '#')) return std::nullopt;
  s = trim(s.substr(1));
  if (s.size() < 2 || s.front() != '[' || s.back() != ']') return std::nullopt;
  s = s.substr(1, s.size() - 2);
  const size_t q1 = s.find('"');
  const size_t q2 = s.rfind('"');
  if (q1 == std::string_view::npos || q2 == q1) return std::nullopt;
  return Tag{std::string(trim(s.substr(0, q1))), std::string(s.substr(q1 + 1, q2 - q1 - 1))};
}

// " 7 point match" (anything after "match" is ignored, e.g. XG's nothing or "(Crawford game)").
std::optional<int> parse_match_line(std::string_view line) {
  std::string_view s = trim(line);
  size_t i = 0;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i == 0) return std::nullopt;
  std::optional<int> n = parse_count(s.substr(0, i));
  if (!n) return std::nullopt;
  std::string_view rest = trim(s.substr(i));
  if (!starts_with_nocase(rest, "point")) return std::nullopt;
  rest = rest.substr(5);
  if (!rest.empty() && lower(rest.front()) == 's') rest.remove_prefix(1);
  rest = trim(rest);
  if (!starts_with_nocase(rest, "match")) return std::nullopt;
  return n;
}

std::optional<int> parse_game_line(std::string_view line) {
  std::string_view s = trim(line);
  if (!starts_with_nocase(s, "game")) return std::nullopt;
  s = trim(s.substr(4));
  size_t i = 0;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i == 0 || !trim(s.substr(i)).empty()) return std::nullopt;
  return parse_count(s.substr(0, i));
}

struct ScoreLine {
  std::string names[2];
  std::array<int, 2> score{};
};

// " alice : 0                      bob : 0"
std::optional<ScoreLine> parse_score_line(std::string_view line) {
  ScoreLine out;
  std::string_view s = line;
  for (int side = 0; side < 2; ++side) {
    const size_t colon = s.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    out.names[side] = std::string(trim(s.substr(0, colon)));
    s = s.substr(colon + 1);
    size_t i = 0;
    while (i < s.size() && is_space(s[i])) ++i;
    const size_t d = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    std::optional<int> n = parse_count(s.substr(d, i - d));
    if (!n || out.names[side].empty()) return std::nullopt;
    out.score[size_t(side)] = *n;
    s = s.substr(i);
  }
  if (!trim(s).empty()) return std::nullopt;
  return out;
}

// The preset a game's name stands for: its own name, but "wbf" for backgammon.
std::string default_preset(Variant v) {
  return v == Variant::Backgammon ? "wbf" : std::string(variant_name(v));
}

class MatReader {
 public:
  explicit MatReader(std::string_view text) : lines_(split_lines(text)) {}

  Result<MatchRecord> read() {
    if (auto e = read_header()) return *e;
    while (next_ < lines_.size()) {
      const std::string_view line = lines_[next_];
      if (trim(line).empty()) {
        ++next_;
        continue;
      }
      if (auto tag = parse_tag(line)) {
        if (same(tag->name, "Rules")) next_game_rules_ = tag->value;
        ++next_;
        continue;
      }
      if (trim(line).front() == ';' || trim(line).front() == '#') {
        ++next_;
        continue;
      }
      std::optional<int> number = parse_game_line(line);
      if (!number) return fail(next_, "expected 'Game N', found '" + std::string(trim(line)) + "'");
      if (*number < 1) return fail(next_, "games are numbered from 1, not 'Game 0'");
      if (auto e = read_game(*number)) return *e;
    }
    if (record_.games.empty()) {
      if (!tag_players_[0].empty()) record_.players[0] = tag_players_[0];
      if (!tag_players_[1].empty()) record_.players[1] = tag_players_[1];
    }
    return std::move(record_);
  }

 private:
  static bool same(std::string_view a, std::string_view b) { return same_nocase(a, b); }

  Error fail(size_t line_index, const std::string& what) const {
    return make_error("line " + std::to_string(line_index + 1) + ": " + what);
  }

  std::optional<Error> apply_tag(const Tag& t, size_t at) {
    auto flag = [&](bool* field) -> std::optional<Error> {
      std::optional<bool> v = parse_on_off(t.value);
      if (!v)
        return fail(at, "tag " + t.name + " must be \"On\" or \"Off\", not \"" + t.value + "\"");
      *field = *v;
      return std::nullopt;
    };
    if (same(t.name, "Variation")) {
      std::optional<Variant> v = variation_from_name(t.value);
      if (!v) return fail(at, "the variation \"" + t.value + "\" is not a game we play");
      variation_ = v;
      return std::nullopt;
    }
    if (same(t.name, "Rules")) {
      if (!rules_preset(t.value))
        return fail(at, "rules \"" + t.value + "\": " + rules_preset(t.value).error().message);
      record_.rules = t.value;
      rules_tag_ = true;
      return std::nullopt;
    }
    if (same(t.name, "Crawford")) return flag(&record_.crawford);
    if (same(t.name, "Jacoby")) return flag(&record_.jacoby);
    if (same(t.name, "Beaver") || same(t.name, "Beavers")) {
      beaver_tag_ = true;
      return flag(&record_.beavers);
    }
    if (same(t.name, "CubeLimit")) {
      std::optional<int> n = parse_count(trim(t.value));
      if (!n || *n < 1 || *n > (1 << 15))
        return fail(at, "CubeLimit must be a number from 1 to 32768");
      record_.cube_limit = *n;
      return std::nullopt;
    }
    if (same(t.name, "Player 1")) {
      tag_players_[0] = t.value;
      return std::nullopt;
    }
    if (same(t.name, "Player 2")) {
      tag_players_[1] = t.value;
      return std::nullopt;
    }
    record_.tags.emplace_back(t.name, t.value);
    return std::nullopt;
  }

  std::optional<Error> read_header() {
    for (; next_ < lines_.size(); ++next_) {
      const std::string_view line = lines_[next_];
      if (auto tag = parse_tag(line)) {
        if (auto e = apply_tag(*tag, next_)) return e;
        continue;
      }
      if (std::optional<int> n = parse_match_line(line)) {
        if (*n > 1000)
          return fail(next_, "a match to " + std::to_string(*n) + " points is too long");
        record_.match_length = *n;
        // Jacoby and beavers are money-play options, Crawford a match option (gnubg ignores the
        // others' tags): a tag that does not apply leaves the record as if it were absent.
        if (*n > 0) {
          record_.jacoby = false;
          record_.beavers = false;
        } else {
          record_.crawford = MatchRecord{}.crawford;
        }
        ++next_;
        if (variation_ && !rules_tag_) record_.rules = default_preset(*variation_);
        if (variation_ && rules_tag_) {
          Result<Rules> r = rules_preset(record_.rules);
          if (r && r->variant != *variation_)
            return fail(next_ - 1, "the Variation tag and the Rules tag name different games");
        }
        return std::nullopt;
      }
    }
    return make_error("no 'N point match' line: not a .mat match file");
  }

  // Reads "Game N", the score line and the move lines, up to a blank line or the next game.
  std::optional<Error> read_game(int number) {
    const size_t game_line = next_++;
    while (next_ < lines_.size() && trim(lines_[next_]).empty()) ++next_;
    if (next_ >= lines_.size())
      return fail(game_line, "game " + std::to_string(number) + " has no score line");
    std::optional<ScoreLine> sl = parse_score_line(lines_[next_]);
    if (!sl) return fail(next_, "expected the score line 'Name : score   Name : score'");
    const size_t score_line = next_++;
    if (record_.games.empty()) {
      record_.players = {sl->names[0], sl->names[1]};
    } else {
      const MatchGame& prev = record_.games.back();
      std::array<int, 2> expect = prev.score;
      if (prev.end.winner >= 0) expect[size_t(prev.end.winner)] += prev.end.points;
      if (prev.end.kind == GameEndKind::Unfinished)
        return fail(game_line, "game " + std::to_string(prev.number) + " did not end");
      if (expect != sl->score)
        return fail(score_line, "the score is " + std::to_string(sl->score[0]) + "-" +
                                    std::to_string(sl->score[1]) +
                                    ", but the games before add up to " +
                                    std::to_string(expect[0]) + "-" + std::to_string(expect[1]));
    }
    const int length = record_.match_length;
    if (length > 0 && (sl->score[0] >= length || sl->score[1] >= length))
      return fail(score_line, "this game starts after the match was won");

    MatchGame game;
    game.number = number;
    game.score = sl->score;
    game.rules = next_game_rules_;
    next_game_rules_.clear();
    // The settings without the games read so far (copying those would make reading a long
    // session quadratic).
    std::vector<MatchGame> games_read = std::exchange(record_.games, {});
    MatchRecord settings_only = record_;
    record_.games = std::move(games_read);
    // gnubg writes beavers but no tag saying they are allowed: without a tag, allow them and
    // record that they were.
    if (!beaver_tag_ && length == 0) settings_only.beavers = true;
    Result<Rules> rules = record_rules(settings_only, game);
    if (!rules) return fail(game_line, rules.error().message);
    game.crawford_game =
        rules->cube && record_.crawford && !crawford_done_ && is_crawford_score(length, game.score);
    if (game.crawford_game) crawford_done_ = true;
    GameReplay replay(*rules, length, game.score, game.crawford_game);
    wins_written_ = false;
    pending_empty_line_ = npos;
    for (; next_ < lines_.size(); ++next_) {
      const std::string_view line = lines_[next_];
      const std::string_view t = trim(line);
      if (t.empty()) break;
      if (t.front() == ';' || t.front() == '#') continue;
      if (parse_game_line(line)) break;
      if (auto e = read_move_line(line, replay)) return fail(next_, e->message);
    }
    if (pending_empty_line_ != npos && !replay.over())
      return fail(pending_empty_line_,
                  "the roll " + replay_pending_dice_ + " has legal plays, but none is written");
    MatchGame done = replay.game(number);
    done.rules = game.rules == record_.rules ? "" : game.rules;
    for (const MatchAction& a : done.actions) record_.beavers |= a.kind == ActionKind::Beaver;
    record_.games.push_back(std::move(done));
    return std::nullopt;
  }

  std::optional<Error> read_move_line(std::string_view line, GameReplay& replay) {
    // "NN)" prefix, if any.
    size_t i = 0;
    while (i < line.size() && is_space(line[i])) ++i;
    size_t j = i;
    while (j < line.size() && is_digit(line[j])) ++j;
    const bool numbered = j > i && j < line.size() && line[j] == ')';
    const size_t body = numbered ? j + 1 : 0;
    Result<std::vector<Cell>> cells = parse_cells(tokenize(line, body));
    if (!cells) return cells.error();
    if (cells->empty()) return std::nullopt;
    if (cells->size() > 2) return make_error("more than two entries on one line");
    int players[2] = {0, 1};
    if (cells->size() == 1) {
      const size_t col = (*cells)[0].column;
      const bool right = numbered ? col - body >= 6 : col >= 20;
      players[0] = right ? 1 : 0;
    } else if ((*cells)[1].column - body < 20) {
      // gnubg writes a resignation on the roller's own line in his column: "4) 66:       Wins 4
      // points" (the roller won: his opponent resigned while he was to play).
      if ((*cells)[1].kind != CellKind::Wins) return make_error("two entries in the left column");
      players[1] = 0;
    }
    for (size_t k = 0; k < cells->size(); ++k)
      if (auto e = apply_cell((*cells)[k], players[k], replay)) return e;
    return std::nullopt;
  }

  std::optional<Error> apply_cell(const Cell& c, int player, GameReplay& replay) {
    if (pending_empty_line_ != npos && c.kind != CellKind::Wins)
      return make_error("the roll " + replay_pending_dice_ + " of line " +
                        std::to_string(pending_empty_line_ + 1) +
                        " has legal plays, but none is written");
    const char* side = player == 0 ? "left" : "right";
    // gnubg writes no "Takes" when the doubler accepts a beaver: his roll says so, or a 'Wins'
    // right after 'Beavers' (a resignation, by either side, once he has taken: a fuzz find).
    // Refusing a beaver is written: "Drops".
    if (replay.double_pending() && replay.cube().beavered &&
        ((c.kind == CellKind::Roll && replay.cube().pending_from == player) ||
         c.kind == CellKind::Wins))
      if (auto e = replay.take(replay.cube().pending_from)) return e;
    switch (c.kind) {
      case CellKind::Roll: {
        if (auto e = replay.roll(player, c.dice)) return e;
        WrittenPlay w;
        for (std::string_view t : c.play)
          if (auto e = parse_play_token(t, w.steps)) return e;
        if (w.steps.empty() && replay.roll_pending()) {
          // Nothing written: a dance, or a roll the player resigned on (gnubg) or "???" (XG).
          if (auto e = replay.play(player, w)) {
            pending_empty_line_ = next_;
            replay_pending_dice_ = c.dice.str();
          }
          return std::nullopt;
        }
        if (c.unrecorded) return make_error("an unrecorded play and a play in the same entry");
        return replay.play(player, w);
      }
      case CellKind::Double: {
        if (auto e = replay.double_cube(player)) return e;
        const int v = replay.actions().back().value;
        if (c.value != 0 && c.value != v)
          return make_error("'Doubles => " + std::to_string(c.value) + "', but the cube goes to " +
                            std::to_string(v));
        return std::nullopt;
      }
      case CellKind::Beaver: {
        if (auto e = replay.beaver(player)) return e;
        const int v = replay.actions().back().value;
        if (c.value != 0 && c.value != v)
          return make_error("'Beavers => " + std::to_string(c.value) + "', but the cube goes to " +
                            std::to_string(v));
        return std::nullopt;
      }
      case CellKind::Take:
        return replay.take(player);
      case CellKind::Drop:
        return replay.drop(player);
      case CellKind::Wins: {
        pending_empty_line_ = npos;
        if (c.value < 1) return make_error("'Wins 0 points'");
        if (!replay.over()) {
          if (replay.double_pending()) return make_error("'Wins' while a double awaits an answer");
          // The game did not end on the board: the loser resigned (gnubg's reading too).
          const int cube = replay.cube().value;
          const int level = std::max(1, c.value / cube);
          if (auto e = replay.resign(1 - player, level)) return e;
          if (auto e = replay.accept(player)) return e;
        }
        if (replay.end().kind == GameEndKind::Draw) return make_error("'Wins' after a drawn game");
        if (replay.end().winner != player)
          return make_error(std::string("'Wins' in the ") + side +
                            " column, but the other player won the game");
        // One result a game: a second 'Wins' (fuzz: "Wins 4  Wins 2 points" on one line) would
        // score the game otherwise than the resignation the first one recorded.
        if (wins_written_) return make_error("a second 'Wins' for the same game");
        wins_written_ = true;
        return replay.set_result_points(player, c.value);
      }
    }
    return std::nullopt;
  }

  static constexpr size_t npos = size_t(-1);
  std::vector<std::string_view> lines_;
  size_t next_ = 0;
  MatchRecord record_;
  std::optional<Variant> variation_;
  bool rules_tag_ = false;
  bool beaver_tag_ = false;
  std::string tag_players_[2];
  std::string next_game_rules_;
  bool crawford_done_ = false;
  size_t pending_empty_line_ = npos;
  bool wins_written_ = false;  // this game's 'Wins' has been read
  std::string replay_pending_dice_;
};

}  // namespace

Result<MatchRecord> read_mat(std::string_view text) { return MatReader(text).read(); }

}  // namespace nard
