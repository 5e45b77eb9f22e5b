// Recipe files (training/recipe/recipe.h): the shipped ones parse and fit their games; bad input
// is refused with a message naming the key and where it is.
#include "training/recipe/recipe.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "game/rules.h"

namespace nard::training {
namespace {

namespace fs = std::filesystem;

const char* kGood = R"({
  // a comment
  "format": "nard-recipe", "version": 1, "game": "fevga", "seed": 5,
  "measure": {"vs": ["heuristic"], "games": 101, "seed": 3},
  "stages": [
    {"name": "td", "kind": "td", "games": 1000, "hidden": [32], "lr": 0.001},
    {"name": "sv", "kind": "supervised", "ply": 1, "steps": 2, "games_per_step": 10,
     "seed": 77, "lr_final": 1e-5}
  ]
})";

std::string with(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

std::string error_of(const std::string& text) {
  Result<Recipe> r = parse_recipe(text, "r.json");
  EXPECT_FALSE(r) << text;
  return r ? "" : r.error().message;
}

TEST(Recipe, ParsesStagesWithTheirSettingsAndSeeds) {
  Result<Recipe> r = parse_recipe(kGood, "r.json");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->game, "fevga");
  ASSERT_EQ(r->stages.size(), 2u);
  EXPECT_EQ(r->stages[0].kind, StageKind::Td);
  EXPECT_EQ(r->stages[0].td.games, 1000);
  EXPECT_EQ(r->stages[0].td.hidden, std::vector<int>{32});
  EXPECT_EQ(r->stages[0].seed, 6u);  // the recipe's seed + 1
  EXPECT_EQ(r->stages[0].td.seed, 6u);
  EXPECT_EQ(r->stages[1].kind, StageKind::Supervised);
  EXPECT_EQ(r->stages[1].supervised.ply, 1);
  EXPECT_EQ(r->stages[1].supervised.seed, 77u);
  EXPECT_DOUBLE_EQ(r->stages[1].supervised.final_learning_rate, 1e-5);
  EXPECT_EQ(r->stages[1].self_play_games(), 20);
  EXPECT_EQ(r->measure.games, 102);  // rounded up to pairs
  EXPECT_EQ(r->measure.vs, std::vector<std::string>{"heuristic"});
}

TEST(Recipe, TheIdentityChangesWithEverySettingThatChangesResults) {
  const std::string base = recipe_identity(*parse_recipe(kGood, "r"));
  EXPECT_EQ(base, recipe_identity(*parse_recipe(with(kGood, "// a comment", ""), "r")));
  EXPECT_NE(base,
            recipe_identity(*parse_recipe(with(kGood, "\"lr\": 0.001", "\"lr\": 0.002"), "r")));
  EXPECT_NE(base, recipe_identity(*parse_recipe(with(kGood, "\"seed\": 77", "\"seed\": 78"), "r")));
  EXPECT_NE(base,
            recipe_identity(*parse_recipe(with(kGood, "\"games\": 101", "\"games\": 200"), "r")));
}

TEST(Recipe, BadInputNamesTheKeyAndWhere) {
  EXPECT_EQ(error_of(with(kGood, "\"lr\": 0.001", "\"lr\": 0.001, \"window_size\": 3")),
            "r.json: stages[0] 'td': unknown key 'window_size'");
  EXPECT_EQ(error_of(with(kGood, "\"games\": 1000, ", "")),
            "r.json: stages[0] 'td': missing 'games'");
  EXPECT_EQ(error_of(with(kGood, "\"lr\": 0.001", "\"lr\": -1")),
            "r.json: stages[0] 'td': 'lr' must be in (0, 10], not -1");
  EXPECT_EQ(error_of(with(kGood, "\"ply\": 1", "\"ply\": 4")),
            "r.json: stages[1] 'sv': 'ply' must be in [1, 3], not 4");
  EXPECT_EQ(error_of(with(kGood, "\"games\": 1000", "\"games\": \"many\"")),
            "r.json: stages[0] 'td': 'games' must be a whole number");
  EXPECT_EQ(error_of(with(kGood, "\"kind\": \"td\"", "\"kind\": \"tdl\"")),
            "r.json: stages[0] 'td': 'kind' must be one of td, supervised, race_refit, distill, "
            "not 'tdl'");
  EXPECT_EQ(error_of(with(kGood, "\"seed\": 5", "\"seed\": 5, \"sead\": 1")),
            "r.json: unknown key 'sead'");
  EXPECT_EQ(error_of(with(kGood, "\"game\": \"fevga\", ", "")), "r.json: missing 'game'");
  EXPECT_NE(error_of(with(kGood, "\"game\": \"fevga\"", "\"game\": \"chess\"")).find("'game'"),
            std::string::npos);
  EXPECT_EQ(error_of(with(kGood, "\"vs\": [\"heuristic\"]", "\"vs\": [\"pubeval\"]")),
            "r.json: 'measure': 'vs' lists 'pubeval', which plays backgammon only, not fevga");
  EXPECT_EQ(error_of(with(kGood, "\"name\": \"sv\"", "\"name\": \"td\"")),
            "r.json: stages[1] 'td': two stages are named 'td'");
  EXPECT_EQ(error_of(with(kGood, "\"lr_final\": 1e-5}",
                          "\"lr_final\": 1e-5}, {\"name\": \"r\", \"kind\": \"race_refit\"}")),
            "r.json: stages[2] 'r': a race_refit stage needs backgammon's bear-off database, which "
            "fevga does not have");
  EXPECT_NE(error_of(with(kGood,
                          "{\"name\": \"td\", \"kind\": \"td\", \"games\": 1000, "
                          "\"hidden\": [32], \"lr\": 0.001},",
                          ""))
                .find("the first stage must be td"),
            std::string::npos);

  EXPECT_NE(error_of("{\"format\": \"nard-recipe\",").find("not a valid recipe"),
            std::string::npos);
  EXPECT_EQ(error_of(with(kGood, "\"version\": 1", "\"version\": 2")),
            "r.json: 'version' must be in [1, 1], not 2");
}

// Every recipe in recipes/ parses, names a game, and its stages fit that game.
TEST(Recipe, TheShippedRecipesParse) {
  const fs::path dir = fs::path(NARD_SOURCE_DIR) / "recipes";
  int count = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    ++count;
    Result<Recipe> r = load_recipe(entry.path().string());
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_TRUE(rules_by_name(r->game)) << entry.path();
    Result<std::string> found = find_recipe(entry.path().stem().string());
    ASSERT_TRUE(found) << found.error().message;
  }
  EXPECT_GE(count, 5);
  EXPECT_FALSE(find_recipe("no-such-game"));
}

}  // namespace
}  // namespace nard::training
