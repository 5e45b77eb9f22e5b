#include "search/pubeval.h"

#include <fstream>
#include <limits>
#include <sstream>

#include "core/read_file.h"

namespace nard {

Result<PubevalWeights> parse_pubeval(std::string_view text, std::string_view source) {
  const std::string src(source);
  PubevalWeights w;
  bool have_race = false, have_contact = false;
  std::istringstream in{std::string(text)};
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string name;
    fields >> name;
    std::array<float, kPubevalInputs>* target = nullptr;
    if (name == "race")
      target = &w.race, have_race = true;
    else if (name == "contact")
      target = &w.contact, have_contact = true;
    else
      return make_error(src + ":" + std::to_string(line_no) +
                        ": expected 'race' or 'contact', found '" + name + "'");
    for (int i = 0; i < kPubevalInputs; ++i)
      if (!(fields >> (*target)[i]))
        return make_error(src + ":" + std::to_string(line_no) + ": the " + name + " line has " +
                          std::to_string(i) + " weights, expected " +
                          std::to_string(kPubevalInputs));
    std::string extra;
    if (fields >> extra)
      return make_error(src + ":" + std::to_string(line_no) + ": more than " +
                        std::to_string(kPubevalInputs) + " weights");
  }
  if (!have_race || !have_contact)
    return make_error(src + ": missing the " + std::string(have_race ? "contact" : "race") +
                      " weight line");
  return w;
}

Result<PubevalWeights> load_pubeval(const std::string& path) {
  Result<std::string> text = read_regular_file(path, "pubeval weight file");
  if (!text) return text.error();
  return parse_pubeval(*text, path);
}

std::string default_pubeval_path() {
  return std::string(NARD_SOURCE_DIR) + "/search/data/pubeval.txt";
}

std::array<float, kPubevalInputs> pubeval_inputs(const Position& pos) {
  std::array<float, kPubevalInputs> x{};
  for (int j = 0; j < 24; ++j) {
    const int n = pos.at(24 - j);
    float* b = x.data() + 5 * j;
    if (n == -1) b[0] = 1.0f;
    if (n == 1) b[1] = 1.0f;
    if (n >= 2) b[2] = 1.0f;
    if (n == 3) b[3] = 1.0f;
    if (n >= 4) b[4] = float(n - 3) / 2.0f;
  }
  x[120] = pos.opp_bar / 2.0f;
  x[121] = pos.mover_off / 15.0f;
  return x;
}

float pubeval_score(const PubevalWeights& w, bool race, const Position& after_play) {
  if (after_play.mover_off == kCheckers) return std::numeric_limits<float>::infinity();
  const std::array<float, kPubevalInputs> x = pubeval_inputs(after_play);
  const std::array<float, kPubevalInputs>& v = race ? w.race : w.contact;
  float s = 0.0f;
  for (int i = 0; i < kPubevalInputs; ++i) s += v[i] * x[i];
  return s;
}

int PubevalPlayer::choose(const Position& pos, Dice, std::span<const Position> plays) {
  const bool race = pos.is_race();
  int best = 0;
  float best_score = -std::numeric_limits<float>::infinity();
  for (size_t i = 0; i < plays.size(); ++i) {
    const float s = pubeval_score(w_, race, plays[i]);
    if (s > best_score) best_score = s, best = int(i);
  }
  return best;
}

}  // namespace nard
