#include "tools/position_arg.h"

#include "engine/notation.h"

namespace nard::tools {

Result<Position> parse_position_arg(std::string_view text, const Rules& rules) {
  if (text.empty()) return make_error("empty POSITION");
  if (text[0] == 'x' || text[0] == 'o') {
    Result<Position> p = parse_notation(text, rules.geometry);
    if (!p) return p;
    if (rules.variant == Variant::LongNardy) return p;
    Position q = *p;
    q.set_mover_first_turn(false);
    q.set_opp_first_turn(false);
    return q;
  }
  return make_error("POSITION '" + std::string(text) +
                    "' is not a Position ID, Position ID:Match ID, XGID or our notation");
}

Result<Rules> resolve_rules(const std::string& variant, const std::string& preset) {
  if (variant.empty() && !preset.empty()) return rules_preset(preset);
  Result<Rules> base = rules_for_variant(variant.empty() ? "backgammon" : variant);
  if (!base || preset.empty()) return base;
  Result<Rules> r = rules_preset(preset);
  if (!r) return r;
  if (r->variant != base->variant)
    return make_error("rules preset '" + preset + "' is for " + std::string(variant_name(r->variant)) +
                      ", not " + std::string(variant_name(base->variant)));
  return r;
}

}  // namespace nard::tools
