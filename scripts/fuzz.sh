#!/usr/bin/env bash
# Builds the libFuzzer targets (build-asan/: clang, ASan + UBSan, -DNARD_FUZZ=ON) and runs each
# one long. docs/testing.md describes the targets.
#
#   scripts/fuzz.sh [--lean] [BUDGET] [TARGET...]
#     --lean  build and run in build-fuzz-lean/ (-DNARD_FUZZ_LEAN=ON: the move generator without
#             coverage feedback or ASan, tests/fuzz/lean_*_ignorelist.txt), for game_replay's long
#             runs (the default target then); the inputs build-asan/corpus/TARGET found are read too;
#             must come first
#     BUDGET  seconds per target (default 60), or a number of inputs per target written with a
#             trailing r (e.g. 10000000r)
#     TARGET  gnubg_id xgid ... (default: every target)
#
# New inputs are kept in BUILD/corpus/TARGET (BUILD: build-asan, or build-fuzz-lean) (the run starts from them, the seed corpus
# tests/fuzz/corpus/TARGET and the regressions tests/fuzz/regressions/TARGET); a crash input is
# written to BUILD/crashes/TARGET/ and the target's log to BUILD/logs/TARGET.log. The last
# lines are a table: executions, executions per second, crashes, corpus size. Exit code 1 if any
# target crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-asan
lean=OFF
if [[ ${1:-} == --lean ]]; then
  build=build-fuzz-lean
  lean=ON
  shift
fi
budget=${1:-60}
shift || true
if [[ $budget =~ ^[0-9]+r$ ]]; then
  limit=(-runs="${budget%r}")
elif [[ $budget =~ ^[0-9]+$ ]]; then
  limit=(-max_total_time="$budget")
else
  echo "fuzz.sh: BUDGET must be seconds (60) or inputs with a trailing r (10000000r)" >&2
  exit 2
fi

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
  -DNARD_FUZZ=ON -DNARD_FUZZ_LEAN=$lean -DNARD_WITH_MPI=OFF >/dev/null  # as scripts/sanitize.sh configure_asan
cmake --build "$build" -j "$(nproc)" --target nard_fuzz_targets

targets=("$@")
# The lean build is for the whole-game target: the others' subjects (dice_move: the written-play
# matcher and the move generator) lose their coverage and ASan in it.
if ((${#targets[@]} == 0)) && [[ $lean == ON ]]; then targets=(game_replay); fi
if ((${#targets[@]} == 0)); then
  for f in "$build"/tests/fuzz/fuzz_*; do targets+=("${f##*/fuzz_}"); done
fi

failed=0
summary=()
for t in "${targets[@]}"; do
  exe=$build/tests/fuzz/fuzz_$t
  [[ -x $exe ]] || { echo "fuzz.sh: no target '$t'" >&2; exit 2; }
  mkdir -p "$build/corpus/$t" "$build/crashes/$t" "$build/logs"
  dirs=("$build/corpus/$t" "tests/fuzz/corpus/$t")
  [[ -d tests/fuzz/regressions/$t ]] && dirs+=("tests/fuzz/regressions/$t")
  [[ $build != build-asan && -d build-asan/corpus/$t ]] && dirs+=("build-asan/corpus/$t")
  log=$build/logs/$t.log
  echo "== $t (${limit[*]})"
  status=ok
  "$exe" "${limit[@]}" -timeout=10 -artifact_prefix="$build/crashes/$t/" -print_final_stats=1 \
    "${dirs[@]}" >"$log" 2>&1 || status=CRASH
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  corpus=$(find "$build/corpus/$t" -type f | wc -l)
  crashes=$(find "$build/crashes/$t" -type f | wc -l)
  if [[ $status != ok ]]; then
    failed=1
    grep -m3 -E 'ERROR|fuzz check failed|runtime error|Test unit written' "$log" || true
  fi
  summary+=("$(printf '%-18s %12s %9s %8s %8s  %s' "$t" "${runs:-0}" "${rate:-0}" "$crashes" "$corpus" "$status")")
done
printf '%-18s %12s %9s %8s %8s\n' target executions exec/s crashes corpus
printf '%s\n' "${summary[@]}"
exit $failed
