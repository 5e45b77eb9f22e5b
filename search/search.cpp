#include "search/search.h"

#include <algorithm>
#include <cstring>
#include <numeric>

#include "core/zeroed_array.h"

namespace nard {

// Direct-mapped cache of 0-ply results keyed by the whole position (no false hits). An entry is
// valid when it carries the current generation, so clearing is one increment.
struct Search::Cache {
  static constexpr size_t kEntries = size_t(1) << 16;
  struct Entry {
    Position pos;
    Probabilities probs;
    uint32_t generation = 0;  // 0: never written
  };
  // Zero pages until touched (core/zeroed_array.h): a short search uses few of the 3.7 MB.
  ZeroedArray<Entry> entries = make_zeroed_array<Entry>(kEntries);
  uint32_t generation = 1;
  Entry& slot(const Position& p) { return entries[p.hash() & (kEntries - 1)]; }
  bool holds(const Entry& e, const Position& p) const {
    return e.generation == generation && e.pos == p;
  }
  void clear() {
    if (++generation == 0) {  // wrapped: old generations could look current again
      for (size_t i = 0; i < kEntries; ++i) entries[i].generation = 0;
      generation = 1;
    }
  }
};

struct Search::Scratch {
  ZeroedArray<Position> plays = make_zeroed_array<Position>(kMaxPlays);
  std::vector<Position> batch;       // results (mover's view) of all plays of all 21 rolls
  std::vector<Probabilities> probs;  // the pruner's values of batch (opponent's view)
  std::vector<float> scores;         // score() of each, from the mover's side
  std::vector<int> roll_begin;       // batch range of each roll: [roll_begin[r], roll_begin[r+1])
  std::vector<Position> missing;
  std::vector<Probabilities> missing_probs;
  std::vector<int> missing_index;
  std::vector<int> order;
  // The plays of each roll the full net valued: cand[cand_begin[r] .. cand_begin[r+1]) index
  // batch, cand_positions their results flipped (opponent on roll), cand_probs their 0-ply
  // values (opponent's view).
  std::vector<int> cand;
  std::vector<int> cand_begin;
  std::vector<Position> cand_positions;
  std::vector<Probabilities> cand_probs;
};

Search::Search(const Rules& rules, Evaluator& evaluator, SearchConfig config)
    : rules_(rules),
      evaluator_(evaluator),
      config_(config),
      cache_(new Cache),
      generator_(new MoveGenerator(rules_)),
      static_scratch_(new Scratch) {}

Search::~Search() = default;

void Search::clear_cache() { cache_->clear(); }

float Search::score(const Probabilities& p) const {
  return objective_ ? objective_(p) : cubeless_equity(p, rules_);
}

void Search::evaluate_static(std::span<const Position> positions, std::span<Probabilities> out) {
  static_evals_ += positions.size();
  if (!config_.use_cache) {
    evaluator_.evaluate(positions, out);
    return;
  }
  Scratch& s = *static_scratch_;
  s.missing.clear();
  s.missing_index.clear();
  for (size_t i = 0; i < positions.size(); ++i) {
    const Cache::Entry& e = cache_->slot(positions[i]);
    if (cache_->holds(e, positions[i])) {
      out[i] = e.probs;
      ++cache_hits_;
    } else {
      s.missing.push_back(positions[i]);
      s.missing_index.push_back(int(i));
    }
  }
  if (s.missing.empty()) return;
  s.missing_probs.resize(s.missing.size());
  evaluator_.evaluate(s.missing, s.missing_probs);
  for (size_t k = 0; k < s.missing.size(); ++k) {
    out[size_t(s.missing_index[k])] = s.missing_probs[k];
    Cache::Entry& e = cache_->slot(s.missing[k]);
    e.pos = s.missing[k];
    e.probs = s.missing_probs[k];
    e.generation = cache_->generation;
  }
}

Probabilities Search::evaluate(const Position& pos, int ply) {
  if (auto t = terminal_probabilities(rules_, pos)) return *t;
  if (ply <= 0) {
    Probabilities p;
    evaluate_static({&pos, 1}, {&p, 1});
    return p;
  }
  return evaluate_ply(pos, ply, 0);
}

// Fills s.cand* from s.batch/s.roll_begin (results of plays from `pos`): every play of every
// roll valued by the full net, or, with a pruner, each roll's plays ranked by the pruner and its
// best config_.prune_keep valued by the full net (all of them when the roll has no more).
void Search::select_candidates(const Position& pos, Scratch& s) {
  // Not in a race (Position::is_race: contrary games without contact, pins or a bar; backgammon,
  // Plakoto and Tawla 31): backgammon's pruner, a net of the raw board, ranks race plays badly
  // (`nard bench cube --ply 2`, races: 96.2% pruned, 99.3% unpruned) and its race net is cheap;
  // the other contrary games keep the full net there too, unmeasured with their pruners.
  Evaluator* pruner = config_.prune_keep > 0 && !pos.is_race() ? evaluator_.pruner() : nullptr;
  s.cand.clear();
  s.cand_begin.assign(22, 0);
  if (!pruner) {
    s.cand.resize(s.batch.size());
    std::iota(s.cand.begin(), s.cand.end(), 0);
    for (int r = 0; r <= 21; ++r) s.cand_begin[size_t(r)] = s.roll_begin[size_t(r)];
  } else {
    s.probs.resize(s.batch.size());
    pruner->evaluate_results(pos, s.batch, s.probs);
    prune_evals_ += s.batch.size();
    s.scores.resize(s.batch.size());
    for (size_t i = 0; i < s.batch.size(); ++i) s.scores[i] = score(invert(s.probs[i]));
    const int keep = config_.prune_keep;
    for (int r = 0; r < 21; ++r) {
      s.cand_begin[size_t(r)] = int(s.cand.size());
      const int begin = s.roll_begin[size_t(r)], end = s.roll_begin[size_t(r) + 1];
      if (end - begin <= keep) {
        for (int i = begin; i < end; ++i) s.cand.push_back(i);
        continue;
      }
      // The best `keep` by score, best first, the earlier play first on equal scores: one pass
      // of insertion into a sorted top list (keep is small).
      s.order.resize(size_t(keep));
      int found = 0;
      for (int i = begin; i < end; ++i) {
        const float v = s.scores[size_t(i)];
        if (found == keep && !(v > s.scores[size_t(s.order[size_t(keep - 1)])])) continue;
        int at = found < keep ? found++ : keep - 1;
        for (; at > 0 && v > s.scores[size_t(s.order[size_t(at - 1)])]; --at)
          s.order[size_t(at)] = s.order[size_t(at - 1)];
        s.order[size_t(at)] = i;
      }
      s.cand.insert(s.cand.end(), s.order.begin(), s.order.end());
    }
    s.cand_begin[21] = int(s.cand.size());
  }
  // The candidates' results with the opponent on roll, for the full net (terminal ones exact).
  s.cand_positions.resize(s.cand.size());
  for (size_t i = 0; i < s.cand.size(); ++i)
    s.cand_positions[i] = s.batch[size_t(s.cand[i])].flipped();
  s.cand_probs.resize(s.cand.size());
  evaluate_static(s.cand_positions, s.cand_probs);
}

Search::Scratch& Search::scratch_at(int depth) {
  while (scratch_.size() <= size_t(depth)) scratch_.emplace_back(new Scratch);
  // Heap-allocated: a level's scratch stays valid while deeper levels grow the vector.
  return *scratch_[size_t(depth)];
}

// Fills s.batch/s.roll_begin with all plays of all 21 rolls of `pos` (mover's view), and s.cand*
// with those the full net valued (select_candidates), in one 0-ply batch.
void Search::expand_rolls(const Position& pos, Scratch& s) {
  MoveGenerator& gen = *generator_;
  s.batch.clear();
  s.roll_begin.assign(22, 0);
  const auto& rolls = all_rolls();
  for (int r = 0; r < 21; ++r) {
    s.roll_begin[size_t(r)] = int(s.batch.size());
    const int n = gen.generate(pos, rolls[size_t(r)], s.plays.get());
    if (n == 0) {  // forfeited: the position passes unchanged
      Position passed = pos;
      passed.set_mover_first_turn(false);
      s.batch.push_back(passed);
    }
    s.batch.insert(s.batch.end(), s.plays.get(), s.plays.get() + n);
  }
  s.roll_begin[21] = int(s.batch.size());
  select_candidates(pos, s);
}

// The best reply to `roll` at 0-ply from the mover's side (index into s.cand*; first on ties).
int Search::best_candidate(const Scratch& s, int roll) const {
  const int begin = s.cand_begin[size_t(roll)], end = s.cand_begin[size_t(roll) + 1];
  int best = begin;
  float best_score = -1e30f;
  for (int i = begin; i < end; ++i) {
    const float v = score(invert(s.cand_probs[size_t(i)]));
    if (v > best_score) {
      best_score = v;
      best = i;
    }
  }
  return best;
}

void Search::best_replies(const Position& pos, std::span<RollReply, 21> out) {
  Scratch& s = scratch_at(0);
  expand_rolls(pos, s);
  for (int r = 0; r < 21; ++r) {
    const int best = best_candidate(s, r);
    out[size_t(r)] = {s.cand_positions[size_t(best)], s.cand_probs[size_t(best)]};
  }
}

// pos: side on roll; returns its probabilities at `ply` >= 1. `depth` selects the scratch.
Probabilities Search::evaluate_ply(const Position& pos, int ply, int depth) {
  Scratch& s = scratch_at(depth);
  expand_rolls(pos, s);
  const auto& rolls = all_rolls();

  float sum[kOutputs] = {0, 0, 0, 0, 0};
  for (int r = 0; r < 21; ++r) {
    const int begin = s.cand_begin[size_t(r)], end = s.cand_begin[size_t(r) + 1];
    const int best = best_candidate(s, r);
    Probabilities chosen = invert(s.cand_probs[size_t(best)]);
    if (ply > 1 && !terminal_probabilities(rules_, s.cand_positions[size_t(best)])) {
      if (config_.inner_candidates > 1 && end - begin > 1) {
        // Re-value the top few replies one ply deeper and keep the best of them.
        s.order.resize(size_t(end - begin));
        std::iota(s.order.begin(), s.order.end(), begin);
        const int k = std::min(config_.inner_candidates, end - begin);
        std::partial_sort(s.order.begin(), s.order.begin() + k, s.order.end(), [&](int a, int b) {
          return score(invert(s.cand_probs[size_t(a)])) > score(invert(s.cand_probs[size_t(b)]));
        });
        std::vector<int> top(s.order.begin(), s.order.begin() + k);
        float best_score = -1e30f;
        for (int i : top) {
          const Position child = s.cand_positions[size_t(i)];
          const Probabilities v = invert(evaluate_ply(child, ply - 1, depth + 1));
          if (score(v) > best_score) {
            best_score = score(v);
            chosen = v;
          }
        }
      } else {
        const Position child = s.cand_positions[size_t(best)];
        chosen = invert(evaluate_ply(child, ply - 1, depth + 1));
      }
    }
    const float w = float(roll_weight(rolls[size_t(r)]));
    const auto a = chosen.as_array();
    for (int k = 0; k < kOutputs; ++k) sum[k] += w * a[size_t(k)];
  }
  for (float& v : sum) v /= 36.0f;
  return make_consistent(Probabilities::from_array(sum));
}

std::vector<RankedPlay> Search::rank_plays(const Position& pos, Dice dice,
                                           std::span<const Position> plays) {
  (void)pos;
  (void)dice;
  std::vector<RankedPlay> ranked(plays.size());
  std::vector<Position> flipped(plays.size());
  for (size_t i = 0; i < plays.size(); ++i) flipped[i] = plays[i].flipped();
  std::vector<Probabilities> probs(plays.size());
  evaluate_static(flipped, probs);
  for (size_t i = 0; i < plays.size(); ++i) {
    ranked[i].index = int(i);
    ranked[i].ply = 0;
    ranked[i].probs = invert(probs[i]);
    ranked[i].equity = score(ranked[i].probs);
  }
  auto by_equity = [](const RankedPlay& a, const RankedPlay& b) {
    return a.equity != b.equity ? a.equity > b.equity : a.index < b.index;
  };
  std::stable_sort(ranked.begin(), ranked.end(), by_equity);

  size_t alive = ranked.size();
  for (int level = 1; level <= config_.ply && level <= 3; ++level) {
    const MoveFilter& f = config_.filters[level - 1];
    // Keep at most f.keep plays within f.threshold of the best ranked at the previous level.
    size_t keep = std::min(alive, size_t(std::max(1, f.keep)));
    while (keep > 1 && ranked[0].equity - ranked[keep - 1].equity > f.threshold) --keep;
    alive = keep;
    if (f.skip_next && level < config_.ply) continue;
    for (size_t i = 0; i < keep; ++i) {
      RankedPlay& rp = ranked[i];
      const Position& child = flipped[size_t(rp.index)];
      if (terminal_probabilities(rules_, child)) continue;  // exact already
      rp.probs = invert(evaluate_ply(child, level, 0));
      rp.equity = score(rp.probs);
      rp.ply = level;
    }
    std::stable_sort(ranked.begin(), ranked.begin() + long(keep), by_equity);
  }
  return ranked;
}

void set_move_filters(SearchConfig& c, MoveFilters f) {
  switch (f) {
    case MoveFilters::Gnubg:
      c.filters[0] = {8, 0.16f, true};
      c.filters[1] = {8, 0.16f};  // on the 0-ply values again: keeps every survivor
      c.filters[2] = {2, 0.04f};
      break;
    case MoveFilters::Narrow:
      c.filters[0] = {8, 0.16f};
      c.filters[1] = {3, 0.06f};
      c.filters[2] = {2, 0.03f};
      break;
  }
}

int Search::best_play(const Position& pos, Dice dice, std::span<const Position> plays) {
  if (plays.size() == 1) return 0;
  return rank_plays(pos, dice, plays).front().index;
}

}  // namespace nard
