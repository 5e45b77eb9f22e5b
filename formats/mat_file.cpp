#include "formats/mat_file.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <memory>
#include <optional>
#include <vector>

#include "core/text_scan.h"
#include "game/game_replay.h"

namespace nard {

namespace {

// ---------------------------------------------------------------------------------------------
using namespace text;

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

struct Token {
  std::string_view text;
  size_t column;  // 0-based, in the whole line
};

std::vector<Token> tokenize(std::string_view line, size_t from) {
  std::vector<Token> out;
  size_t i = from;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    if (i >= line.size()) break;
    const size_t s = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    std::string_view t = line.substr(s, i - s);
    // gnubg pads the left entry to 28 columns but adds no space after a longer one:
    // "33: 25/22 22/19* 22/19 17/1453: 25/22" holds "17/14" and "53:".
    if (t.size() > 3 && t.find('/') != std::string_view::npos && t.back() == ':' &&
        t[t.size() - 3] >= '1' && t[t.size() - 3] <= '6' && t[t.size() - 2] >= '1' &&
        t[t.size() - 2] <= '6') {
      out.push_back({t.substr(0, t.size() - 3), s});
      out.push_back({t.substr(t.size() - 3), i - 3});
      continue;
    }
    out.push_back({t, s});
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Cells: what one player does on one line.

enum class CellKind { Roll, Double, Take, Drop, Beaver, Wins };

struct Cell {
  CellKind kind = CellKind::Roll;
  size_t column = 0;
  Dice dice{};
  std::vector<std::string_view> play;  // Roll: the play tokens as written
  bool unrecorded = false;             // Roll: "???" (played or resigned, not written down)
  int value = 0;                       // Double/Beaver: the cube value; Wins: the points
};

bool is_dice_token(std::string_view t) {
  return t.size() >= 3 && t[0] >= '1' && t[0] <= '6' && t[1] >= '1' && t[1] <= '6' && t[2] == ':';
}

// Words that may stand in a play cell instead of a play.
bool is_no_play_word(std::string_view t) {
  const std::string w = lowered(t);
  return w == "???" || w == "cannot" || w == "can't" || w == "cant" || w == "move" ||
         w == "moves" || w == "no" || w == "dance" || w == "dances";
}

bool is_play_token(std::string_view t) {
  return t.find('/') != std::string_view::npos || is_no_play_word(t) ||
         (t.size() >= 3 && t.front() == '(' && t.back() == ')');
}

// The optional "=> N" (or "=>N", or "N") after Doubles/Beavers.
int read_cube_value(const std::vector<Token>& toks, size_t& i) {
  if (i < toks.size() && toks[i].text.substr(0, 2) == "=>") {
    std::string_view rest = toks[i].text.substr(2);
    ++i;
    if (rest.empty() && i < toks.size()) rest = toks[i++].text;
    return parse_count(rest).value_or(-1);
  }
  if (i < toks.size()) {
    if (auto v = parse_count(toks[i].text)) {
      ++i;
      return *v;
    }
  }
  return 0;  // not stated
}

Result<std::vector<Cell>> parse_cells(const std::vector<Token>& toks) {
  std::vector<Cell> cells;
  size_t i = 0;
  while (i < toks.size()) {
    Cell c;
    c.column = toks[i].column;
    std::string_view t = toks[i].text;
    if (is_dice_token(t)) {
      c.kind = CellKind::Roll;
      c.dice = Dice{uint8_t(t[0] - '0'), uint8_t(t[1] - '0')};
      ++i;
      if (t.size() > 3) c.play.push_back(t.substr(3));  // "31:8/5" written without a space
      while (i < toks.size() && is_play_token(toks[i].text)) {
        if (is_no_play_word(toks[i].text)) {
          if (toks[i].text == "???") c.unrecorded = true;
        } else {
          c.play.push_back(toks[i].text);
        }
        ++i;
      }
      cells.push_back(c);
      continue;
    }
    const std::string w = lowered(t);
    ++i;
    if (w.rfind("double", 0) == 0 || w.rfind("redouble", 0) == 0) {
      c.kind = CellKind::Double;
      c.value = read_cube_value(toks, i);
      if (c.value < 0) return make_error("a cube value after 'Doubles =>' must be a number");
    } else if (w.rfind("beaver", 0) == 0) {
      c.kind = CellKind::Beaver;
      c.value = read_cube_value(toks, i);
      if (c.value < 0) return make_error("a cube value after 'Beavers =>' must be a number");
    } else if (w.rfind("take", 0) == 0 || w.rfind("accept", 0) == 0) {
      c.kind = CellKind::Take;
    } else if (w.rfind("drop", 0) == 0 || w.rfind("pass", 0) == 0 || w.rfind("refuse", 0) == 0 ||
               w.rfind("decline", 0) == 0) {
      c.kind = CellKind::Drop;
    } else if (w.rfind("win", 0) == 0) {
      c.kind = CellKind::Wins;
      std::optional<int> pts = i < toks.size() ? parse_count(toks[i].text) : std::nullopt;
      if (!pts) return make_error("'Wins' must be followed by the points won");
      c.value = *pts;
      ++i;
      // "point", "points", "and the match": words, never a new cell.
      while (i < toks.size()) {
        const std::string x = lowered(toks[i].text);
        if (x != "point" && x != "points" && x != "and" && x != "the" && x != "match") break;
        ++i;
      }
    } else {
      return make_error("unknown entry '" + std::string(t) + "'");
    }
    cells.push_back(c);
  }
  return cells;
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

std::string default_preset(Variant v) {
  switch (v) {
    case Variant::Backgammon:
      return "wbf";
    case Variant::Plakoto:
      return "plakoto";
    case Variant::Tawla31:
      return "tawla31";
    case Variant::Fevga:
      return "fevga";
    case Variant::LongNardy:
      return "longnardy";
  }
  return "wbf";
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
    MatchRecord settings_only = record_;
    settings_only.games.clear();
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

// ---------------------------------------------------------------------------------------------
// The writer.

// What a .mat line can hold of a free text (names and tags read from another format): no line
// break, and in a player's name no ':' (the score line "Name : score" splits at it).
std::string one_line(std::string_view s, bool name = false) {
  std::string out(s);
  for (char& c : out)
    if (c == '\n' || c == '\r' || (name && c == ':')) c = ' ';
  return out;
}

// A player's name on a game's score line: one line, no colon (it ends the name), and never
// empty, which the line cannot hold (a record's default name then, "Player 0" or "Player 1").
// Its ends are trimmed as the reader trims them (text::trim: tabs too).
std::string score_line_name(const std::string& name, int side) {
  const std::string out(trim(one_line(name, true)));
  if (out.empty()) return MatchRecord{}.players[size_t(side)];
  return out;
}

std::string pad(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

std::string step_point(int p) { return std::to_string(p); }  // gnubg: 25 = bar, 0 = off

std::string roll_cell(const MatchAction& roll, const MatchAction* play) {
  std::string s = roll.dice.str() + ": ";
  if (!play) return s;
  for (int i = 0; i < play->move.count; ++i) {
    const SubMove& m = play->move.sub[size_t(i)];
    s += step_point(m.from) + "/" + step_point(m.to) + (m.hit ? "*" : "");
    if (i < 3) s += ' ';
  }
  return s;
}

std::string wins_cell(int points) {
  return " Wins " + std::to_string(points) + " point" + (points == 1 ? "" : "s");
}

struct LineCells {
  std::string cell[2];
  bool used[2] = {false, false};
  bool any() const { return used[0] || used[1]; }
};

void write_game(std::string& out, const MatchRecord& record, const MatchGame& g) {
  if (!g.rules.empty()) out += "; [Rules \"" + g.rules + "\"]\n";
  out += " Game " + std::to_string(g.number) + "\n";
  // The left entry is padded to 31 columns, and a longer one still ends with a space: the second
  // name must not run into the first score's digits.
  out += " " +
         pad(score_line_name(record.players[0], 0) + " : " + std::to_string(g.score[0]) + " ", 31) +
         score_line_name(record.players[1], 1) + " : " + std::to_string(g.score[1]) + "\n";
  int number = 0;
  LineCells line;
  auto flush = [&] {
    if (!line.any()) return;
    std::string n = std::to_string(++number);
    // gnubg pads the left entry to 28 columns; a longer one still gets one space (gnubg adds
    // none, which its own reader survives and ours does too).
    std::string left = pad(line.cell[0], 28);
    if (line.used[1] && left.back() != ' ') left += ' ';
    out += std::string(n.size() < 3 ? 3 - n.size() : 0, ' ') + n + ") " + left + line.cell[1];
    out += "\n";
    line = LineCells{};
  };
  auto put = [&](int player, std::string cell) {
    if (player == 0 || line.used[1]) flush();
    line.cell[player] = std::move(cell);
    line.used[player] = true;
  };
  const auto& a = g.actions;
  for (size_t i = 0; i < a.size(); ++i) {
    switch (a[i].kind) {
      case ActionKind::Roll: {
        // The roll's play, after any resignation offered and refused in between (not written).
        size_t j = i + 1;
        while (j < a.size() && (a[j].kind == ActionKind::Resign || a[j].kind == ActionKind::Reject))
          ++j;
        const MatchAction* play = j < a.size() && a[j].kind == ActionKind::Play ? &a[j] : nullptr;
        // A roll not yet played when an unfinished record stops (perhaps with a resignation
        // pending, which the file cannot hold either): a .mat line cannot say so (a roll written
        // alone is a dance or a roll resigned on), so it is left out.
        if (!play && g.end.kind == GameEndKind::Unfinished &&
            std::all_of(a.begin() + long(i) + 1, a.end(), [](const MatchAction& x) {
              return x.kind == ActionKind::Resign || x.kind == ActionKind::Reject;
            }))
          break;
        put(a[i].player, roll_cell(a[i], play));
        if (play) i = j;
        break;
      }
      case ActionKind::Play:
        put(a[i].player, roll_cell(a[i], &a[i]));
        break;
      case ActionKind::Double:
        put(a[i].player, " Doubles => " + std::to_string(a[i].value));
        break;
      case ActionKind::Beaver:
        put(a[i].player, " Beavers => " + std::to_string(a[i].value));
        break;
      case ActionKind::Take:  // gnubg writes no "Takes" for the acceptance of a beaver
        if (!(i > 0 && a[i - 1].kind == ActionKind::Beaver)) put(a[i].player, " Takes");
        break;
      case ActionKind::Drop:
        put(a[i].player, " Drops");
        break;
      case ActionKind::Resign:  // gnubg writes only the result: "Wins" on the board is a
                                // resignation
      case ActionKind::Accept:
      case ActionKind::Reject:
        break;
    }
  }
  if (g.end.winner >= 0) {
    if (g.end.winner == 1 && line.any() && !line.used[1]) {
      line.cell[1] = wins_cell(g.end.points) + " ";  // gnubg's trailing space on this line
      line.used[1] = true;
      flush();
    } else {
      flush();
      out += std::string(g.end.winner == 0 ? 5 : 33, ' ') + wins_cell(g.end.points) + "\n";
    }
  } else {
    flush();
  }
  out += "\n";
}

}  // namespace

Result<MatchRecord> read_mat(std::string_view text) { return MatReader(text).read(); }

std::string write_mat(const MatchRecord& record) {
  std::string out;
  auto tag = [&](std::string_view name, const std::string& value) {
    std::string key = one_line(name);
    for (char& ch : key)
      if (ch == '"') ch = '\'';  // the name ends at the first quote
    out += "; [" + key + " \"" + one_line(value) + "\"]\n";
  };
  tag("Player 1", record.players[0]);
  tag("Player 2", record.players[1]);
  for (const auto& [k, v] : record.tags) tag(k, v);
  Result<Rules> rules = rules_preset(record.rules);
  const Variant variant = rules ? rules->variant : Variant::Backgammon;
  tag("Variation", std::string(variation_name(variant)));
  if (record.rules != "wbf") tag("Rules", record.rules);
  if (record.match_length > 0) tag("Crawford", record.crawford ? "On" : "Off");
  if (record.match_length == 0) {
    tag("Jacoby", record.jacoby ? "On" : "Off");
    tag("Beaver", record.beavers ? "On" : "Off");
  }
  if (record.cube_limit > 0) tag("CubeLimit", std::to_string(record.cube_limit));
  out += "\n " + std::to_string(record.match_length) + " point match\n\n";
  for (const MatchGame& g : record.games) write_game(out, record, g);
  return out;
}

}  // namespace nard
