// The net of a TD run directory's newest checkpoint (training/trainer.h checkpoint_weights,
// export_checkpoint): the nets rebuilt from its state.txt and loaded from its files.
#include <filesystem>

#include "nn/weights_file.h"
#include "training/checkpoint.h"
#include "training/trainer.h"
#include "training/trainer_nets.h"

namespace nard::training {

namespace fs = std::filesystem;

using namespace trainer_detail;

std::optional<Error> export_checkpoint(const std::string& run_dir, const std::string& out_path) {
  Result<NetWeights> w = checkpoint_weights(run_dir);
  if (!w) return w.error();
  return save_weights(out_path, *w);
}

Result<NetWeights> checkpoint_weights(const std::string& run_dir) {
  Result<std::string> dir = latest_checkpoint(run_dir);
  if (!dir) return dir.error();
  Result<LoadedState> loaded = read_checkpoint_state(*dir);
  if (!loaded) return loaded.error();
  TrainConfig c;
  std::vector<std::string> names;
  std::vector<std::vector<int>> hidden;
  for (const std::string& line : loaded->identity) {
    if (line.rfind("variant ", 0) == 0) c.variant = line.substr(8);
    if (line.rfind("seed ", 0) == 0) c.seed = std::stoull(line.substr(5));
    if (line.rfind("lambda ", 0) == 0) c.lambda = std::stod(line.substr(7));
    if (line.rfind("learning_rate ", 0) == 0) c.learning_rate = std::stod(line.substr(14));
    if (line.rfind("batch_size ", 0) == 0) c.batch_size = std::stoi(line.substr(11));
    if (line.rfind("optimizer sgd", 0) == 0) c.optimizer = OptimizerKind::Sgd;
    if (line.rfind("net ", 0) == 0) {
      const std::string rest = line.substr(4);
      const size_t sp = rest.find(' ');
      names.push_back(rest.substr(0, sp));
      std::vector<int> h;
      std::string list = sp == std::string::npos ? "" : rest.substr(sp + 1);
      size_t at = 0;
      while (at < list.size()) {
        size_t comma = list.find(',', at);
        if (comma == std::string::npos) comma = list.size();
        h.push_back(std::stoi(list.substr(at, comma - at)));
        at = comma + 1;
      }
      hidden.push_back(h);
    }
  }
  Result<Nets> made = make_nets(c, nullptr);
  if (!made) return made.error();
  if (made->names != names)
    return make_error(*dir + "/state.txt names nets that do not match variant " + c.variant);
  made = make_nets(c, &hidden);
  Nets nets = std::move(made.value());
  for (size_t i = 0; i < nets.learners.size(); ++i) {
    const fs::path d(*dir);
    if (auto e = nets.learners[i]->load((d / (nets.names[i] + ".model.pt")).string(),
                                        (d / (nets.names[i] + ".optim.pt")).string()))
      return *e;
  }
  return nets.weights(describe(c, nets, loaded->state.games_done));
}

}  // namespace nard::training
