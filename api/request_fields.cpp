#include "api/request_fields.h"

#include "api/request_error.h"
#include "formats/position_arg.h"

namespace nard::api {

using nlohmann::json;

namespace {

std::string type_name(const json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "a boolean";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array";
  return "an object";
}

// "me" / "opponent" / "centred" -> the owner as the side on roll sees it.
CubeHolder cube_holder(const std::string& owner) {
  if (owner == "centred" || owner == "centered" || owner.empty()) return CubeHolder::Centred;
  if (owner == "me") return CubeHolder::Me;
  if (owner == "opponent") return CubeHolder::Opponent;
  throw bad_field("cube_owner",
                  "cube_owner must be \"centred\", \"me\" (the side on roll) or "
                  "\"opponent\", not \"" +
                      owner + "\"");
}

}  // namespace

RequestFields::RequestFields(const json& body) : body_(body) {
  if (!body_.is_object())
    throw RequestError(400, "the request body must be a JSON object, not " + type_name(body_));
}

bool RequestFields::has(const std::string& name) const {
  auto it = body_.find(name);
  return it != body_.end() && !it->is_null();
}

const json* RequestFields::raw(const std::string& name) {
  read_.insert(name);
  auto it = body_.find(name);
  return it == body_.end() || it->is_null() ? nullptr : &*it;
}

std::optional<std::string> RequestFields::optional_string(const std::string& name) {
  const json* v = raw(name);
  if (!v) return std::nullopt;
  if (!v->is_string()) throw bad_field(name, name + " must be a string, not " + type_name(*v));
  return v->get<std::string>();
}

std::string RequestFields::string(const std::string& name, const std::string& fallback) {
  return optional_string(name).value_or(fallback);
}

std::string RequestFields::required_string(const std::string& name) {
  std::optional<std::string> s = optional_string(name);
  if (!s) throw bad_field(name, name + " is missing");
  return *s;
}

int RequestFields::integer(const std::string& name, int fallback, int lo, int hi) {
  const json* v = raw(name);
  if (!v) return fallback;
  if (!v->is_number_integer())
    throw bad_field(name, name + " must be an integer, not " + type_name(*v));
  const long long n = v->is_number_unsigned() && v->get<unsigned long long>() > (1ull << 62)
                          ? (1ll << 62)
                          : v->get<long long>();
  if (n < lo || n > hi)
    throw bad_field(name, name + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) +
                              ", not " + std::to_string(n));
  return int(n);
}

bool RequestFields::boolean(const std::string& name, bool fallback) {
  const json* v = raw(name);
  if (!v) return fallback;
  if (!v->is_boolean())
    throw bad_field(name, name + " must be true or false, not " + type_name(*v));
  return v->get<bool>();
}

void RequestFields::reject_unknown() const {
  for (auto it = body_.begin(); it != body_.end(); ++it)
    if (!read_.count(it.key()))
      throw bad_field(it.key(), "unknown field \"" + it.key() + "\" for this request");
}

GameFields read_game(RequestFields& f) {
  GameFields g;
  g.variant = f.string("variant", "");
  g.rules = f.string("rules", "");
  if (!g.variant.empty()) {
    Result<Rules> base = rules_for_variant(g.variant);
    if (!base) throw bad_field("variant", base.error().message);
  }
  Result<Rules> r = resolve_rules(g.variant, g.rules);
  if (!r) throw bad_field("rules", r.error().message);
  g.resolved = *r;
  return g;
}

Position read_position(RequestFields& f, const Rules& rules, std::string* text) {
  const std::string s = f.required_string("position");
  Result<Position> pos = parse_position_arg(s, rules);
  if (!pos) throw bad_field("position", pos.error().message);
  if (text) *text = s;
  return *pos;
}

Dice read_dice(RequestFields& f) {
  const json* v = f.raw("dice");
  if (!v) throw bad_field("dice", "dice is missing");
  std::string text;
  if (v->is_string()) {
    text = v->get<std::string>();
  } else if (v->is_array() && v->size() == 2 && (*v)[0].is_number_integer() &&
             (*v)[1].is_number_integer()) {
    const long long a = (*v)[0].get<long long>(), b = (*v)[1].get<long long>();
    if (a < 1 || a > 6 || b < 1 || b > 6) throw bad_field("dice", "each die must be 1..6");
    text = std::to_string(a) + std::to_string(b);
  } else {
    throw bad_field("dice", "dice must be a string like \"31\" or an array like [3, 1]");
  }
  Result<Dice> d = parse_dice(text);
  if (!d) throw bad_field("dice", d.error().message);
  return *d;
}

MatchView read_match(RequestFields& f, const Rules& rules, const std::string& position_text) {
  Result<MatchState> state = match_state_arg(position_text);
  if (!state) throw bad_field("position", state.error().message);
  MatchView v = match_view(*state, state->on_roll);
  v.match_length = f.integer("match_length", v.match_length, 0, 1 << 14);
  bool score_given = false;
  if (const json* s = f.raw("score")) {
    if (!s->is_array() || s->size() != 2 || !(*s)[0].is_number_integer() ||
        !(*s)[1].is_number_integer() || (*s)[0].get<long long>() < 0 ||
        (*s)[1].get<long long>() < 0 || (*s)[0].get<long long>() > (1 << 14) ||
        (*s)[1].get<long long>() > (1 << 14))
      throw bad_field("score",
                      "score must be [points of the side on roll, points of the opponent]");
    v.my_score = (*s)[0].get<int>();
    v.opp_score = (*s)[1].get<int>();
    score_given = true;
  }
  if (v.match_length == 0 && (v.my_score || v.opp_score))
    throw bad_field("score", "a score needs a match length (match_length > 0)");
  if (v.match_length > 0 && (v.my_score >= v.match_length || v.opp_score >= v.match_length))
    throw bad_field("score", "the score " + std::to_string(v.my_score) + "-" +
                                 std::to_string(v.opp_score) + " is not below the match length " +
                                 std::to_string(v.match_length));
  const bool at_one =
      v.match_length > 0 && (v.my_score == v.match_length - 1 || v.opp_score == v.match_length - 1);
  // As `nard cube --score`: a score at match-1 is the Crawford game unless told otherwise.
  const bool crawford_default = score_given ? rules.crawford && at_one : v.crawford_game;
  v.crawford_game = f.boolean("crawford", crawford_default);
  if (v.crawford_game && !at_one)
    throw bad_field("crawford",
                    "only a game with a player at match length - 1 can be the Crawford game");

  const bool cube_given = f.has("cube") || f.has("cube_owner");
  if (cube_given) {
    const int value = f.integer("cube", v.cube.value, 1, 1 << 15);
    const CubeHolder owner = cube_holder(f.string("cube_owner", "centred"));
    Result<std::vector<int>> stakes = cube_stakes(rules, value);
    if (!stakes) throw bad_field("cube", stakes.error().message);
    v.cube.value = value;
    v.cube.owner = owner == CubeHolder::Centred ? -1 : owner == CubeHolder::Me ? 0 : 1;
    v.cube.turned = value > 1 || owner != CubeHolder::Centred;
  }
  return v;
}

CubeView read_cube_view(RequestFields& f) {
  CubeView c;
  c.value = f.integer("cube", 1, 1, 1 << 15);
  c.owner = cube_holder(f.string("cube_owner", "centred"));
  c.turned = c.value > 1 || c.owner != CubeHolder::Centred;
  return c;
}

}  // namespace nard::api
