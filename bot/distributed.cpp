#include "bot/distributed.h"

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
double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Frames: the first byte of every message says what it carries.
constexpr char kData = 'D';   // broadcast and gather: the payload follows
constexpr char kStop = 'S';   // broadcast: rank 0 ends the run (the message follows)
constexpr char kError = 'E';  // gather: the rank failed (the message follows)

// What must agree between the processes of a run for raw bytes of our structs to mean the same
// on every rank (Position, Probabilities and floats are sent as they lie in memory).
std::string build_fingerprint() {
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
    return "rank " + std::to_string(r) + " on " + (r >= 0 && r < int(hosts.size()) ? hosts[size_t(r)] : "?");
  }

#ifdef NARD_WITH_MPI
  static constexpr int kGatherTag = 11;
  static constexpr int kHeartbeatTag = 12;
  // Point-to-point control messages outside the collectives: a rank's own failure (to rank 0),
  // rank 0's stop at the end of a failed run (to the others).
  static constexpr int kControlTag = 13;

  Error mpi_error(int code, const std::string& what) const {
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(code, text, &len);
    return make_error(where(rank) + ": MPI error in " + what + ": " + std::string(text, size_t(len)));
  }

  void drain_heartbeats() {
    for (;;) {
      int flag = 0;
      MPI_Status status;
      if (MPI_Iprobe(MPI_ANY_SOURCE, kHeartbeatTag, MPI_COMM_WORLD, &flag, &status) != MPI_SUCCESS || !flag) return;
      char byte = 0;
      MPI_Recv(&byte, 1, MPI_CHAR, status.MPI_SOURCE, kHeartbeatTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      last_heard[size_t(status.MPI_SOURCE)] = Clock::now();
    }
  }

  // A control message from `source` (MPI_ANY_SOURCE: any), if one is waiting: its text.
  std::optional<std::pair<int, std::string>> control_message(int source) {
    int flag = 0;
    MPI_Message msg;
    MPI_Status status;
    if (MPI_Improbe(source, kControlTag, MPI_COMM_WORLD, &flag, &msg, &status) != MPI_SUCCESS || !flag)
      return std::nullopt;
    int count = 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
    std::string text(size_t(count), '\0');
    MPI_Mrecv(text.data(), count, MPI_BYTE, &msg, MPI_STATUS_IGNORE);
    return std::make_pair(status.MPI_SOURCE, text);
  }
  // What a control message means to the rank that waits: rank 0 stopped the run, or a rank failed.
  Error control_error(const std::pair<int, std::string>& m) {
    dirty = true;
    if (m.first == 0) {
      stopped = true;
      return make_error(m.second);
    }
    return make_error(where(m.first) + " failed: " + m.second);
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
      drain_heartbeats();
      if (auto m = control_message(rank == 0 ? MPI_ANY_SOURCE : 0)) return control_error(*m);
      const auto heard = peer >= 0 ? std::max(start, last_heard[size_t(peer)]) : start;
      if (seconds_since(heard) > options.timeout_seconds) {
        dirty = true;
        char secs[32];
        std::snprintf(secs, sizeof secs, "%.0f", options.timeout_seconds);
        if (peer >= 0)
          return make_error(where(rank) + ": " + where(peer) + " has not answered for " + secs + " s during " + what +
                            " (hung, or its node is unreachable)");
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
  std::optional<Error> e = m.broadcast_raw(reinterpret_cast<char*>(&count), sizeof count, "a broadcast from rank 0");
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
    if (frame.size() > (1u << 31) - 1) return make_error(m.where(m.rank) + ": a result of over 2 GiB cannot be sent");
    MPI_Request req;
    const int rc = MPI_Isend(frame.data(), int(frame.size()), MPI_BYTE, 0, Impl::kGatherTag, MPI_COMM_WORLD, &req);
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
        if (auto c = m.control_message(r)) {
          if (!failure) failure = m.control_error(*c);
          m.dirty = true;  // that rank left the collectives
          pending.erase(pending.begin() + long(i));
          got = true;
          continue;
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
          failure = make_error(m.where(r) + " failed: " + (frame.empty() ? std::string("empty message") : frame.substr(1)));
      } else {
        out[size_t(r)].assign(frame, 1, std::string::npos);
      }
      pending.erase(pending.begin() + long(i));
      got = true;
    }
    if (pending.empty()) break;
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
  const auto now = Clock::now();
  if (std::chrono::duration<double>(now - m.last_heartbeat_sent).count() < m.options.heartbeat_seconds) return;
  m.last_heartbeat_sent = now;
  static const char kBeat = 'h';  // never written: every send may read it at any time
  for (int r = 0; r < m.size; ++r) {
    if (r == m.rank || (m.rank != 0 && r != 0)) continue;
    MPI_Request req;
    if (MPI_Isend(&kBeat, 1, MPI_CHAR, r, Impl::kHeartbeatTag, MPI_COMM_WORLD, &req) == MPI_SUCCESS)
      MPI_Request_free(&req);
  }
  m.drain_heartbeats();
#endif
}

void Communicator::report_failure(const std::string& message) {
  Impl& m = *impl_;
  if (m.size == 1 || m.rank == 0) return;
#ifdef NARD_WITH_MPI
  MPI_Request req;
  if (MPI_Isend(message.data(), int(std::min<size_t>(message.size(), 1 << 20)), MPI_BYTE, 0, Impl::kControlTag,
                MPI_COMM_WORLD, &req) != MPI_SUCCESS)
    return;
  // Small: delivered eagerly; rank 0 may never receive it (it may be finishing itself).
  const auto t0 = Clock::now();
  int done = 0;
  while (!done && seconds_since(t0) < 2) {
    MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    if (!done) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  if (!done) m.dirty = true;
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
      constexpr int kRecord = 256;
      char mine[kRecord] = {};
      char name[MPI_MAX_PROCESSOR_NAME] = {};
      int len = 0;
      MPI_Get_processor_name(name, &len);
      const std::string fp = build_fingerprint();
      std::snprintf(mine, kRecord, "%s", fp.c_str());
      std::snprintf(mine + 64, kRecord - 64, "%s", name);
      std::vector<char> all(size_t(kRecord) * size_t(impl->size));
      const int rc = MPI_Allgather(mine, kRecord, MPI_CHAR, all.data(), kRecord, MPI_CHAR, MPI_COMM_WORLD);
      impl->hosts.clear();
      for (int r = 0; r < impl->size; ++r) impl->hosts.emplace_back(all.data() + size_t(r) * kRecord + 64);
      if (rc != MPI_SUCCESS) start_error_ = impl->mpi_error(rc, "the start-up exchange");
      for (int r = 0; r < impl->size && !start_error_; ++r)
        if (std::string(all.data() + size_t(r) * kRecord) != fp)
          start_error_ = make_error(impl->where(r) + " runs a nard built for another machine type (" +
                                    std::string(all.data() + size_t(r) * kRecord) + ", rank 0: " + fp +
                                    "): every rank needs the same build");
      impl->mpi = true;
      impl->last_heard.assign(size_t(impl->size), Clock::now());
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
  // Finalising needs every rank to get there with nothing pending. After a success, a stop sent
  // by rank 0, or a failure before any collective (the same failure on every rank, e.g. a bad
  // setting), they do; otherwise the job is aborted (mpirun stops every rank).
  const bool failed = exit_code != 0 && !m.stopped && !start_error_;
  if (m.size > 1 && (m.dirty || (failed && m.collectives > 0))) MPI_Abort(MPI_COMM_WORLD, exit_code ? exit_code : 1);
  if (m.size > 1 && failed && m.rank == 0) {
    // Ranks waiting for rank 0's first collective leave their wait.
    static const char kText[] = "stopped: rank 0 failed";
    std::vector<MPI_Request> sent(size_t(m.size - 1));
    for (int r = 1; r < m.size; ++r)
      MPI_Isend(kText, int(sizeof kText - 1), MPI_BYTE, r, Communicator::Impl::kControlTag, MPI_COMM_WORLD,
                &sent[size_t(r - 1)]);
    const auto t0 = Clock::now();
    int done = 0;
    while (!done && seconds_since(t0) < 2) {
      MPI_Testall(int(sent.size()), sent.data(), &done, MPI_STATUSES_IGNORE);
      if (!done) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (!done) MPI_Abort(MPI_COMM_WORLD, exit_code);
  }
  if (m.size > 1 && !failed) {
    MPI_Request req;
    if (MPI_Ibarrier(MPI_COMM_WORLD, &req) == MPI_SUCCESS) {
      if (auto e = m.wait(req, -1, "the final barrier")) {
        std::fprintf(stderr, "nard: %s\n", e->message.c_str());
        std::fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, exit_code ? exit_code : 1);
      }
    }
  }
  if (m.size > 1) {
    m.drain_heartbeats();
    while (m.control_message(MPI_ANY_SOURCE)) {
    }
  }
  if (g_stop_length.load()) std::signal(SIGTERM, SIG_DFL);
  MPI_Finalize();
#else
  (void)exit_code;
#endif
}

}  // namespace nard
