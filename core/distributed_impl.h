// Communicator::Impl (core/distributed.h): one rank's state, and under MPI the messages beneath
// the collectives (heartbeats, end statuses and verdicts, waits that poll). Internal to core/: it
// is included by core/distributed_communicator.cpp and core/distributed_session.cpp alone, which
// core/CMakeLists.txt compiles with the same NARD_WITH_MPI, so both see the same Impl.
#pragma once

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/distributed.h"

#ifdef NARD_WITH_MPI
#include <mpi.h>
#endif

namespace nard {

namespace distributed_detail {

using Clock = std::chrono::steady_clock;
[[maybe_unused]] inline double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

}  // namespace distributed_detail

using distributed_detail::Clock;
using distributed_detail::seconds_since;

struct Communicator::Impl {
  int rank = 0, size = 1;
  std::vector<std::string> hosts{"localhost"};
  DistributedOptions options;
  bool mpi = false;
  bool stopped = false;  // a stop was received from rank 0 (or sent, on rank 0)
  // A wait ended before its operation completed, or a rank is hung: MPI cannot be finalised
  // (a request is pending, or a rank would never reach MPI_Finalize); the job must be aborted.
  bool dirty = false;
  long long collectives = 0;  // broadcasts and gathers entered
  // The end of the run (finish): every rank other than 0 sends rank 0 its status ('T' control
  // message), rank 0 answers with its verdict ('V'): finalise together, or abort.
  struct EndStatus {
    bool failed = false;
    long long collectives = 0;
    std::string message;
  };
  std::vector<std::optional<EndStatus>> ended;  // rank 0: the statuses received, by rank
  bool end_sent = false;                        // the others: this rank's status went out
  // Fault injection for the tests (NARD_MPI_FAULT=RANK:N:die|hang): this rank dies or hangs
  // when it enters its N-th collective.
  int fault_rank = -1;
  long long fault_at = 0;
  std::string fault_kind;

  void enter_collective() {
    ++collectives;
    if (rank != fault_rank || collectives != fault_at) return;
    std::fprintf(stderr, "nard: NARD_MPI_FAULT: %s %s at collective %lld\n", where(rank).c_str(),
                 fault_kind == "hang" ? "hangs" : "dies", collectives);
    std::fflush(stderr);
    if (fault_kind == "hang")
      for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    std::raise(SIGKILL);
  }
  std::vector<Clock::time_point> last_heard;  // per rank: the last message or heartbeat from it
  Clock::time_point last_heartbeat_sent{};
  double collective_seconds = 0;
  long long broadcast_bytes = 0;
  long long gather_bytes = 0;

  std::string where(int r) const {
    return "rank " + std::to_string(r) + " on " +
           (r >= 0 && r < int(hosts.size()) ? hosts[size_t(r)] : "?");
  }

#ifdef NARD_WITH_MPI
  static constexpr int kGatherTag = 11;
  static constexpr int kHeartbeatTag = 12;
  // Point-to-point control messages outside the collectives: a rank's end status, sent as soon as
  // it fails or at its end (to rank 0: 'T', failed 0/1, int64 collectives, message), and rank 0's
  // verdict at the end (to the others: 'V', then 'F' finalise or 'A' abort).
  static constexpr int kControlTag = 13;

  Error mpi_error(int code, const std::string& what) const {
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(code, text, &len);
    return make_error(where(rank) + ": MPI error in " + what + ": " +
                      std::string(text, size_t(len)));
  }

  // Sends a heartbeat (rank 0: to every rank; the others: to rank 0) unless one went out lately:
  // a waiting rank is alive too, and the ranks waiting for it must not take it for hung.
  void beat() {
    const auto now = Clock::now();
    const double every = std::min(options.heartbeat_seconds, options.timeout_seconds / 4);
    if (std::chrono::duration<double>(now - last_heartbeat_sent).count() < every) return;
    last_heartbeat_sent = now;
    static const char kBeat = 'h';  // never written: every send may read it at any time
    for (int r = 0; r < size; ++r) {
      if (r == rank || (rank != 0 && r != 0)) continue;
      MPI_Request req;
      if (MPI_Isend(&kBeat, 1, MPI_CHAR, r, kHeartbeatTag, MPI_COMM_WORLD, &req) == MPI_SUCCESS)
        MPI_Request_free(&req);
    }
  }

