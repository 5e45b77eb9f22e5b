// Writes the binary seeds of the fuzz corpus (tests/fuzz/corpus/weights_file/
// and corpus/position_database/): small model files (nets without hidden
// layers, or with two hidden units, for every game) and small position
// databases. Run once by hand when the formats change:
//   build/tests/fuzz/fuzz_make_seeds tests/fuzz/corpus
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "coach/position_database.h"
#include "game/dice.h"
#include "game/movegen/movegen.h"
#include "nn/weights_file.h"

using namespace nard;

namespace {

void write(const std::filesystem::path& path, const std::string& bytes) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
  std::printf("%s: %zu bytes\n", path.c_str(), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: fuzz_make_seeds CORPUS_DIR\n");
    return 2;
  }
  const std::filesystem::path dir(argv[1]);
  const Variant variants[] = {Variant::Backgammon, Variant::Plakoto, Variant::Tawla31,
                              Variant::Fevga, Variant::LongNardy};
  for (Variant v : variants) {
    const std::string game(variant_name(v));
    for (int hidden : {0, 2}) {
      NetWeights w;
      w.variant = v;
      w.description = "fuzz seed, " + std::to_string(hidden) + " hidden units";
      uint64_t seed = 1;
      std::vector<int> sizes;
      if (hidden) sizes.push_back(hidden);
      for (EncoderId e : encoders_for(v)) w.nets.push_back(random_mlp(e, sizes, seed++));
      write(dir / "weights_file" / (game + "-h" + std::to_string(hidden) + ".nardnet"),
            serialize_weights(w));
    }
    // A database of a few positions from a random game.
    Result<Rules> rules = rules_for_variant(game);
    PositionDatabase db;
    db.variant = v;
    db.rules = rules->preset;
    db.model = "fuzz seed";
    db.description = "positions of one random game";
    MoveGenerator gen(*rules);
    PlayList list;
    Rng rng(7);
    Position p = start_position(*rules);
    for (int t = 0; t < 6; ++t) {
      Probabilities target{0.5f, 0.1f, 0.01f, 0.1f, 0.01f};
      db.records.push_back({p, target});
      const int n = gen.generate(p, rng.roll(), list.positions.get());
      if (n > 0) p = list.positions[size_t(rng.below(uint32_t(n)))];
      p = p.flipped();
    }
    write(dir / "position_database" / (game + ".seed"), serialize_position_database(db));
    // The same as truncated rollout targets: format version 2.
    db.target_kind = TargetKind::Rollout;
    db.target_ply = 0;
    db.target_trials = 72;
    db.target_truncation = 10;
    write(dir / "position_database" / (game + "-rollout.seed"), serialize_position_database(db));
    // The same as two play groups of 3: format version 3.
    db.play_group = 3;
    write(dir / "position_database" / (game + "-groups.seed"), serialize_position_database(db));
  }
  return 0;
}
