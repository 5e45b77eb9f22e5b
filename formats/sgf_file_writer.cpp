// The SGF writer, write_sgf() of formats/sgf_file.h: one game tree per game, as gnubg writes
// them, plus our NR[rules] and NT[name:value].
#include <algorithm>
#include <string>
#include <vector>

#include "core/text_scan.h"
#include "formats/sgf_file.h"
#include "formats/sgf_tag_properties.h"
#include "game/rules.h"

namespace nard {

namespace {

using namespace text;
using namespace sgf_detail;

// ---------------------------------------------------------------------------------------------
// The writer.

// The player's own point (25 bar, 0 off) -> its letter: a..x (White's 1..24), y bar, z off.
char letter(int own, int player, Geometry g) {
  if (own == kBar) return 'y';
  if (own == kOff) return 'z';
  const int white = player == 0 ? own : flip_point(own, g);
  return char('a' + white - 1);
}

std::string date_to_sgf(std::string_view mat) {
  std::string d(mat);
  for (char& c : d)
    if (c == '.') c = '-';
  return d;
}

std::string escaped(std::string_view v) {
  std::string out;
  for (char c : v) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string move_value(const MatchAction& roll, const MatchAction& play, Geometry g) {
  std::string v = roll.dice.str();
  for (int i = 0; i < play.move.count; ++i) {
    const SubMove& m = play.move.sub[size_t(i)];
    v += letter(m.from, play.player, g);
    v += letter(m.to, play.player, g);
  }
  return v;
}

}  // namespace

std::string write_sgf(const MatchRecord& record) {
  std::string out;
  for (size_t gi = 0; gi < record.games.size(); ++gi) {
    const MatchGame& g = record.games[gi];
    Result<Rules> rules = record_rules(record, g);
    const Geometry geometry = rules ? rules->geometry : Geometry::Contrary;
    const bool cube = rules && rules->cube;
    out += "(;FF[4]GM[6]CA[UTF-8]AP[nard]MI[length:" + std::to_string(record.match_length) +
           "][game:" + std::to_string(g.number - 1) + "][ws:" + std::to_string(g.score[0]) +
           "][bs:" + std::to_string(g.score[1]) + "]PW[" + escaped(record.players[0]) + "]PB[" +
           escaped(record.players[1]) + "]";
    if (gi == 0) {
      std::vector<std::string> nt;
      for (const auto& [k, v] : record.tags) {
        bool mapped = false;
        if (same_nocase(k, "EventDate")) {
          out += "DT[" + escaped(date_to_sgf(v)) + "]";
          mapped = true;
        }
        for (const TagMap& m : kTagProps)
          if (same_nocase(k, m.mat)) {
            out += std::string(m.sgf) + "[" + escaped(v) + "]";
            mapped = true;
          }
        if (!mapped) {
          // NT[name:value] ends the name at its first colon: a name (from a .mat file, say) keeps
          // none of its own.
          std::string name = k;
          std::replace(name.begin(), name.end(), ':', ' ');
          nt.push_back(name + ":" + v);
        }
      }
      if (record.beavers) nt.push_back("Beaver:On");
      if (record.match_length > 0 && !cube && !record.crawford) nt.push_back("Crawford:Off");
      if (record.cube_limit > 0) nt.push_back("CubeLimit:" + std::to_string(record.cube_limit));
      if (!nt.empty()) {
        out += "NT";
        for (const std::string& v : nt) out += "[" + escaped(v) + "]";
      }
    }
    const std::string& game_rules = g.rules.empty() ? record.rules : g.rules;
    if (game_rules != "wbf") out += "NR[" + escaped(game_rules) + "]";
    if (cube && record.match_length > 0 && record.crawford)
      out += g.crawford_game ? "RU[Crawford:CrawfordGame]" : "RU[Crawford]";
    if (record.match_length == 0 && record.jacoby) out += "RU[Jacoby]";
    if (g.end.kind == GameEndKind::Draw) {
      out += "RE[0]";
    } else if (g.end.winner >= 0) {
      out += std::string("RE[") + (g.end.winner == 0 ? "W" : "B") + "+" +
             std::to_string(g.end.points) + (g.end.kind == GameEndKind::Resigned ? "R" : "") + "]";
    }
    out += "\n";
    const auto& a = g.actions;
    for (size_t i = 0; i < a.size(); ++i) {
      const char* who = a[i].player == 0 ? "W" : "B";
      switch (a[i].kind) {
        case ActionKind::Roll: {
          // The roll's play, after any resignation offered and refused in between (not kept).
          size_t j = i + 1;
          while (j < a.size() &&
                 (a[j].kind == ActionKind::Resign || a[j].kind == ActionKind::Reject))
            ++j;
          if (j < a.size() && a[j].kind == ActionKind::Play) {
            out += std::string(";") + who + "[" + move_value(a[i], a[j], geometry) + "]\n";
            i = j;
          } else {
            out += std::string(";PL[") + who + "]DI[" + a[i].dice.str() + "]\n";
          }
          break;
        }
        case ActionKind::Play:
          out += std::string(";") + who + "[" + move_value(a[i], a[i], geometry) + "]\n";
          break;
        case ActionKind::Double:
        case ActionKind::Beaver:
          out += std::string(";") + who + "[double]\n";
          break;
        case ActionKind::Take:
          out += std::string(";") + who + "[take]\n";
          break;
        case ActionKind::Drop:
          out += std::string(";") + who + "[drop]\n";
          break;
        case ActionKind::Resign:  // gnubg keeps only the result: RE[..R]
        case ActionKind::Accept:
        case ActionKind::Reject:
          break;
      }
    }
    if (!out.empty() && out.back() == '\n') out.pop_back();
    out += ")\n";
  }
  return out;
}

}  // namespace nard
