#include "coach/position_database.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/atomic_file.h"
#include "core/binary_io.h"
#include "core/read_file.h"
#include "game/position_check.h"

namespace nard {

namespace {

constexpr uint32_t kVariantCount = 5;
constexpr uint64_t kMaxRecords = 1ull << 32;

// Targets are averages of floats: allow rounding in the order, a little less in the range.
bool valid_target(const Probabilities& p) {
  for (float x : p.as_array())
    if (x < -1e-5f || x > 1.0f + 1e-5f) return false;
  return is_consistent(p, 1e-4f);
}

std::string record_error(std::string_view source, uint64_t index, const std::string& what) {
  return std::string(source) + ": record " + std::to_string(index) + " " + what +
         " (the file is corrupt or was not written by nard; re-create it with nard targets)";
}

}  // namespace

std::string PositionDatabase::target_name() const {
  if (target_kind == TargetKind::Rollout)
    return std::to_string(target_trials) + "-trial rollout" +
           (target_ply > 0 ? " (" + std::to_string(target_ply) + "-ply play)" : "") +
           (target_truncation > 0 ? " truncated at " + std::to_string(target_truncation) + " plies"
                                  : "");
  return std::to_string(target_ply) + "-ply search";
}

std::string serialize_position_database(const PositionDatabase& db) {
  std::string s;
  s.reserve(256 + db.records.size() * kPositionRecordBytes);
  binary::put_u32(s, kPositionDatabaseMagic);
  // The lowest version that holds the header: 1 has no truncation field, 2 no play group.
  const uint32_t version = db.play_group != 0 ? 3 : db.target_truncation != 0 ? 2 : 1;
  binary::put_u32(s, version);
  binary::put_u32(s, uint32_t(db.variant));
  binary::put_str(s, db.rules);
  binary::put_u32(s, uint32_t(db.target_kind));
  binary::put_u32(s, uint32_t(db.target_ply));
  binary::put_u32(s, uint32_t(db.target_trials));
  if (version >= 2) binary::put_u32(s, uint32_t(db.target_truncation));
  if (version >= 3) binary::put_u32(s, uint32_t(db.play_group));
  binary::put_str(s, db.model);
  binary::put_str(s, db.description);
  binary::put_u64(s, db.records.size());
  for (const PositionRecord& r : db.records) {
    const Position& p = r.position;
    for (int8_t c : p.board) binary::put_u8(s, uint8_t(c));
    binary::put_u8(s, p.mover_bar);
    binary::put_u8(s, p.opp_bar);
    binary::put_u8(s, p.mover_off);
    binary::put_u8(s, p.opp_off);
    binary::put_u32(s, p.flags);
    for (float f : r.target.as_array()) binary::put_f32(s, f);
  }
  binary::put_u64(s, binary::fnv1a64(s));
  return s;
}

Result<PositionDatabase> parse_position_database(std::string_view bytes, std::string_view source) {
  const std::string src(source);
  if (bytes.size() < 8 + 8) return make_error(src + ": not a nard position database (too short)");
  binary::Reader in(bytes);
  uint32_t magic = 0, version = 0;
  in.u32(magic);
  in.u32(version);
  if (magic != kPositionDatabaseMagic)
    return make_error(src + ": not a nard position database (wrong magic number)");
  if (version < 1 || version > kPositionDatabaseVersion)
    return make_error(
        src + ": position database format version " + std::to_string(version) +
        ", this nard reads versions 1 to " + std::to_string(kPositionDatabaseVersion) +
        (version > kPositionDatabaseVersion ? "; read it with a newer nard"
                                            : "; re-create it with this nard's `nard targets`"));
  uint64_t stored = 0;
  {
    binary::Reader tail(bytes.substr(bytes.size() - 8));
    tail.u64(stored);
  }
  if (binary::fnv1a64(bytes.substr(0, bytes.size() - 8)) != stored)
    return make_error(src + ": checksum mismatch (the file is truncated or damaged; re-create it)");

  PositionDatabase db;
  uint32_t variant = 0, kind = 0, ply = 0, trials = 0, truncation = 0, group = 0;
  uint64_t count = 0;
  const bool header = in.u32(variant) && in.str(db.rules, 256) && in.u32(kind) && in.u32(ply) &&
                      in.u32(trials) && (version < 2 || in.u32(truncation)) &&
                      (version < 3 || in.u32(group)) && in.str(db.model) &&
                      in.str(db.description) && in.u64(count);
  if (!header) return make_error(src + ": truncated header");
  if (variant >= kVariantCount)
    return make_error(src + ": unknown variant number " + std::to_string(variant));
  if (kind > 1) return make_error(src + ": unknown target kind " + std::to_string(kind));
  if (ply > 8 || trials > 100000000 || truncation > 100000 || (truncation > 0 && kind != 1))
    return make_error(src + ": implausible target settings");
  // A header that a lower version holds is written as that version: this file would not write back the same.
  if (version == 2 && truncation == 0)
    return make_error(
        src +
        ": a version 2 position database without a rollout truncation (the file is corrupt "
        "or was not written by nard)");
  if (version == 3 && (group < 2 || group > uint32_t(kMaxPlayGroup)))
    return make_error(src + ": a version 3 position database with a play group of " +
                      std::to_string(group) + " (2 to " + std::to_string(kMaxPlayGroup) +
                      "; the file is corrupt or was not written by nard)");
  db.variant = Variant(variant);
  db.target_kind = TargetKind(kind);
  db.target_ply = int(ply);
  db.target_trials = int(trials);
  db.target_truncation = int(truncation);
  db.play_group = int(group);
  Result<Rules> rules = rules_preset(db.rules);
  if (!rules) return make_error(src + ": " + rules.error().message);
  if (rules->variant != db.variant)
    return make_error(src + ": rules preset '" + db.rules +
                      "' is not a preset of the file's game " +
                      std::string(variant_name(db.variant)));
  if (count > kMaxRecords || in.left() != count * kPositionRecordBytes + 8)
    return make_error(src + ": the record count " + std::to_string(count) +
                      " does not match the file size (truncated or trailing bytes)");
  if (group > 0 && count % group != 0)
    return make_error(src + ": " + std::to_string(count) +
                      " records are not whole play groups of " + std::to_string(group) +
                      " (the file is corrupt or was not written by nard)");
  db.records.resize(size_t(count));
  for (uint64_t i = 0; i < count; ++i) {
    PositionRecord& r = db.records[size_t(i)];
    Position& p = r.position;
    uint8_t b = 0;
    for (int8_t& c : p.board) {
      in.u8(b);
      c = int8_t(b);
    }
    in.u8(p.mover_bar);
    in.u8(p.opp_bar);
    in.u8(p.mover_off);
    in.u8(p.opp_off);
    in.u32(p.flags);
    float v[kOutputs] = {};
    for (float& f : v) in.f32(f);
    r.target = Probabilities::from_array(v);
    if (auto e = check_position(p, *rules))
      return make_error(
          record_error(src, i, "is not a position of the file's game: " + e->message));
    if (!valid_target(r.target))
      return make_error(record_error(src, i, "has targets that are not consistent probabilities"));
  }
  return db;
}

Result<PositionDatabase> load_position_database(const std::string& path) {
  Result<std::string> bytes = read_regular_file(path, "position database");
  if (!bytes) return bytes.error();
  return parse_position_database(*bytes, path);
}

std::optional<Error> save_position_database(const std::string& path, const PositionDatabase& db) {
  if (db.target_truncation < 0 ||
      (db.target_truncation > 0 && db.target_kind != TargetKind::Rollout))
    return make_error(path + ": not written: a truncation belongs to rollout targets only (got " +
                      std::to_string(db.target_truncation) + " plies for " +
                      (db.target_kind == TargetKind::Rollout ? "a rollout" : "a search") + ")");
  if (db.play_group != 0 && (db.play_group < 2 || db.play_group > kMaxPlayGroup ||
                             db.records.size() % size_t(db.play_group) != 0))
    return make_error(path + ": not written: a play group of " + std::to_string(db.play_group) +
                      " for " + std::to_string(db.records.size()) + " records (groups of 2 to " +
                      std::to_string(kMaxPlayGroup) + " plays, whole groups only)");
  for (size_t i = 0; i < db.records.size(); ++i)
    if (!valid_target(db.records[i].target))
      return make_error(path + ": not written: record " + std::to_string(i) +
                        " has targets that are not consistent probabilities (make_consistent "
                        "first)");
  return write_file_atomic(path, serialize_position_database(db));
}

Result<std::vector<std::string>> find_position_databases(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (const auto& e : fs::recursive_directory_iterator(p, ec))
        if (e.is_regular_file() && e.path().extension() == ".npdb")
          found.push_back(e.path().string());
      if (ec) return make_error(p + ": cannot list the directory (" + ec.message() + ")");
      if (found.empty())
        return make_error(p + ": no position databases (*.npdb) in this directory");
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(p, ec)) {
      files.push_back(p);
    } else {
      return make_error(p + ": no such position database or directory");
    }
  }
  return files;
}

Result<std::string> targets_model_name(const std::string& path, const std::string& description,
                                       bool bearoffs_by_net) {
  Result<std::string> bytes = read_regular_file(path, "model file");
  if (!bytes) return bytes.error();
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", (unsigned long long)binary::fnv1a64(*bytes));
  return (description.empty() ? path : description) + " (file fnv1a64 " + hash +
         (bearoffs_by_net ? ", bear-offs by the net)" : ")");
}

}  // namespace nard
