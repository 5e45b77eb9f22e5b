#!/usr/bin/env bash
# The sanitizer and fuzzing stages of the test suite (docs/testing.md), in build directories of
# their own so that build/ is never touched. They build the libraries and the core tests
# (nard_tests: engine, nn, bot, formats), not the executable and its CLI tests:
#   asan  build-asan/  clang++ -O1, ASan + UBSan (+ libFuzzer coverage): the core tests and the
#                      trainer's checkpoint/resume tests (LibTorch)
#   fuzz  build-asan/  the same build: every fuzz target for NARD_FUZZ_RUNS inputs
#   tsan  build-tsan/  clang++ -O1, TSan with LLVM's OpenMP and its Archer tool: the core tests
#                      that run OpenMP-parallel code
# Usage: scripts/sanitize.sh [asan] [tsan] [fuzz]   (default: all three). Prints each stage's time.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
stages=("$@")
((${#stages[@]})) || stages=(asan tsan fuzz)

# Sanitizer reports stop the process (a failed test); UBSan never recovers (-fno-sanitize-recover).
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:strict_string_checks=1:check_initialization_order=1
# LLVM's OpenMP runtime is not built with TSan: ignore its own accesses (Archer's advice) and the
# calls it makes itself (tests/sanitizers/tsan.supp); races in nard's code are still reported.
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:ignore_noninstrumented_modules=1:suppressions=$PWD/tests/sanitizers/tsan.supp

have_clang() {
  command -v clang++ >/dev/null || return 1
  echo 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }' |
    clang++ -x c++ -fsanitize=fuzzer,address - -o /tmp/nard-fuzz-probe.$$ 2>/dev/null
  local ok=$?
  rm -f /tmp/nard-fuzz-probe.$$
  return $ok
}

# One clang build serves the asan and fuzz stages (and scripts/fuzz.sh: keep its flags the same).
configure_asan() {
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
    -DNARD_FUZZ=ON -DNARD_WITH_MPI=OFF >/dev/null
}

run_asan() {
  # Without MPI: Open MPI's runtime keeps allocations for the process's life, which LeakSanitizer
  # would report (the distributed tests run in the main stage).
  if ! have_clang; then echo "asan: no clang++ with libFuzzer (libclang-rt-dev), skipped"; return; fi
  configure_asan
  cmake --build build-asan -j "$jobs" --target nard_tests nard_training_tests
  # The core tests but the gnubg cross-checks (they mostly wait for gnubg) and one long rollout
  # with the shipped net on one thread (the main stage runs it), in one process per core (gtest's
  # sharding):
  # the bear-off databases and the models are then built and loaded once per process rather than
  # once per test, which under ASan was half the stage. Then of the trainer's tests the
  # checkpoint/resume ones. LeakSanitizer stays on: LibTorch's few process-lifetime allocations
  # are not reported as leaks.
  run_sharded build-asan/tests/nard_tests '-GnubgCrosscheck.*:CubeRollout.ShippedNetConfirmsTheDavesLateTake'
  ctest --test-dir build-asan --output-on-failure --timeout 900 -L training -R '^TrainerCheckpoint\.'
}

# Runs a GoogleTest binary's tests (gtest filter $2) in $jobs processes at once, each a shard;
# prints each shard's summary, and its whole output when it fails.
run_sharded() {
  local exe filter=$2 failed=0 i
  exe=$(realpath "$1")
  local pids=()
  for ((i = 0; i < jobs; ++i)); do
    # In the binary's directory, where ctest runs it.
    (cd "$(dirname "$exe")" && OMP_NUM_THREADS=2 GTEST_TOTAL_SHARDS=$jobs GTEST_SHARD_INDEX=$i \
      "$exe" --gtest_filter="$filter" >"$exe.shard-$i.log" 2>&1) &
    pids+=($!)
  done
  for ((i = 0; i < jobs; ++i)); do
    if wait "${pids[$i]}"; then
      echo "shard $i: $(grep -a -E '^\[  PASSED  \]' "$exe.shard-$i.log")"
    else
      echo "shard $i FAILED:"
      cat "$exe.shard-$i.log"
      failed=1
    fi
  done
  return $failed
}

run_tsan() {
  if ! command -v clang++ >/dev/null; then echo "tsan: no clang++, skipped"; return; fi
  local llvm_lib archer
  llvm_lib=/usr/lib/llvm-$(clang++ -dumpversion | cut -d. -f1)/lib
  archer=$llvm_lib/libarcher.so
  [[ -f $archer ]] || { echo "tsan: no $archer (package libomp-dev), skipped"; return; }
  cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
    -DNARD_SANITIZE=thread -DNARD_WITH_TORCH=OFF -DNARD_WITH_MPI=OFF >/dev/null
  cmake --build build-tsan -j "$jobs" --target nard_tests
  # Archer tells TSan about OpenMP's barriers and task hand-overs (docs/testing.md). The tests:
  # rollouts, cube rollouts, batched move generation, self-play sampling and valuation (and the
  # outcome targets' sampling on 2 threads), match analysis on threads, the stepped games of the
  # Python environments (a game thread per game), and the invariant soak
  # (games of net and random players on 2 threads, through the game loop `nard match` uses).
  export OMP_TOOL_LIBRARIES=$archer ARCHER_OPTIONS=verbose=0
  ctest --test-dir build-tsan --output-on-failure -j "$jobs" --timeout 900 -L core \
    -R '^((Rollout|CubeRollout|MovegenBatch|PositionSampling|InvariantSoak|Analysis|SteppedGame)\.|OutcomeTargets\.SamplesThePositionsSamplePositionsKeeps$)' \
    -E '^CubeRollout\.ShippedNetConfirmsTheDavesLateTake$'  # one thread: nothing for TSan
}

run_fuzz() {
  if ! have_clang; then echo "fuzz: no clang++ with libFuzzer (libclang-rt-dev), skipped"; return; fi
  configure_asan
  cmake --build build-asan -j "$jobs" --target nard_fuzz_targets
  ctest --test-dir build-asan --output-on-failure -j "$jobs" --timeout 900 -L fuzz
}

for s in "${stages[@]}"; do
  case $s in
    asan | tsan | fuzz) ;;
    *) echo "sanitize.sh: unknown stage '$s' (asan, tsan, fuzz)" >&2; exit 2 ;;
  esac
  t0=$SECONDS
  "run_$s"
  echo "stage $s: $((SECONDS - t0)) s"
done
