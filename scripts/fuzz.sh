#!/usr/bin/env bash
# Builds the libFuzzer targets (build-asan/: clang, ASan + UBSan, -DNARD_FUZZ=ON) and runs each
# one long. docs/testing.md describes the targets.
#
#   scripts/fuzz.sh [BUDGET] [TARGET...]
#     BUDGET  seconds per target (default 60), or a number of inputs per target written with a
#             trailing r (e.g. 10000000r)
#     TARGET  gnubg_id xgid ... (default: every target)
#
# New inputs are kept in build-asan/corpus/TARGET (the run starts from them, the seed corpus
# tests/fuzz/corpus/TARGET and the regressions tests/fuzz/regressions/TARGET); a crash input is
# written to build-asan/crashes/TARGET/ and the target's log to build-asan/logs/TARGET.log. The last
# lines are a table: executions, executions per second, crashes, corpus size. Exit code 1 if any
# target crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
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

cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
  -DNARD_FUZZ=ON -DNARD_WITH_MPI=OFF >/dev/null  # as scripts/sanitize.sh configure_asan
cmake --build build-asan -j "$(nproc)" --target nard_fuzz_targets

targets=("$@")
if ((${#targets[@]} == 0)); then
  for f in build-asan/tests/fuzz/fuzz_*; do targets+=("${f##*/fuzz_}"); done
fi

failed=0
summary=()
for t in "${targets[@]}"; do
  exe=build-asan/tests/fuzz/fuzz_$t
  [[ -x $exe ]] || { echo "fuzz.sh: no target '$t'" >&2; exit 2; }
  mkdir -p "build-asan/corpus/$t" "build-asan/crashes/$t" build-asan/logs
  dirs=("build-asan/corpus/$t" "tests/fuzz/corpus/$t")
  [[ -d tests/fuzz/regressions/$t ]] && dirs+=("tests/fuzz/regressions/$t")
  log=build-asan/logs/$t.log
  echo "== $t (${limit[*]})"
  status=ok
  "$exe" "${limit[@]}" -timeout=10 -artifact_prefix="build-asan/crashes/$t/" -print_final_stats=1 \
    "${dirs[@]}" >"$log" 2>&1 || status=CRASH
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  corpus=$(find "build-asan/corpus/$t" -type f | wc -l)
  crashes=$(find "build-asan/crashes/$t" -type f | wc -l)
  if [[ $status != ok ]]; then
    failed=1
    grep -m3 -E 'ERROR|fuzz check failed|runtime error|Test unit written' "$log" || true
  fi
  summary+=("$(printf '%-18s %12s %9s %8s %8s  %s' "$t" "${runs:-0}" "${rate:-0}" "$crashes" "$corpus" "$status")")
done
printf '%-18s %12s %9s %8s %8s\n' target executions exec/s crashes corpus
printf '%s\n' "${summary[@]}"
exit $failed
