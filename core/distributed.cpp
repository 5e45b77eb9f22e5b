#include "core/distributed.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#ifdef NARD_WITH_MPI
#include <mpi.h>
#endif

namespace nard {

namespace {

using Clock = std::chrono::steady_clock;
[[maybe_unused]] double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Frames: the first byte of every message says what it carries.
constexpr char kData = 'D';   // broadcast and gather: the payload follows
constexpr char kStop = 'S';   // broadcast: rank 0 ends the run (the message follows)
constexpr char kError = 'E';  // gather: the rank failed (the message follows)

// What must agree between the processes of a run for raw bytes of our structs to mean the same
// on every rank (Position, Probabilities and floats are sent as they lie in memory).
[[maybe_unused]] std::string build_fingerprint() {
  const uint32_t one = 1;
  unsigned char first = 0;
  std::memcpy(&first, &one, 1);
  return std::string("nard-wire 1 ") + (first == 1 ? "le" : "be") + " ptr" +
         std::to_string(sizeof(void*)) + " float" + std::to_string(sizeof(float)) + " double" +
         std::to_string(sizeof(double));
}

// The stop message of rank 0, written by the SIGTERM handler: a signal handler may only touch
// memory it can read without locks, hence a fixed buffer and an atomic length. This is the one
// piece of namespace-scope mutable state here, as a signal handler has no other way to find it.
char g_stop_text[2048];
std::atomic<size_t> g_stop_length{0};

extern "C" void on_sigterm(int) {
  static const char head[] =
      "\nnard: rank 0 stopped by mpirun (another rank failed or the job was interrupted; "
      "mpirun's message names the rank and node).\n";
  ssize_t ignored = ::write(2, head, sizeof head - 1);
  const size_t n = g_stop_length.load();
  if (n) ignored = ::write(2, g_stop_text, n);
  (void)ignored;
  _exit(128 + SIGTERM);
}

}  // namespace

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

Communicator::Communicator(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Communicator::~Communicator() = default;

std::unique_ptr<Communicator> Communicator::single() {
  return std::unique_ptr<Communicator>(new Communicator(std::make_unique<Impl>()));
}

int Communicator::rank() const { return impl_->rank; }
int Communicator::size() const { return impl_->size; }
std::string Communicator::where(int rank) const { return impl_->where(rank); }
bool Communicator::stopped_by_root() const { return impl_->stopped && impl_->rank != 0; }
double Communicator::seconds_in_collectives() const { return impl_->collective_seconds; }
long long Communicator::broadcast_bytes() const { return impl_->broadcast_bytes; }
long long Communicator::gather_bytes() const { return impl_->gather_bytes; }

std::optional<Error> Communicator::broadcast(std::string& bytes) {
  if (impl_->size == 1) return std::nullopt;
#ifdef NARD_WITH_MPI
  Impl& m = *impl_;
  const auto t0 = Clock::now();
  std::string frame;
  if (m.rank == 0) {
    frame.reserve(bytes.size() + 1);
    frame.push_back(kData);
    frame += bytes;
  }
  uint64_t count = frame.size();
  m.enter_collective();
  std::optional<Error> e =
      m.broadcast_raw(reinterpret_cast<char*>(&count), sizeof count, "a broadcast from rank 0");
  if (!e) {
    frame.resize(size_t(count));
    e = m.broadcast_raw(frame.data(), count, "a broadcast from rank 0");
  }
  m.collective_seconds += seconds_since(t0);
  if (e) return e;
  if (m.rank == 0) {
    m.broadcast_bytes += (long long)count;
    return std::nullopt;
  }
  m.last_heard[0] = Clock::now();
  if (count == 0) return make_error(m.where(m.rank) + ": an empty broadcast from rank 0");
  if (frame[0] == kStop) {
    m.stopped = true;
    return make_error(frame.size() > 1 ? frame.substr(1) : std::string("stopped by rank 0"));
  }
  bytes.assign(frame, 1, std::string::npos);
  return std::nullopt;
#else
  (void)bytes;
  return std::nullopt;
#endif
}

void Communicator::stop_all(const std::string& message) {
  Impl& m = *impl_;
  if (m.rank != 0) return;
  m.stopped = true;
  if (m.size == 1) return;
#ifdef NARD_WITH_MPI
  std::string frame(1, kStop);
  frame += message;
  uint64_t count = frame.size();
  m.enter_collective();
  if (m.broadcast_raw(reinterpret_cast<char*>(&count), sizeof count, "the stop broadcast")) return;
  m.broadcast_raw(frame.data(), count, "the stop broadcast");
#else
  (void)message;
#endif
}

Result<std::vector<std::string>> Communicator::gather(const Result<std::string>& bytes) {
  Impl& m = *impl_;
  if (m.size == 1) {
    if (!bytes) return bytes.error();
    return std::vector<std::string>{*bytes};
  }
#ifdef NARD_WITH_MPI
  const auto t0 = Clock::now();
  m.enter_collective();
  struct Timer {
    Impl& m;
    Clock::time_point t0;
    ~Timer() { m.collective_seconds += seconds_since(t0); }
  } timer{m, t0};
  if (m.rank != 0) {
    std::string frame;
    if (bytes) {
      frame.reserve(bytes->size() + 1);
      frame.push_back(kData);
      frame += *bytes;
    } else {
      frame = std::string(1, kError) + bytes.error().message;
    }
    if (frame.size() > (1u << 31) - 1)
      return make_error(m.where(m.rank) + ": a result of over 2 GiB cannot be sent");
    MPI_Request req;
    const int rc = MPI_Isend(frame.data(), int(frame.size()), MPI_BYTE, 0, Impl::kGatherTag,
                             MPI_COMM_WORLD, &req);
    if (rc != MPI_SUCCESS) {
      m.dirty = true;
      return m.mpi_error(rc, "sending results to rank 0");
    }
    if (auto e = m.wait(req, 0, "sending results to rank 0")) return *e;
    if (!bytes) return bytes.error();
    return std::vector<std::string>{};
  }
  if (!bytes) return bytes.error();
  std::vector<std::string> out(static_cast<size_t>(m.size));
  out[0] = *bytes;
  std::vector<int> pending;
  for (int r = 1; r < m.size; ++r) pending.push_back(r);
  auto pause = std::chrono::microseconds(20);
  std::optional<Error> failure;  // the first error a rank sent (the others are still received)
  while (!pending.empty()) {
    bool got = false;
    for (size_t i = 0; i < pending.size();) {
      const int r = pending[i];
      int flag = 0;
      MPI_Message msg;
      MPI_Status status;
      int rc = MPI_Improbe(r, Impl::kGatherTag, MPI_COMM_WORLD, &flag, &msg, &status);
      if (rc != MPI_SUCCESS) {
        m.dirty = true;
        return m.mpi_error(rc, "receiving results from " + m.where(r));
      }
      if (!flag) {
        // A rank that failed on its own says so instead of sending results.
        // (An end status that is no failure cannot come before the results: they were sent first.)
        if (auto c = m.control_message(r)) {
          m.keep_status(c->first, c->second);
          if (m.ended[size_t(r)]->failed) {
            const Error e = m.control_error(*c);
            if (!failure) failure = e;
            pending.erase(pending.begin() + long(i));
            got = true;
            continue;
          }
        }
        ++i;
        continue;
      }
      int count = 0;
      MPI_Get_count(&status, MPI_BYTE, &count);
      std::string frame(size_t(count), '\0');
      rc = MPI_Mrecv(frame.data(), count, MPI_BYTE, &msg, MPI_STATUS_IGNORE);
      if (rc != MPI_SUCCESS) {
        m.dirty = true;
        return m.mpi_error(rc, "receiving results from " + m.where(r));
      }
      m.last_heard[size_t(r)] = Clock::now();
      m.gather_bytes += count;
      if (frame.empty() || frame[0] != kData) {
        if (!failure)
          failure = make_error(m.where(r) + " failed: " +
                               (frame.empty() ? std::string("empty message") : frame.substr(1)));
      } else {
        out[size_t(r)].assign(frame, 1, std::string::npos);
      }
      pending.erase(pending.begin() + long(i));
      got = true;
    }
    if (pending.empty()) break;
    m.beat();
    m.drain_heartbeats();
    for (int r : pending) {
      if (seconds_since(std::max(t0, m.last_heard[size_t(r)])) > m.options.timeout_seconds) {
        m.dirty = true;
        char secs[32];
        std::snprintf(secs, sizeof secs, "%.0f", m.options.timeout_seconds);
        return make_error(m.where(r) + " has sent neither its results nor a heartbeat for " + secs +
                          " s (hung, or its node is unreachable)");
      }
    }
    if (got) pause = std::chrono::microseconds(20);
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(2000));
  }
  if (failure) return *failure;
  return out;
#else
  return std::vector<std::string>{};
#endif
}

void Communicator::heartbeat() {
  Impl& m = *impl_;
  if (m.size == 1) return;
#ifdef NARD_WITH_MPI
  m.beat();
  m.drain_heartbeats();
#endif
}

void Communicator::report_failure(const std::string& message) {
  Impl& m = *impl_;
  if (m.size == 1 || m.rank == 0) return;
#ifdef NARD_WITH_MPI
  m.send_status(true, message);
#else
  (void)message;
#endif
}

bool DistributedSession::built_with_mpi() {
#ifdef NARD_WITH_MPI
  return true;
#else
  return false;
#endif
}

bool DistributedSession::launched_by_mpi() {
  if (!built_with_mpi()) return false;
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(name)) return true;
  return false;
}

