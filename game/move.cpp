#include "game/move.h"

#include <algorithm>
#include <vector>

#include "game/position.h"

namespace nard {

namespace {
std::string point_name(int p) {
  if (p == kBar) return "bar";
  if (p <= kOff) return "off";
  return std::to_string(p);
}
}  // namespace

std::string format_move(const Move& move) {
  std::vector<SubMove> subs(move.sub.begin(), move.sub.begin() + move.count);
  std::stable_sort(subs.begin(), subs.end(), [](const SubMove& a, const SubMove& b) {
    return a.from != b.from ? a.from > b.from : a.to > b.to;
  });
  std::vector<bool> used(subs.size(), false);

  // Chain the sub-moves of one checker: a chain continues from where the previous step landed.
  std::vector<std::string> chains;
  for (size_t i = 0; i < subs.size(); ++i) {
    if (used[i]) continue;
    used[i] = true;
    std::string text = point_name(subs[i].from);
    int at = subs[i].to;
    bool hit = subs[i].hit;
    for (;;) {
      size_t next = subs.size();
      if (at > kOff)
        for (size_t j = 0; j < subs.size(); ++j)
          if (!used[j] && subs[j].from == at) {
            next = j;
            break;
          }
      if (next == subs.size()) break;
      if (hit) text += "/" + point_name(at) + "*";  // a hit is shown at the point where it happened
      used[next] = true;
      at = subs[next].to;
      hit = subs[next].hit;
    }
    text += "/" + point_name(at) + (hit ? "*" : "");
    chains.push_back(std::move(text));
  }

  std::string out;
  for (size_t i = 0; i < chains.size();) {
    size_t j = i;
    while (j < chains.size() && chains[j] == chains[i]) ++j;
    if (!out.empty()) out += ' ';
    out += chains[i];
    if (j - i > 1) out += "(" + std::to_string(j - i) + ")";
    i = j;
  }
  return out;
}

}  // namespace nard
