#!/usr/bin/env bash
# `nard train --recipe` (training/recipe/recipe_run.h): a run killed with SIGKILL in each stage
# (at its start, inside the TD trainer, after its model is written, after its record) and resumed
# with --resume ends with the same model, byte for byte, and the same stage records as a run that
# was never interrupted; bad input (a recipe with an unknown key, a missing or out-of-range
# setting, a recipe for another game than --variant) gets one line naming it and exit code 2
# before anything is written; with MPIEXEC, a run on 2 MPI ranks ends with the same model.
# Usage: recipe_faults.sh NARD_BINARY [MPIEXEC] (ctest passes them).
set -uo pipefail

nard="$1"
mpiexec="${2:-}"
work="$(mktemp -d "${TMPDIR:-/tmp}/nard_recipe_faults.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# Four stages of every kind, small enough for a second each.
cat >"$work/tiny.json" <<'EOF'
// A backgammon recipe with every kind of stage, for this test.
{
  "format": "nard-recipe", "version": 1, "game": "backgammon", "seed": 3,
  "measure": {"vs": ["pubeval"], "games": 20, "seed": 5},
  "final": {"vs": ["heuristic"], "games": 20, "seed": 6},
  "stages": [
    {"name": "td", "kind": "td", "games": 64, "hidden": [8], "race_hidden": [8],
     "round_games": 16, "checkpoint_every": 32},
    {"name": "refit", "kind": "race_refit", "games": 20, "rounds": 1, "epochs": 1},
    {"name": "sv", "kind": "supervised", "ply": 1, "steps": 2, "games_per_step": 4, "epochs": 1,
     "eval_games": 0, "chunk": 64},
    {"name": "prune", "kind": "distill", "games": 20, "hidden": [4], "epochs": 1}
  ]
}
EOF

# Runs nard train --recipe with "$@"; stderr to $work/last.log; returns its status.
recipe() {
  { "$nard" train --recipe "$work/tiny.json" --threads 1 "$@" >/dev/null 2>"$work/last.log"; } 2>/dev/null
}

# What must match the uninterrupted run: the finished model and every stage's model and figures
# (CPU and wall times aside).
summary() {
  local dir="$1"
  (cd "$dir" && ls nard-backgammon-*.nardnet && sha256sum nard-backgammon-*.nardnet final.json)
  for s in "$dir"/stage-*/stage.json; do
    grep -v -e cpu_seconds -e wall_seconds "$s"
  done
}

recipe --out "$work/ref" || { echo "FAIL: the reference run failed: $(cat "$work/last.log")" >&2; exit 1; }
summary "$work/ref" >"$work/ref.txt"
[ -s "$work/ref/report.html" ] || fail "no report.html"
grep -q "<svg" "$work/ref/report.html" || fail "report.html has no chart"
grep -q '"start_sha256"' "$work/ref/record.json" || fail "record.json has no start model entry"
grep -q '"build_arithmetic": "[a-z].*; ' "$work/ref/record.json" || fail "record.json does not say the build's compiler and instruction set"
grep -q $'\r' "$work/last.log" && fail "progress written into a file holds carriage returns"

# 1. A kill in each stage, then --resume until the run ends.
# Every kill point in the first stage, and in each later stage (each kind) one between its start
# and its record; the last stage is killed after its record, before the final measurement.
points=(recipe-stage:1 learn:2 checkpoint-renamed:1 recipe-stage-output:1 recipe-stage-done:1
        recipe-stage-output:2 recipe-stage:3 recipe-stage-output:3 recipe-stage-done:4)
for point in "${points[@]}"; do
  dir="$work/kill-${point/:/-}"
  NARD_KILL_AT="$point" recipe --out "$dir"
  status=$?
  [ "$status" -eq 137 ] || fail "$point: the run was not killed (exit $status): $(cat "$work/last.log")"
  recipe --out "$dir" --resume || fail "$point: --resume failed: $(cat "$work/last.log")"
  summary "$dir" >"$work/got.txt"
  diff -q "$work/ref.txt" "$work/got.txt" >/dev/null ||
    fail "$point: the resumed run differs from the uninterrupted one: $(diff "$work/ref.txt" "$work/got.txt" | head -5)"
  leftovers="$(cd "$dir" && find . -name '*.tmp.*' -o -name 'ckpt-tmp-*')"
  [ -z "$leftovers" ] || fail "$point: temporary files left behind: $leftovers"