DistributedSession::DistributedSession(const DistributedOptions& options) {
  auto impl = std::make_unique<Communicator::Impl>();
  impl->options = options;
#ifdef NARD_WITH_MPI
  if (launched_by_mpi()) {
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
      start_error_ = make_error("MPI_Init failed: cannot join the processes started by mpirun");
    } else {
      mpi_ = true;
      MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
      MPI_Comm_rank(MPI_COMM_WORLD, &impl->rank);
      MPI_Comm_size(MPI_COMM_WORLD, &impl->size);
      // Every rank's host name and build fingerprint, known to every rank.
      constexpr int kRecord = 64 + MPI_MAX_PROCESSOR_NAME;
      char mine[kRecord] = {};
      char name[MPI_MAX_PROCESSOR_NAME] = {};
      int len = 0;
      MPI_Get_processor_name(name, &len);
      const std::string fp = build_fingerprint();
      std::snprintf(mine, kRecord, "%s", fp.c_str());
      std::snprintf(mine + 64, kRecord - 64, "%s", name);
      std::vector<char> all(size_t(kRecord) * size_t(impl->size));
      const int rc =
          MPI_Allgather(mine, kRecord, MPI_CHAR, all.data(), kRecord, MPI_CHAR, MPI_COMM_WORLD);
      impl->hosts.clear();
      for (int r = 0; r < impl->size; ++r)
        impl->hosts.emplace_back(all.data() + size_t(r) * kRecord + 64);
      if (rc != MPI_SUCCESS) start_error_ = impl->mpi_error(rc, "the start-up exchange");
      for (int r = 0; r < impl->size && !start_error_; ++r)
        if (std::string(all.data() + size_t(r) * kRecord) != fp)
          start_error_ =
              make_error(impl->where(r) + " runs a nard built for another machine type (" +
                         std::string(all.data() + size_t(r) * kRecord) + ", rank 0: " + fp +
                         "): every rank needs the same build");
      impl->mpi = true;
      impl->last_heard.assign(size_t(impl->size), Clock::now());
      impl->ended.assign(size_t(impl->size), std::nullopt);
      if (const char* fault = std::getenv("NARD_MPI_FAULT")) {
        int r = -1;
        long long n = 0;
        char kind[16] = {};
        if (std::sscanf(fault, "%d:%lld:%15s", &r, &n, kind) == 3) {
          impl->fault_rank = r;
          impl->fault_at = n;
          impl->fault_kind = kind;
        }
      }
    }
  }
