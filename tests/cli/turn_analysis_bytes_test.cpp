// The bytes a rank sends for each turn it analysed (play/turn_analysis_bytes.h): a match analysed
// at 0 ply, every turn's computed fields cleared and read back from its bytes, gives the same
// report; cut bytes are refused.
#include "play/turn_analysis_bytes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "api/analysis_document.h"
#include "formats/mat_file.h"
#include "nn/model_path.h"
#include "tests/support/cli_runner.h"

namespace nard {
namespace {

MatchAnalysis analysed(const std::string& file) {
  const std::string text =
      testing_support::slurp_file(std::string(NARD_SOURCE_DIR) + "/tests/data/matches/" + file);
  const MatchRecord record = read_mat(text).value();
  const Rules rules = rules_preset("wbf").value();
  std::map<Variant, std::shared_ptr<const NeuralModel>> models;
  models[Variant::Backgammon] =
      NeuralModel::load(rules, default_model_path(Variant::Backgammon).value()).value();
  static const MatchEquityTable met =
      MatchEquityTable::load(MatchEquityTable::default_path()).value();
  AnalysisConfig config;
  config.ply = 0;
  config.threads = 1;
  Result<MatchAnalysis> m = analyse_match(record, config, analysis_evaluators(models),
                                          record.match_length > 0 ? &met : nullptr);
  EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
  return *m;
}

TEST(TurnAnalysisBytes, EveryTurnReadsBackAsAnalysed) {
  for (const std::string file : {"gnubg_3p_seed42.mat", "beaver_money.mat"}) {
    const MatchAnalysis m = analysed(file);
    MatchAnalysis copy = m;
    int cubes = 0, plays = 0, lucks = 0;
    for (GameAnalysis& g : copy.games)
      for (TurnAnalysis& t : g.turns) {
        ByteWriter w;
        put_turn_result(w, t);
        const std::string bytes = w.take();
        cubes += t.cube.has_value();
        plays += t.play.has_value();
        lucks += t.luck.has_value();
        t.cube.reset();
        t.play.reset();
        t.luck = t.luck_cost = std::nullopt;
        t.luck_mark = LuckMark::None;
        t.p0_win = t.p0_mwc = 0.5;
        ByteReader in(bytes);
        ASSERT_TRUE(get_turn_result(in, t)) << file;
        EXPECT_TRUE(in.at_end());
        // Every shorter prefix is refused.
        for (size_t n = 0; n < bytes.size(); n += 7) {
          const std::string cut = bytes.substr(0, n);
          ByteReader short_in(cut);
          TurnAnalysis scratch;
          EXPECT_FALSE(get_turn_result(short_in, scratch)) << file << " cut at " << n;
        }
      }
    EXPECT_GT(cubes, 0) << file;
    EXPECT_GT(plays, 0) << file;
    EXPECT_GT(lucks, 0) << file;
    EXPECT_EQ(api::analysis_document(copy).dump(1), api::analysis_document(m).dump(1)) << file;
    for (size_t g = 0; g < m.games.size(); ++g)
      for (size_t k = 0; k < m.games[g].turns.size(); ++k) {
        const TurnAnalysis &a = m.games[g].turns[k], &b = copy.games[g].turns[k];
        ASSERT_EQ(a.cube.has_value(), b.cube.has_value());
        if (a.cube) {
          EXPECT_EQ(a.cube->decision.cannot_double_reason, b.cube->decision.cannot_double_reason);
          EXPECT_EQ(a.cube->decision.take_point, b.cube->decision.take_point);
          EXPECT_EQ(a.cube->optimal, b.cube->optimal);
        }
        ASSERT_EQ(a.play.has_value(), b.play.has_value());
        if (a.play) {
          ASSERT_EQ(a.play->options.size(), b.play->options.size());
          for (size_t i = 0; i < a.play->options.size(); ++i) {
            EXPECT_EQ(a.play->options[i].move, b.play->options[i].move);
            EXPECT_EQ(a.play->options[i].after, b.play->options[i].after);
            EXPECT_EQ(a.play->options[i].value.equity, b.play->options[i].value.equity);
          }
        }
        EXPECT_EQ(std::isnan(a.p0_win), std::isnan(b.p0_win));
      }
  }
}

}  // namespace
}  // namespace nard
