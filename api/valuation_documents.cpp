#include "api/valuation_documents.h"

#include <algorithm>
#include <cmath>

#include "api/documents.h"

namespace nard::api {

using nlohmann::json;

ValuationSettings valuation_settings(const MatchView& view, const Rules& rules, int ply,
                                     bool cubeful, const MatchEquityTable* met) {
  ValuationSettings s;
  s.view = view;
  s.how.ply = ply;
  s.how.cubeful = cubeful;
  if (view.match_length > 0 && met)
    s.ctx = match_context(view, *met, rules);
  else
    s.ctx.cube = cube_view(view.cube, 0);
  return s;
}

namespace {
const char* owner_word(CubeHolder h) {
  switch (h) {
    case CubeHolder::Centred:
      return "centred";
    case CubeHolder::Me:
      return "me";
    case CubeHolder::Opponent:
      return "opponent";
  }
  return "";
}
}  // namespace

json settings_json(const ValuationSettings& s, const Rules& rules) {
  return {{"ply", s.how.ply},
          {"cubeful", uses_cube(s.how, rules)},
          {"match_length", s.ctx.match_length},
          {"score", {s.ctx.my_score, s.ctx.opp_score}},
          {"crawford_game", s.ctx.crawford_game},
          {"post_crawford", s.ctx.post_crawford},
          {"cube", s.ctx.cube.value},
          {"cube_owner", owner_word(s.ctx.cube.owner)},
          {"jacoby", rules.jacoby},
          {"beavers", rules.beavers},
          {"met", s.ctx.met ? json(s.ctx.met->name()) : json(nullptr)}};
}

Result<HintResult> compute_hint(Search& search, const Position& pos, Dice dice,
                                const ValuationSettings& s) {
  HintResult h;
  MoveGenerator gen(search.rules());
  h.list.size = gen.generate(pos, dice, h.list.positions.get(), h.list.moves.get());
  if (h.list.size) {
    Result<std::vector<PlayValue>> r = rank_plays_cubeful(search, h.list.plays(), s.ctx, s.how);
    if (!r) return r.error();
    h.ranked = std::move(r).value();
  }
  return h;
}

json hint_document(const Rules& rules, Dice dice, const HintResult& h, const ValuationSettings& s,
                   int top) {
  const int shown = top > 0 ? std::min<int>(int(h.ranked.size()), top) : int(h.ranked.size());
  json plays = json::array();
  for (int i = 0; i < shown; ++i) {
    const PlayValue& r = h.ranked[size_t(i)];
    json p = {{"rank", i + 1},
              {"ply", r.ply},
              {"equity", number_json(r.equity)},
              {"difference", number_json(r.equity - h.ranked[0].equity)},
              {"mwc", number_json(r.mwc)},
              {"cubeless_equity", number_json(r.cubeless)},
              {"probabilities", probabilities_json(r.probs)}};
    p.update(play_json(rules, h.list.moves[r.index], h.list.positions[r.index]));
    plays.push_back(std::move(p));
  }
  return {{"settings", settings_json(s, rules)},
          {"dice", dice.str()},
          {"ply", s.how.ply},
          {"legal_plays", h.list.size},
          {"plays", plays}};
}

Result<EvalResult> compute_eval(Search& search, const Position& pos, const ValuationSettings& s) {
  EvalResult e;
  // The cubeless value (and the tree's probabilities) at the ply, then the cubeful one.
  Result<PlayValue> cubeless = value_position(search, pos, s.ctx, {s.how.ply, false});
  if (!cubeless) return cubeless.error();
  e.cubeless = *cubeless;
  e.cubeful = uses_cube(s.how, search.rules());
  if (!e.cubeful) {
    e.full = e.cubeless;
    return e;
  }
  Result<PlayValue> full = value_position(search, pos, s.ctx, s.how);
  if (!full) return full.error();
  e.full = *full;
  return e;
}

json eval_document(const Rules& rules, const EvalResult& e, const ValuationSettings& s) {
  const bool match = s.ctx.match_length > 0;
  return {{"settings", settings_json(s, rules)},
          {"ply", s.how.ply},
          {"probabilities", probabilities_json(e.full.probs)},
          {"cubeless_equity", number_json(e.cubeless.equity)},
          {"cubeless_mwc", match ? number_json(e.cubeless.mwc) : json(nullptr)},
          {"cubeful_equity", e.cubeful ? number_json(e.full.equity) : json(nullptr)},
          {"cubeful_mwc", e.cubeful && match ? number_json(e.full.mwc) : json(nullptr)},
          {"match", match}};
}

}  // namespace nard::api
