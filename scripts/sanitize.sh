#!/usr/bin/env bash
# The sanitizer and fuzzing stages of the test suite (docs/testing.md), each in its own build
# directory so that build/ is never touched:
#   asan  build-asan/  g++, ASan + UBSan: the suite (engine, nn, bot, formats, CLI) and the
#                      trainer's checkpoint/resume tests (LibTorch)
#   tsan  build-tsan/  clang++, TSan with LLVM's OpenMP and its Archer tool: the tests that run
#                      OpenMP-parallel code, and `nard match` on two threads
#   fuzz  build-fuzz/  clang++, libFuzzer + ASan + UBSan: every fuzz target for NARD_FUZZ_RUNS inputs
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

run_asan() {
  # Without MPI: Open MPI's runtime keeps allocations for the process's life, which LeakSanitizer
  # would report (the distributed tests run in the main stage).
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Release -DNARD_SANITIZE=address,undefined \
    -DNARD_WITH_TORCH=ON -DNARD_WITH_MPI=OFF >/dev/null
  cmake --build build-asan -j "$jobs" --target nard_tests nard_training_tests
  # The suite, minus the gnubg cross-checks and matches (slow: they mostly wait for gnubg), the
  # kill-and-resume script (it needs nard-train, whose resume the checkpoint tests below cover) and
  # the fuzz corpus replays (the fuzz stage runs those inputs under ASan+UBSan), then of the
  # trainer's tests the checkpoint/resume ones. LeakSanitizer stays on: LibTorch's few
  # process-lifetime allocations are not reported as leaks.
  ctest --test-dir build-asan --output-on-failure -j "$jobs" --timeout 900 \
    -E '^((GnubgCrosscheck|GnubgMatch|Trainer[A-Za-z]*|Supervised|RaceRefit|Sha256|TdTargets)\.|TrainFaults$|fuzz_replay\.)'
  ctest --test-dir build-asan --output-on-failure --timeout 900 -R '^TrainerCheckpoint\.'
}

run_tsan() {
  if ! command -v clang++ >/dev/null; then echo "tsan: no clang++, skipped"; return; fi
  local llvm_lib archer
  llvm_lib=/usr/lib/llvm-$(clang++ -dumpversion | cut -d. -f1)/lib
  archer=$llvm_lib/libarcher.so
  [[ -f $archer ]] || { echo "tsan: no $archer (package libomp-dev), skipped"; return; }
  cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
    -DNARD_SANITIZE=thread -DNARD_WITH_TORCH=OFF -DNARD_WITH_MPI=OFF >/dev/null
  cmake --build build-tsan -j "$jobs" --target nard_tests nard
  # Archer tells TSan about OpenMP's barriers and task hand-overs (docs/testing.md).
  export OMP_TOOL_LIBRARIES=$archer ARCHER_OPTIONS=verbose=0
  ctest --test-dir build-tsan --output-on-failure -j "$jobs" --timeout 900 \
    -R '^(Rollout|CubeRollout|MovegenBatch|PositionSampling|InvariantSoak)\.'
  build-tsan/tools/nard match --a pubeval --b heuristic --games 40 --threads 2 >/dev/null
}

run_fuzz() {
  if ! have_clang; then echo "fuzz: no clang++ with libFuzzer (libclang-rt-dev), skipped"; return; fi
  cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
    -DNARD_FUZZ=ON -DNARD_WITH_MPI=OFF >/dev/null
  cmake --build build-fuzz -j "$jobs"
  ctest --test-dir build-fuzz --output-on-failure -j "$jobs" --timeout 900
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
