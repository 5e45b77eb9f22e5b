// The DistributedSession of core/distributed.h: MPI started, and the ranks' hosts and builds
// checked; rank 0's stop message when mpirun ends it; the end of a run agreed (finish).
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

#include "core/build_arithmetic.h"
#include "core/distributed.h"
#include "core/distributed_impl.h"

namespace nard {

namespace {

// What must agree between the processes of a run for raw bytes of our structs to mean the same
// on every rank (Position, Probabilities and floats are sent as they lie in memory), and for every
// rank to compute the same floats (so that ranks never change results: core/build_arithmetic.h).
[[maybe_unused]] std::string build_fingerprint() {
  const uint32_t one = 1;
  unsigned char first = 0;
  std::memcpy(&first, &one, 1);
  return std::string("nard-wire 1 ") + (first == 1 ? "le" : "be") + " ptr" +
         std::to_string(sizeof(void*)) + " float" + std::to_string(sizeof(float)) + " double" +
         std::to_string(sizeof(double)) + " " + build_arithmetic();
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
      constexpr int kPrint = 128;  // the fingerprint's bytes, then the host name
      constexpr int kRecord = kPrint + MPI_MAX_PROCESSOR_NAME;
      char mine[kRecord] = {};
      char name[MPI_MAX_PROCESSOR_NAME] = {};
      int len = 0;
      MPI_Get_processor_name(name, &len);
      const std::string fp = build_fingerprint();
      std::snprintf(mine, kPrint, "%s", fp.c_str());
      std::snprintf(mine + kPrint, kRecord - kPrint, "%s", name);
      std::vector<char> all(size_t(kRecord) * size_t(impl->size));
      const int rc =
          MPI_Allgather(mine, kRecord, MPI_CHAR, all.data(), kRecord, MPI_CHAR, MPI_COMM_WORLD);
      impl->hosts.clear();
      for (int r = 0; r < impl->size; ++r)
        impl->hosts.emplace_back(all.data() + size_t(r) * kRecord + kPrint);
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
