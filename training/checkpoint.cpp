#include "training/checkpoint.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "core/atomic_file.h"
#include "core/read_file.h"
#include "training/kill_point.h"

namespace nard::training {

namespace fs = std::filesystem;

namespace {
constexpr const char* kHeader = "nard-checkpoint 1";

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}
std::string hex64(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
  return buf;
}

void fsync_path(const std::string& path, bool directory) {
  const int fd = ::open(path.c_str(), directory ? O_RDONLY | O_DIRECTORY : O_RDONLY);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

std::string ckpt_name(long long games) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "ckpt-%012lld", games);
  return buf;
}

std::string metric_line(const MetricsRow& m) {
  std::ostringstream s;
  s << "metric " << m.games << ' ' << fmt("%.17g", m.seconds) << ' ' << fmt("%.17g", m.loss);
  for (const StrengthPoint& p : m.strength)
    s << ' ' << p.opponent << ' ' << fmt("%.17g", p.points_per_game) << ' '
      << fmt("%.17g", p.standard_error) << ' ' << p.games;
  return s.str();
}
}  // namespace

uint64_t fnv1a64(const std::string& bytes) {
  uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char c : bytes) h = (h ^ c) * 0x100000001B3ull;
  return h;
}

Result<std::string> read_file(const std::string& path) { return read_regular_file(path, "file"); }

std::vector<std::string> identity_lines(const TrainConfig& c,
                                        const std::vector<std::string>& net_names,
                                        const std::vector<std::vector<int>>& hidden) {
  std::vector<std::string> lines;
  lines.push_back("variant " + c.variant);
  for (size_t i = 0; i < net_names.size(); ++i) {
    std::string h;
    for (int x : hidden[i]) h += (h.empty() ? "" : ",") + std::to_string(x);
    lines.push_back("net " + net_names[i] + " " + h);
  }
  lines.push_back("lambda " + fmt("%.17g", c.lambda));
  lines.push_back("learning_rate " + fmt("%.17g", c.learning_rate));
  lines.push_back(std::string("optimizer ") +
                  (c.optimizer == OptimizerKind::Adam ? "adam" : "sgd"));
  lines.push_back("batch_size " + std::to_string(c.batch_size));
  lines.push_back("round_games " + std::to_string(c.round_games));
  lines.push_back("exploration " + fmt("%.17g", c.exploration));
  lines.push_back("seed " + std::to_string(c.seed));
  return lines;
}

std::optional<Error> save_checkpoint(
    const std::string& run_dir, const std::vector<std::string>& identity, const RunState& st,
    const std::vector<std::string>& net_names, const std::vector<Learner*>& learners,
    const std::vector<std::pair<std::string, std::string>>& extra_files) {
  std::error_code ec;
  const std::string name = ckpt_name(st.games_done);
  const fs::path final_dir = fs::path(run_dir) / name;
  const fs::path tmp =
      fs::path(run_dir) / (kCheckpointTemporaryPrefix + std::to_string(::getpid()));
  // Every failure names the run directory and the checkpoint (not the temporary directory) and
  // leaves the previous checkpoint as it was.
  auto failed = [&](const std::string& why) {
    std::error_code ignored;
    fs::remove_all(tmp, ignored);
    return make_error(run_dir + ": cannot write checkpoint " + name + " (" + why +
                      "); the previous checkpoint is kept");
  };
  fs::remove_all(tmp, ec);
  fs::create_directories(tmp, ec);
  if (ec) return failed(ec.message());
  std::vector<std::string> files;
  for (size_t i = 0; i < learners.size(); ++i) {
    const std::string model = net_names[i] + ".model.pt", optim = net_names[i] + ".optim.pt";
    Result<Learner::SavedState> saved = learners[i]->save();
    if (!saved) return failed(net_names[i] + " net: " + saved.error().message);
    if (auto why = write_file_synced((tmp / model).string(), saved->model))
      return failed(model + ": " + *why);
    if (auto why = write_file_synced((tmp / optim).string(), saved->optimizer))
      return failed(optim + ": " + *why);
    files.push_back(model);
    files.push_back(optim);
  }
  kill_point("checkpoint-files");
  for (const auto& [file, bytes] : extra_files) {
    if (auto why = write_file_synced((tmp / file).string(), bytes))
      return failed(file + ": " + *why);
    files.push_back(file);
  }
  std::ostringstream s;
  s << kHeader << '\n';
  for (const std::string& l : identity) s << l << '\n';
  s << "games_done " << st.games_done << '\n'
    << "rounds_done " << st.rounds_done << '\n'
    << "seconds " << fmt("%.17g", st.seconds) << '\n'
    << "interval_loss " << fmt("%.17g", st.interval_loss) << '\n'
    << "interval_rounds " << st.interval_rounds << '\n';
  for (const MetricsRow& m : st.metrics) s << metric_line(m) << '\n';
  for (const std::string& f : files) {
    Result<std::string> bytes = read_file((tmp / f).string());
    if (!bytes) return failed(f + " cannot be read back");
    fsync_path((tmp / f).string(), false);
    s << "file " << f << ' ' << bytes->size() << ' ' << hex64(fnv1a64(*bytes)) << '\n';
  }
  std::string text = s.str();
  text += "checksum " + hex64(fnv1a64(text)) + "\n";
  if (auto why = write_file_synced((tmp / "state.txt").string(), text))
    return failed("state.txt: " + *why);
  fsync_path(tmp.string(), true);
  Result<std::string> current = latest_checkpoint(run_dir);
  if (fs::exists(final_dir) && !(current && fs::path(*current).filename() == name))
    fs::remove_all(final_dir, ec);
  if (fs::exists(final_dir)) return failed("a checkpoint of that name is the latest already");
  fs::rename(tmp, final_dir, ec);
  if (ec) return failed(ec.message());
  fsync_path(run_dir, true);
  kill_point("checkpoint-renamed");
  if (auto e = write_file_atomic((fs::path(run_dir) / "latest").string(), name + "\n")) {
    fs::remove_all(final_dir, ec);
    return make_error(e->message + "; the previous checkpoint is kept");
  }
  kill_point("checkpoint-latest");
  // Only now is the old checkpoint unreferenced.
  for (const auto& entry : fs::directory_iterator(run_dir, ec)) {
    const std::string n = entry.path().filename().string();
    if (entry.is_directory() && n.rfind("ckpt-", 0) == 0 && n != name)
      fs::remove_all(entry.path(), ec);
  }
  return std::nullopt;
}

