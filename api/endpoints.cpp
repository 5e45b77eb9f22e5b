#include "api/endpoints.h"

#include "api/analysis_job.h"
#include "api/deadline_evaluator.h"
#include "api/documents.h"
#include "api/request_error.h"
#include "api/request_fields.h"
#include "api/rollout_job.h"
#include "api/valuation_documents.h"
#include "formats/match_text.h"
#include "formats/position_arg.h"
#include "play/agents.h"
#include "play/resignation.h"

namespace nard::api {

using nlohmann::json;

namespace {

struct Loaded {
  GameFields game;
  std::shared_ptr<const NeuralModel> model;
};

Loaded load_game(RequestFields& f, ModelRegistry& models) {
  Loaded l;
  l.game = read_game(f);
  const std::string key = variant_word(l.game.resolved.variant) + "|" +
                          (l.game.rules.empty() ? l.game.resolved.preset : l.game.rules);
  Result<std::shared_ptr<const NeuralModel>> m = models.model(l.game.resolved, key);
  if (!m) throw RequestError(503, m.error().message);
  l.model = *m;
  return l;
}

int read_ply(RequestFields& f, const ApiLimits& limits) {
  return f.integer("ply", 0, 0, limits.max_ply);
}

}  // namespace

Api::Api(ModelRegistry& models, Jobs& jobs, ApiLimits limits)
    : models_(models), jobs_(jobs), limits_(limits) {}

std::chrono::steady_clock::time_point Api::deadline() const {
  return std::chrono::steady_clock::now() +
         std::chrono::duration_cast<std::chrono::steady_clock::duration>(
             std::chrono::duration<double>(limits_.timeout_seconds));
}

json Api::position(const json& request) {
  RequestFields f(request);
  const GameFields g = read_game(f);
  std::string text;
  const Position pos = read_position(f, g.resolved, &text);
  f.reject_unknown();
  json doc = position_json(pos, g.resolved);
  doc["variant"] = variant_word(g.resolved.variant);
  doc["rules"] = g.rules.empty() ? g.resolved.preset : g.rules;
  Result<MatchState> m = match_state_arg(text);
  const bool carries_match =
      text.rfind("XGID=", 0) == 0 || text.rfind("board:", 0) == 0 ||
      (text.find(':') != std::string::npos && text.find(' ') == std::string::npos);
  if (m && carries_match) {
    const MatchView v = match_view(*m, m->on_roll);
    const char* owner = v.cube.owner < 0 ? "centred" : v.cube.owner == 0 ? "me" : "opponent";
    doc["match"] = {{"match_length", v.match_length},
                    {"score", {v.my_score, v.opp_score}},
                    {"crawford", v.crawford_game},
                    {"cube", v.cube.value},
                    {"cube_owner", owner}};
    if (m->dice_rolled()) doc["dice"] = m->dice.normalised().str();
  }
  return doc;
}

json Api::moves(const json& request) {
  RequestFields f(request);
  const GameFields g = read_game(f);
  const Position pos = read_position(f, g.resolved);
  const Dice dice = read_dice(f);
  f.reject_unknown();
  return moves_document(g.resolved, pos, dice);
}

json Api::hint(const json& request) {
  RequestFields f(request);
  const Loaded l = load_game(f, models_);
  std::string text;
  const Position pos = read_position(f, l.game.resolved, &text);
  const Dice dice = read_dice(f);
  SearchConfig config;
  config.ply = read_ply(f, limits_);
  const MatchView view = read_match(f, l.game.resolved, text);
  const bool cubeless = f.boolean("cubeless", false);
  const int top = f.integer("top", 10, 0, 1 << 20);
  f.reject_unknown();
  const ValuationSettings settings =
      valuation_settings(view, l.game.resolved, config.ply, !cubeless, &models_.met());
  NeuralEvaluator net(l.model);
  DeadlineEvaluator evaluator(net, deadline());
  Search search(l.game.resolved, evaluator, config);
  Result<HintResult> h = compute_hint(search, pos, dice, settings);
  if (!h) throw RequestError(400, h.error().message);
  return hint_document(l.game.resolved, dice, *h, settings, top);
}

json Api::eval(const json& request) {
  RequestFields f(request);
  const Loaded l = load_game(f, models_);
  std::string text;
  const Position pos = read_position(f, l.game.resolved, &text);
  SearchConfig config;
  config.ply = read_ply(f, limits_);
  const MatchView view = read_match(f, l.game.resolved, text);
  const bool cubeless = f.boolean("cubeless", false);
  f.reject_unknown();
  const ValuationSettings settings =
      valuation_settings(view, l.game.resolved, config.ply, !cubeless, &models_.met());
  NeuralEvaluator net(l.model);
  DeadlineEvaluator evaluator(net, deadline());
  Search search(l.game.resolved, evaluator, config);
  Result<EvalResult> e = compute_eval(search, pos, settings);
  if (!e) throw RequestError(400, e.error().message);
  return eval_document(l.game.resolved, *e, settings);
}

json Api::cube(const json& request) {
  RequestFields f(request);
  const Loaded l = load_game(f, models_);
  std::string text;
  const Position pos = read_position(f, l.game.resolved, &text);
  SearchConfig config;
  config.ply = read_ply(f, limits_);
  const MatchView view = read_match(f, l.game.resolved, text);
  f.reject_unknown();
  if (!l.game.resolved.cube)
    throw bad_field(l.game.rules.empty() ? "variant" : "rules",
                    std::string(variant_name(l.game.resolved.variant)) + " (rules " +
                        l.game.resolved.preset + ") has no doubling cube");
  NeuralEvaluator net(l.model);
  DeadlineEvaluator evaluator(net, deadline());
  BotAgent agent(l.game.resolved, evaluator, config, &models_.met());
  Result<CubeDecision> d = agent.analyse_cube(pos, view);
  if (!d) throw RequestError(400, d.error().message);
  return cube_document(config.ply, *d, view);
}

// The bot's answer to a resignation by the side on roll of "position" (before his roll, or with
// "dice" after it): "resign" single|gammon|backgammon, the match and cube fields as for /api/cube.
// It accepts when the points conceded are worth at least playing on (BotAgent), and says both
// values from its side: points per unit of cube in money play, match winning chances in a match.
json Api::resign(const json& request) {
  RequestFields f(request);
  const Loaded l = load_game(f, models_);
  std::string text;
  const Position pos = read_position(f, l.game.resolved, &text);
  const Dice dice = f.has("dice") ? read_dice(f) : Dice{};  // Dice{}: before the roll
  const std::string level = f.string("resign", "single");
  SearchConfig config;
  config.ply = read_ply(f, limits_);
  const MatchView view = read_match(f, l.game.resolved, text);
  f.reject_unknown();
  Result<int> points = resignation_points(l.game.resolved, level, pos);
  if (!points) throw bad_field("resign", points.error().message);
  NeuralEvaluator net(l.model);
  DeadlineEvaluator evaluator(net, deadline());
  BotAgent bot(l.game.resolved, evaluator, config, &models_.met());
  const BotAgent::ResignationValues v =
      bot.resignation_values(pos.flipped(), dice, *points, opponent_view(view));
  const bool match = view.match_length > 0;
  return {{"resign", level},
          {"points", *points},
          {"accepted", v.accept >= v.play_on - 1e-9},
          {"play_on", number_json(v.play_on)},
          {"accept", number_json(v.accept)},
          {"units", match ? "match winning chance" : "points per unit of cube"}};
}

json Api::rollout_start(const json& request) {
  RequestFields f(request);
  const Loaded l = load_game(f, models_);
  RolloutJobSpec spec;
  spec.rules = l.game.resolved;
  spec.model = l.model;
  spec.position = read_position(f, l.game.resolved);
  if (f.has("dice")) spec.dice = read_dice(f);
  spec.candidates = f.integer("candidates", 5, 1, limits_.max_candidates);
  spec.search.ply = read_ply(f, limits_);
  spec.cube_decision = f.boolean("cube_decision", false);
  RolloutConfig& c = spec.config;
  c.trials = f.integer("trials", 1296, 1, limits_.max_trials);
  c.truncate_plies = f.integer("truncate", 0, 0, 10000);
  c.ply = f.integer("rollout_ply", 0, 0, limits_.max_rollout_ply);
  c.stratified_turns = f.integer("stratify", 2, 0, 8);
  c.variance_reduction = f.boolean("variance_reduction", true);
  c.seed = uint64_t(f.integer("seed", 1, 0, 2147483647));
  c.cubeful = f.boolean("cubeful", false) || spec.cube_decision;
  c.cube = read_cube_view(f);
  f.reject_unknown();
  if (c.cubeful && !spec.rules.cube)
    throw bad_field("cubeful", "this game has no doubling cube: roll out cubeless");
  if (spec.cube_decision && spec.dice)
    throw bad_field("dice", "a cube decision is rolled out before the roll: leave out dice");
  if (c.cubeful) {
    Result<std::vector<int>> stakes = cube_stakes(spec.rules, c.cube.value);
    if (!stakes) throw bad_field("cube", stakes.error().message);
  }
  if (spec.dice) {
    MoveGenerator gen(spec.rules);
    PlayList list;
    list.size = gen.generate(spec.position, *spec.dice, list.positions.get(), list.moves.get());
    if (list.size == 0) throw bad_field("dice", "no legal play with " + spec.dice->str());
  }
  const int total = rollout_job_total(spec);
  Result<std::string> id = jobs_.start("rollout", total, rollout_job(std::move(spec)));
  if (!id) throw RequestError(429, id.error().message);
  return *jobs_.status(*id, "rollout");
}

// The status of job `id` of `kind`, or its cancellation; 404 naming "id" when there is none.
json Api::job_status(const char* kind, const std::string& id) {
  std::optional<json> s = jobs_.status(id, kind);
  if (!s)
    throw RequestError(
        404,
        std::string("no ") + kind + " job '" + id + "' (finished jobs are kept for a while only)",
        "id");
  return *s;
}

json Api::job_cancel(const char* kind, const std::string& id) {
  std::optional<json> s = jobs_.cancel(id, kind);
  if (!s) throw RequestError(404, std::string("no ") + kind + " job '" + id + "'", "id");
  return *s;
}

json Api::rollout_status(const std::string& id) { return job_status("rollout", id); }
json Api::rollout_cancel(const std::string& id) { return job_cancel("rollout", id); }

json Api::analyze_start(const json& request) {
  RequestFields f(request);
  const std::string text = f.required_string("match_file");
  AnalysisJobSpec spec;
  spec.config.ply = f.integer("ply", 2, 0, limits_.max_ply);
  spec.config.luck_ply = f.integer("luck_ply", 0, 0, limits_.max_ply);
  spec.config.cubeful = !f.boolean("cubeless", false);
  f.reject_unknown();
  Result<MatchRecord> record = read_match_text(text);
  if (!record) throw bad_field("match_file", "match_file: " + record.error().message);
  spec.record = std::move(record).value();
  // One model per game of the record (a Tavli match has three), prepared before the job starts.
  for (const MatchGame& g : spec.record.games) {
    Result<Rules> rules = record_rules(spec.record, g);
    if (!rules)
      throw bad_field("match_file", "match_file: game " + std::to_string(g.number) + ": " +
                                        rules.error().message);
    if (spec.models.count(rules->variant)) continue;
    const std::string key =
        variant_word(rules->variant) + "|" + (g.rules.empty() ? spec.record.rules : g.rules);
    Result<std::shared_ptr<const NeuralModel>> m = models_.model(*rules, key);
    if (!m) throw RequestError(503, m.error().message);
    spec.models[rules->variant] = *m;
  }
  spec.met = &models_.met();
  const int total = analysis_job_total(spec.record);
  Result<std::string> id = jobs_.start("analyze", total, analysis_job(std::move(spec)));
  if (!id) throw RequestError(429, id.error().message);
  return *jobs_.status(*id, "analyze");
}

json Api::analyze_status(const std::string& id) { return job_status("analyze", id); }
json Api::analyze_cancel(const std::string& id) { return job_cancel("analyze", id); }

}  // namespace nard::api
