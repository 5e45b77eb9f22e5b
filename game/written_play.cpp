#include "game/written_play.h"

#include <array>

#include "core/text_scan.h"

namespace nard {

using text::is_space;
using text::lowered;
using text::parse_count;

namespace {

std::string point_text(int p) {
  if (p == kBar) return "bar";
  if (p == kOff) return "off";
  return std::to_string(p);
}

// Net change of the mover's checkers per point (index 0 = off, 1..24 points, 25 = bar).
using Flow = std::array<int, 26>;

Flow flow_between(const Position& before, const Position& after) {
  Flow f{};
  for (int p = 1; p <= kPoints; ++p) f[size_t(p)] = after.mover_count(p) - before.mover_count(p);
  f[kBar] = int(after.mover_bar) - int(before.mover_bar);
  f[kOff] = int(after.mover_off) - int(before.mover_off);
  return f;
}

// The mover's checkers of `pos` per point (Flow's indices) after `flow`.
Flow counts_after(const Position& pos, const Flow& flow) {
  Flow c = flow;
  for (int p = 1; p <= kPoints; ++p) c[size_t(p)] += pos.mover_count(p);
  c[kBar] += int(pos.mover_bar);
  c[kOff] += int(pos.mover_off);
  return c;
}

// flow_between(before, after) == flow, where `counts` is counts_after(before, flow): stops at the
// first point that differs.
bool has_counts(const Position& after, const Flow& counts) {
  if (int(after.mover_off) != counts[kOff] || int(after.mover_bar) != counts[kBar]) return false;
  for (int p = kPoints; p >= 1; --p)
    if (after.mover_count(p) != counts[size_t(p)]) return false;
  return true;
}

// Points where the play hit (or pinned) a lone opposing checker: the blot is gone, or covered.
// (A Plakoto pin that the checker leaves again frees the blot: no trace, and no difference.)
uint32_t hits_between(const Position& before, const Position& after) {
  uint32_t h = 0;
  for (int p = 1; p <= kPoints; ++p)
    if (before.at(p) == -1 && after.at(p) >= 0) h |= 1u << (p - 1);
  return h;
}

int popcount(uint32_t x) {
  int n = 0;
  for (; x; x &= x - 1) ++n;
  return n;
}

std::optional<Error> check_steps(const WrittenPlay& written) {
  for (const SubMove& s : written.steps)
    if (s.from < 1 || s.from > kBar || s.to < kOff || s.to > kPoints || s.to >= s.from)
      return make_error("'" + point_text(s.from) + "/" + point_text(s.to) +
                        "' is not a forward step");
  return std::nullopt;
}

// The written flow, and the hits the written play means: its marks, or without any mark the
// landings on a lone opposing checker at that moment.
struct Wanted {
  Flow flow{};
  uint32_t hits = 0;
};

Wanted wanted(const Position& pos, const WrittenPlay& written, Landing landing) {
  Wanted w;
  bool marked = false;
  for (const SubMove& s : written.steps) marked |= s.hit;
  std::array<int, 25> opp{};
  for (int p = 1; p <= kPoints; ++p) opp[size_t(p)] = pos.opp_count(p);
  for (const SubMove& s : written.steps) {
    --w.flow[size_t(s.from)];
    ++w.flow[size_t(s.to)];
    const bool lone = s.to > kOff && opp[size_t(s.to)] == 1 && landing != Landing::Block;
    if (lone) opp[size_t(s.to)] = 0;
    if (marked ? s.hit && s.to > kOff : lone) w.hits |= 1u << (s.to - 1);
  }
  return w;
}

// Can the rest of a play, `res` (the play's flow minus the written flow), be made with exactly
// `need` of the dice still unused (used[i] false)? Each step moves one checker from a point the
// play still has to leave by one die (a bear-off may use a larger die: the play is legal, only
// its steps are being found).
bool rest_fits(Flow& res, const std::vector<int>& dice, std::vector<bool>& used, int need) {
  if (need == 0) {
    for (int v : res)
      if (v != 0) return false;
    return true;
  }
  for (size_t j = 0; j < dice.size(); ++j) {
    if (used[j]) continue;
    bool same_tried = false;  // equal dice give the same steps
    for (size_t k = 0; k < j; ++k) same_tried |= !used[k] && dice[k] == dice[j];
    if (same_tried) continue;
    used[j] = true;
    for (int a = 1; a <= kBar; ++a) {
      if (res[size_t(a)] >= 0) continue;
      const int t = a - dice[j] > 0 ? a - dice[j] : kOff;
      ++res[size_t(a)];
      --res[size_t(t)];
      const bool ok = rest_fits(res, dice, used, need - 1);
      --res[size_t(a)];
      ++res[size_t(t)];
      if (ok) {
        used[j] = false;
        return true;
      }
    }
    used[j] = false;
  }
  return false;
}

// Assigns dice to the written steps (a step uses dice adding up to its distance; a bear-off may
// overshoot with its last die), then asks rest_fits for the rest of a play of `count` dice.
// Returns the dice the rest needs (0: the steps complete the play), or -1 if they cannot.
int steps_fit(const WrittenPlay& w, size_t k, const std::vector<int>& dice, std::vector<bool>& used,
              int used_count, int count, Flow& res, bool want_complete) {
  if (k == w.steps.size()) {
    const int need = count - used_count;
    if (need < 0 || (want_complete && need != 0) || (!want_complete && need == 0)) return -1;
    return rest_fits(res, dice, used, need) ? need : -1;
  }
  const SubMove& s = w.steps[k];
  const int dist = s.from - s.to;
  const size_t n = dice.size();
  for (uint32_t mask = 1; mask < (1u << n); ++mask) {
    bool free = true;
    int sum = 0, largest = 0, dice_in = 0;
    for (size_t j = 0; j < n; ++j)
      if (mask >> j & 1u) {
        free = free && !used[j];
        sum += dice[j];
        largest = std::max(largest, dice[j]);
        ++dice_in;
      }
    if (!free) continue;
    const bool exact = sum == dist;
    const bool bear_off = s.to == kOff && sum > dist && sum - largest < dist;
    if (!exact && !bear_off) continue;
    for (size_t j = 0; j < n; ++j)
      if (mask >> j & 1u) used[j] = true;
    const int r = steps_fit(w, k + 1, dice, used, used_count + dice_in, count, res, want_complete);
    for (size_t j = 0; j < n; ++j)
      if (mask >> j & 1u) used[j] = false;
    if (r >= 0) return r;
  }
  return -1;
}

}  // namespace

std::optional<Error> parse_play_token(std::string_view t, std::vector<SubMove>& steps) {
  int repeat = 1;
  if (t.size() >= 3 && t.back() == ')') {
    const size_t open = t.rfind('(');
    if (open == std::string_view::npos) return make_error("'" + std::string(t) + "' is not a play");
    std::optional<int> n = parse_count(t.substr(open + 1, t.size() - open - 2));
    if (!n || *n < 1 || *n > 4)
      return make_error("'" + std::string(t) + "': the repeat must be 1..4");
    repeat = *n;
    t = t.substr(0, open);
  }
  std::vector<std::pair<int, bool>> points;  // point, hit mark
  size_t s = 0;
  for (size_t i = 0; i <= t.size(); ++i) {
    if (i < t.size() && t[i] != '/') continue;
    std::string_view piece = t.substr(s, i - s);
    s = i + 1;
    bool hit = false;
    while (!piece.empty() && piece.back() == '*') {
      hit = true;
      piece.remove_suffix(1);
    }
    int p = -1;
    const std::string w = lowered(piece);
    if (w == "bar" || w == "b")
      p = kBar;
    else if (w == "off" || w == "o")
      p = kOff;
    else if (auto n = parse_count(piece); n && *n <= kBar)
      p = *n;
    if (p < 0)
      return make_error("'" + std::string(t) + "' is not a play (bad point '" + std::string(piece) +
                        "')");
    points.emplace_back(p, hit);
  }
  if (points.size() < 2) return make_error("'" + std::string(t) + "' is not a play");
  for (int r = 0; r < repeat; ++r)
    for (size_t k = 1; k < points.size(); ++k)
      steps.push_back(
          SubMove{int8_t(points[k - 1].first), int8_t(points[k].first), points[k].second});
  if (steps.size() > 16) return make_error("too many steps in one play");
  return std::nullopt;
}

Result<WrittenPlay> parse_written_play(std::string_view text) {
  WrittenPlay w;
  size_t s = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && !is_space(text[i]) && text[i] != ',') continue;
    const std::string_view token = text.substr(s, i - s);
    s = i + 1;
    if (token.empty()) continue;
    if (auto e = parse_play_token(token, w.steps)) return *e;
  }
  return w;
}

