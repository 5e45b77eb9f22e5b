#include "training/recipe/recipe.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>

#include "core/read_file.h"
#include "game/rules.h"

namespace nard::training {

namespace fs = std::filesystem;
using json = nlohmann::json;

std::string_view stage_kind_name(StageKind kind) {
  switch (kind) {
    case StageKind::Td:
      return "td";
    case StageKind::Supervised:
      return "supervised";
    case StageKind::RaceRefit:
      return "race_refit";
    case StageKind::Distill:
      return "distill";
  }
  return "?";
}

long long RecipeStage::self_play_games() const {
  switch (kind) {
    case StageKind::Td:
      return td.games;
    case StageKind::Supervised:
      return 1LL * supervised.steps * supervised.games_per_step;
    case StageKind::RaceRefit:
      return race_refit.games;
    case StageKind::Distill:
      return distill.games;
  }
  return 0;
}

namespace {

constexpr double kTinyRate = 1e-12;  // the lower bound of a rate: "greater than 0"

// The keys of one JSON object, read one at a time: the first problem is kept (later reads do
// nothing), and finish() reports a key no read asked for.
class Fields {
 public:
  Fields(const json& object, std::string where) : object_(object), where_(std::move(where)) {
    if (!object_.is_object()) fail("must be an object");
  }

  bool has(const char* key) const { return object_.is_object() && object_.contains(key); }

  template <class T>
  void required(const char* key, T& out, double lo, double hi) {
    if (!error_.empty()) return;
    if (!has(key)) return fail("missing '" + std::string(key) + "'");
    read(key, out, lo, hi);
  }
  template <class T>
  void optional(const char* key, T& out, double lo, double hi) {
    if (error_.empty() && has(key)) read(key, out, lo, hi);
  }
  void optional(const char* key, bool& out) {
    if (!error_.empty() || !has(key)) return;
    used_.insert(key);
    if (!object_[key].is_boolean()) return fail("'" + std::string(key) + "' must be true or false");
    out = object_[key].get<bool>();
  }
  void optional(const char* key, std::string& out, const std::vector<std::string>& allowed = {}) {
    if (!error_.empty() || !has(key)) return;
    used_.insert(key);
    const json& v = object_[key];
    if (!v.is_string()) return fail("'" + std::string(key) + "' must be a string");
    out = v.get<std::string>();
    if (allowed.empty()) return;
    for (const std::string& a : allowed)
      if (a == out) return;
    std::string list;
    for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
    fail("'" + std::string(key) + "' must be one of " + list + ", not '" + out + "'");
  }
  void required(const char* key, std::string& out, const std::vector<std::string>& allowed = {}) {
    if (!error_.empty()) return;
    if (!has(key)) return fail("missing '" + std::string(key) + "'");
    optional(key, out, allowed);
  }
  void optional_sizes(const char* key, std::vector<int>& out) {
    if (!error_.empty() || !has(key)) return;
    used_.insert(key);
    const json& v = object_[key];
    if (!v.is_array() || v.empty())
      return fail("'" + std::string(key) + "' must be a list of hidden layer sizes, e.g. [128]");
    out.clear();
    for (const json& e : v) {
      if (!e.is_number_integer() || e.get<long long>() < 1 || e.get<long long>() > 4096)
        return fail("'" + std::string(key) + "' sizes must be whole numbers 1..4096");
      out.push_back(int(e.get<long long>()));
    }
  }
  const json* object_value(const char* key) {
    if (!error_.empty() || !has(key)) return nullptr;
    used_.insert(key);
    return &object_[key];
  }

  void fail(const std::string& what) {
    if (error_.empty()) error_ = where_ + ": " + what;
  }
  // The first problem so far (unknown keys are checked by finish()).
  std::optional<Error> problem() const {
    if (error_.empty()) return std::nullopt;
    return make_error(error_);
  }
  // The first problem, or an unknown key.
  std::optional<Error> finish() {
    if (error_.empty() && object_.is_object())
      for (const auto& [key, value] : object_.items())
        if (!used_.count(key)) fail("unknown key '" + key + "'");
    if (error_.empty()) return std::nullopt;
    return make_error(error_);
  }

