// How many games to play at once against gnubg when the user leaves the thread count to nard.
//
// gnubg answers a Python request only after a wait of its own: the evaluation goes to its worker
// thread and the caller polls for it every 10 ms (MT_WaitForTasks), so a 0-ply answer takes about
// 10 ms of wall time for 0.1 to 0.3 ms of CPU. One core therefore serves many gnubg processes at
// 0 ply, a few at 1 ply; at 2 ply gnubg's search (about 50 ms a move) mostly fills its core. Results never depend on the count (each
// game's dice come from its index), only the speed does.
#pragma once

namespace nard {

// Pure: games at once for gnubg at `ply` on `cores` cores with `available_bytes` of memory free.
// kGamesPerCore[ply] a core, at most kMaxGnubgProcesses, and no more gnubg processes than the
// memory holds at kGnubgProcessBytes each (at least `cores`, at least 1).
int gnubg_games_at_once(int ply, int cores, long long available_bytes);

// The same for this machine (its cores as OpenMP counts them, its free physical memory).
int gnubg_games_at_once(int ply);

inline constexpr int kMaxGnubgProcesses = 64;
// A gnubg 1.07 process with its nets and bear-off database: about 131 MiB resident, with room.
inline constexpr long long kGnubgProcessBytes = 192LL << 20;

}  // namespace nard