  void drain_heartbeats() {
    for (;;) {
      int flag = 0;
      MPI_Status status;
      if (MPI_Iprobe(MPI_ANY_SOURCE, kHeartbeatTag, MPI_COMM_WORLD, &flag, &status) !=
              MPI_SUCCESS ||
          !flag)
        return;
      char byte = 0;
      MPI_Recv(&byte, 1, MPI_CHAR, status.MPI_SOURCE, kHeartbeatTag, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      last_heard[size_t(status.MPI_SOURCE)] = Clock::now();
    }
  }

  // A control message from `source` (MPI_ANY_SOURCE: any), if one is waiting: its text.
  std::optional<std::pair<int, std::string>> control_message(int source) {
    int flag = 0;
    MPI_Message msg;
    MPI_Status status;
    if (MPI_Improbe(source, kControlTag, MPI_COMM_WORLD, &flag, &msg, &status) != MPI_SUCCESS ||
        !flag)
      return std::nullopt;
    int count = 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
    std::string text(size_t(count), '\0');
    MPI_Mrecv(text.data(), count, MPI_BYTE, &msg, MPI_STATUS_IGNORE);
    return std::make_pair(status.MPI_SOURCE, text);
  }
  // Rank 0 keeps an end status it received (during a wait or at the end).
  void keep_status(int source, const std::string& text) {
    EndStatus st;
    if (text.size() >= 10 && text[0] == 'T') {
      st.failed = text[1] == '1';
      int64_t n = 0;
      std::memcpy(&n, text.data() + 2, 8);
      st.collectives = n;
      st.message = text.substr(10);
    } else {
      st.failed = true;
      st.message = "a malformed control message";
    }
    ended[size_t(source)] = st;
  }
  // What a control message means to the rank that waits. On the others: rank 0 ended the run (its
  // verdict came while this rank was still in a collective). On rank 0: a rank left the run.
  Error control_error(const std::pair<int, std::string>& m) {
    if (rank != 0) {
      dirty = true;
      stopped = true;
      return make_error("stopped by rank 0");
    }
    if (!ended[size_t(m.first)]) keep_status(m.first, m.second);
    const EndStatus& st = *ended[size_t(m.first)];
    return make_error(where(m.first) + (st.failed ? " failed: " + st.message
                                                  : std::string(" ended before the others")));
  }
  void send_status(bool failed, const std::string& message) {
    if (end_sent || rank == 0) return;
    end_sent = true;
    std::string text = std::string("T") + (failed ? '1' : '0');
    const int64_t n = collectives;
    text.append(reinterpret_cast<const char*>(&n), 8);
    text += message.substr(0, 4096);
    MPI_Request req;
    if (MPI_Isend(text.data(), int(text.size()), MPI_BYTE, 0, kControlTag, MPI_COMM_WORLD, &req) !=
        MPI_SUCCESS) {
      dirty = true;
      return;
    }
    // Small: delivered eagerly, completes at once unless something is badly wrong.
    const auto t0 = Clock::now();
    int done = 0;
    while (!done && seconds_since(t0) < 5) {
      MPI_Test(&req, &done, MPI_STATUS_IGNORE);
      if (!done) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (!done) dirty = true;
  }

  // Polls `request` until it completes. `peer` >= 0: the rank whose silence (no message and no
  // heartbeat for the timeout) means a hang; -1: the wait itself may last at most the timeout.
  // A control message (rank 0's stop; on rank 0, a rank's failure) ends the wait as well.
  std::optional<Error> wait(MPI_Request& request, int peer, const std::string& what) {
    const auto start = Clock::now();
    auto pause = std::chrono::microseconds(20);
    for (;;) {
      int done = 0;
      const int rc = MPI_Test(&request, &done, MPI_STATUS_IGNORE);
      if (rc != MPI_SUCCESS) {
        dirty = true;
        return mpi_error(rc, what);
      }
      if (done) return std::nullopt;
      beat();
      drain_heartbeats();
      if (auto m = control_message(rank == 0 ? MPI_ANY_SOURCE : 0)) {
        // On rank 0, a rank that ended well may have left a broadcast before rank 0's part of
        // it completed: only a failure ends the wait.
        if (rank != 0) return control_error(*m);
        keep_status(m->first, m->second);
        if (ended[size_t(m->first)]->failed) return control_error(*m);
      }
      const auto heard = peer >= 0 ? std::max(start, last_heard[size_t(peer)]) : start;
      if (seconds_since(heard) > options.timeout_seconds) {
        dirty = true;
        char secs[32];
        std::snprintf(secs, sizeof secs, "%.0f", options.timeout_seconds);
        if (peer >= 0)
          return make_error(where(rank) + ": " + where(peer) + " has not answered for " + secs +
                            " s during " + what + " (hung, or its node is unreachable)");
        return make_error(where(rank) + ": " + what + " did not complete in " + secs +
                          " s (a rank is hung, or its node is unreachable)");
      }
      std::this_thread::sleep_for(pause);
      pause = std::min(pause * 2, std::chrono::microseconds(2000));
    }
  }

  // One broadcast from rank 0 of `count` bytes (count known on every rank), in pieces below 2 GiB.
  std::optional<Error> broadcast_raw(char* data, uint64_t count, const std::string& what) {
    constexpr uint64_t kPiece = 1ull << 30;
    for (uint64_t at = 0; at < count; at += kPiece) {
      const int n = int(std::min(kPiece, count - at));
      MPI_Request req;
      const int rc = MPI_Ibcast(data + at, n, MPI_BYTE, 0, MPI_COMM_WORLD, &req);
      if (rc != MPI_SUCCESS) return mpi_error(rc, what);
      if (auto e = wait(req, rank == 0 ? -1 : 0, what)) return e;
    }
    return std::nullopt;
  }
#endif
};

}  // namespace nard