 private:
  template <class T>
  void read(const char* key, T& out, double lo, double hi) {
    used_.insert(key);
    const json& v = object_[key];
    const std::string k = "'" + std::string(key) + "'";
    if constexpr (std::is_integral_v<T>) {
      if (!v.is_number_integer()) return fail(k + " must be a whole number");
      // Seeds are unsigned 64-bit; every other whole number fits a long long.
      const double d =
          v.is_number_unsigned() ? double(v.get<unsigned long long>()) : double(v.get<long long>());
      if (d < lo || d > hi)
        return fail(k + " must be in " + range_text(lo, hi) + ", not " + v.dump());
      out = v.is_number_unsigned() ? T(v.get<unsigned long long>()) : T(v.get<long long>());
    } else {
      if (!v.is_number()) return fail(k + " must be a number");
      const double d = v.get<double>();
      if (!(d >= lo && d <= hi))
        return fail(k + " must be in " + range_text(lo, hi) + ", not " + v.dump());
      out = T(d);
    }
  }
  static std::string range_text(double lo, double hi) {
    auto num = [](double x) {
      if (x >= 1e18) return std::string("inf");
      json j = x;
      if (x == std::floor(x) && std::fabs(x) < 1e15) j = (long long)x;
      return j.dump();
    };
    if (lo == kTinyRate) return "(0, " + num(hi) + "]";
    return "[" + num(lo) + ", " + num(hi) + "]";
  }

