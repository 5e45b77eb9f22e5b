#include "coach/position_sampling.h"

#include <omp.h>

#include <algorithm>
#include <span>
#include <unordered_map>
#include <unordered_set>

#include "core/work_share.h"
#include "game/dice.h"
#include "nn/bearoff_database.h"
#include "play/seeded_games.h"
#include "play/self_play.h"

namespace nard {

namespace {
constexpr uint64_t kAlternativesStream = 0x616C7473ull;  // "alts"
constexpr int kGamesPerBlock = 32;                       // games between progress reports

// What one game contributes: the positions it kept, and whether it was abandoned unfinished.
struct GameSample {
  std::vector<Position> kept;
  std::vector<Position> alternatives;  // results of plays not made (SamplingConfig::alternatives)
  std::vector<Position> groups;  // play groups, one after another (SamplingConfig::play_groups)
  uint8_t unfinished = 0;
};

// The results of the net's `k` best plays of a turn other than the one made, best first (values
// are the opponent's view: the lowest cubeless equity is the mover's best).
void add_alternatives(const SelfPlayTurn& turn, int k, std::vector<Position>& out) {
  std::vector<std::pair<float, int>> order;
  order.reserve(turn.results.size());
  for (size_t i = 0; i < turn.results.size(); ++i)
    if (int(i) != turn.chosen) order.emplace_back(cubeless_equity(turn.values[i]), int(i));
  const size_t n = std::min(order.size(), size_t(k));
  std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(n), order.end());
  for (size_t j = 0; j < n; ++j) out.push_back(turn.results[size_t(order[j].second)]);
}

// The results of the net's `k` best plays of a turn, best first, when it has k different ones.
void add_play_group(const SelfPlayTurn& turn, const Rules& rules, int k,
                    std::vector<Position>& out) {
  std::vector<std::pair<float, int>> order;
  order.reserve(turn.results.size());
  for (size_t i = 0; i < turn.results.size(); ++i)
    order.emplace_back(cubeless_equity(turn.values[i], rules), int(i));
  std::sort(order.begin(), order.end());
  std::vector<Position> group;
  for (const auto& [value, i] : order) {
    if (int(group.size()) == k) break;
    const Position& p = turn.results[size_t(i)];
    if (std::find(group.begin(), group.end(), p) == group.end()) group.push_back(p);
  }
  if (int(group.size()) == k) out.insert(out.end(), group.begin(), group.end());
}

// The key of a play group: its positions' hashes mixed in order (a turn gives its plays best first).
uint64_t group_key(std::span<const Position> group) {
  uint64_t key = 0x67726F7570ull;  // "group"
  for (const Position& p : group) key = (key ^ p.hash()) * 0x100000001B3ull;
  return key;
}
}  // namespace

