// Rules: every rule option of the family as plain data (rules.md §1–7). The move generator and the
// game flow read these fields; there are no per-preset branches anywhere else.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game/position.h"

namespace nard {

enum class Variant : uint8_t { Backgammon, Plakoto, Tawla31, Fevga, LongNardy };

// What landing on a point with exactly one opposing checker does.
enum class Landing : uint8_t {
  Hit,    // the blot goes to the bar (backgammon family)
  Pin,    // the blot is pinned underneath (Plakoto)
  Block,  // a single opposing checker blocks the point (Long Nardy, Fevga, Tawla 31)
};

// What the checker that hit may do afterwards in the same turn (rules.md §2.5).
enum class HitContinuation : uint8_t { Free, NoHide, NoRun };
enum class HitScope : uint8_t { Anywhere, Home };  // which hits are restricted: any, or on 1..6

enum class Opening : uint8_t {
  Both,    // O-BOTH: each rolls one die, the higher plays both dice just rolled
  Reroll,  // O-REROLL: the higher die wins, then rolls both dice (doubles possible)
};
enum class OpeningStarter : uint8_t { High, Low };

enum class CubeProgression : uint8_t { Geometric, Arithmetic };  // 1,2,4,8… or 1,2,3,4…

// Who may move before the "first checker" has made its way (Fevga runner, Tawla 31 lead).
enum class LeadRule : uint8_t { None, Runner, Lead };
enum class HeadException : uint8_t { Narrow, General, None };  // Long Nardy first turn
enum class BlockCheck : uint8_t { PerSubmove, EndOfTurn };
enum class SixBlock : uint8_t { None, AheadRule, Home, Forbid };  // Long Nardy "забор" rule
enum class T31Closure : uint8_t { Win, Illegal, Ignore };
// Long Nardy third scoring level (rules.md §4.6), worth 3 when it applies:
//   HomeMars          the loser has borne off none and has all 15 in his home;
//   KoksFirstQuarter  the loser has borne off none and still has a checker on his 19..24;
//   KoksNoneHome      the loser has not brought a single checker home.
enum class LnTriple : uint8_t { None, HomeMars, KoksFirstQuarter, KoksNoneHome };
// Plakoto-family scoring (rules.md §3.5): 1/2 and the mother pin, or (Mahbusa, Barakat 1974)
// the winner scores the loser's checkers still on the board, in a match to 31.
enum class MahbusaScoring : uint8_t { Plakoto, Count31 };

struct Rules {
  std::string preset = "wbf";
  Variant variant = Variant::Backgammon;
  Geometry geometry = Geometry::Contrary;
  Landing landing = Landing::Hit;

  // --- backgammon family ---
  HitContinuation hit_continuation = HitContinuation::Free;
  HitScope hit_scope = HitScope::Anywhere;
  int gammon_value = 2;
  int backgammon_value = 3;  // 3, or 2 where the game has no backgammon (Portes, Tavla)
  bool backgammon_counts_bar = true;

  // --- opening ---
  Opening opening = Opening::Both;
  OpeningStarter opening_starter = OpeningStarter::High;
  bool previous_winner_starts = false;

  // --- cube ---
  bool cube = true;
  CubeProgression cube_progression = CubeProgression::Geometric;
  int cube_cap = 64;     // no double is offered once the cube shows this value
  bool crawford = true;  // match play
  bool jacoby = false;   // money play
  bool beavers = false;  // money play
  bool automatic_doubles = false;

  // --- Plakoto / Tapa / Mahbusa (rules.md §3) ---
  int mother_pin_points = 2;          // mother_pin_points ∈ {2, 3}
  bool pinned_blocks_bearoff = true;  // no bear-off while an own checker is pinned (§3.6)
  MahbusaScoring mahbusa_scoring = MahbusaScoring::Plakoto;

  // --- Long Nardy (rules.md §4) ---
  int head_limit = 0;  // checkers that may leave point 24 per turn; 0 = no limit
  HeadException head_exception = HeadException::None;  // first-turn exception
  uint8_t head_exception_rolls = 0;  // bit d set: d-d lets two leave on the first turn (Narrow)
  SixBlock six_block = SixBlock::None;
  LnTriple ln_triple = LnTriple::None;

  // --- Fevga / Moultezim (rules.md §5) and Tawla 31 (§6) ---
  LeadRule lead_rule = LeadRule::None;
  // Fevga runner_threshold ∈ {11, 12}; Tawla 31: 6 (contrary) or 12 (parallel geometry).
  // "Passed"/"released" once a mover checker is on 1..lead_threshold or one is borne off.
  int lead_threshold = 0;
  bool fevga_start_quarter = false;     // rule (a): never hold all of 19..24
  bool fevga_unblock = false;           // rule (b): unblocking obligation
  int moultezim_opp_quarter_limit = 0;  // rule (c): at most this many of 7..12 (0 = no limit)
  T31Closure t31_closure = T31Closure::Ignore;
  int match_target = 0;  // 0 = matches are set by the caller (e.g. Tawla 31: 31)

  BlockCheck block_check = BlockCheck::PerSubmove;

  bool operator==(const Rules&) const = default;

  bool hitting() const { return landing == Landing::Hit; }
  bool has_gammons() const { return gammon_value > 1; }
  bool has_backgammons() const { return backgammon_value > gammon_value; }
  // The winner scores the loser's checkers still on the board (Tawla 31; Mahbusa count31).
  bool counts_checkers_left() const {
    return variant == Variant::Tawla31 ||
           (landing == Landing::Pin && mahbusa_scoring == MahbusaScoring::Count31);
  }
};

// Named presets. backgammon: wbf iran ru_short arab_tawla gr_portes tr_tavla; the other games:
// plakoto tapa mahbusa fevga moultezim longnardy narde ru_sport tawla31.
// A preset may be followed by option overrides: "tawla31,t31_closure=illegal,block_check=end_of_turn".
Result<Rules> rules_preset(std::string_view name);

// Sets one rule option by its rules.md name, e.g. ("runner_threshold", "12"),
// ("head_exception", "general"), ("t31_geometry", "parallel"). Unknown keys, bad values and
// options that do not belong to the game are errors. rule_option_names() lists the keys.
Result<Rules> with_rule_option(Rules rules, std::string_view key, std::string_view value);
std::vector<std::string> rule_option_names();
std::vector<std::string> preset_names();
// The default preset of a variant name (backgammon, plakoto, tawla31, fevga, longnardy and the
// regional aliases tapa, mahbusa, narde, moultezim).
Result<Rules> rules_for_variant(std::string_view variant);

// A variant name and a rules preset together (the CLI's --variant and --rules): the variant
// picks the game, the preset (with option overrides, "longnardy,head_exception=general") a set
// of rules of it. Empty strings mean the default (backgammon, the variant's default preset).
Result<Rules> resolve_rules(const std::string& variant, const std::string& preset);
// One name that is a variant (its default rules) or a rules preset, as a model file or a run's
// configuration records it.
Result<Rules> rules_by_name(const std::string& name);
std::string_view variant_name(Variant v);

// The starting position of the game, mover on roll (first-turn flags set where they matter).
Position start_position(const Rules& rules);

}  // namespace nard