  const json& object_;
  std::string where_;
  std::set<std::string> used_;
  std::string error_;
};

constexpr double kMaxGames = 1e10;   // games and positions
constexpr double kMaxSeed = 1.8e19;  // uint64

void read_td(Fields& f, TrainConfig& c) {
  f.required("games", c.games, 1, kMaxGames);
  f.optional_sizes("hidden", c.hidden);
  f.optional_sizes("race_hidden", c.race_hidden);
  f.optional("lambda", c.lambda, 0, 1);
  f.optional("lr", c.learning_rate, kTinyRate, 10);
  std::string optimizer = "adam";
  f.optional("optimizer", optimizer, {"adam", "sgd"});
  c.optimizer = optimizer == "sgd" ? OptimizerKind::Sgd : OptimizerKind::Adam;
  f.optional("batch", c.batch_size, 1, 1 << 20);
  f.optional("round_games", c.round_games, 1, 1 << 20);
  f.optional("exploration", c.exploration, 0, 1);
  f.optional("checkpoint_every", c.checkpoint_games, 1, kMaxGames);
  c.eval_games = 0;  // the recipe measures after the stage; in-stage evaluations are optional
  f.optional("eval_every", c.eval_games, 0, kMaxGames);
  f.optional("eval_games", c.eval_match_games, 2, 1e7);
}

void read_supervised(Fields& f, SupervisedConfig& c) {
  f.required("ply", c.ply, 1, 3);
  f.required("steps", c.steps, 1, 1e6);
  f.required("games_per_step", c.games_per_step, 1, 1e8);
  f.optional("exploration", c.exploration, 0, 1);
  f.optional("keep", c.keep, 0, 1);
  f.optional("alternatives", c.alternatives, 0, 64);
  f.optional("play_groups", c.play_groups, 0, 64);
  f.optional("rank_weight", c.rank_weight, 0, 1e6);
  f.optional("focus", c.focus, kTinyRate, 1);
  f.optional("window", c.window, 1, 1e6);
  f.optional("epochs", c.epochs, 1, 1e6);
  f.optional("batch", c.batch_size, 1, 1 << 20);
  f.optional("lr", c.learning_rate, kTinyRate, 10);
  f.optional("lr_final", c.final_learning_rate, kTinyRate, 10);
  f.optional_sizes("hidden", c.hidden);
  f.optional_sizes("race_hidden", c.race_hidden);
  f.optional("chunk", c.chunk_positions, 1, 1e8);
  f.optional("eval_games", c.eval_games, 0, 1e7);
  f.optional("fresh_nets", c.fresh_nets);
  f.optional("contact_inputs", c.contact_inputs, {"bg-contact", "bg-contact2"});
  f.optional("fit_only", c.fit_only, {"race", "contact"});
  f.optional("bearoff_db", c.bearoff_database);
  if (c.play_groups == 1) f.fail("'play_groups' must be 0 or 2..64, not 1");
}

void read_race_refit(Fields& f, RaceRefitConfig& c) {
  f.optional("games", c.games, 1, kMaxGames);
  f.optional("rounds", c.rounds, 1, 1e4);
  f.optional("epochs", c.epochs, 1, 1e4);
  f.optional("lr", c.learning_rate, kTinyRate, 10);
  f.optional("batch", c.batch_size, 1, 1 << 20);
  f.optional("bearoff_one_in", c.bearoff_one_in, 0, 1e6);
}

void read_distill(Fields& f, DistillConfig& c) {
  f.optional("games", c.games, 10, kMaxGames);
  f.optional_sizes("hidden", c.hidden);
  f.optional("epochs", c.epochs, 1, 1e4);
  f.optional("lr", c.learning_rate, kTinyRate, 10);
  f.optional("batch", c.batch_size, 1, 1 << 20);
  f.optional("keep", c.keep, 1, 64);
}

std::optional<Error> read_measure(const json& j, const std::string& where, const Rules& rules,
                                  RecipeMeasure& m) {
  Fields f(j, where);
  if (const json* vs = f.object_value("vs")) {
    if (!vs->is_array()) {
      f.fail("'vs' must be a list of opponents");
    } else {
      m.vs.clear();
      for (const json& o : *vs) {
        const std::string name = o.is_string() ? o.get<std::string>() : o.dump();
        if (name != "heuristic" && name != "pubeval" && name != "shipped" && name != "gnubg") {
          f.fail("'vs' lists '" + name + "': opponents are heuristic, pubeval, shipped, gnubg");
          break;
        }
        if ((name == "pubeval" || name == "gnubg") && rules.variant != Variant::Backgammon) {
          f.fail("'vs' lists '" + name + "', which plays backgammon only, not " +
                 std::string(variant_name(rules.variant)));
          break;
        }
        m.vs.push_back(name);
      }
    }
  }
  f.optional("games", m.games, 2, 1e8);
  f.optional("seed", m.seed, 0, kMaxSeed);
  m.games += m.games % 2;
  return f.finish();
}

bool valid_stage_name(const std::string& s) {
  if (s.empty() || s.size() > 40) return false;
  for (char c : s)
    if (!(std::islower((unsigned char)c) || std::isdigit((unsigned char)c) || c == '-' || c == '_'))
      return false;
  return true;
}

}  // namespace

Result<Recipe> parse_recipe(std::string_view text, std::string_view source) {
  const std::string src(source);
  json j;
  try {
    j = json::parse(text, nullptr, /*allow_exceptions=*/true, /*ignore_comments=*/true);
  } catch (const json::parse_error& e) {
    return make_error(src + ": not a valid recipe (JSON with comments): " + e.what());
  }
  Recipe r;
  Fields top(j, src);
  std::string format;
  top.required("format", format, {"nard-recipe"});
  int version = 0;
  top.required("version", version, 1, 1);
  top.required("game", r.game);
  top.optional("description", r.description);
  std::string start = "random";
  top.optional("start", start, {"random", "shipped"});
  r.start = start == "shipped" ? RecipeStart::Shipped : RecipeStart::Random;
  top.optional("seed", r.seed, 0, kMaxSeed);
  const json* measure = top.object_value("measure");
  const json* final_measure = top.object_value("final");
  const json* stages = top.object_value("stages");
  if (!stages) top.fail("missing 'stages'");
  if (auto e = top.finish()) return *e;
  Result<Rules> rules = rules_by_name(r.game);
  if (!rules)
    return make_error(src + ": 'game' names no game or rules preset: " + rules.error().message);
  if (measure)
    if (auto e = read_measure(*measure, src + ": 'measure'", *rules, r.measure)) return *e;
  if (final_measure)
    if (auto e = read_measure(*final_measure, src + ": 'final'", *rules, r.final)) return *e;
  if (!stages->is_array() || stages->empty())
    return make_error(src + ": 'stages' must be a list of at least one stage");
  std::set<std::string> names;
  for (size_t i = 0; i < stages->size(); ++i) {
    const json& sj = (*stages)[i];
    RecipeStage st;
    std::string where = src + ": stages[" + std::to_string(i) + "]";
    if (sj.is_object() && sj.contains("name") && sj["name"].is_string())
      where += " '" + sj["name"].get<std::string>() + "'";
    Fields f(sj, where);
    f.required("name", st.name);
    std::string kind;
    f.required("kind", kind, {"td", "supervised", "race_refit", "distill"});
    if (auto e = f.problem()) return *e;
    if (!valid_stage_name(st.name))
      return make_error(where + ": 'name' must be 1..40 of a-z 0-9 - _, not '" + st.name + "'");
    if (!names.insert(st.name).second)
      return make_error(where + ": two stages are named '" + st.name + "'");
    st.seed = r.seed + i + 1;
    f.optional("seed", st.seed, 0, kMaxSeed);
    if (kind == "td") {
      st.kind = StageKind::Td;
      read_td(f, st.td);
      st.td.seed = st.seed;
    } else if (kind == "supervised") {
      st.kind = StageKind::Supervised;
      read_supervised(f, st.supervised);
      if (const json* from = f.object_value("positions_from")) {
        if (!from->is_array()) f.fail("'positions_from' must be a list of earlier stages' names");
        for (const json& n : from->is_array() ? *from : json::array()) {
          const std::string name = n.is_string() ? n.get<std::string>() : n.dump();
          bool earlier = false;
          for (const RecipeStage& e : r.stages)
            earlier = earlier || (e.name == name && e.kind == StageKind::Supervised);
          if (!earlier) {
            f.fail("'positions_from' names '" + name + "', which is no earlier supervised stage");
            break;
          }
          st.positions_from.push_back(name);
        }
      }
      st.supervised.seed = st.seed;
    } else if (kind == "race_refit") {
      st.kind = StageKind::RaceRefit;
      read_race_refit(f, st.race_refit);
      st.race_refit.seed = st.seed;
    } else {
      st.kind = StageKind::Distill;
      read_distill(f, st.distill);
      st.distill.seed = st.seed;
    }
    if (auto e = f.finish()) return *e;
    const bool backgammon = rules->variant == Variant::Backgammon;
    if (!backgammon && st.kind == StageKind::RaceRefit)
      return make_error(where + ": a " + kind +
                        " stage needs backgammon's bear-off database, which " +
                        std::string(variant_name(rules->variant)) + " does not have");
    if (!backgammon && st.kind == StageKind::Td && !st.td.race_hidden.empty())
      return make_error(where + ": 'race_hidden' is backgammon's (its race net), not " +
                        std::string(variant_name(rules->variant)) + "'s");
    if (i == 0 && r.start == RecipeStart::Random && st.kind != StageKind::Td)
      return make_error(where +
                        ": with \"start\": \"random\" the first stage must be td (the other " +
                        "kinds start from a model: say \"start\": \"shipped\", which " +
                        "--init-from overrides)");
    r.stages.push_back(std::move(st));
  }
  return r;
}

Result<Recipe> load_recipe(const std::string& path) {
  Result<std::string> text = read_regular_file(path, "recipe file", 1 << 20);
  if (!text) return text.error();
  return parse_recipe(*text, path);
}

namespace {
json sizes_json(const std::vector<int>& v) { return v; }
json measure_json(const RecipeMeasure& m) {
  return json{{"vs", m.vs}, {"games", m.games}, {"seed", m.seed}};
}
}  // namespace

std::string recipe_identity(const Recipe& r) {
  json stages = json::array();
  for (const RecipeStage& s : r.stages) {
    json j{{"name", s.name}, {"kind", stage_kind_name(s.kind)}, {"seed", s.seed}};
    switch (s.kind) {
      case StageKind::Td: {
        const TrainConfig& c = s.td;
        j.update({{"games", c.games},
                  {"hidden", sizes_json(c.hidden)},
                  {"race_hidden", sizes_json(c.race_hidden)},
                  {"lambda", c.lambda},
                  {"lr", c.learning_rate},
                  {"optimizer", c.optimizer == OptimizerKind::Sgd ? "sgd" : "adam"},
                  {"batch", c.batch_size},
                  {"round_games", c.round_games},
                  {"exploration", c.exploration},
                  {"checkpoint_every", c.checkpoint_games},
                  {"eval_every", c.eval_games},
                  {"eval_games", c.eval_match_games}});
        break;
      }
      case StageKind::Supervised: {
        const SupervisedConfig& c = s.supervised;
        j.update({{"ply", c.ply},
                  {"steps", c.steps},
                  {"games_per_step", c.games_per_step},
                  {"exploration", c.exploration},
                  {"keep", c.keep},
                  {"alternatives", c.alternatives},
                  {"play_groups", c.play_groups},
                  {"rank_weight", c.rank_weight},
                  {"focus", c.focus},
                  {"window", c.window},
                  {"epochs", c.epochs},
                  {"batch", c.batch_size},
                  {"lr", c.learning_rate},
                  {"lr_final", c.final_learning_rate},
                  {"hidden", sizes_json(c.hidden)},
                  {"race_hidden", sizes_json(c.race_hidden)},
                  {"chunk", c.chunk_positions},
                  {"eval_games", c.eval_games},
                  {"fresh_nets", c.fresh_nets},
                  {"contact_inputs", c.contact_inputs},
                  {"fit_only", c.fit_only},
                  {"bearoff_db", c.bearoff_database},
                  {"positions_from", s.positions_from}});
        break;
      }
      case StageKind::RaceRefit: {
        const RaceRefitConfig& c = s.race_refit;
        j.update({{"games", c.games},
                  {"rounds", c.rounds},
                  {"epochs", c.epochs},
                  {"lr", c.learning_rate},
                  {"batch", c.batch_size},
                  {"bearoff_one_in", c.bearoff_one_in}});
        break;
      }
      case StageKind::Distill: {
        const DistillConfig& c = s.distill;
        j.update({{"games", c.games},
                  {"hidden", sizes_json(c.hidden)},
                  {"epochs", c.epochs},
                  {"lr", c.learning_rate},
                  {"batch", c.batch_size},
                  {"keep", c.keep}});
        break;
      }
    }
    stages.push_back(std::move(j));
  }
  json id{{"game", r.game},
          {"start", r.start == RecipeStart::Shipped ? "shipped" : "random"},
          {"seed", r.seed},
          {"measure", measure_json(r.measure)},
          {"final", measure_json(r.final)},
          {"stages", std::move(stages)}};
  return id.dump();
}

Result<std::string> find_recipe(const std::string& name_or_path) {
  std::error_code ec;
  if (fs::is_regular_file(name_or_path, ec)) return name_or_path;
  const bool looks_like_path = name_or_path.find('/') != std::string::npos ||
                               name_or_path.find(".json") != std::string::npos;
  if (looks_like_path) return make_error("recipe file " + name_or_path + ": no such file");
  std::vector<fs::path> dirs;
  if (const char* env = std::getenv("NARD_RECIPES"); env && *env) dirs.emplace_back(env);
#ifdef NARD_SOURCE_DIR
  dirs.push_back(fs::path(NARD_SOURCE_DIR) / "recipes");
#endif
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    dirs.push_back(exe.parent_path() / "recipes");
    dirs.push_back(exe.parent_path().parent_path() / "recipes");
  }
  std::string tried;
  for (const fs::path& d : dirs) {
    const fs::path f = d / (name_or_path + ".json");
    if (fs::is_regular_file(f, ec)) return f.string();
    tried += (tried.empty() ? "" : ", ") + d.string();
  }
  return make_error("no recipe named '" + name_or_path + "' (looked for " + name_or_path +
                    ".json in " + (tried.empty() ? "no recipe directory" : tried) +
                    "); give a recipe file's path, or set NARD_RECIPES");
}

}  // namespace nard::training
