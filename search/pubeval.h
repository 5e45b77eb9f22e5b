// pubeval (Tesauro, 1993): the public linear benchmark evaluator for standard backgammon, as a
// Player. The weights are read from data/pubeval.txt (see that file for the input description;
// the copy in this repository is search/data/pubeval.txt).
//
// Use: each candidate final position (mover's view, before the turn passes) is scored with the
// race weights when the position BEFORE the move is a race, else the contact weights; a play
// bearing off the 15th checker scores +infinity; the highest score wins (ties: first play).
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "core/result.h"
#include "search/player.h"

namespace nard {

inline constexpr int kPubevalInputs = 122;

struct PubevalWeights {
  std::array<float, kPubevalInputs> race{};
  std::array<float, kPubevalInputs> contact{};
};

// Parses the text format (comment lines '#', then a line "race w0 .. w121" and a line
// "contact w0 .. w121"). `source` names the data in error messages.
Result<PubevalWeights> parse_pubeval(std::string_view text, std::string_view source);
Result<PubevalWeights> load_pubeval(const std::string& path);
// The copy shipped with the sources (NARD_SOURCE_DIR/search/data/pubeval.txt).
std::string default_pubeval_path();

// pubeval's 122 inputs of a final position seen from the mover.
std::array<float, kPubevalInputs> pubeval_inputs(const Position& after_play);
// The score of a final position (higher is better for the mover).
float pubeval_score(const PubevalWeights& w, bool race, const Position& after_play);

class PubevalPlayer final : public Player {
 public:
  explicit PubevalPlayer(PubevalWeights weights) : w_(weights) {}
  std::string name() const override { return "pubeval"; }
  int choose(const Position& pos, Dice dice, std::span<const Position> plays) override;

 private:
  PubevalWeights w_;
};

}  // namespace nard
