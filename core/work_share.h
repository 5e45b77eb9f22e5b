// Work spread over the ranks of a run (core/distributed.h) so that the result does not depend on
// the number of ranks: items [0, n) (games, positions, rollout trials) are computed each on its
// own, from its index alone (per-item seeds), rank r takes items r, r + size, r + 2·size, ...
// (interleaved: items whose cost drifts along the index balance out), and rank 0 puts the
// gathered results back in item order. With one rank this is the plain loop.
//
// Results travel as bytes: ByteWriter/ByteReader for the few structs sent (raw memory of
// trivially copyable values: every rank runs the same build on the same machine type, which the
// session checks at start).
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "core/distributed.h"
#include "core/result.h"

namespace nard {

class ByteWriter {
 public:
  template <class T>
  void put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes_.append(reinterpret_cast<const char*>(&value), sizeof(T));
  }
  template <class T>
  void put_array(const T* values, size_t count) {
    static_assert(std::is_trivially_copyable_v<T>);
    put<uint64_t>(count);
    bytes_.append(reinterpret_cast<const char*>(values), sizeof(T) * count);
  }
  template <class T>
  void put_vector(const std::vector<T>& v) {
    put_array(v.data(), v.size());
  }
  void put_string(const std::string& s) { put_array(s.data(), s.size()); }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

// Reads what a ByteWriter wrote; every read checks the bounds (ok() is false after a short read).
// The bytes must outlive the reader.
class ByteReader {
 public:
  explicit ByteReader(const std::string& bytes) : data_(bytes.data()), left_(bytes.size()) {}
  explicit ByteReader(std::string&&) = delete;  // a temporary would be gone before the reads
  template <class T>
  bool get(T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (!ok_ || left_ < sizeof(T)) return ok_ = false;
    std::memcpy(&value, data_, sizeof(T));
    data_ += sizeof(T);
    left_ -= sizeof(T);
    return true;
  }
  template <class T>
  bool get_vector(std::vector<T>& v) {
    uint64_t n = 0;
    if (!get(n) || n > left_ / std::max<size_t>(1, sizeof(T))) return ok_ = false;
    v.resize(size_t(n));
    std::memcpy(v.data(), data_, sizeof(T) * size_t(n));
    data_ += sizeof(T) * size_t(n);
    left_ -= sizeof(T) * size_t(n);
    return true;
  }
  bool get_string(std::string& s) {
    std::vector<char> v;
    if (!get_vector(v)) return false;
    s.assign(v.begin(), v.end());
    return true;
  }
  bool ok() const { return ok_; }
  bool at_end() const { return ok_ && left_ == 0; }

 private:
  const char* data_;
  size_t left_;
  bool ok_ = true;
};

// The items of [0, n) this rank computes, in increasing order.
inline std::vector<long long> share_of(const Communicator& comm, long long n) {
  std::vector<long long> items;
  for (long long i = comm.rank(); i < n; i += comm.size()) items.push_back(i);
  return items;
}

// Gathers every rank's results for its share_of(comm, n) (mine[k]: item share_of(...)[k]) to
// rank 0, in item order. `encode` writes one result, `decode` reads one back (false: malformed).
// Rank 0 gets n results; the other ranks an empty vector. Fails when a rank failed (`mine` an
// error), did not answer in time, or sent bytes that do not decode.
template <class T>
Result<std::vector<T>> gather_items(Communicator& comm, long long n,
                                    const Result<std::vector<T>>& mine,
                                    const std::function<void(ByteWriter&, const T&)>& encode,
                                    const std::function<bool(ByteReader&, T&)>& decode) {
  if (comm.size() == 1) {
    if (!mine) return mine.error();
    return *mine;
  }
  Result<std::string> bytes = [&]() -> Result<std::string> {
    if (!mine) return mine.error();
    ByteWriter w;
    w.put<uint64_t>(mine->size());
    for (const T& x : *mine) encode(w, x);
    return w.take();
  }();
  Result<std::vector<std::string>> all = comm.gather(bytes);
  if (!all) return all.error();
  if (!comm.is_root()) return std::vector<T>{};
  std::vector<T> out(static_cast<size_t>(n));
  for (int r = 0; r < comm.size(); ++r) {
    ByteReader in((*all)[size_t(r)]);
    uint64_t count = 0;
    const long long expected = n > r ? (n - r + comm.size() - 1) / comm.size() : 0;
    bool ok = in.get(count) && (long long)count == expected;
    for (long long k = 0; ok && k < expected; ++k)
      ok = decode(in, out[size_t(r + k * comm.size())]);
    if (!ok || !in.at_end())
      return make_error("malformed results from " + comm.where(r) +
                        " (a rank of another nard build?)");
  }
  return out;
}

// gather_items for trivially copyable results, sent as raw memory.
template <class T>
Result<std::vector<T>> gather_values(Communicator& comm, long long n,
                                     const Result<std::vector<T>>& mine) {
  return gather_items<T>(
      comm, n, mine, [](ByteWriter& w, const T& x) { w.put(x); },
      [](ByteReader& r, T& x) { return r.get(x); });
}

// Rank 0 runs `make` (e.g. reads the run directory) and every rank gets what it returned. When
// `make` fails, rank 0 stops the others (they get the error with stopped_by_root()) and returns
// the error itself. With one rank, just make().
inline Result<std::string> from_root(Communicator& comm,
                                     const std::function<Result<std::string>()>& make) {
  if (comm.size() == 1) return make();
  std::string bytes;
  if (comm.is_root()) {
    Result<std::string> r = make();
    if (!r) {
      comm.stop_all(r.error().message);
      return r.error();
    }
    bytes = *r;
  }
  if (auto e = comm.broadcast(bytes)) return *e;
  return bytes;
}

// Every rank passes its own `value` of something that must agree (a model's hash, a setting);
// fails on every rank, naming the first rank that differs from rank 0, when they do not.
inline std::optional<Error> check_agreement(Communicator& comm, const std::string& what,
                                            const std::string& value) {
  if (comm.size() == 1) return std::nullopt;
  Result<std::vector<std::string>> all = comm.gather(value);
  if (!all) return all.error();
  Result<std::string> verdict = from_root(comm, [&]() -> Result<std::string> {
    for (int r = 1; r < comm.size(); ++r)
      if ((*all)[size_t(r)] != value)
        return make_error(comm.where(r) + " has another " + what +
                          " than rank 0: every rank needs the same");
    return std::string();
  });
  if (!verdict) return verdict.error();
  return std::nullopt;
}

}  // namespace nard
