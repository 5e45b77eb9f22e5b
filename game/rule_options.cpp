// Rule options by their rules.md names (declared in game/rules.h): the one place that maps a
// "key=value" text onto a field of Rules, so presets, the command line and tests name every
// house rule the same way.
#include <charconv>
#include <functional>

#include "game/rules.h"

namespace nard {

namespace {

struct Choice {
  std::string_view name;
  int value;
};

// Looks `text` up in `choices`; the error lists what is allowed.
Result<int> pick(std::string_view key, std::string_view text,
                 std::initializer_list<Choice> choices) {
  std::string allowed;
  for (const Choice& c : choices) {
    if (c.name == text) return c.value;
    allowed += (allowed.empty() ? "" : ", ") + std::string(c.name);
  }
  return make_error("option " + std::string(key) + "='" + std::string(text) +
                    "': expected one of " + allowed);
}

Result<int> number(std::string_view key, std::string_view text, int lo, int hi) {
  int v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size() || v < lo || v > hi)
    return make_error("option " + std::string(key) + "='" + std::string(text) +
                      "': expected a number " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

Result<int> boolean(std::string_view key, std::string_view text) {
  return pick(key, text,
              {{"true", 1},
               {"false", 0},
               {"on", 1},
               {"off", 0},
               {"1", 1},
               {"0", 0},
               {"yes", 1},
               {"no", 0}});
}

// "6,4,3" or "643": the doubles d-d whose bit d is set.
Result<int> doubles_set(std::string_view key, std::string_view text) {
  int bits = 0;
  for (char c : text) {
    if (c >= '1' && c <= '6')
      bits |= 1 << (c - '0');
    else if (c != ' ' && c != '/')
      return make_error("option " + std::string(key) + "='" + std::string(text) +
                        "': expected die values 1..6, e.g. 643 for 6-6, 4-4 and 3-3");
  }
  return bits;
}

struct Option {
  std::string_view key;
  std::string_view help;
  // Applies the value; returns an error for a bad value or a game the option does not belong to.
  std::function<Result<int>(Rules&, std::string_view)> apply;
};

Error not_for(std::string_view key, const Rules& r, std::string_view games) {
  return make_error("option " + std::string(key) + " applies to " + std::string(games) +
                    ", not to " + std::string(variant_name(r.variant)));
}

// Applies `v` through `set` when it parsed; passes errors on.
template <class Set>
Result<int> then(Result<int> v, Set&& set) {
  if (v) set(*v);
  return v;
}

// The options of the backgammon family, the opening and the cube.
std::vector<Option> family_options() {
  return {
      // --- backgammon family, opening, cube ---
      {"hit_continuation", "free|no_hide|no_run",
       [](Rules& r, std::string_view v) {
         if (!r.hitting()) return Result<int>(not_for("hit_continuation", r, "hitting games"));
         return then(pick("hit_continuation", v, {{"free", 0}, {"no_hide", 1}, {"no_run", 2}}),
                     [&](int x) { r.hit_continuation = HitContinuation(x); });
       }},
      {"scope", "anywhere|home",
       [](Rules& r, std::string_view v) {
         if (!r.hitting()) return Result<int>(not_for("scope", r, "hitting games"));
         return then(pick("scope", v, {{"anywhere", 0}, {"home", 1}}),
                     [&](int x) { r.hit_scope = HitScope(x); });
       }},
      {"opening", "both|reroll",
       [](Rules& r, std::string_view v) {
         return then(pick("opening", v, {{"both", 0}, {"reroll", 1}}),
                     [&](int x) { r.opening = Opening(x); });
       }},
      {"opening_starter", "high|low",
       [](Rules& r, std::string_view v) {
         return then(pick("opening_starter", v, {{"high", 0}, {"low", 1}}),
                     [&](int x) { r.opening_starter = OpeningStarter(x); });
       }},
      {"previous_winner_starts", "true|false",
       [](Rules& r, std::string_view v) {
         return then(boolean("previous_winner_starts", v),
                     [&](int x) { r.previous_winner_starts = x; });
       }},
      {"cube", "true|false",
       [](Rules& r, std::string_view v) {
         return then(boolean("cube", v), [&](int x) { r.cube = x; });
       }},
      {"cube_progression", "geometric|arithmetic",
       [](Rules& r, std::string_view v) {
         return then(pick("cube_progression", v, {{"geometric", 0}, {"arithmetic", 1}}),
                     [&](int x) { r.cube_progression = CubeProgression(x); });
       }},
      {"cube_cap", "2..4096",
       [](Rules& r, std::string_view v) {
         return then(number("cube_cap", v, 2, 4096), [&](int x) { r.cube_cap = x; });
       }},
      {"crawford", "true|false",
       [](Rules& r, std::string_view v) {
         return then(boolean("crawford", v), [&](int x) { r.crawford = x; });
       }},
      {"jacoby", "true|false",
       [](Rules& r, std::string_view v) {
         return then(boolean("jacoby", v), [&](int x) { r.jacoby = x; });
       }},
      {"beavers", "true|false",
       [](Rules& r, std::string_view v) {
         return then(boolean("beavers", v), [&](int x) { r.beavers = x; });
       }},
      {"automatic_doubles", "true|false",
       [](Rules& r, std::string_view v) {
         return then(boolean("automatic_doubles", v), [&](int x) { r.automatic_doubles = x; });
       }},
      {"match_target", "0..255 (0: set by the caller)",
       [](Rules& r, std::string_view v) {
         return then(number("match_target", v, 0, 255), [&](int x) { r.match_target = x; });
       }},
  };
}

// The options of the other games, and the restrictions.
std::vector<Option> variant_options() {
  return {
      // --- Plakoto / Tapa / Mahbusa ---
      {"mother_pin_points", "2|3",
       [](Rules& r, std::string_view v) {
         if (r.landing != Landing::Pin)
           return Result<int>(not_for("mother_pin_points", r, "plakoto"));
         return then(number("mother_pin_points", v, 2, 3), [&](int x) { r.mother_pin_points = x; });
       }},
      {"pinned_blocks_bearoff", "true|false",
       [](Rules& r, std::string_view v) {
         if (r.landing != Landing::Pin)
           return Result<int>(not_for("pinned_blocks_bearoff", r, "plakoto"));
         return then(boolean("pinned_blocks_bearoff", v),
                     [&](int x) { r.pinned_blocks_bearoff = x; });
       }},
      {"mahbusa_scoring", "plakoto|count31 (count31 also sets match_target=31)",
       [](Rules& r, std::string_view v) {
         if (r.landing != Landing::Pin)
           return Result<int>(not_for("mahbusa_scoring", r, "plakoto"));
         return then(pick("mahbusa_scoring", v, {{"plakoto", 0}, {"count31", 1}}), [&](int x) {
           r.mahbusa_scoring = MahbusaScoring(x);
           r.match_target = x ? 31 : 0;
         });
       }},
      // --- Long Nardy ---
      {"head_limit", "0..15 (0: no limit)",
       [](Rules& r, std::string_view v) {
         if (r.variant != Variant::LongNardy)
           return Result<int>(not_for("head_limit", r, "longnardy"));
         return then(number("head_limit", v, 0, 15), [&](int x) { r.head_limit = x; });
       }},
      {"head_exception", "narrow|general|none",
       [](Rules& r, std::string_view v) {
         if (r.variant != Variant::LongNardy)
           return Result<int>(not_for("head_exception", r, "longnardy"));
         return then(pick("head_exception", v, {{"narrow", 0}, {"general", 1}, {"none", 2}}),
                     [&](int x) { r.head_exception = HeadException(x); });
       }},
      {"head_exception_rolls", "die values of the doubles, e.g. 643 (6-6, 4-4, 3-3) or 64",
       [](Rules& r, std::string_view v) {
         if (r.variant != Variant::LongNardy)
           return Result<int>(not_for("head_exception_rolls", r, "longnardy"));
         return then(doubles_set("head_exception_rolls", v),
                     [&](int x) { r.head_exception_rolls = uint8_t(x); });
       }},
      {"six_block", "ahead|home|forbid|allow",
       [](Rules& r, std::string_view v) {
         if (r.geometry != Geometry::Parallel)
           return Result<int>(not_for("six_block", r, "parallel games"));
         return then(pick("six_block", v, {{"allow", 0}, {"ahead", 1}, {"home", 2}, {"forbid", 3}}),
                     [&](int x) { r.six_block = SixBlock(x); });
       }},
      {"ln_triple", "none|home_mars|koks_first_quarter|koks_none_home",
       [](Rules& r, std::string_view v) {
         if (r.variant != Variant::LongNardy)
           return Result<int>(not_for("ln_triple", r, "longnardy"));
         return then(
             pick(
                 "ln_triple", v,
                 {{"none", 0}, {"home_mars", 1}, {"koks_first_quarter", 2}, {"koks_none_home", 3}}),
             [&](int x) { r.ln_triple = LnTriple(x); });
       }},
      // --- Fevga / Moultezim ---
      {"runner_threshold", "11|12",
       [](Rules& r, std::string_view v) {
         if (r.lead_rule != LeadRule::Runner)
           return Result<int>(not_for("runner_threshold", r, "fevga, moultezim"));
         return then(number("runner_threshold", v, 11, 12), [&](int x) { r.lead_threshold = x; });
       }},
      {"fevga_start_quarter", "true|false",
       [](Rules& r, std::string_view v) {
         if (r.variant != Variant::Fevga)
           return Result<int>(not_for("fevga_start_quarter", r, "fevga, moultezim"));
         return then(boolean("fevga_start_quarter", v), [&](int x) { r.fevga_start_quarter = x; });
       }},
      {"fevga_unblock", "true|false",
       [](Rules& r, std::string_view v) {
         if (r.variant != Variant::Fevga)
           return Result<int>(not_for("fevga_unblock", r, "fevga, moultezim"));
         return then(boolean("fevga_unblock", v), [&](int x) { r.fevga_unblock = x; });
       }},
      {"opp_quarter_limit", "0..6 (0: no limit; moultezim: 4)",
       [](Rules& r, std::string_view v) {
         if (r.variant != Variant::Fevga)
           return Result<int>(not_for("opp_quarter_limit", r, "fevga, moultezim"));
         return then(number("opp_quarter_limit", v, 0, 6),
                     [&](int x) { r.moultezim_opp_quarter_limit = x; });
       }},
      // --- Tawla 31 ---
      {"t31_closure", "win|illegal|ignore",
       [](Rules& r, std::string_view v) {
         if (r.variant != Variant::Tawla31)
           return Result<int>(not_for("t31_closure", r, "tawla31"));
         return then(pick("t31_closure", v, {{"win", 0}, {"illegal", 1}, {"ignore", 2}}),
                     [&](int x) { r.t31_closure = T31Closure(x); });
       }},
      {"t31_geometry", "contrary|parallel (parallel: the lead rule reads 'enter mover 1..12')",
       [](Rules& r, std::string_view v) {
         if (r.variant != Variant::Tawla31)
           return Result<int>(not_for("t31_geometry", r, "tawla31"));
         return then(pick("t31_geometry", v, {{"contrary", 0}, {"parallel", 1}}), [&](int x) {
           r.geometry = x ? Geometry::Parallel : Geometry::Contrary;
           r.lead_threshold = x ? 12 : 6;
         });
       }},
      // --- restrictions (6-block, Fevga (a), Moultezim (c), Tawla 31 closure=illegal) ---
      {"block_check", "per_submove|end_of_turn",
       [](Rules& r, std::string_view v) {
         return then(pick("block_check", v, {{"per_submove", 0}, {"end_of_turn", 1}}),
                     [&](int x) { r.block_check = BlockCheck(x); });
       }},
  };
}

// Every option, in the order they are listed (rule_option_names, the messages).
const std::vector<Option>& options() {
  static const std::vector<Option> table = [] {
    std::vector<Option> all = family_options();
    for (const Option& o : variant_options()) all.push_back(o);
    return all;
  }();
  return table;
}

}  // namespace

Result<Rules> with_rule_option(Rules rules, std::string_view key, std::string_view value) {
  for (const Option& o : options()) {
    if (o.key != key) continue;
    Result<int> applied = o.apply(rules, value);
    if (!applied) return applied.error();
    return rules;
  }
  std::string known;
  for (const Option& o : options()) known += (known.empty() ? "" : ", ") + std::string(o.key);
  return make_error("unknown rule option '" + std::string(key) + "' (known: " + known + ")");
}

std::vector<std::string> rule_option_names() {
  std::vector<std::string> names;
  for (const Option& o : options()) names.push_back(std::string(o.key) + "=" + std::string(o.help));
  return names;
}

Result<Rules> resolve_rules(const std::string& variant, const std::string& preset) {
  if (variant.empty() && !preset.empty()) {
    // Without --variant the game is backgammon, unless the preset is named after its game
    // (--rules longnardy,head_exception=general): a preset of another game, such as ru_sport
    // (Long Nardy, not the backgammon preset ru_short), must not switch game silently.
    Result<Rules> r = rules_preset(preset);
    if (!r || r->variant == Variant::Backgammon) return r;
    const std::string name = preset.substr(0, preset.find(','));
    Result<Rules> named = rules_for_variant(name);
    if (named && named->variant == r->variant) return r;
    return make_error("--rules " + name + " is a " + std::string(variant_name(r->variant)) +
                      " preset, but the game is backgammon (no --variant); add --variant " +
                      std::string(variant_name(r->variant)) + " to play " +
                      std::string(variant_name(r->variant)));
  }
  Result<Rules> base = rules_for_variant(variant.empty() ? "backgammon" : variant);
  if (!base || preset.empty()) return base;
  Result<Rules> r = rules_preset(preset);
  if (!r) return r;
  if (r->variant != base->variant)
    return make_error("--rules " + preset.substr(0, preset.find(',')) + " is a " +
                      std::string(variant_name(r->variant)) + " preset, but --variant is " +
                      std::string(variant_name(base->variant)));
  return r;
}

Result<Rules> rules_by_name(const std::string& name) {
  Result<Rules> r = rules_for_variant(name);
  if (r) return r;
  Result<Rules> p = rules_preset(name);
  if (p) return p;
  return make_error("unknown variant or rules preset '" + name + "'");
}

}  // namespace nard
