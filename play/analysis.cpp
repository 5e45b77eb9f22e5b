#include "play/analysis.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <mutex>

#include "core/parallel_items.h"
#include "core/work_share.h"
#include "game/move.h"
#include "game/movegen/movegen.h"
#include "play/analysis_detail.h"
#include "play/turn_analysis_bytes.h"
#include "search/cube/lookahead.h"

namespace nard {

namespace {

using namespace analysis_detail;

// One thread's tools for one game's rules.
struct Worker {
  std::unique_ptr<Evaluator> evaluator;
  std::unique_ptr<Search> search;
  std::unique_ptr<MoveGenerator> generator;
  PlayList list;
};

// Normalised equity to cost units: money points (the cube's value) or MWC.
double cost_factor(const MatchContext& ctx, const Rules& rules) {
  if (ctx.match_length == 0 || !ctx.met) return double(ctx.cube.value);
  const bool crawford_done = ctx.crawford_game || ctx.post_crawford || !rules.crawford;
  const double cash_me =
      ctx.met->mwc(ctx.my_away() - ctx.cube.value, ctx.opp_away(), crawford_done);
  const double cash_opp =
      ctx.met->mwc(ctx.my_away(), ctx.opp_away() - ctx.cube.value, crawford_done);
  return (cash_me - cash_opp) / 2.0;
}

class Analyser {
 public:
  Analyser(const AnalysisConfig& config, const AnalysisEvaluatorFactory& factory)
      : config_(config), factory_(factory) {}

  Result<Worker*> worker(const Rules& rules, const std::string& key) {
    auto it = workers_.find(key);
    if (it != workers_.end()) return it->second.get();
    Result<std::unique_ptr<Evaluator>> ev = factory_(rules);
    if (!ev) return ev.error();
    auto w = std::make_unique<Worker>();
    w->evaluator = std::move(ev).value();
    SearchConfig sc = config_.search;
    sc.ply = config_.ply;
    w->search = std::make_unique<Search>(rules, *w->evaluator, sc);
    w->generator = std::make_unique<MoveGenerator>(rules);
    Worker* raw = w.get();
    workers_[key] = std::move(w);
    return raw;
  }

  std::optional<Error> run(Worker& w, const Rules& rules, const TurnJob& job, TurnAnalysis& t) {
    if (job.analyse_cube) {
      if (auto e = analyse_cube(w, rules, t)) return e;
    }
    if (t.rolled) {
      if (auto e = analyse_luck(w, rules, job, t)) return e;
    }
    if (job.has_play) {
      if (auto e = analyse_play(w, rules, job, t)) return e;
    }
    return std::nullopt;
  }

 private:
  std::optional<Error> analyse_cube(Worker& w, const Rules& rules, TurnAnalysis& t) {
    Result<CubeDecision> d = analyse_cube_lookahead(*w.search, t.before, t.context, config_.ply);
    if (!d) return d.error();
    if (!t.cube) t.cube = CubeAnalysis{};
    CubeAnalysis& c = *t.cube;
    c.decision = *d;
    if (d->doubler == DoublerAction::CannotDouble) {
      t.cube.reset();
      return std::nullopt;
    }
    c.no_double = d->no_double;
    c.take = d->double_take;
    if (!std::isnan(d->double_beaver) && d->double_beaver < c.take) c.take = d->double_beaver;
    c.pass = d->double_pass;
    const double doubled = std::min(c.take, c.pass);
    c.optimal = std::max(c.no_double, doubled);
    const SkillThresholds& th = config_.thresholds;
    const double factor = cost_factor(t.context, rules);
    c.error = c.doubled ? c.optimal - doubled : c.optimal - c.no_double;
    c.error = std::max(0.0, c.error);
    c.cost = c.error * factor;
    c.skill = skill_of(c.error, th);
    c.close = c.doubled || c.optimal - doubled < th.very_bad;
    if (c.doubled && c.response != CubeAction::None) {
      const bool took = c.response != CubeAction::Pass;
      c.response_error = std::max(0.0, took ? c.take - c.pass : c.pass - c.take);
      c.response_cost = c.response_error * factor;
      c.response_skill = skill_of(c.response_error, th);
    }
    return std::nullopt;
  }