done

# 2. Bad input: one line naming the key or value, exit code 2, nothing written.
bad() {
  local label="$1" expect="$2"
  shift 2
  "$nard" train --threads 1 "$@" >/dev/null 2>"$work/last.log"
  local status=$?
  [ "$status" -eq 2 ] || fail "$label: exit code $status, not 2: $(cat "$work/last.log")"
  grep -q -- "$expect" "$work/last.log" || fail "$label: the message does not name '$expect': $(cat "$work/last.log")"
  [ "$(grep -c '' "$work/last.log")" -eq 1 ] || fail "$label: more than one line: $(cat "$work/last.log")"
  [ ! -e "$work/bad" ] || fail "$label: $work/bad was written"
  rm -rf "$work/bad"
}
sed 's/"epochs": 1,$/"epochs": 1, "epochz": 2,/' "$work/tiny.json" >"$work/unknown.json"
sed 's/"games": 64, //' "$work/tiny.json" >"$work/missing.json"
sed 's/"ply": 1/"ply": 9/' "$work/tiny.json" >"$work/range.json"
bad "unknown key" "'epochz'" --recipe "$work/unknown.json" --out "$work/bad"
bad "missing setting" "missing 'games'" --recipe "$work/missing.json" --out "$work/bad"
bad "out of range" "'ply' must be in \[1, 3\], not 9" --recipe "$work/range.json" --out "$work/bad"
bad "another game" "not for fevga" --recipe "$work/tiny.json" --variant fevga --out "$work/bad"
bad "no such recipe" "no recipe named 'chess'" --recipe chess --out "$work/bad"
bad "an option the recipe sets" "--lr is set by the recipe" --recipe "$work/tiny.json" --lr 0.1 --out "$work/bad"
bad "no such stage" "--from-stage nope" --recipe "$work/tiny.json" --from-stage nope \
  --init-from "$work/ref/stage-1-td/output.nardnet" --out "$work/bad"
# A finished run directory is not started again without --resume, nor resumed with another recipe.
"$nard" train --recipe "$work/tiny.json" --threads 1 --out "$work/ref" >/dev/null 2>"$work/last.log"
[ $? -eq 2 ] && grep -q "already holds a recipe run" "$work/last.log" || fail "an existing run was not refused: $(cat "$work/last.log")"
sed 's/"seed": 3/"seed": 4/' "$work/tiny.json" >"$work/other.json"
"$nard" train --recipe "$work/other.json" --threads 1 --out "$work/ref" --resume >/dev/null 2>"$work/last.log"
[ $? -eq 2 ] && grep -q "another recipe" "$work/last.log" || fail "another recipe was not refused: $(cat "$work/last.log")"

# 3. --from-stage: the later stages from a given model; --budget stops between stages.
recipe --out "$work/from" --from-stage sv --init-from "$work/ref/stage-2-refit/output.nardnet" ||
  fail "--from-stage failed: $(cat "$work/last.log")"
cmp -s "$work/from/stage-4-prune/output.nardnet" "$work/ref/stage-4-prune/output.nardnet" ||
  fail "--from-stage sv from the reference's refit model does not end with the reference's model"
recipe --out "$work/budget" --budget 0.000001 || fail "--budget run failed: $(cat "$work/last.log")"
[ -f "$work/budget/stage-1-td/stage.json" ] && [ ! -e "$work/budget/stage-2-refit" ] ||
  fail "--budget did not stop after the first stage"

# 4. Under mpirun (2 ranks): the same model as one process.
if [ -n "$mpiexec" ] && [ -x "$mpiexec" ]; then
  env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    OMPI_MCA_btl_vader_single_copy_mechanism=none "$mpiexec" -np 2 --oversubscribe \
    "$nard" train --recipe "$work/tiny.json" --threads 1 --out "$work/mpi" >/dev/null 2>"$work/last.log" ||
    fail "the run on 2 ranks failed: $(cat "$work/last.log")"
  summary "$work/mpi" >"$work/got.txt"
  diff -q "$work/ref.txt" "$work/got.txt" >/dev/null ||
    fail "the run on 2 ranks differs from one process's: $(diff "$work/ref.txt" "$work/got.txt" | head -5)"
fi

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "recipe faults: all checks passed"
