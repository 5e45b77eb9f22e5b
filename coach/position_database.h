// The position database: positions with target probabilities, the training data of the supervised
// pipeline (training/supervised.h) and a file users can reuse and extend (e.g. merge the files of
// several runs, or re-value them with a stronger search).
//
// A database file holds positions of one game (variant + rules preset), every position seen from
// the side on roll before the roll, each with the five cumulative probabilities
// (nn/probabilities.h) that a search or rollout gave it, and says how those targets were made.
//
// File layout, version 3 (every integer and float little-endian; str = u32 length + UTF-8 bytes):
//   u32  magic           'N','P','D','B' as bytes (0x4244504E read as a little-endian u32)
//   u32  format_version  1, 2 or 3 (kPositionDatabaseVersion): see target_truncation, play_group
//   u32  variant         engine Variant value (as in model files)
//   str  rules           the rules preset name (game/rules.h), e.g. "wbf"
//   u32  target_kind     0: n-ply search (target_ply = n), 1: rollout (target_trials trials)
//   u32  target_ply      the search depth, gnubg's convention (0-ply = the net); for a rollout the
//                        checker-play depth inside its trials
//   u32  target_trials   rollout trials per position (0 for a search)
//   u32  target_truncation  versions 2 and 3: a rollout's trials end after this many plies with the
//                        net's value (0: played to the end). Version 1 has no such field (0); a
//                        database with truncation 0 and no play groups is written as version 1,
//                        byte for byte what earlier nards wrote and read.
//   u32  play_group      version 3 only, K >= 2: the records come in consecutive groups of K, each
//                        the results of K different plays of one roll from one position (every
//                        record seen from the side to roll after the play, as all records are): what
//                        a ranking fit compares (training/supervised.h). Versions 1 and 2: 0, the
//                        records are independent positions; a file without play groups is never
//                        written as version 3.
//   str  model           what valued the positions (the model file's description or name)
//   str  description     free text: how the positions were sampled
//   u64  count           number of records
//   count records of 52 bytes:
//     i8[24] board (mover-relative points 1..24; > 0 the mover's checkers, < 0 the opponent's),
//     u8 mover_bar, u8 opp_bar, u8 mover_off, u8 opp_off, u32 flags   (game/position.h)
//     f32[5] win, win_gammon, win_backgammon, lose_gammon, lose_backgammon
//   u64  checksum        FNV-1a 64 over every byte before it
//   (end of file: trailing bytes are an error)
//
// Reading checks the magic, version, variant, checksum, that every position can occur in the
// file's game (game/position_check.h), and that every target is a
// consistent set of probabilities; the message names the file, the record and what to do.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game/position.h"
#include "game/rules.h"
#include "nn/probabilities.h"

namespace nard {

inline constexpr uint32_t kPositionDatabaseMagic = 0x4244504E;  // "NPDB" in file byte order
inline constexpr uint32_t kPositionDatabaseVersion = 3;         // reads 1, 2 and 3
inline constexpr int kMaxPlayGroup = 64;                        // plays per group at most
inline constexpr int kPositionRecordBytes = 52;

enum class TargetKind : uint32_t { Search = 0, Rollout = 1 };

struct PositionRecord {
  Position position;     // side on roll, before the roll
  Probabilities target;  // from the side on roll
  bool operator==(const PositionRecord&) const = default;
};

struct PositionDatabase {
  Variant variant = Variant::Backgammon;
  std::string rules = "wbf";
  TargetKind target_kind = TargetKind::Search;
  int target_ply = 2;
  int target_trials = 0;
  int target_truncation = 0;  // rollout plies before the net's value; 0: to the end (or a search)
  int play_group = 0;  // 0: independent records; K >= 2: consecutive groups of K plays' results
  std::string model;
  std::string description;
  std::vector<PositionRecord> records;
  bool operator==(const PositionDatabase&) const = default;

  // "2-ply search", "1296-trial rollout" or "72-trial rollout (1-ply play) truncated at 10 plies".
  std::string target_name() const;
};

std::string serialize_position_database(const PositionDatabase& db);
// `source` names the data in error messages (a path).
Result<PositionDatabase> parse_position_database(std::string_view bytes, std::string_view source);

// Reads and checks a database file (a regular file only: a directory or FIFO is refused).
Result<PositionDatabase> load_position_database(const std::string& path);
// Writes atomically (a temporary file in the same directory, flushed, then renamed over path):
// a kill never leaves a half-written database under `path`. Refuses (writing nothing) some of what
// the reader would refuse (not the positions, which it does not check against the rules): a
// negative truncation or one on search targets; a play group of 1, more than kMaxPlayGroup, or
// that does not divide the record count; a target that is not a consistent set of probabilities
// (a net's raw outputs can violate it slightly: nn/probabilities.h make_consistent).
std::optional<Error> save_position_database(const std::string& path, const PositionDatabase& db);

// The database files that `paths` name: a file as it is, a directory as every *.npdb under it
// (recursively, in name order). Fails on a path that is neither, or a directory without one.
Result<std::vector<std::string>> find_position_databases(const std::vector<std::string>& paths);

// The name targets carry in PositionDatabase::model for the model file at `path` whose
// description is `description`: the description (the path when it has none) and the FNV-1a hash
// of the file's bytes, so that two files sharing a description (a run's step models) stay apart;
// `bearoffs_by_net` marks targets made without the bear-off databases. Errors: the file cannot be
// read.
Result<std::string> targets_model_name(const std::string& path, const std::string& description,
                                       bool bearoffs_by_net = false);

}  // namespace nard
