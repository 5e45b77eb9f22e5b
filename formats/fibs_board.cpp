#include "formats/fibs_board.h"

#include <array>
#include <cassert>
#include <optional>
#include <vector>

#include "core/text_scan.h"
#include "game/position_check.h"

namespace nard {

namespace {

constexpr int kTokens = 53;  // "board", 2 names, 50 numbers
constexpr int kUnlimitedMatch = 9999;

// Token positions (0 = "board").
enum Token : int {
  kYouName = 1,
  kOppName = 2,
  kMatchLen = 3,
  kScore1 = 4,
  kScore2 = 5,
  kBoard0 = 6,
  kTurn = 32,
  kYouDie1 = 33,
  kYouDie2 = 34,
  kOppDie1 = 35,
  kOppDie2 = 36,
  kCube = 37,
  kYouMayDouble = 38,
  kOppMayDouble = 39,
  kWasDoubled = 40,
  kColor = 41,
  kDirection = 42,
  kHome = 43,
  kBarField = 44,
  kYouOff = 45,
  kOppOff = 46,
  kYouOnBar = 47,
  kOppOnBar = 48,
  kCanMove = 49,
  kForcedMove = 50,
  kDidCrawford = 51,
  kRedoubles = 52,
};
static_assert(kRedoubles + 1 == kTokens);

bool is_trim_char(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\0'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_trim_char(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_trim_char(s.back())) s.remove_suffix(1);
  return s;
}

// The FIBS index of You's own point p (1..24), and of the bars.
int index_of_you_point(int p, int direction) { return direction < 0 ? p : 25 - p; }
int you_bar_index(int direction) { return direction < 0 ? 25 : 0; }

}  // namespace

Result<FibsBoard> parse_fibs_board(std::string_view line, FibsDialect dialect) {
  line = trim(line);
  const std::string shown =
      line.size() > 60 ? std::string(line.substr(0, 60)) + "..." : std::string(line);
  if (line.substr(0, 6) != "board:")
    return make_error("FIBS board '" + shown + "' does not start with 'board:'");
  const std::vector<std::string_view> tok = text::split(line, ':');
  if (int(tok.size()) != kTokens)
    return make_error("FIBS board has " + std::to_string(tok.size()) +
                      " ':'-separated fields, not " + std::to_string(kTokens));
  std::array<int, kTokens> n{};
  for (int i = kMatchLen; i < kTokens; ++i) {
    const std::optional<int> v = text::parse_int(trim(tok[i]), 6, text::Sign::PlusOrMinus);
    if (!v)
      return make_error("FIBS board field " + std::to_string(i) + " ('" +
                        std::string(trim(tok[i])) + "') is not an integer");
    n[i] = *v;
  }
  auto field_error = [&](int i, const std::string& what) {
    return make_error("FIBS board field " + std::to_string(i) + " (" + std::to_string(n[i]) + ") " +
                      what);
  };

  FibsBoard b;
  b.color = n[kColor];
  b.direction = n[kDirection];
  if (b.color != 1 && b.color != -1) return field_error(kColor, "is not a colour -1 (X) or 1 (O)");
  if (b.direction != 1 && b.direction != -1)
    return field_error(kDirection, "is not a direction -1 or 1");
  if (n[kTurn] < -1 || n[kTurn] > 1) return field_error(kTurn, "is not a turn -1, 0 or 1");

  // --- the board, first from You's side (You = mover of you_view) ---
  Position you_view;
  int you_total = 0, opp_total = 0;
  for (int p = 1; p <= kPoints; ++p) {
    const int v = n[kBoard0 + index_of_you_point(p, b.direction)] * b.color;  // > 0: You's
    you_view.set(p, v);
    (v > 0 ? you_total : opp_total) += v > 0 ? v : -v;
  }
  const int you_bar_cell = n[kBoard0 + you_bar_index(b.direction)] * b.color;
  const int opp_bar_cell = -n[kBoard0 + (25 - you_bar_index(b.direction))] * b.color;
  if (you_bar_cell < 0 || opp_bar_cell < 0)
    return make_error("FIBS board: a bar holds the other side's checkers");
  if (n[kYouOnBar] < 0) return field_error(kYouOnBar, "is a negative bar count");
  if (n[kOppOnBar] < 0) return field_error(kOppOnBar, "is a negative bar count");
  auto bar_count = [&](int cell, int field, const char* whose) -> Result<int> {
    if (cell && field && cell != field)
      return make_error(std::string("FIBS board: ") + whose + " bar holds " + std::to_string(cell) +
                        " checkers but the on-bar field says " + std::to_string(field));
    return cell ? cell : field;
  };
  Result<int> you_bar = bar_count(you_bar_cell, n[kYouOnBar], "your");
  if (!you_bar) return you_bar.error();
  Result<int> opp_bar = bar_count(opp_bar_cell, n[kOppOnBar], "the opponent's");
  if (!opp_bar) return opp_bar.error();
  you_view.mover_bar = uint8_t(*you_bar);
  you_view.opp_bar = uint8_t(*opp_bar);
  you_total += *you_bar;
  opp_total += *opp_bar;
  if (you_total > kCheckers)
    return make_error("FIBS board gives You " + std::to_string(you_total) +
                      " checkers, more than 15");
  if (opp_total > kCheckers)
    return make_error("FIBS board gives the opponent " + std::to_string(opp_total) +
                      " checkers, more than 15");
  you_view.mover_off = uint8_t(kCheckers - you_total);
  you_view.opp_off = uint8_t(kCheckers - opp_total);
  if (n[kYouOff] != you_view.mover_off)
    return field_error(kYouOff, "disagrees with the board, which leaves You " +
                                    std::to_string(you_view.mover_off) + " borne off");
  if (n[kOppOff] != you_view.opp_off)
    return field_error(kOppOff, "disagrees with the board, which leaves the opponent " +
                                    std::to_string(you_view.opp_off) + " borne off");

  // --- the match ---
  MatchState& m = b.match;
  b.you_name = std::string(trim(tok[kYouName]));
  b.opponent_name = std::string(trim(tok[kOppName]));
  if (n[kMatchLen] < 0) return field_error(kMatchLen, "is a negative match length");
  m.match_length = n[kMatchLen] == kUnlimitedMatch ? 0 : n[kMatchLen];
  if (n[kScore1] < 0) return field_error(kScore1, "is a negative score");
  if (n[kScore2] < 0) return field_error(kScore2, "is a negative score");
  const bool was_doubled = n[kWasDoubled] != 0;
  // Which player the first name and score belong to (see the header on gnubg's order).
  const bool first_is_you = dialect == FibsDialect::Fibs || was_doubled;
  if (!first_is_you) std::swap(b.you_name, b.opponent_name);
  m.score[kFibsYou] = first_is_you ? n[kScore1] : n[kScore2];
  m.score[kFibsOpponent] = first_is_you ? n[kScore2] : n[kScore1];

  const int cube = n[kCube];
  if (cube < 1 || cube > (1 << 15) || (cube & (cube - 1)))
    return field_error(kCube, "is not a cube value 1, 2, 4, ... 32768");
  m.cube_value = cube;
  const bool you_may = n[kYouMayDouble] != 0, opp_may = n[kOppMayDouble] != 0;
  m.cube_owner = -1;
  if (cube > 1 && you_may != opp_may) m.cube_owner = you_may ? kFibsYou : kFibsOpponent;

  if (n[kTurn] == 0) {
    m.game_state = GameState::Over;
    m.on_roll = kFibsYou;
  } else {
    m.on_roll = n[kTurn] == b.color ? kFibsYou : kFibsOpponent;
  }
  if (was_doubled && dialect == FibsDialect::Fibs) m.on_roll = kFibsOpponent;  // he doubled You
  m.turn = m.on_roll;
  if (was_doubled && m.game_state == GameState::Playing) {
    m.double_offered = true;
    m.turn = 1 - m.on_roll;
  }
  const int die_field = m.on_roll == kFibsYou ? kYouDie1 : kOppDie1;
  for (int i = kYouDie1; i <= kOppDie2; ++i)
    if (n[i] < 0 || n[i] > 6) return field_error(i, "is not a die 0..6");
  const int d1 = n[die_field], d2 = n[die_field + 1];
  if ((d1 == 0) != (d2 == 0))
    return field_error(die_field, "is a die rolled without the other one");
  m.dice = Dice{uint8_t(d1), uint8_t(d2)};

  const int leader_needs = m.match_length - 1;
  const bool one_away =
      m.match_length > 1 && ((m.score[0] == leader_needs) != (m.score[1] == leader_needs));
  m.crawford = one_away && n[kDidCrawford] == 0;

  std::string why;
  if (!m.is_consistent(&why)) return make_error("FIBS board: " + why);
  b.position = m.on_roll == kFibsYou ? you_view : you_view.flipped();
  if (auto e = check_position(b.position, Rules{})) return make_error("FIBS board: " + e->message);
  return b;
}

std::string format_fibs_board(const FibsBoard& b, FibsDialect dialect) {
  const MatchState& m = b.match;
  assert(b.position.geometry() == Geometry::Contrary && b.position.pins() == 0);
  const Position you_view = m.on_roll == kFibsYou ? b.position : b.position.flipped();
  std::array<int, kTokens> n{};
  const bool first_is_you = dialect == FibsDialect::Fibs || m.double_offered;
  n[kMatchLen] =
      m.match_length == 0 && dialect == FibsDialect::Fibs ? kUnlimitedMatch : m.match_length;
  n[kScore1] = first_is_you ? m.score[kFibsYou] : m.score[kFibsOpponent];
  n[kScore2] = first_is_you ? m.score[kFibsOpponent] : m.score[kFibsYou];
  for (int p = 1; p <= kPoints; ++p)
    n[kBoard0 + index_of_you_point(p, b.direction)] = you_view.at(p) * b.color;
  n[kBoard0 + you_bar_index(b.direction)] = you_view.mover_bar * b.color;
  n[kBoard0 + 25 - you_bar_index(b.direction)] = -you_view.opp_bar * b.color;
  const int mover_color = m.on_roll == kFibsYou ? b.color : -b.color;
  n[kTurn] = m.game_state == GameState::Playing ? mover_color : 0;
  const int die_field = m.on_roll == kFibsYou ? kYouDie1 : kOppDie1;
  n[die_field] = m.dice.d1;
  n[die_field + 1] = m.dice.d2;
  if (dialect == FibsDialect::Gnubg) {  // gnubg repeats the roll in both pairs
    n[kYouDie1] = n[kOppDie1] = m.dice.d1;
    n[kYouDie2] = n[kOppDie2] = m.dice.d2;
  }
  n[kCube] = m.cube_value;
  const bool crawford_blocks = m.crawford && dialect == FibsDialect::Fibs;
  n[kYouMayDouble] = !crawford_blocks && (m.cube_owner < 0 || m.cube_owner == kFibsYou);
  n[kOppMayDouble] = !crawford_blocks && (m.cube_owner < 0 || m.cube_owner == kFibsOpponent);
  n[kWasDoubled] = m.double_offered;
  n[kColor] = b.color;
  n[kDirection] = b.direction;
  n[kHome] = b.direction < 0 ? 0 : 25;
  n[kBarField] = you_bar_index(b.direction);
  n[kYouOff] = you_view.mover_off;
  n[kOppOff] = you_view.opp_off;
  if (dialect == FibsDialect::Fibs) {
    n[kYouOnBar] = you_view.mover_bar;
    n[kOppOnBar] = you_view.opp_bar;
  }
  const int leader_needs = m.match_length - 1;
  const bool one_away =
      m.match_length > 1 && (m.score[0] == leader_needs || m.score[1] == leader_needs);
  n[kDidCrawford] = one_away && !m.crawford;
  n[kRedoubles] = dialect == FibsDialect::Gnubg ? !m.crawford : 0;

  std::string out = "board:";
  out += first_is_you ? b.you_name : b.opponent_name;
  out += ':';
  out += first_is_you ? b.opponent_name : b.you_name;
  for (int i = kMatchLen; i < kTokens; ++i) out += ':' + std::to_string(n[i]);
  return out;
}

}  // namespace nard
