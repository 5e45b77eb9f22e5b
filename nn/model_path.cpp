#include "nn/model_path.h"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/read_file.h"
#include "nn/weights_file.h"

namespace nard {

namespace fs = std::filesystem;

namespace {

// The variant in a model file's header, or -1 when the file is not a model file.
int header_variant(const fs::path& path) {
  Result<std::string> bytes = read_regular_file(path.string(), "model file", 12);
  if (!bytes || bytes->size() < 12) return -1;  // directories, FIFOs and short files are skipped
  const auto* h = reinterpret_cast<const unsigned char*>(bytes->data());
  auto u32 = [&](int at) {
    return uint32_t(h[at]) | uint32_t(h[at + 1]) << 8 | uint32_t(h[at + 2]) << 16 |
           uint32_t(h[at + 3]) << 24;
  };
  if (u32(0) != kWeightsMagic) return -1;
  return int(u32(8));
}

std::string self_executable(const std::string& given) {
  if (!given.empty()) return given;
  std::error_code ec;
  const fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : p.string();
}

}  // namespace

std::vector<std::string> model_directories(const std::string& executable_path) {
  std::vector<fs::path> candidates;
  if (const char* env = std::getenv("NARD_MODELS"); env && *env) candidates.emplace_back(env);
#ifdef NARD_SOURCE_DIR
  candidates.push_back(fs::path(NARD_SOURCE_DIR) / "models");
#endif
  const std::string exe = self_executable(executable_path);
  if (!exe.empty()) {
    const fs::path dir = fs::path(exe).parent_path();
    candidates.push_back(dir / "models");
    candidates.push_back(dir.parent_path() / "models");
  }
  std::vector<std::string> out;
  for (const fs::path& c : candidates) {
    std::error_code ec;
    if (!fs::is_directory(c, ec)) continue;
    const std::string s = fs::weakly_canonical(c, ec).string();
    bool seen = false;
    for (const std::string& o : out) seen = seen || o == s;
    if (!seen) out.push_back(s);
  }
  return out;
}

Result<std::string> default_model_path(Variant variant, const std::string& executable_path) {
  const std::vector<std::string> dirs = model_directories(executable_path);
  for (const std::string& dir : dirs) {
    fs::path best;
    fs::file_time_type best_time{};
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file(ec) || (ext != ".bin" && ext != ".nardnet")) continue;
      if (header_variant(e.path()) != int(variant)) continue;
      const fs::file_time_type t = e.last_write_time(ec);
      if (best.empty() || t > best_time ||
          (t == best_time && e.path().filename() > best.filename())) {
        best = e.path();
        best_time = t;
      }
    }
    if (!best.empty()) return best.string();
  }
  std::string where;
  for (const std::string& d : dirs) where += (where.empty() ? "" : ", ") + d;
  if (where.empty()) where = "no models/ directory found";
  return Error{"no shipped model for " + std::string(variant_name(variant)) +
               " (searched: " + where + "); pass --model FILE or export one into models/"};
}

}  // namespace nard
