// The Communicator of core/distributed.h: a group of one, or the ranks of an MPI run, and its
// collectives (broadcast, stop, gather, heartbeats). Its state and the MPI messages beneath:
// core/distributed_impl.h.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <thread>

#include "core/distributed.h"
#include "core/distributed_impl.h"

namespace nard {

namespace {

// Frames: the first byte of every message says what it carries.
constexpr char kData = 'D';   // broadcast and gather: the payload follows
constexpr char kStop = 'S';   // broadcast: rank 0 ends the run (the message follows)
constexpr char kError = 'E';  // gather: the rank failed (the message follows)

}  // namespace

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

}  // namespace nard
