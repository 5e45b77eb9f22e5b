#!/usr/bin/env bash
# Sets up and builds (scripts/setup.sh), runs the whole test suite, then the sanitizer and fuzzing
# stages (scripts/sanitize.sh: ASan+UBSan, libFuzzer, TSan; docs/testing.md) in build directories
# of their own. NARD_TEST_STAGES picks the stages (default main,asan,fuzz,tsan; e.g.
# NARD_TEST_STAGES=main for the suite alone). Every stage prints its time.
set -euo pipefail
cd "$(dirname "$0")/.."
stages=${NARD_TEST_STAGES:-main,asan,fuzz,tsan}
t0=$SECONDS
./scripts/setup.sh
echo "stage build: $((SECONDS - t0)) s"
IFS=, read -ra list <<<"$stages"
sanitizer_stages=()
for s in "${list[@]}"; do
  if [[ $s == main ]]; then
    t0=$SECONDS
    ctest --test-dir build --output-on-failure -j "$(nproc)" --timeout 900
    echo "stage main: $((SECONDS - t0)) s"
  else
    sanitizer_stages+=("$s")
  fi
done
if ((${#sanitizer_stages[@]})); then ./scripts/sanitize.sh "${sanitizer_stages[@]}"; fi