Result<std::string> latest_checkpoint(const std::string& run_dir) {
  const fs::path latest = fs::path(run_dir) / "latest";
  if (!fs::exists(latest))
    return make_error("no checkpoint in " + run_dir +
                      " (the file 'latest' is missing; was this directory made by nard train?)");
  Result<std::string> text = read_file(latest.string());
  if (!text) return text.error();
  std::string name = *text;
  while (!name.empty() && (name.back() == '\n' || name.back() == ' ')) name.pop_back();
  if (name.rfind("ckpt-", 0) != 0 || name.find('/') != std::string::npos)
    return make_error(latest.string() + " is corrupt: it does not name a checkpoint directory");
  const fs::path dir = fs::path(run_dir) / name;
  if (!fs::is_directory(dir))
    return make_error("checkpoint directory " + dir.string() + " named by " + latest.string() +
                      " is missing");
  return dir.string();
}

Result<LoadedState> read_checkpoint_state(const std::string& ckpt_dir) {
  const std::string path = (fs::path(ckpt_dir) / "state.txt").string();
  Result<std::string> text = read_file(path);
  if (!text)
    return make_error("checkpoint " + ckpt_dir +
                      " has no state.txt: it is incomplete or not a checkpoint");
  const std::string& t = *text;
  const size_t pos = t.rfind("checksum ");
  if (pos == std::string::npos || (pos > 0 && t[pos - 1] != '\n'))
    return make_error(path + " is corrupt: its checksum line is missing (truncated file?)");
  const std::string body = t.substr(0, pos);
  std::string stored = t.substr(pos + 9);
  while (!stored.empty() && stored.back() == '\n') stored.pop_back();
  if (stored != hex64(fnv1a64(body)))
    return make_error(path + " is corrupt: its checksum does not match its contents");
  LoadedState out;
  std::istringstream lines(body);
  std::string line;
  std::getline(lines, line);
  if (line != kHeader)
    return make_error(path + " is not a nard checkpoint of a known version (first line '" + line +
                      "')");
  while (std::getline(lines, line)) {
    std::istringstream ls(line);
    std::string key;
    ls >> key;
    if (key == "games_done")
      ls >> out.state.games_done;
    else if (key == "rounds_done")
      ls >> out.state.rounds_done;
    else if (key == "seconds")
      ls >> out.state.seconds;
    else if (key == "interval_loss")
      ls >> out.state.interval_loss;
    else if (key == "interval_rounds")
      ls >> out.state.interval_rounds;
    else if (key == "metric") {
      MetricsRow m;
      ls >> m.games >> m.seconds >> m.loss;
      StrengthPoint p;
      while (ls >> p.opponent >> p.points_per_game >> p.standard_error >> p.games)
        m.strength.push_back(p);
      out.state.metrics.push_back(m);
    } else if (key == "file") {
      std::string name, hash;
      size_t size = 0;
      ls >> name >> size >> hash;
      const std::string fp = (fs::path(ckpt_dir) / name).string();
      Result<std::string> bytes = read_file(fp);
      if (!bytes) return make_error("checkpoint file " + fp + " is missing");
      if (bytes->size() != size || hex64(fnv1a64(*bytes)) != hash)
        return make_error("checkpoint file " + fp +
                          " is corrupt: its size or checksum differs from state.txt");
    } else {
      out.identity.push_back(line);
    }
    if (ls.fail() && key != "metric")
      return make_error(path + " is corrupt: bad line '" + line + "'");
  }
  return out;
}

}  // namespace nard::training
