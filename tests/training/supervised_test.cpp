// The supervised pipeline (training/supervised.h): a tiny run end to end, its files, determinism
// across thread counts and across an interruption, and refused resumes.
#include "training/supervised.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "coach/position_database.h"
#include "coach/position_valuation.h"
#include "formats/position_arg.h"
#include "game/dice.h"
#include "nn/weights_file.h"
#include "training/checkpoint.h"

namespace nard::training {
namespace {

namespace fs = std::filesystem;

fs::path temp_dir(const std::string& name) {
  const fs::path p = fs::temp_directory_path() /
                     ("nard_supervised_test_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(p);
  return p;
}

std::string bytes_of(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A small random backgammon model to start from (the pipeline's teacher is the model itself).
std::string start_model(const fs::path& dir) {
  fs::create_directories(dir);
  const std::string path = (dir / "start.nardnet").string();
  NetWeights w = random_net_weights(Variant::Backgammon, 5);
  EXPECT_FALSE(save_weights(path, w).has_value());
  return path;
}

SupervisedConfig tiny(const fs::path& out, const std::string& init) {
  SupervisedConfig c;
  c.variant = "backgammon";
  c.out_dir = out.string();
  c.init_from = init;
  c.steps = 2;
  c.games_per_step = 6;
  c.ply = 1;
  c.keep = 0.5;
  c.window = 2;
  c.epochs = 2;
  c.chunk_positions = 40;
  c.eval_games = 8;
  c.threads = 2;
  return c;
}

TEST(Supervised, TinyRunWritesEveryFileAndIsDeterministic) {
  const fs::path base = temp_dir("tiny");
  const std::string init = start_model(base);
  SupervisedConfig c = tiny(base / "a", init);
  std::vector<std::string> phases;
  std::string fit;
  ASSERT_FALSE(run_supervised(c, [&](const SupervisedProgress& p) {
                 phases.push_back(p.phase);
                 if (p.phase == "fit" && !p.message.empty()) fit = p.message;
               }).has_value());
  for (const char* f :
       {"config.txt", "first.nardnet", "latest.nardnet", "metrics.csv", "strength.svg",
        "step-0001/report.txt", "step-0001/model.nardnet", "step-0001/positions-0000.npdb",
        "step-0002/report.txt", "step-0002/model.nardnet"})
    EXPECT_TRUE(fs::exists(base / "a" / f)) << f;
  EXPECT_NE(std::find(phases.begin(), phases.end(), "value"), phases.end());
  EXPECT_NE(std::find(phases.begin(), phases.end(), "fit"), phases.end());
  // Chunks are position databases that say how they were made.
  Result<PositionDatabase> db =
      load_position_database((base / "a/step-0001/positions-0000.npdb").string());
  ASSERT_TRUE(db.ok()) << db.error().message;
  EXPECT_EQ(db->target_ply, 1);
  EXPECT_EQ(db->rules, "wbf");
  EXPECT_LE(int(db->records.size()), c.chunk_positions);
  // The fitted model loads; its contact net moved, unless the fit was refused for a worse
  // held-out error (model selection), which the step then says.
  Result<NetWeights> fitted = load_weights((base / "a/latest.nardnet").string());
  ASSERT_TRUE(fitted.ok());
  Result<NetWeights> start = load_weights(init);
  const std::string contact_fit = fit.substr(0, fit.find("; bg-race"));
  const bool contact_kept = contact_fit.find("not kept") == std::string::npos;
  EXPECT_EQ(fitted->nets[0].layers != start->nets[0].layers, contact_kept) << fit;
  EXPECT_NE(fitted->description.find("supervised step 2"), std::string::npos);
  // metrics.csv: one row per step, strength against the previous model.
  const std::string csv = bytes_of(base / "a/metrics.csv");
  EXPECT_NE(csv.find("previous_ppg"), std::string::npos);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3);

  // One thread: the same model, byte for byte.
  SupervisedConfig one = tiny(base / "b", init);
  one.threads = 1;
  ASSERT_FALSE(run_supervised(one, {}).has_value());
  EXPECT_EQ(bytes_of(base / "a/latest.nardnet"), bytes_of(base / "b/latest.nardnet"));

  // Interrupted after step 1 (step 2's report and a chunk lost), then resumed: the same model.
  SupervisedConfig first = tiny(base / "c", init);
  first.steps = 1;
  ASSERT_FALSE(run_supervised(first, {}).has_value());
  SupervisedConfig resumed = tiny(base / "c", init);
  resumed.resume = true;
  ASSERT_FALSE(run_supervised(resumed, {}).has_value());
  EXPECT_EQ(bytes_of(base / "a/latest.nardnet"), bytes_of(base / "c/latest.nardnet"));
  fs::remove(base / "c/step-0002/report.txt");
  fs::remove(base / "c/step-0002/positions-0000.npdb");
  ASSERT_FALSE(run_supervised(resumed, {}).has_value());
  EXPECT_EQ(bytes_of(base / "a/latest.nardnet"), bytes_of(base / "c/latest.nardnet"));
  // The resumed run's metrics go on from the steps before the interruption: the same positions,
  // losses and strength as the straight run, and its seconds adding up from step to step.
  const auto columns = [](const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      std::vector<std::string> cells;
      std::istringstream cs(line);
      for (std::string cell; std::getline(cs, cell, ',');) cells.push_back(cell);
      rows.push_back(cells);
    }
    return rows;
  };
  const auto straight = columns(csv), again = columns(bytes_of(base / "c/metrics.csv"));
  ASSERT_EQ(straight.size(), 3u);
  ASSERT_EQ(again.size(), 3u);
  for (size_t row = 1; row < 3; ++row) {
    ASSERT_EQ(again[row].size(), straight[row].size());
    for (size_t col = 0; col < straight[row].size(); ++col) {
      if (straight[0][col] != "seconds") {
        EXPECT_EQ(again[row][col], straight[row][col]) << straight[0][col];
      }
    }
    if (row > 1) { EXPECT_GE(std::stod(again[row][1]), std::stod(again[row - 1][1])); }
  }
  fs::remove_all(base);
}

// --play-groups K: the step's sample is play groups, written whole (a chunk holds whole groups, its
// header says K); the fit reports its held-out groups' choice loss, the ranking term changes the
// fit, and the run is the same on any thread count.
TEST(Supervised, PlayGroupsAreWrittenWholeAndTheRankingTermActs) {
  const fs::path base = temp_dir("groups");
  const std::string init = start_model(base);
  SupervisedConfig c = tiny(base / "a", init);
  c.steps = 1;
  c.eval_games = 0;
  c.play_groups = 3;
  c.rank_weight = 2;
  c.epochs = 4;
  c.learning_rate = 1e-2;  // a random net's fit: kept whatever the term (the held-out error falls)
  std::string fit;
  ASSERT_FALSE(run_supervised(c, [&](const SupervisedProgress& p) {
                 if (p.phase == "fit" && !p.message.empty()) fit = p.message;
               }).has_value());
  int chunks = 0;
  size_t records = 0;
  for (;; ++chunks) {
    char name[32];
    std::snprintf(name, sizeof name, "positions-%04d.npdb", chunks);
    if (!fs::exists(base / "a/step-0001" / name)) break;
    Result<PositionDatabase> db = load_position_database((base / "a/step-0001" / name).string());
    ASSERT_TRUE(db.ok()) << db.error().message;
    EXPECT_EQ(db->play_group, 3);
    EXPECT_LE(db->records.size(), 39u);  // --chunk 40 rounded down to whole groups
    records += db->records.size();
  }
  EXPECT_GT(chunks, 1);
  EXPECT_GT(records, 30u);
  EXPECT_NE(fit.find("held-out play groups"), std::string::npos) << fit;
  EXPECT_NE(bytes_of(base / "a/step-0001/report.txt").find("held_out_choice_after"),
            std::string::npos);
  Result<NetWeights> fitted = load_weights((base / "a/latest.nardnet").string());
  ASSERT_TRUE(fitted.ok());
  EXPECT_NE(fitted->description.find("ranking term 2 over play groups of 3"), std::string::npos)
      << fitted->description;

  SupervisedConfig one = c;
  one.out_dir = (base / "b").string();
  one.threads = 1;
  ASSERT_FALSE(run_supervised(one, {}).has_value());
  EXPECT_EQ(bytes_of(base / "a/latest.nardnet"), bytes_of(base / "b/latest.nardnet"));
  EXPECT_EQ(bytes_of(base / "a/step-0001/positions-0000.npdb"),
            bytes_of(base / "b/step-0001/positions-0000.npdb"));

  // Without the ranking term, the same groups (held out and batched alike) fit to other weights.
  SupervisedConfig plain = one;
  plain.out_dir = (base / "c").string();
  plain.rank_weight = 0;
  std::string plain_fit;
  ASSERT_FALSE(run_supervised(plain, [&](const SupervisedProgress& p) {
                 if (p.phase == "fit" && !p.message.empty()) plain_fit = p.message;
               }).has_value());
  EXPECT_EQ(bytes_of(base / "a/step-0001/positions-0000.npdb"),
            bytes_of(base / "c/step-0001/positions-0000.npdb"));
  // The contact fits (the figures of the fitted nets, kept or not) differ.
  const auto contact = [](const std::string& m) { return m.substr(0, m.find("; bg-race")); };
  EXPECT_NE(contact(plain_fit), contact(fit)) << plain_fit << "\n" << fit;

  // Refused: a group of one play, groups beside alternatives or a focus.
  for (const auto& change : std::vector<std::function<void(SupervisedConfig&)>>{
           [](SupervisedConfig& x) { x.play_groups = 1; },
           [](SupervisedConfig& x) { x.alternatives = 2; },
           [](SupervisedConfig& x) { x.focus = 0.5; },
           [](SupervisedConfig& x) { x.rank_weight = -1; }}) {
    SupervisedConfig bad = one;
    bad.out_dir = (base / "bad").string();
    change(bad);
    EXPECT_TRUE(run_supervised(bad, {}).has_value());
    EXPECT_FALSE(fs::exists(base / "bad/config.txt"));
  }
  fs::remove_all(base);
}

// The records of every chunk of a step directory, in order.
std::vector<PositionRecord> step_records(const fs::path& step) {
  std::vector<PositionRecord> all;
  for (int k = 0;; ++k) {
    char name[32];
    std::snprintf(name, sizeof name, "positions-%04d.npdb", k);
    if (!fs::exists(step / name)) break;
    Result<PositionDatabase> db = load_position_database((step / name).string());
    EXPECT_TRUE(db.ok()) << db.error().message;
    if (!db) break;
    all.insert(all.end(), db->records.begin(), db->records.end());
  }
  return all;
}

// --focus F: of the same sample, the fraction F where the net's 0-ply and 1-ply differ most, in
// sample order; the same positions with any thread count.
TEST(Supervised, FocusKeepsThePositionsWhereZeroAndOnePlyDifferMost) {
  const fs::path base = temp_dir("focus");
  const std::string init = start_model(base);
  SupervisedConfig all = tiny(base / "all", init);
  all.steps = 1;
  all.eval_games = 0;
  all.bearoff_database = false;
  ASSERT_FALSE(run_supervised(all, {}).has_value());
  SupervisedConfig focus = all;
  focus.out_dir = (base / "focus").string();
  focus.focus = 0.25;
  ASSERT_FALSE(run_supervised(focus, {}).has_value());
  const std::vector<PositionRecord> every = step_records(base / "all/step-0001");
  const std::vector<PositionRecord> kept = step_records(base / "focus/step-0001");
  ASSERT_GT(every.size(), 20u);
  EXPECT_EQ(kept.size(), size_t(std::llround(0.25 * double(every.size()))));

  // The 1-ply targets are the deep values; the 0-ply ones from the start model.
  Result<Rules> rules = rules_preset("wbf");
  Result<NetWeights> w = load_weights(init);
  ASSERT_TRUE(rules.ok() && w.ok());
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::create(*rules, *w);
  ASSERT_TRUE(model.ok());
  std::vector<Position> positions;
  for (const PositionRecord& r : every) positions.push_back(r.position);
  std::vector<Probabilities> flat(positions.size());
  ValuationConfig vc;
  vc.ply = 0;
  vc.threads = 1;
  value_positions(*model, positions, vc, flat);
  std::vector<float> gap(every.size());
  for (size_t i = 0; i < every.size(); ++i)
    gap[i] = std::fabs(cubeless_equity(every[i].target, *rules) - cubeless_equity(flat[i], *rules));
  // Kept: a subsequence of the sample, the same targets, and no dropped position differs more.
  size_t j = 0;
  float least_kept = 1e9f;
  std::vector<bool> is_kept(every.size(), false);
  for (const PositionRecord& r : kept) {
    while (j < every.size() && !(every[j].position == r.position)) ++j;
    ASSERT_LT(j, every.size()) << "a kept position is not in the sample, or out of order";
    EXPECT_EQ(every[j].target, r.target);
    is_kept[j] = true;
    least_kept = std::min(least_kept, gap[j]);
    ++j;
  }
  for (size_t i = 0; i < every.size(); ++i) {
    if (!is_kept[i]) { EXPECT_LE(gap[i], least_kept) << i; }
  }

  SupervisedConfig one = focus;
  one.out_dir = (base / "one").string();
  one.threads = 1;
  ASSERT_FALSE(run_supervised(one, {}).has_value());
  EXPECT_EQ(step_records(base / "one/step-0001"), kept);
  fs::remove_all(base);
}

// A fresh, deeper net fitted to the positions of another run (--fresh-nets --positions-from).
TEST(Supervised, FreshDeeperNetFromAnotherRunsPositions) {
  const fs::path base = temp_dir("fresh");
  const std::string init = start_model(base);
  SupervisedConfig a = tiny(base / "a", init);
  a.steps = 1;
  a.eval_games = 0;
  ASSERT_FALSE(run_supervised(a, {}).has_value());
  SupervisedConfig b = tiny(base / "b", init);
  b.steps = 1;
  b.eval_games = 0;
  b.games_per_step = 2;
  b.hidden = {12, 6};
  b.fresh_nets = true;
  b.extra_positions = {(base / "a").string()};
  std::string fit;
  ASSERT_FALSE(run_supervised(b, [&](const SupervisedProgress& p) {
                 if (p.phase == "fit" && !p.message.empty()) fit = p.message;
               }).has_value());
  Result<NetWeights> w = load_weights((base / "b/latest.nardnet").string());
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(w->nets[0].hidden_sizes(), (std::vector<int>{12, 6}));
  Result<NetWeights> start = load_weights(init);
  EXPECT_EQ(w->nets[1].hidden_sizes(), start->nets[1].hidden_sizes());  // no shape asked: kept
  // The fit saw run a's positions besides its own few.
  Result<PositionDatabase> own =
      load_position_database((base / "b/step-0001/positions-0000.npdb").string());
  ASSERT_TRUE(own.ok());
  const long long fitted = std::stoll(fit.substr(fit.find(": ") + 2));
  EXPECT_GT(fitted, (long long)own->records.size()) << fit;
  // A database of another rules preset is refused.
  SupervisedConfig c = b;
  c.out_dir = (base / "c").string();
  c.variant = "iran";
  auto wrong = run_supervised(c, {});
  ASSERT_TRUE(wrong.has_value());
  EXPECT_NE(wrong->message.find("rules preset"), std::string::npos) << wrong->message;
  fs::remove_all(base);
}

// --contact-inputs bg-contact2: the starting model's contact net grows into a bg-contact2 net,
// which the step fits and the next model holds; another encoder or another game is refused.
TEST(Supervised, ContactNetGrowsIntoContact2Inputs) {
  const fs::path base = temp_dir("contact2");
  // A contact net sure that the side on roll wins: its 1-ply (the side off roll wins) is far from
  // its 0-ply, so the fit has something to learn and is kept.
  fs::create_directories(base);
  const std::string init = (base / "sure.nardnet").string();
  NetWeights sure = random_net_weights(Variant::Backgammon, 5);
  sure.nets[0].layers.back().bias[0] += 4.0f;
  ASSERT_FALSE(save_weights(init, sure).has_value());
  SupervisedConfig c = tiny(base / "run", init);
  c.steps = 1;
  c.eval_games = 4;
  c.contact_inputs = "bg-contact2";
  std::string fit;
  ASSERT_FALSE(run_supervised(c, [&](const SupervisedProgress& p) {
                 if (p.phase == "fit" && !p.message.empty()) fit = p.message;
               }).has_value());
  EXPECT_EQ(fit.find("not kept"), std::string::npos) << fit;
  Result<NetWeights> w = load_weights((base / "run/latest.nardnet").string());
  ASSERT_TRUE(w.ok()) << w.error().message;
  const MlpWeights* contact = w->net_for(EncoderId::BackgammonContact);
  ASSERT_NE(contact, nullptr);
  EXPECT_EQ(contact->encoder, EncoderId::BackgammonContact2);
  // The fit gave the new inputs weight (they start at zero).
  const DenseLayer& first = contact->layers.front();
  double extra = 0;
  for (int o = 0; o < first.outputs; ++o)
    for (int i = encoder_inputs(EncoderId::BackgammonContact); i < first.inputs; ++i)
      extra += std::abs(first.weight[size_t(o) * first.inputs + i]);
  EXPECT_GT(extra, 0.0) << fit;
  EXPECT_EQ(w->net_for(EncoderId::BackgammonRace)->encoder, EncoderId::BackgammonRace);
  EXPECT_NE(bytes_of(base / "run/config.txt").find("contact_inputs bg-contact2"),
            std::string::npos);
  // A second run may start from the bg-contact2 model (no growing left to do).
  SupervisedConfig again = tiny(base / "again", (base / "run/latest.nardnet").string());
  again.steps = 1;
  again.eval_games = 0;
  again.contact_inputs = "bg-contact2";
  ASSERT_FALSE(run_supervised(again, {}).has_value());
  SupervisedConfig wrong = tiny(base / "wrong", init);
  wrong.contact_inputs = "bg-race";
  auto refused = run_supervised(wrong, {});
  ASSERT_TRUE(refused.has_value());
  EXPECT_NE(refused->message.find("--contact-inputs"), std::string::npos) << refused->message;
  fs::remove_all(base);
}

// --fit-only race: the race net is fitted (here to a database of race positions), the contact
// net keeps the starting model's weights bit for bit; the setting is part of the run's identity.
TEST(Supervised, FitOnlyRaceLeavesTheContactNetAsItWas) {
  const fs::path base = temp_dir("fit_only");
  const std::string init = start_model(base);
  const Rules rules = *rules_preset("wbf");
  PositionDatabase races;
  races.rules = "wbf";
  races.target_ply = 1;
  races.model = "made up";
  Rng rng(11);
  for (int k = 0; k < 200; ++k) {
    // x's fifteen checkers on its points 1..12, o's on x's points 13..24: no contact left.
    std::string text = "x";
    std::array<int, 25> x{}, o{};
    for (int i = 0; i < 15; ++i) ++x[size_t(1 + rng.below(12))], ++o[size_t(13 + rng.below(12))];
    for (int pt = 1; pt <= 12; ++pt)
      if (x[size_t(pt)]) text += " " + std::to_string(pt) + ":" + std::to_string(x[size_t(pt)]);
    text += "; o";
    for (int pt = 13; pt <= 24; ++pt)
      if (o[size_t(pt)]) text += " " + std::to_string(pt) + ":" + std::to_string(o[size_t(pt)]);
    Result<Position> p = parse_position_arg(text, rules);
    ASSERT_TRUE(p) << text;
    ASSERT_TRUE(p->is_race()) << text;
    races.records.push_back({*p, Probabilities{0.9f, 0.0f, 0.0f, 0.0f, 0.0f}});
  }
  ASSERT_FALSE(save_position_database((base / "races.npdb").string(), races));
  Result<NetWeights> start = load_weights(init);
  ASSERT_TRUE(start.ok());
  std::vector<int> wider = start->net_for(EncoderId::BackgammonRace)->hidden_sizes();
  wider.back() += 4;  // the race net's own shape option applies (net2net widening)
  SupervisedConfig c = tiny(base / "run", init);
  c.steps = 1;
  c.eval_games = 0;
  c.extra_positions = {(base / "races.npdb").string()};
  c.fit_only = "race";
  c.race_hidden = wider;
  std::string fit;
  ASSERT_FALSE(run_supervised(c, [&](const SupervisedProgress& p) {
                 if (p.phase == "fit" && !p.message.empty()) fit = p.message;
               }).has_value());
  EXPECT_EQ(fit.find("contact"), std::string::npos) << fit;
  EXPECT_EQ(fit.find("not kept"), std::string::npos) << fit;
  Result<NetWeights> w = load_weights((base / "run/latest.nardnet").string());
  ASSERT_TRUE(w.ok()) << w.error().message;
  EXPECT_TRUE(*w->net_for(EncoderId::BackgammonContact) ==
              *start->net_for(EncoderId::BackgammonContact));
  EXPECT_FALSE(*w->net_for(EncoderId::BackgammonRace) == *start->net_for(EncoderId::BackgammonRace))
      << fit;
  EXPECT_EQ(w->net_for(EncoderId::BackgammonRace)->hidden_sizes(), wider);
  EXPECT_NE(bytes_of(base / "run/config.txt").find("fit_only race"), std::string::npos);
  // The contact net's shape options with --fit-only race are refused (and the race net's with contact).
  SupervisedConfig shaped = tiny(base / "shaped", init);
  shaped.fit_only = "race";
  shaped.hidden = {12};
  auto shape_refused = run_supervised(shaped, {});
  ASSERT_TRUE(shape_refused.has_value());
  EXPECT_NE(shape_refused->message.find("--hidden"), std::string::npos) << shape_refused->message;
  shaped.fit_only = "contact";
  shaped.hidden = {};
  shaped.race_hidden = {12};
  shape_refused = run_supervised(shaped, {});
  ASSERT_TRUE(shape_refused.has_value());
  EXPECT_NE(shape_refused->message.find("--race-hidden"), std::string::npos)
      << shape_refused->message;
  // Only backgammon has two nets to choose from.
  SupervisedConfig plakoto = tiny(base / "pl", init);
  plakoto.variant = "plakoto";
  plakoto.fit_only = "race";
  auto refused = run_supervised(plakoto, {});
  ASSERT_TRUE(refused.has_value());
  EXPECT_NE(refused->message.find("--fit-only"), std::string::npos) << refused->message;
  fs::remove_all(base);
}

TEST(Supervised, RefusesWhatCannotBeRight) {
  const fs::path base = temp_dir("refuse");
  const std::string init = start_model(base);
  SupervisedConfig c = tiny(base / "run", init);
  c.steps = 1;
  c.eval_games = 0;
  ASSERT_FALSE(run_supervised(c, {}).has_value());
  // The same directory without --resume, and a resume with other settings.
  auto again = run_supervised(c, {});
  ASSERT_TRUE(again.has_value());
  EXPECT_NE(again->message.find("--resume"), std::string::npos);
  SupervisedConfig other = c;
  other.resume = true;
  other.ply = 2;
  auto mismatch = run_supervised(other, {});
  ASSERT_TRUE(mismatch.has_value());
  EXPECT_NE(mismatch->message.find("other settings"), std::string::npos);
  // Resuming where there is no run; a model of another game; no model.
  SupervisedConfig none = tiny(base / "nothing", init);
  none.resume = true;
  EXPECT_TRUE(run_supervised(none, {}).has_value());
  SupervisedConfig plakoto = tiny(base / "pl", init);
  plakoto.variant = "plakoto";
  auto wrong_game = run_supervised(plakoto, {});
  ASSERT_TRUE(wrong_game.has_value());
  EXPECT_NE(wrong_game->message.find("another game"), std::string::npos);
  SupervisedConfig no_model = tiny(base / "nm", "");
  EXPECT_TRUE(run_supervised(no_model, {}).has_value());
  SupervisedConfig bad_ply = tiny(base / "bp", init);
  bad_ply.ply = 0;
  EXPECT_TRUE(run_supervised(bad_ply, {}).has_value());
  SupervisedConfig no_focus = tiny(base / "nf", init);
  no_focus.focus = 0;
  auto nothing_kept = run_supervised(no_focus, {});
  ASSERT_TRUE(nothing_kept.has_value());
  EXPECT_NE(nothing_kept->message.find("--focus"), std::string::npos);
  SupervisedConfig refocused = c;
  refocused.resume = true;
  refocused.focus = 0.5;
  auto focus_changed = run_supervised(refocused, {});
  ASSERT_TRUE(focus_changed.has_value());
  EXPECT_NE(focus_changed->message.find("other settings"), std::string::npos);
  // A final learning rate above the first; a resume that adds an annealing the run did not have.
  SupervisedConfig rising = tiny(base / "lr", init);
  rising.final_learning_rate = rising.learning_rate * 2;
  auto rises = run_supervised(rising, {});
  ASSERT_TRUE(rises.has_value());
  EXPECT_NE(rises->message.find("--lr-final"), std::string::npos);
  SupervisedConfig annealed = c;
  annealed.resume = true;
  annealed.final_learning_rate = c.learning_rate / 10;
  auto schedule_changed = run_supervised(annealed, {});
  ASSERT_TRUE(schedule_changed.has_value());
  EXPECT_NE(schedule_changed->message.find("other settings"), std::string::npos);
  fs::remove_all(base);
}

}  // namespace
}  // namespace nard::training