  // The best value (mover's normalised equity) of each roll from `pos` at the luck ply.
  std::optional<Error> roll_values(Worker& w, const Rules& rules, const Position& pos,
                                   const MatchContext& ctx, std::array<double, 21>& out) {
    const PlayValuation how{config_.luck_ply, config_.cubeful};
    for (size_t r = 0; r < 21; ++r) {
      const Dice dice = all_rolls()[r];
      w.list.size = w.generator->generate(pos, dice, w.list.positions.get(), w.list.moves.get());
      if (w.list.size == 0) {
        Position after = pos;
        after.set_mover_first_turn(false);
        Result<PlayValue> v =
            value_position(*w.search, after.flipped(), opponent_context(ctx), how);
        if (!v) return v.error();
        out[r] = -v->equity;
        continue;
      }
      Result<std::vector<PlayValue>> ranked =
          rank_plays_cubeful(*w.search, w.list.plays(), ctx, how);
      if (!ranked) return ranked.error();
      out[r] = ranked->front().equity;
    }
    (void)rules;
    return std::nullopt;
  }

  static size_t roll_index(Dice d) {
    const Dice n = d.normalised();
    for (size_t r = 0; r < 21; ++r)
      if (all_rolls()[r] == n) return r;
    return 0;
  }

  std::optional<Error> analyse_luck(Worker& w, const Rules& rules, const TurnJob& job,
                                    TurnAnalysis& t) {
    std::array<double, 21> mine{};
    if (auto e = roll_values(w, rules, t.before, job.play_context, mine)) return e;
    const size_t actual = roll_index(t.dice);
    double luck = 0.0;
    if (job.first_turn && !t.dice.is_double()) {
      // The opening roll: the 15 non-doubles played by this player or by the opponent.
      std::array<double, 21> theirs{};
      if (auto e =
              roll_values(w, rules, t.before.flipped(), opponent_context(job.play_context), theirs))
        return e;
      double sum = 0.0;
      for (size_t r = 0; r < 21; ++r)
        if (!all_rolls()[r].is_double()) sum += mine[r] - theirs[r];
      luck = mine[actual] - sum / 30.0;
    } else {
      double sum = 0.0;
      for (size_t r = 0; r < 21; ++r) sum += roll_weight(all_rolls()[r]) * mine[r];
      luck = mine[actual] - sum / 36.0;
    }
    t.luck = luck;
    t.luck_cost = luck * cost_factor(job.play_context, rules);
    t.luck_mark = luck_mark(luck);
    return std::nullopt;
  }

  std::optional<Error> analyse_play(Worker& w, const Rules& rules, const TurnJob& job,
                                    TurnAnalysis& t) {
    CheckerAnalysis c;
    w.list.size =
        w.generator->generate(t.before, t.dice, w.list.positions.get(), w.list.moves.get());
    c.legal_plays = w.list.size;
    t.p0_win = t.p0_mwc = std::nan("");
    if (w.list.size == 0) {
      t.play = c;
      return std::nullopt;
    }
    int played = -1;
    for (int i = 0; i < w.list.size; ++i)
      if (w.list.positions[size_t(i)] == job.played) played = i;
    if (played < 0) return make_error("the play made is not among the legal plays");
    const PlayValuation how{config_.ply, config_.cubeful};
    Result<std::vector<PlayValue>> ranked =
        rank_plays_cubeful(*w.search, w.list.plays(), job.play_context, how, played);
    if (!ranked) return ranked.error();
    const int kept = std::max(1, config_.plays_kept);
    for (size_t k = 0; k < ranked->size(); ++k) {
      const PlayValue& v = (*ranked)[k];
      const bool is_played = v.index == played;
      if (int(k) >= kept && !is_played) continue;
      if (is_played) c.played = int(c.options.size());
      c.options.push_back(
          {format_move(w.list.moves[size_t(v.index)]), w.list.positions[size_t(v.index)], v});
    }
    const PlayValue& best = c.options.front().value;
    const PlayValue& made = c.options[size_t(c.played)].value;
    c.error = c.legal_plays > 1 ? std::max(0.0, best.equity - made.equity) : 0.0;
    c.cost = c.error * cost_factor(job.play_context, rules);
    c.skill = skill_of(c.error, config_.thresholds);
    const bool zero = t.player == 0;
    t.p0_win = zero ? made.probs.win : 1.0 - made.probs.win;
    if (!std::isnan(made.mwc)) t.p0_mwc = zero ? made.mwc : 1.0 - made.mwc;
    t.play = std::move(c);
    return std::nullopt;
  }

