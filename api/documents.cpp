#include "api/documents.h"

#include <algorithm>
#include <cmath>

#include "formats/notation.h"
#include "formats/position_arg.h"
#include "game/movegen/movegen.h"

namespace nard::api {

using nlohmann::json;

json number_json(double v) {
  if (!std::isfinite(v)) return nullptr;
  const double r = std::round(v * 1e6) / 1e6;
  return r == 0.0 ? 0.0 : r;  // no "-0.0"
}

json probabilities_json(const Probabilities& p) {
  return {{"win", number_json(p.win)},
          {"win_gammon", number_json(p.win_gammon)},
          {"win_backgammon", number_json(p.win_backgammon)},
          {"lose_gammon", number_json(p.lose_gammon)},
          {"lose_backgammon", number_json(p.lose_backgammon)}};
}

json board_json(const Position& pos) {
  json points = json::array(), pins = json::array();
  for (int p = 1; p <= kPoints; ++p) {
    points.push_back(pos.at(p));
    if (pos.pinned_under(p)) pins.push_back(p);
  }
  return {{"geometry", pos.geometry() == Geometry::Parallel ? "parallel" : "contrary"},
          {"points", points},
          {"pins", pins},
          {"bar", {pos.mover_bar, pos.opp_bar}},
          {"off", {pos.mover_off, pos.opp_off}},
          {"first_turn", {pos.mover_first_turn(), pos.opp_first_turn()}},
          {"pips", {pos.mover_pips(), pos.opp_pips()}}};
}

json position_json(const Position& pos, const Rules& rules) {
  return {{"position", format_position_for(pos, rules)},
          {"notation", format_notation(pos)},
          {"board", board_json(pos)}};
}

json game_over_json(const GameResult& r) {
  if (!r.over()) return nullptr;
  const char* kind = "single";
  switch (r.outcome) {
    case Outcome::Gammon:
      kind = "gammon";
      break;
    case Outcome::Backgammon:
      kind = "backgammon";
      break;
    case Outcome::MotherPin:
      kind = "mother_pin";
      break;
    case Outcome::Closure:
      kind = "closure";
      break;
    case Outcome::Draw:
      kind = "draw";
      break;
    default:
      break;
  }
  json winner = r.outcome == Outcome::Draw ? json(nullptr) : json(r.mover_wins ? "x" : "o");
  return {{"winner", winner}, {"points", r.points}, {"kind", kind}};
}

json play_json(const Rules& rules, const Move& move, const Position& result) {
  json steps = json::array();
  for (int i = 0; i < move.count; ++i)
    steps.push_back({{"from", move.sub[size_t(i)].from},
                     {"to", move.sub[size_t(i)].to},
                     {"hit", move.sub[size_t(i)].hit}});
  const Position next = result.flipped();
  return {{"move", format_move(move)},
          {"steps", steps},
          {"position", format_position_for(next, rules)},
          {"notation", format_notation(next)},
          {"game_over", game_over_json(game_result(rules, result))}};
}

json moves_document(const Rules& rules, const Position& pos, Dice dice) {
  MoveGenerator gen(rules);
  PlayList list;
  list.size = gen.generate(pos, dice, list.positions.get(), list.moves.get());
  json plays = json::array();
  for (int i = 0; i < list.size; ++i)
    plays.push_back(play_json(rules, list.moves[i], list.positions[i]));
  return {{"dice", dice.str()}, {"plays", plays}};
}

std::string doubler_word(DoublerAction a) {
  switch (a) {
    case DoublerAction::NoDouble:
      return "no_double";
    case DoublerAction::Double:
      return "double";
    case DoublerAction::TooGood:
      return "too_good";
    case DoublerAction::CannotDouble:
      return "cannot_double";
  }
  return "?";
}

std::string taker_word(TakerAction a) {
  switch (a) {
    case TakerAction::Take:
      return "take";
    case TakerAction::Pass:
      return "pass";
    case TakerAction::Beaver:
      return "beaver";
  }
  return "?";
}

std::string variant_word(Variant v) { return std::string(variant_name(v)); }

json cube_document(int ply, const CubeDecision& d, const MatchView& view) {
  const char* owner = view.cube.owner < 0 ? "centred" : view.cube.owner == 0 ? "me" : "opponent";
  json doc = {{"ply", ply},
              {"match", d.match},
              {"match_length", view.match_length},
              {"score", {view.my_score, view.opp_score}},
              {"crawford", view.crawford_game},
              {"cube", view.cube.value},
              {"cube_owner", owner},
              {"action", d.action_text()},
              {"doubler", doubler_word(d.doubler)},
              {"taker", taker_word(d.taker)},
              {"redouble", d.redouble},
              {"cubeless", number_json(d.cubeless)},
              {"no_double", number_json(d.no_double)},
              {"double_take", number_json(d.double_take)},
              {"double_pass", number_json(d.double_pass)},
              {"double_beaver", number_json(d.double_beaver)},
              {"equity", number_json(d.equity)},
              {"take_point", number_json(d.take_point)},
              {"take_point_dead", number_json(d.take_point_dead)},
              {"take_point_live", number_json(d.take_point_live)},
              {"cash_point", number_json(d.cash_point)},
              {"cube_life", number_json(d.cube_life)}};
  if (d.doubler == DoublerAction::CannotDouble)
    doc["cannot_double_reason"] = d.cannot_double_reason;
  if (d.match)
    doc["mwc"] = {{"cubeless", number_json(d.mwc_cubeless)},
                  {"no_double", number_json(d.mwc_no_double)},
                  {"double_take", number_json(d.mwc_double_take)},
                  {"double_pass", number_json(d.mwc_double_pass)},
                  {"proper", number_json(d.mwc)}};
  return doc;
}

json estimate_json(const Estimate& e) {
  return {{"mean", number_json(e.mean)},
          {"se", number_json(e.std_error)},
          {"ci95", {number_json(e.low95()), number_json(e.high95())}}};
}

json rollout_result_json(const std::string& label, const RolloutResult& r) {
  static const char* names[kOutputs] = {"win", "win_gammon", "win_backgammon", "lose_gammon",
                                        "lose_backgammon"};
  json doc = {{"play", label}, {"trials", r.trials}};
  if (r.stopped) doc["stopped"] = true;  // cut short (a server's cancel): trials is those played
  for (int k = 0; k < kOutputs; ++k)
    doc[names[k]] = {{"mean", number_json(r.probs[k].mean)},
                     {"se", number_json(r.probs[k].std_error)}};
  doc["equity"] = estimate_json(r.equity);
  if (r.cubeful) doc["cubeful_equity"] = estimate_json(r.cubeful_equity);
  return doc;
}

json rollout_position_document(const RolloutResult& r) {
  return {{"kind", "position"}, {"results", {rollout_result_json("position", r)}}};
}

json rollout_plays_document(Dice dice, const std::vector<std::string>& moves,
                            const std::vector<std::string>& positions,
                            const std::vector<RolloutResult>& results) {
  json list = json::array();
  for (size_t i = 0; i < results.size(); ++i) {
    json one = rollout_result_json(moves[i], results[i]);
    one["position"] = positions[i];
    list.push_back(std::move(one));
  }
  return {{"kind", "plays"}, {"dice", dice.str()}, {"results", list}};
}

json cube_rollout_document(const CubeRolloutResult& r, const Rules& rules, const CubeView& cube) {
  const CubeDecision& m = r.predicted;
  const CubeDecision& d = r.rolled_out;
  auto with_model = [](const Estimate& e, double model) {
    json j = estimate_json(e);
    j["model"] = number_json(model);
    return j;
  };
  const char* owner = cube.owner == CubeHolder::Centred ? "centred"
                      : cube.owner == CubeHolder::Me    ? "me"
                                                        : "opponent";
  return {{"trials", r.trials},
          {"ladder",
           rules.cube_progression == CubeProgression::Arithmetic ? "arithmetic" : "geometric"},
          {"cube", cube.value},
          {"cube_owner", owner},
          {"win",
           {{"mean", number_json(r.cubeless.probs[0].mean)},
            {"se", number_json(r.cubeless.probs[0].std_error)}}},
          {"cubeless",
           {{"mean", number_json(r.cubeless.equity.mean)},
            {"se", number_json(r.cubeless.equity.std_error)}}},
          {"no_double", with_model(r.no_double, m.no_double)},
          {"double_take", with_model(r.double_take, m.double_take)},
          {"take_minus_no_double", with_model(r.take_minus_no_double, m.double_take - m.no_double)},
          {"double_pass", number_json(r.double_pass)},
          {"action", d.action_text()},
          {"model_action", m.action_text()},
          {"model_take_point", number_json(m.take_point)},
          {"cube_life", number_json(m.cube_life)}};
}

}  // namespace nard::api
