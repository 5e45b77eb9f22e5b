#include "game/match_record.h"

#include <cctype>

#include "game/game_replay.h"

namespace nard {

namespace {

bool same_text_nocase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

std::string game_prefix(const MatchGame& g) { return "game " + std::to_string(g.number) + ": "; }

}  // namespace

std::string_view action_name(ActionKind kind) {
  switch (kind) {
    case ActionKind::Roll:
      return "roll";
    case ActionKind::Play:
      return "play";
    case ActionKind::Double:
      return "double";
    case ActionKind::Take:
      return "take";
    case ActionKind::Drop:
      return "drop";
    case ActionKind::Beaver:
      return "beaver";
    case ActionKind::Resign:
      return "resign";
    case ActionKind::Accept:
      return "accept";
    case ActionKind::Reject:
      return "reject";
  }
  return "?";
}

bool MatchAction::operator==(const MatchAction& o) const {
  if (kind != o.kind || player != o.player || value != o.value) return false;
  if ((kind == ActionKind::Roll || kind == ActionKind::Play) && !(dice == o.dice)) return false;
  if (kind != ActionKind::Play) return true;
  if (after != o.after || move.count != o.move.count) return false;
  for (int i = 0; i < move.count; ++i) {
    const SubMove& a = move.sub[size_t(i)];
    const SubMove& b = o.move.sub[size_t(i)];
    if (a.from != b.from || a.to != b.to || a.hit != b.hit) return false;
  }
  return true;
}

std::string MatchRecord::tag(std::string_view name) const {
  for (const auto& [k, v] : tags)
    if (same_text_nocase(k, name)) return v;
  return "";
}

void MatchRecord::set_tag(std::string_view name, std::string value) {
  for (auto& [k, v] : tags)
    if (same_text_nocase(k, name)) {
      v = std::move(value);
      return;
    }
  tags.emplace_back(std::string(name), std::move(value));
}

Result<Rules> record_rules(const MatchRecord& record, const MatchGame& game) {
  Result<Rules> r = rules_preset(game.rules.empty() ? record.rules : game.rules);
  if (!r) return r;
  Rules rules = *r;
  if (rules.cube) {
    rules.crawford = record.crawford;
    rules.jacoby = record.jacoby;
    rules.beavers = record.beavers;
    rules.cube_cap = record.cube_limit > 0 ? record.cube_limit : 1 << 15;
  }
  return rules;
}

bool is_crawford_score(int match_length, std::array<int, 2> score) {
  return match_length > 0 && ((score[0] == match_length - 1) != (score[1] == match_length - 1));
}

std::optional<Error> check_record(const MatchRecord& record) {
  bool crawford_done = false;
  for (size_t gi = 0; gi < record.games.size(); ++gi) {
    const MatchGame& g = record.games[gi];
    Result<Rules> rules = record_rules(record, g);
    if (!rules) return make_error(game_prefix(g) + rules.error().message);
    if (gi > 0) {
      const MatchGame& prev = record.games[gi - 1];
      std::array<int, 2> expect = prev.score;
      if (prev.end.winner >= 0) expect[size_t(prev.end.winner)] += prev.end.points;
      if (expect != g.score)
        return make_error(game_prefix(g) + "starts at " + std::to_string(g.score[0]) + "-" +
                          std::to_string(g.score[1]) + ", but the games before add up to " +
                          std::to_string(expect[0]) + "-" + std::to_string(expect[1]));
      const bool crawford = rules->cube && record.crawford && !crawford_done &&
                            is_crawford_score(record.match_length, g.score);
      if (crawford != g.crawford_game)
        return make_error(game_prefix(g) + (crawford ? "should be" : "is not") +
                          " the Crawford game");
    }
    if (g.crawford_game) crawford_done = true;
    GameReplay replay(*rules, record.match_length, g.score, g.crawford_game);
    for (size_t ai = 0; ai < g.actions.size(); ++ai)
      if (auto e = replay.apply(g.actions[ai]))
        return make_error(game_prefix(g) + "action " + std::to_string(ai + 1) + " (" +
                          std::string(action_name(g.actions[ai].kind)) + "): " + e->message);
    const GameEnd& got = replay.end();
    if (got.kind != g.end.kind || got.winner != g.end.winner)
      return make_error(game_prefix(g) + "the recorded end does not follow from the actions");
    if (got.kind == GameEndKind::Dropped && got.points != g.end.points)
      return make_error(game_prefix(g) + "a drop scores " + std::to_string(got.points) + ", not " +
                        std::to_string(g.end.points));
  }
  return std::nullopt;
}

std::string_view variation_name(Variant v) {
  switch (v) {
    case Variant::Backgammon:
      return "Backgammon";
    case Variant::Plakoto:
      return "Plakoto";
    case Variant::Tawla31:
      return "Tawla 31";
    case Variant::Fevga:
      return "Fevga";
    case Variant::LongNardy:
      return "Long Nardy";
  }
  return "Backgammon";
}

std::optional<Variant> variation_from_name(std::string_view name) {
  std::string key;
  for (char c : name)
    if (std::isalnum(static_cast<unsigned char>(c)))
      key += char(std::tolower(static_cast<unsigned char>(c)));
  if (key == "backgammon" || key == "portes" || key == "tavla" || key == "tawla" ||
      key == "takhtenard")
    return Variant::Backgammon;
  if (key == "plakoto" || key == "tapa" || key == "mahbusa") return Variant::Plakoto;
  if (key == "tawla31") return Variant::Tawla31;
  if (key == "fevga" || key == "moultezim") return Variant::Fevga;
  if (key == "longnardy" || key == "longnardi" || key == "narde" || key == "nardy")
    return Variant::LongNardy;
  return std::nullopt;
}

}  // namespace nard