  const AnalysisConfig& config_;
  const AnalysisEvaluatorFactory& factory_;
  std::map<std::string, std::unique_ptr<Worker>> workers_;
};

// Under mpirun, after each rank analysed its share of the turns (`mine`, with their `errors`):
// every rank sends its turns' results to rank 0, which finds the first failed turn in turn order
// (the error one process reports) or sends every turn's result back; every rank then fills in the
// turns it did not analyse. The turn's own bytes are sent once, as the analysing rank wrote them.
std::optional<Error> share_turns(Communicator& comm, const std::vector<TurnJob>& jobs,
                                 const std::vector<long long>& mine,
                                 const std::vector<std::optional<Error>>& errors, bool stopped,
                                 const std::function<Error(size_t, const std::string&)>& turn_error,
                                 MatchAnalysis& m) {
  enum : uint8_t { kAnalysed = 0, kFailed = 1 };
  auto turn = [&](size_t j) -> TurnAnalysis& {
    return m.games[size_t(jobs[j].game)].turns[size_t(jobs[j].turn)];
  };
  Result<std::vector<std::string>> local = [&]() -> Result<std::vector<std::string>> {
    if (stopped) return make_error("analysis stopped");
    std::vector<std::string> items;
    for (long long j : mine) {
      ByteWriter w;
      if (const std::optional<Error>& e = errors[size_t(j)]) {
        w.put(kFailed);
        w.put_string(e->message);
      } else {
        w.put(kAnalysed);
        put_turn_result(w, turn(size_t(j)));
      }
      items.push_back(w.take());
    }
    return items;
  }();
  Result<std::vector<std::string>> all = gather_items<std::string>(
      comm, (long long)jobs.size(), local,
      [](ByteWriter& w, const std::string& item) { w.put_string(item); },
      [](ByteReader& r, std::string& item) { return r.get_string(item); });
  if (!all) return all.error();
  const Error malformed = make_error("malformed turn analysis between the ranks");
  Result<std::string> results = from_root(comm, [&]() -> Result<std::string> {
    ByteWriter w;
    for (size_t j = 0; j < all->size(); ++j) {
      const std::string& item = (*all)[j];
      ByteReader in(item);
      uint8_t status = kFailed;
      std::string message;
      if (!in.get(status)) return malformed;
      if (status == kFailed) return in.get_string(message) ? turn_error(j, message) : malformed;
      w.put_string(item);
    }
    return w.take();
  });
  if (!results) return results.error();
  ByteReader in(*results);
  for (size_t j = 0; j < jobs.size(); ++j) {
    std::string item;
    uint8_t status = kFailed;
    if (!in.get_string(item)) return malformed;
    ByteReader r(item);
    if (!r.get(status) || status != kAnalysed || !get_turn_result(r, turn(j)) || !r.at_end())
      return malformed;
  }
  if (!in.at_end()) return malformed;
  return std::nullopt;
}

}  // namespace

AnalysisEvaluatorFactory analysis_evaluators(
    std::map<Variant, std::shared_ptr<const NeuralModel>> models) {
  return [models = std::move(models)](const Rules& rules) -> Result<std::unique_ptr<Evaluator>> {
    auto it = models.find(rules.variant);
    if (it == models.end())
      return make_error("no model for " + std::string(variant_name(rules.variant)));
    return std::unique_ptr<Evaluator>(std::make_unique<NeuralEvaluator>(it->second));
  };
}

Result<MatchAnalysis> analyse_match(const MatchRecord& record, const AnalysisConfig& config,
                                    const AnalysisEvaluatorFactory& make_evaluator,
                                    const MatchEquityTable* met, const AnalysisProgress& progress) {
  if (record.match_length > 0 && !met)
    return make_error("match analysis needs a match equity table");
  if (config.ply < 0 || config.ply > 3 || config.luck_ply < 0 || config.luck_ply > 3)
    return make_error("analysis ply must lie in 0..3");
  MatchAnalysis m;
  m.config = config;
  m.match_length = record.match_length;
  m.players = record.players;
  if (record.match_length > 0) m.met_name = met->name();
  std::vector<TurnJob> jobs;
  std::vector<std::string> rule_keys;
  for (size_t g = 0; g < record.games.size(); ++g) {
    const MatchGame& game = record.games[g];
    Result<Rules> rules = record_rules(record, game);
    if (!rules)
      return make_error("game " + std::to_string(game.number) + ": " + rules.error().message);
    GameAnalysis ga;
    ga.number = game.number;
    ga.score = game.score;
    ga.crawford_game = game.crawford_game;
    ga.rules = *rules;
    ga.end = game.end;
    if (auto e = replay_game(record, int(g), *rules, config, met, ga, jobs)) return *e;
    m.games.push_back(std::move(ga));
    rule_keys.push_back(game.rules.empty() ? record.rules : game.rules);
  }
  m.positions = int(jobs.size());
  m.config.comm = nullptr;

  // This rank's turns: all of them in one process, every size-th under mpirun.
  const int total = int(jobs.size());
  Communicator* comm = config.comm && config.comm->size() > 1 ? config.comm : nullptr;
  std::vector<long long> mine;
  if (comm)
    mine = share_of(*comm, total);
  else
    for (int j = 0; j < total; ++j) mine.push_back(j);
  const int count = int(mine.size());
  const int threads = config.threads > 0 ? config.threads : omp_get_num_procs();
  std::atomic<int> done{0};
  std::vector<std::optional<Error>> errors(jobs.size());
  // A rank's share stands for the whole: its progress is scaled to all the turns. Thread 0 of
  // the team is the thread that called (the one that may talk to the other ranks). The end is
  // reported once, after the loop.
  auto report = [&](int d) {
    if (comm) comm->heartbeat();
    if (progress && d < count) progress(int((long long)d * total / count), total);
  };
  run_seeded(
      {0, count, threads, 1}, [&] { return Analyser(config, make_evaluator); },
      [&](Analyser& analyser, long long k) {
        if (config.stop && config.stop->load(std::memory_order_relaxed)) return;
        const size_t j = size_t(mine[size_t(k)]);
        const TurnJob& job = jobs[j];
        GameAnalysis& game = m.games[size_t(job.game)];
        Result<Worker*> w = analyser.worker(game.rules, rule_keys[size_t(job.game)]);
        if (!w)
          errors[j] = w.error();
        else
          errors[j] = analyser.run(**w, game.rules, job, game.turns[size_t(job.turn)]);
        const int d = ++done;
        if (omp_get_thread_num() == 0) report(d);
      });
  const bool stopped = config.stop && config.stop->load();
  if (stopped && !comm) return make_error("analysis stopped");
  if (progress) progress(total, total);
  auto turn_error = [&](size_t j, const std::string& message) {
    const GameAnalysis& game = m.games[size_t(jobs[j].game)];
    return make_error("game " + std::to_string(game.number) + ", turn " +
                      std::to_string(jobs[j].turn + 1) + ": " + message);
  };
  if (comm) {
    if (auto e = share_turns(*comm, jobs, mine, errors, stopped, turn_error, m)) return *e;
  } else {
    for (size_t j = 0; j < errors.size(); ++j)
      if (errors[j]) return turn_error(j, errors[j]->message);
  }
  for (GameAnalysis& g : m.games) {
    sum_game(g, record, met);
    for (int p = 0; p < 2; ++p) m.stats[size_t(p)].add(g.stats[size_t(p)]);
  }
  return m;
}

}  // namespace nard
