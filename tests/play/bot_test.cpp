// The bot facade (play/bot.h): the rules, the model (shipped or a file) and the bear-off
// databases set up in one place, and its failures told apart.
#include "play/bot.h"

#include <gtest/gtest.h>

namespace nard {
namespace {

TEST(Bot, MakesTheShippedBotOfEveryGameWithItsBearoffDatabases) {
  BotOptions o;
  o.ply = 2;
  Result<Bot> bg = make_bot(o);
  ASSERT_TRUE(bg) << bg.error().message;
  EXPECT_EQ(bg->rules.variant, Variant::Backgammon);
  EXPECT_EQ(bg->search.ply, 2);
  EXPECT_NE(bg->model_path.find("nard-backgammon-"), std::string::npos) << bg->model_path;
  ASSERT_NE(bg->model->bearoff_database(), nullptr);
  EXPECT_NE(bg->evaluator(), nullptr);

  o.bearoff = BearoffDatabases::None;
  Result<Bot> bare = make_bot(o);
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->model->bearoff_database(), nullptr);

  o = {};
  o.variant = "plakoto";
  Result<Bot> plakoto = make_bot(o);
  ASSERT_TRUE(plakoto) << plakoto.error().message;
  EXPECT_EQ(plakoto->rules.variant, Variant::Plakoto);
  EXPECT_EQ(plakoto->model->bearoff_database(), nullptr);  // another game's bear-off

  o = {};
  o.variant = "longnardy";
  o.rules = "ru_sport";
  Result<Bot> ln = make_bot(o);
  ASSERT_TRUE(ln) << ln.error().message;
  EXPECT_EQ(ln->rules.preset, "ru_sport");
}

TEST(Bot, BadOptionsAreInputErrorsNamingWhatIsWrong) {
  BotOptions o;
  o.variant = "chess";
  BotError why;
  Result<Bot> r = make_bot(o, &why);
  ASSERT_FALSE(r);
  EXPECT_FALSE(why.no_shipped_model);
  EXPECT_NE(r.error().message.find("chess"), std::string::npos) << r.error().message;

  o = {};
  o.rules = "ru_sport";  // a Long Nardy preset without --variant longnardy
  r = make_bot(o, &why);
  ASSERT_FALSE(r);
  EXPECT_FALSE(why.no_shipped_model);

  o = {};
  o.model = "/nonexistent/model.nardnet";
  r = make_bot(o, &why);
  ASSERT_FALSE(r);
  EXPECT_FALSE(why.no_shipped_model);
  EXPECT_NE(r.error().message.find("/nonexistent/model.nardnet"), std::string::npos)
      << r.error().message;

  o.model = NARD_SOURCE_DIR "/models";  // a directory
  r = make_bot(o, &why);
  ASSERT_FALSE(r);
}

}  // namespace
}  // namespace nard
