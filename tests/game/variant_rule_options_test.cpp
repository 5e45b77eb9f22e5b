// Rule options by their rules.md names (game/rules.h with_rule_option, and "preset,key=value"
// in rules_preset): every flag rules.md names for the other games, its recommended default, and
// clear errors for unknown keys, bad values and options of another game.
#include <gtest/gtest.h>

#include "game/rules.h"

namespace nard {
namespace {

Rules preset(std::string_view spec) {
  Result<Rules> r = rules_preset(spec);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Rules{};
}

std::string error_of(std::string_view spec) {
  Result<Rules> r = rules_preset(spec);
  EXPECT_FALSE(r.ok()) << spec << " should be rejected";
  return r.ok() ? "" : r.error().message;
}

TEST(VariantRuleOptions, RecommendedDefaults) {
  const Rules plakoto = preset("plakoto");
  EXPECT_EQ(plakoto.mother_pin_points, 2);
  EXPECT_TRUE(plakoto.pinned_blocks_bearoff);
  EXPECT_EQ(plakoto.mahbusa_scoring, MahbusaScoring::Plakoto);
  EXPECT_EQ(plakoto.opening, Opening::Reroll);
  EXPECT_TRUE(plakoto.previous_winner_starts);
  EXPECT_FALSE(plakoto.cube);

  const Rules nardy = preset("longnardy");
  EXPECT_EQ(nardy.head_limit, 1);
  EXPECT_EQ(nardy.head_exception, HeadException::Narrow);
  EXPECT_EQ(nardy.head_exception_rolls, (1 << 6) | (1 << 4) | (1 << 3));
  EXPECT_EQ(nardy.six_block, SixBlock::AheadRule);
  EXPECT_EQ(nardy.ln_triple, LnTriple::None);
  EXPECT_EQ(nardy.block_check, BlockCheck::PerSubmove);
  EXPECT_EQ(nardy.opening, Opening::Reroll);

  const Rules fevga = preset("fevga");
  EXPECT_EQ(fevga.lead_rule, LeadRule::Runner);
  EXPECT_EQ(fevga.lead_threshold, 11);  // runner_threshold
  EXPECT_TRUE(fevga.fevga_start_quarter);
  EXPECT_TRUE(fevga.fevga_unblock);
  EXPECT_EQ(fevga.moultezim_opp_quarter_limit, 0);
  EXPECT_EQ(preset("moultezim").moultezim_opp_quarter_limit, 4);

  const Rules tawla = preset("tawla31");
  EXPECT_EQ(tawla.geometry, Geometry::Contrary);  // t31_geometry
  EXPECT_EQ(tawla.t31_closure, T31Closure::Win);
  EXPECT_EQ(tawla.lead_rule, LeadRule::Lead);
  EXPECT_EQ(tawla.lead_threshold, 6);
  EXPECT_TRUE(tawla.counts_checkers_left());
  EXPECT_EQ(tawla.match_target, 31);
}

TEST(VariantRuleOptions, Overrides) {
  EXPECT_EQ(preset("fevga,runner_threshold=12").lead_threshold, 12);
  EXPECT_EQ(preset("longnardy,head_exception=general").head_exception, HeadException::General);
  EXPECT_EQ(preset("longnardy,head_exception_rolls=64").head_exception_rolls, (1 << 6) | (1 << 4));
  EXPECT_EQ(preset("longnardy,ln_triple=koks_first_quarter").ln_triple, LnTriple::KoksFirstQuarter);
  EXPECT_EQ(preset("longnardy,six_block=allow").six_block, SixBlock::None);
  EXPECT_EQ(preset("tawla31,t31_closure=ignore").t31_closure, T31Closure::Ignore);
  const Rules parallel = preset("tawla31,t31_geometry=parallel");
  EXPECT_EQ(parallel.geometry, Geometry::Parallel);
  EXPECT_EQ(parallel.lead_threshold, 12);
  const Rules count31 = preset("mahbusa,mahbusa_scoring=count31");
  EXPECT_TRUE(count31.counts_checkers_left());
  EXPECT_EQ(count31.match_target, 31);
  EXPECT_EQ(preset("plakoto,mother_pin_points=3").mother_pin_points, 3);
  EXPECT_FALSE(preset("plakoto,pinned_blocks_bearoff=false").pinned_blocks_bearoff);
  EXPECT_EQ(preset("fevga,block_check=end_of_turn").block_check, BlockCheck::EndOfTurn);
  EXPECT_EQ(preset("plakoto,opening=both,previous_winner_starts=no").opening, Opening::Both);
  EXPECT_EQ(preset("longnardy,opening_starter=low").opening_starter, OpeningStarter::Low);
  // Several options, and the preset string names them all.
  const Rules both = preset("tawla31,t31_closure=illegal,block_check=end_of_turn");
  EXPECT_EQ(both.t31_closure, T31Closure::Illegal);
  EXPECT_EQ(both.block_check, BlockCheck::EndOfTurn);
  EXPECT_EQ(both.preset, "tawla31,t31_closure=illegal,block_check=end_of_turn");
}

TEST(VariantRuleOptions, Errors) {
  EXPECT_NE(error_of("fevga,colour=red").find("unknown rule option 'colour'"), std::string::npos);
  EXPECT_NE(error_of("fevga,runner_threshold=13").find("expected a number 11..12"),
            std::string::npos);
  EXPECT_NE(error_of("tawla31,t31_closure=maybe").find("expected one of win, illegal, ignore"),
            std::string::npos);
  EXPECT_NE(
      error_of("plakoto,runner_threshold=12").find("applies to fevga, moultezim, not to plakoto"),
      std::string::npos);
  EXPECT_NE(error_of("fevga,t31_geometry=parallel").find("applies to tawla31"), std::string::npos);
  EXPECT_NE(error_of("fevga,runner_threshold").find("is not KEY=VALUE"), std::string::npos);
  EXPECT_NE(error_of("nope,a=b").find("unknown rules preset 'nope'"), std::string::npos);
  // Every option is listed with its values.
  bool found = false;
  for (const std::string& s : rule_option_names()) found |= s.rfind("head_exception=", 0) == 0;
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace nard