#endif
  world_ = std::unique_ptr<Communicator>(new Communicator(std::move(impl)));
}

DistributedSession::~DistributedSession() { finish(0); }

void DistributedSession::set_stop_message(const std::string& message) {
  if (!mpi_ || world_->rank() != 0 || world_->size() == 1) return;
  g_stop_length.store(0);
  const size_t n = std::min(message.size() + 1, sizeof g_stop_text);
  std::memcpy(g_stop_text, message.data(), n - 1);
  g_stop_text[n - 1] = '\n';
  g_stop_length.store(n);
  static bool installed = false;
  if (!installed) {
    std::signal(SIGTERM, on_sigterm);
    installed = true;
  }
}

void DistributedSession::finish(int exit_code) {
  if (finished_) return;
  finished_ = true;
  if (!mpi_) return;
#ifdef NARD_WITH_MPI
  Communicator::Impl& m = *world_->impl_;
  std::fflush(stdout);
  std::fflush(stderr);
  auto abort_job = [&] {
    if (const size_t n = g_stop_length.load()) {
      ssize_t ignored = ::write(2, g_stop_text, n);
      (void)ignored;
    }
    MPI_Abort(MPI_COMM_WORLD, exit_code ? exit_code : 1);
  };
  // A rank that rank 0 stopped ends with 0 (rank 0 reports); rank 0 after a stop it sent too.
  const bool failed = exit_code != 0 && !m.stopped;
  if (m.size > 1 && m.dirty) abort_job();  // a request is pending or a rank is hung
  if (m.size > 1 && m.rank != 0) {
    // Tell rank 0 how this rank ended; its verdict says whether every rank can finalise.
    m.send_status(failed, "");
    const auto start = Clock::now();
    for (;;) {
      m.beat();
      m.drain_heartbeats();
      if (auto c = m.control_message(0)) {
        if (c->second != "VF") abort_job();
        break;
      }
      if (seconds_since(std::max(start, m.last_heard[0])) > m.options.timeout_seconds) {
        std::fprintf(stderr, "nard: %s: rank 0 did not end the run in %.0f s\n",
                     m.where(m.rank).c_str(), m.options.timeout_seconds);
        abort_job();
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  } else if (m.size > 1) {
    // Every rank other than 0 reports. After a success they all come; after a failure of rank 0
    // alone the others are still waiting for it in a collective: give them a little time only.
    const auto start = Clock::now();
    const double patience =
        failed ? std::min(10.0, m.options.timeout_seconds) : m.options.timeout_seconds;
    bool all = false;
    while (!all) {
      m.beat();
      m.drain_heartbeats();
      while (auto c = m.control_message(MPI_ANY_SOURCE)) m.keep_status(c->first, c->second);
      all = true;
      bool late = false;
      for (int r = 1; r < m.size; ++r) {
        if (m.ended[size_t(r)]) continue;
        all = false;
        const double quiet =
            failed ? seconds_since(start) : seconds_since(std::max(start, m.last_heard[size_t(r)]));
        late = late || quiet > patience;
      }
      if (all || late) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    // Finalising is safe when every rank is here and none is inside a collective: the same
    // number of collectives everywhere (identical failures too, e.g. a setting every rank refuses).
    bool together = all;
    for (int r = 1; r < m.size && together; ++r)
      together = m.ended[size_t(r)]->collectives == m.collectives;
    static const char kFinalise[] = "VF", kAbort[] = "VA";
    const char* verdict = together ? kFinalise : kAbort;
    std::vector<MPI_Request> sent(size_t(m.size - 1));
    for (int r = 1; r < m.size; ++r)
      MPI_Isend(verdict, 2, MPI_BYTE, r, Communicator::Impl::kControlTag, MPI_COMM_WORLD,
                &sent[size_t(r - 1)]);
    const auto t0 = Clock::now();
    int done = 0;
    while (!done && seconds_since(t0) < 5) {
      MPI_Testall(int(sent.size()), sent.data(), &done, MPI_STATUSES_IGNORE);
      if (!done) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (!together || !done) abort_job();
  }
  if (m.size > 1) m.drain_heartbeats();
  if (g_stop_length.load()) std::signal(SIGTERM, SIG_DFL);
  MPI_Finalize();
#else
  (void)exit_code;
#endif
}

}  // namespace nard
