// Comparing match records in the fuzz targets: the first difference in words,
// and the comparison across formats (a .mat file keeps its header tags in file
// order, SGF writes the date first (DT), so a conversion keeps every tag but
// not their order).
#pragma once

#include <algorithm>
#include <string>

#include "formats/notation.h"
#include "game/match_record.h"
#include "game/rules.h"

namespace nard::fuzz {

inline std::string action_text(const MatchAction& a) {
  std::string s = std::string(action_name(a.kind)) + " by " + std::to_string(a.player);
  if (a.kind == ActionKind::Roll || a.kind == ActionKind::Play) s += " " + a.dice.str();
  if (a.kind == ActionKind::Play)
    s += " " + format_move(a.move) + " -> " + format_notation(a.after);
  if (a.value) s += " value " + std::to_string(a.value);
  return s;
}

// "" when equal.
inline std::string first_difference(const MatchRecord& a, const MatchRecord& b) {
  if (a.rules != b.rules) return "rules " + a.rules + " / " + b.rules;
  if (a.match_length != b.match_length) return "match length";
  if (a.crawford != b.crawford || a.jacoby != b.jacoby || a.beavers != b.beavers)
    return "crawford/jacoby/beavers " + std::to_string(a.crawford) + std::to_string(a.jacoby) +
           std::to_string(a.beavers) + " / " + std::to_string(b.crawford) +
           std::to_string(b.jacoby) + std::to_string(b.beavers);
  if (a.cube_limit != b.cube_limit)
    return "cube limit " + std::to_string(a.cube_limit) + " / " + std::to_string(b.cube_limit);
  if (a.players != b.players)
    return "players " + a.players[0] + "," + a.players[1] + " / " + b.players[0] + "," +
           b.players[1];
  if (a.tags != b.tags) return "tags";
  if (a.games.size() != b.games.size()) return "number of games";
  for (size_t i = 0; i < a.games.size(); ++i) {
    const MatchGame& x = a.games[i];
    const MatchGame& y = b.games[i];
    const std::string g = "game " + std::to_string(i + 1) + ": ";
    if (x.number != y.number) return g + "number";
    if (x.score != y.score) return g + "score";
    if (x.crawford_game != y.crawford_game) return g + "crawford game";
    if (x.rules != y.rules) return g + "rules '" + x.rules + "' / '" + y.rules + "'";
    for (size_t k = 0; k < x.actions.size() && k < y.actions.size(); ++k)
      if (!(x.actions[k] == y.actions[k])) {
        std::string s = g + "action " + std::to_string(k + 1) + ": " + action_text(x.actions[k]) +
                        " / " + action_text(y.actions[k]) + "; before it:";
        for (size_t j = k >= 3 ? k - 3 : 0; j < k; ++j) s += " [" + action_text(x.actions[j]) + "]";
        return s;
      }
    if (x.actions.size() != y.actions.size())
      return g + std::to_string(x.actions.size()) + " / " + std::to_string(y.actions.size()) +
             " actions, the last: " + (x.actions.empty() ? "-" : action_text(x.actions.back())) +
             " / " + (y.actions.empty() ? "-" : action_text(y.actions.back()));
    if (!(x.end == y.end))
      return g + "end " + std::to_string(int(x.end.kind)) + "/" + std::to_string(x.end.winner) +
             "/" + std::to_string(x.end.points) + " / " + std::to_string(int(y.end.kind)) + "/" +
             std::to_string(y.end.winner) + "/" + std::to_string(y.end.points);
  }
  return "";
}

// The actions without the resignations that were refused (Resign followed by
// Reject).
inline std::vector<MatchAction> without_refused_resignations(const std::vector<MatchAction>& in) {
  std::vector<MatchAction> out;
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i].kind == ActionKind::Resign && i + 1 < in.size() &&
        in[i + 1].kind == ActionKind::Reject) {
      ++i;
      continue;
    }
    out.push_back(in[i]);
  }
  return out;
}

// What the match files can hold of a record made by a game loop (GameReplay): a resignation only
// as the game's result (a refused one leaves no trace); a roll written without a play ("16:")
// reads back as a dance played when the roll has no legal play, whether or not the record held
// the (empty) play, before a resignation or at the end of an unfinished game; a roll not yet
// played when an unfinished record stops is not written, nor the doubler's acceptance of a beaver
// that ends it. Both records are compared in this form.
inline MatchRecord as_files_hold_it(MatchRecord r) {
  for (MatchGame& g : r.games) {
    std::vector<MatchAction> in = without_refused_resignations(g.actions);
    const bool unfinished = g.end.kind == GameEndKind::Unfinished;
    // A pending resignation, a roll, and the doubler's acceptance of a beaver (a .mat file has no
    // cell for it: the doubler's next roll says so).
    auto drop_pending = [&](std::vector<MatchAction>& v) {
      if (!unfinished) return;
      if (!v.empty() && v.back().kind == ActionKind::Resign) v.pop_back();
      if (!v.empty() && v.back().kind == ActionKind::Roll) v.pop_back();
      if (v.size() >= 2 && v.back().kind == ActionKind::Take &&
          v[v.size() - 2].kind == ActionKind::Beaver)
        v.pop_back();
    };
    drop_pending(in);
    std::vector<MatchAction> out;
    for (size_t i = 0; i < in.size(); ++i) {
      const MatchAction& a = in[i];
      if (a.kind == ActionKind::Play && a.move.count == 0 &&
          (i + 1 == in.size() || in[i + 1].kind == ActionKind::Resign))
        continue;
      out.push_back(a);
    }
    drop_pending(out);
    Result<Rules> rules = rules_preset(g.rules.empty() ? r.rules : g.rules);
    // Money play with the Jacoby rule and the cube not turned: a resignation of a gammon or more
    // scores 1 point, and a file holds only the points, so it reads back as a single resignation.
    const bool jacoby_caps = r.match_length == 0 && r.jacoby && rules && rules->cube &&
                             std::none_of(out.begin(), out.end(), [](const MatchAction& a) {
                               return a.kind == ActionKind::Double || a.kind == ActionKind::Beaver;
                             });
    if (jacoby_caps)
      for (MatchAction& a : out)
        if (a.kind == ActionKind::Resign) a.value = std::min(a.value, 1);
    // Plakoto: when one checker leaves a point it pins and another lands there, pinning the
    // freed checker again, the chained notation ("20/16*/11") reads back with other hit marks
    // and in another order, though the position is the same: compare such plays by their steps.
    if (rules && rules->landing == Landing::Pin)
      for (MatchAction& a : out) {
        if (a.kind != ActionKind::Play) continue;
        for (int k = 0; k < a.move.count; ++k) a.move.sub[size_t(k)].hit = false;
        std::sort(a.move.sub.begin(), a.move.sub.begin() + a.move.count,
                  [](const SubMove& x, const SubMove& y) {
                    return x.from != y.from ? x.from > y.from : x.to > y.to;
                  });
      }
    g.actions = std::move(out);
  }
  return r;
}

inline MatchRecord tags_sorted(MatchRecord r) {
  std::stable_sort(r.tags.begin(), r.tags.end());
  return r;
}

// The record without its free texts (player names, tags): across formats they change where a
// format cannot hold them (a .mat line holds no line break, a .mat name no ':').
inline MatchRecord without_free_text(MatchRecord r) {
  r.players = {};
  r.tags.clear();
  return r;
}

}  // namespace nard::fuzz