Result<std::vector<Position>> sample_positions(
    Communicator& communicator, const std::shared_ptr<const NeuralModel>& model,
    const SamplingConfig& c, const std::function<bool(const Position&)>& skip,
    SampleStatistics* statistics, const std::function<void(long long, long long)>& progress) {
  const Rules& rules = model->rules();
  SelfPlayOptions options;
  options.exploration = c.exploration;
  const long long games = std::max(0, c.games);
  Communicator* comm = communicator.size() > 1 ? &communicator : nullptr;
  std::vector<long long> mine;
  if (comm)
    mine = share_of(*comm, games);
  else
    for (long long g = 0; g < games; ++g) mine.push_back(g);
  const int count = int(mine.size());
  std::vector<GameSample> played(static_cast<size_t>(count));
  const int threads = std::max(1, c.threads);
  for (int block = 0; block < count; block += kGamesPerBlock) {
    const int end = std::min(count, block + kGamesPerBlock);
    run_seeded(
        {block, end - block, threads, 1}, [&] { return SelfPlayThread(model, rules); },
        [&](SelfPlayThread& thread, long long k) {
          NeuralEvaluator& evaluator = thread.evaluator;
          GamePlayer& player = thread.player;
          const uint64_t seed = game_seed(c.seed, uint64_t(c.first_game + mine[size_t(k)]));
          GameSample& out = played[size_t(k)];
          TurnObserver observer;
          Rng keep_turn(seed ^ kAlternativesStream);
          if (c.play_groups > 0)
            observer = [&](const SelfPlayTurn& turn) {
              if (keep_turn.uniform() < c.keep)
                add_play_group(turn, rules, c.play_groups, out.groups);
            };
          else if (c.alternatives > 0)
            observer = [&](const SelfPlayTurn& turn) {
              if (keep_turn.uniform() < c.keep)
                add_alternatives(turn, c.alternatives, out.alternatives);
            };
          const PlayedGame game = player.play(evaluator, seed, options, observer);
          out.unfinished = game.finished ? 0 : 1;
          Rng keep(seed ^ kSampleKeepStream);
          if (c.play_groups == 0)
            for (size_t t = 1; t < game.positions.size(); ++t)  // t = 0: the starting position
              if (keep.uniform() < c.keep) out.kept.push_back(game.positions[t]);
        });
    if (comm) comm->heartbeat();
    if (progress) progress(count ? (long long)end * games / count : games, games);
  }
  std::vector<GameSample> kept;
  if (!comm) {
    kept = std::move(played);
  } else {
    // Rank 0 gathers every game's sample and sends them all back: every rank needs the sample.
    const auto encode = [](ByteWriter& w, const GameSample& g) {
      w.put(g.unfinished);
      w.put_vector(g.kept);
      w.put_vector(g.alternatives);
      w.put_vector(g.groups);
    };
    const auto decode = [](ByteReader& r, GameSample& g) {
      return r.get(g.unfinished) && r.get_vector(g.kept) && r.get_vector(g.alternatives) &&
             r.get_vector(g.groups);
    };
    Result<std::vector<GameSample>> all =
        gather_items<GameSample>(*comm, games, played, encode, decode);
    if (!all) return all.error();
    Result<std::string> bytes = from_root(*comm, [&]() -> Result<std::string> {
      ByteWriter w;
      for (const GameSample& g : *all) encode(w, g);
      return w.take();
    });
    if (!bytes) return bytes.error();
    ByteReader in(*bytes);
    kept.resize(size_t(games));
    for (GameSample& g : kept)
      if (!decode(in, g)) return make_error("malformed sample from rank 0");
  }
  SampleStatistics st;
  st.games = c.games;
  FirstOccurrences firsts;
  std::unordered_set<uint64_t> first_groups;  // group_key of the groups taken
  std::vector<Position> result;
  for (const GameSample& g : kept) {
    st.unfinished_games += g.unfinished;
    st.alternatives += (long long)g.alternatives.size();
    for (const std::vector<Position>* list : {&g.kept, &g.alternatives}) {
      for (const Position& p : *list) {
        ++st.candidates;
        if (terminal_probabilities(rules, p) || (skip && skip(p))) {
          ++st.skipped;
          continue;
        }
        if (!firsts.add(p)) {
          ++st.repeats;
          continue;
        }
        result.push_back(p);
      }
    }
    const size_t k = size_t(std::max(1, c.play_groups));
    for (size_t at = 0; c.play_groups > 0 && at + k <= g.groups.size(); at += k) {
      const std::span<const Position> group(g.groups.data() + at, k);
      bool usable = true;
      for (const Position& p : group)
        usable = usable && !terminal_probabilities(rules, p) && !(skip && skip(p));
      if (!usable || !first_groups.insert(group_key(group)).second) {
        ++st.groups_dropped;
        continue;
      }
      ++st.groups;
      result.insert(result.end(), group.begin(), group.end());
    }
  }
  if (statistics) *statistics = st;
  return result;
}

std::function<bool(const Position&)> skip_bearoff_database(const NeuralModel& model) {
  const BearoffDatabase* db = model.bearoff_database();
  if (!db) return {};
  return [db](const Position& p) { return db->covers(p); };
}

std::vector<Position> sample_positions(const std::shared_ptr<const NeuralModel>& model,
                                       const SamplingConfig& c,
                                       const std::function<bool(const Position&)>& skip,
                                       SampleStatistics* statistics,
                                       const std::function<void(long long, long long)>& progress) {
  const std::unique_ptr<Communicator> alone = Communicator::single();
  return sample_positions(*alone, model, c, skip, statistics, progress)
      .value();  // alone: cannot fail
}

}  // namespace nard