std::string written_play_text(const WrittenPlay& play) {
  std::string out;
  for (const SubMove& s : play.steps) {
    if (!out.empty()) out += ' ';
    out += point_text(s.from) + "/" + point_text(s.to) + (s.hit ? "*" : "");
  }
  return out;
}

Result<int> find_written_play(const Position& pos, std::span<const Position> plays,
                              const WrittenPlay& written, Landing landing) {
  if (auto e = check_steps(written)) return *e;
  const Wanted want = wanted(pos, written, landing);
  const Flow counts = counts_after(pos, want.flow);
  int best = -1, best_score = 1 << 30;
  for (size_t i = 0; i < plays.size(); ++i) {
    if (!has_counts(plays[i], counts)) continue;
    const int score = popcount(hits_between(pos, plays[i]) ^ want.hits);
    if (score < best_score) best = int(i), best_score = score;
  }
  if (best < 0) return make_error("'" + written_play_text(written) + "' is not a legal play");
  return best;
}

PlayMatch match_written_play(const Position& pos, Dice dice, std::span<const Position> plays,
                             std::span<const Move> moves, const WrittenPlay& written,
                             Landing landing) {
  PlayMatch m;
  if (written.steps.empty() || check_steps(written)) return m;
  const Wanted want = wanted(pos, written, landing);
  std::vector<int> all = {dice.d1, dice.d2};
  if (dice.is_double()) all = {dice.d1, dice.d1, dice.d1, dice.d1};
  std::vector<bool> used(all.size(), false);
  int best_score = 1 << 30;
  for (size_t i = 0; i < plays.size(); ++i) {
    Flow res = flow_between(pos, plays[i]);
    for (size_t p = 0; p < res.size(); ++p) res[p] -= want.flow[p];
    const int count = moves[i].count;
    if (steps_fit(written, 0, all, used, 0, count, res, true) == 0) {
      const int score = popcount(hits_between(pos, plays[i]) ^ want.hits);
      if (score < best_score) m.complete = int(i), best_score = score;
    } else if (!m.partial && steps_fit(written, 0, all, used, 0, count, res, false) > 0) {
      m.partial = true;
    }
  }
  return m;
}

}  // namespace nard
