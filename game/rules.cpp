#include "game/rules.h"

namespace nard {

namespace {

Rules backgammon_family(std::string name) {
  Rules r;
  r.preset = std::move(name);
  return r;
}

Rules no_cube(Rules r) {
  r.cube = false;
  r.crawford = false;
  return r;
}

Rules make_plakoto(std::string name) {
  Rules r = no_cube(backgammon_family(std::move(name)));
  r.variant = Variant::Plakoto;
  r.landing = Landing::Pin;
  r.backgammon_value = 2;
  r.opening = Opening::Reroll;
  r.previous_winner_starts = true;
  return r;
}

Rules make_parallel(std::string name, Variant v) {
  Rules r = no_cube(backgammon_family(std::move(name)));
  r.variant = v;
  r.geometry = Geometry::Parallel;
  r.landing = Landing::Block;
  r.backgammon_value = 2;
  r.opening = Opening::Reroll;
  r.previous_winner_starts = true;
  return r;
}

Result<Rules> named_preset(std::string_view name) {
  if (name == "wbf") return backgammon_family("wbf");
  if (name == "iran") {
    Rules r = backgammon_family("iran");
    r.hit_continuation = HitContinuation::NoHide;
    r.hit_scope = HitScope::Home;
    r.cube = false;  // rules.md §7: cube optional, default off
    return r;
  }
  if (name == "ru_short") {
    Rules r = backgammon_family("ru_short");
    r.hit_continuation = HitContinuation::NoHide;
    r.hit_scope = HitScope::Anywhere;
    return r;
  }
  if (name == "arab_tawla") {
    Rules r = backgammon_family("arab_tawla");
    r.cube = false;
    return r;
  }
  if (name == "gr_portes" || name == "tr_tavla") {
    Rules r = no_cube(backgammon_family(std::string(name)));
    r.hit_continuation = HitContinuation::NoRun;
    r.hit_scope = HitScope::Home;
    r.backgammon_value = 2;
    r.opening = Opening::Reroll;
    return r;
  }
  if (name == "plakoto" || name == "tapa" || name == "mahbusa")
    return make_plakoto(std::string(name));
  if (name == "longnardy" || name == "narde" || name == "long_nardy" || name == "ru_sport") {
    Rules r = make_parallel(std::string(name), Variant::LongNardy);
    r.head_limit = 1;
    r.head_exception = HeadException::Narrow;
    r.head_exception_rolls = (1 << 6) | (1 << 4) | (1 << 3);
    r.six_block = SixBlock::AheadRule;
    if (name == "ru_sport") {  // Minsport 2024 art. 26: cube (dave), opening with both dice
      r.cube = true;
      r.crawford = true;
      r.opening = Opening::Both;
      r.previous_winner_starts = false;
    }
    return r;
  }
  if (name == "fevga") {
    Rules r = make_parallel("fevga", Variant::Fevga);
    r.lead_rule = LeadRule::Runner;
    r.lead_threshold = 11;
    r.fevga_start_quarter = true;
    r.fevga_unblock = true;
    return r;
  }
  if (name == "moultezim") {
    Rules r = make_parallel("moultezim", Variant::Fevga);
    r.lead_rule = LeadRule::Runner;
    r.lead_threshold = 11;
    r.fevga_start_quarter = true;
    r.moultezim_opp_quarter_limit = 4;
    r.previous_winner_starts = false;  // rules.md §7: O-REROLL only
    return r;
  }
  if (name == "tawla31") {
    Rules r = no_cube(backgammon_family("tawla31"));
    r.variant = Variant::Tawla31;
    r.landing = Landing::Block;
    r.backgammon_value = 1;
    r.gammon_value = 1;
    r.lead_rule = LeadRule::Lead;
    r.lead_threshold = 6;
    r.t31_closure = T31Closure::Win;
    r.match_target = 31;
    r.opening = Opening::Reroll;
    r.previous_winner_starts = true;
    return r;
  }
  std::string list;
  for (const auto& n : preset_names()) list += (list.empty() ? "" : ", ") + n;
  return make_error("unknown rules preset '" + std::string(name) + "' (known: " + list + ")");
}

}  // namespace

Result<Rules> rules_preset(std::string_view spec) {
  const size_t comma = spec.find(',');
  Result<Rules> r = named_preset(spec.substr(0, comma));
  if (!r || comma == std::string_view::npos) return r;
  Rules rules = *r;
  std::string_view rest = spec.substr(comma + 1);
  while (!rest.empty()) {
    const size_t next = rest.find(',');
    const std::string_view item = rest.substr(0, next);
    rest = next == std::string_view::npos ? std::string_view{} : rest.substr(next + 1);
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos)
      return make_error("rules '" + std::string(spec) + "': option '" + std::string(item) +
                        "' is not KEY=VALUE");
    Result<Rules> next_rules = with_rule_option(rules, item.substr(0, eq), item.substr(eq + 1));
    if (!next_rules)
      return make_error("rules '" + std::string(spec) + "': " + next_rules.error().message);
    rules = *next_rules;
  }
  rules.preset = std::string(spec);
  return rules;
}

std::vector<std::string> preset_names() {
  return {"wbf",     "iran",  "ru_short",  "arab_tawla", "gr_portes", "tr_tavla", "plakoto", "tapa",
          "mahbusa", "fevga", "moultezim", "longnardy",  "narde",     "ru_sport", "tawla31"};
}

Result<Rules> rules_for_variant(std::string_view v) {
  if (v == "backgammon" || v == "bg") return rules_preset("wbf");
  if (v == "plakoto" || v == "tapa" || v == "mahbusa" || v == "fevga" || v == "moultezim" ||
      v == "tawla31" || v == "narde")
    return rules_preset(v);
  if (v == "longnardy" || v == "long_nardy") return rules_preset("longnardy");
  return make_error("unknown variant '" + std::string(v) +
                    "' (known: backgammon, plakoto, tawla31, fevga, longnardy; aliases tapa, "
                    "mahbusa, narde, moultezim)");
}

std::string_view variant_name(Variant v) {
  switch (v) {
    case Variant::Backgammon:
      return "backgammon";
    case Variant::Plakoto:
      return "plakoto";
    case Variant::Tawla31:
      return "tawla31";
    case Variant::Fevga:
      return "fevga";
    case Variant::LongNardy:
      return "longnardy";
  }
  return "?";
}

Position start_position(const Rules& rules) {
  switch (rules.variant) {
    case Variant::Backgammon:
      return backgammon_start();
    case Variant::Plakoto:
      return plakoto_start();
    case Variant::Tawla31:
      return rules.geometry == Geometry::Parallel ? parallel_start() : tawla31_start();
    case Variant::Fevga:
      return parallel_start();
    case Variant::LongNardy: {
      Position p = parallel_start();
      p.set_mover_first_turn(true);
      p.set_opp_first_turn(true);
      return p;
    }
  }
  return backgammon_start();
}

}  // namespace nard
