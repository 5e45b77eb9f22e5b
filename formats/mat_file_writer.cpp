// The .mat writer, write_mat() of formats/mat_file.h: the tags, then every game as gnubg lays it
// out.
#include <algorithm>
#include <string>

#include "core/text_scan.h"
#include "formats/mat_file.h"
#include "game/rules.h"

namespace nard {

namespace {

using namespace text;

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
