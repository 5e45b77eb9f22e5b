#!/usr/bin/env bash
# Crash safety of `nard train` (training/trainer.h): a run killed with SIGKILL at any step and
# resumed ends exactly as a run that was never interrupted (the same net, byte for byte, and the
# same metrics.csv rows, none duplicated or missing), with no temporary files left behind; a write
# that fails (a file size limit, as a full disk would) ends the run with an error that names the
# user's path, and leaves the previous checkpoint, metrics and model files as they were.
#
# Kills at named steps use the hook of training/kill_point.h (NARD_KILL_AT=<point>:<n>); a few
# more come from outside at random times. Usage: train_faults.sh NARD_BINARY (ctest passes it).
set -uo pipefail

nard="$1"
work="$(mktemp -d "${TMPDIR:-/tmp}/nard_train_faults.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# 6 rounds of 16 games; checkpoints at 32, 64 and 96 games; evaluations at 64 and 96. (Most of the
# time goes into starting LibTorch, ~0.4 s per process.)
args=(train --variant backgammon --round-games 16 --checkpoint-every 32 --eval-every 64
      --eval-games 10 --hidden 8 --race-hidden 8 --threads 1 --seed 3)
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# Runs nard with the training arguments plus "$@"; stderr to $work/last.log; returns its status.
# (The outer redirection silences the shell's "Killed" notices.)
train() {
  { "$nard" "${args[@]}" "$@" >/dev/null 2>"$work/last.log"; } 2>/dev/null
}
# The full run of 96 games.
train96() {
  train --games 96 "$@"
}

# The run directory $1 ends as the uninterrupted reference ($3, default $work/ref) does.
check_same_as_reference() {
  local dir="$1" label="$2" ref="${3:-$work/ref}"
  local ckpt ref_ckpt
  ckpt="$(cat "$dir/latest" 2>/dev/null)"
  ref_ckpt="$(cat "$ref/latest")"
  [ "$ckpt" = "$ref_ckpt" ] || fail "$label: latest names '$ckpt', not '$ref_ckpt'"
  cmp -s "$dir/$ckpt/net.nardnet" "$ref/$ref_ckpt/net.nardnet" ||
    fail "$label: the final net differs from the uninterrupted run's"
  # Every column but the wall time (seconds).
  if ! diff <(cut -d, -f1,3- "$dir/metrics.csv") <(cut -d, -f1,3- "$ref/metrics.csv") >/dev/null; then
    fail "$label: metrics.csv differs from the uninterrupted run's:"
    cat "$dir/metrics.csv" >&2
  fi
  local leftovers
  leftovers="$(cd "$dir" && find . -name '*.tmp.*' -o -name 'ckpt-tmp-*')"
  [ -z "$leftovers" ] || fail "$label: temporary files left behind: $leftovers"
  local count
  count="$(find "$dir" -maxdepth 1 -name 'ckpt-*' -type d | wc -l)"
  [ "$count" -eq 1 ] || fail "$label: $count checkpoint directories"
}

# After a kill: --resume when a checkpoint exists, else the run starts again (no checkpoint yet).
resume() {
  local dir="$1" label="$2"
  if [ -f "$dir/latest" ]; then
    train96 --out "$dir" --resume || fail "$label: --resume failed: $(cat "$work/last.log")"
  else
    train96 --out "$dir" --resume
    [ $? -eq 2 ] || fail "$label: --resume without a checkpoint should fail with exit code 2"
    grep -q "no checkpoint" "$work/last.log" || fail "$label: unclear message: $(cat "$work/last.log")"
    train96 --out "$dir" || fail "$label: restart failed: $(cat "$work/last.log")"
  fi
}

start=$SECONDS
train96 --out "$work/ref" || { echo "FAIL: the reference run failed: $(cat "$work/last.log")" >&2; exit 1; }
[ "$(grep -c '' "$work/ref/metrics.csv")" -eq 3 ] || fail "reference: metrics.csv should hold 2 rows"
grep -q $'\r' "$work/last.log" && fail "progress written into a file holds carriage returns"

# 1. Kills at every step, before the first checkpoint, in the middle and at the end of the run.
points=(self-play:1 checkpoint-renamed:1 self-play:3 learn:4 eval:1 checkpoint-files:2 checkpoint-renamed:2
        checkpoint-latest:2 metrics:2 checkpoint-renamed:3 metrics:3)
for point in "${points[@]}"; do
  dir="$work/kill-${point/:/-}"
  NARD_KILL_AT="$point" train96 --out "$dir"
  status=$?
  [ $status -eq 137 ] || { fail "$point: the run was not killed (exit $status)"; continue; }
  resume "$dir" "$point"
  check_same_as_reference "$dir" "$point"
done

# 2. Killed again while resuming, then resumed.
dir="$work/twice"
NARD_KILL_AT=learn:3 train96 --out "$dir"
NARD_KILL_AT=checkpoint-files:1 train96 --out "$dir" --resume
[ $? -eq 137 ] || fail "twice: the resumed run was not killed"
resume "$dir" twice
check_same_as_reference "$dir" twice

# 3. Kills from outside at random moments.
for k in 1 2; do
  dir="$work/random-$k"
  "$nard" "${args[@]}" --games 96 --out "$dir" >/dev/null 2>&1 &
  pid=$!
  sleep "$((RANDOM % 4)).$((RANDOM % 8 + 2))"  # 0.2 .. 3.9 s
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  resume "$dir" "random-$k"
  check_same_as_reference "$dir" "random-$k"
done

# 4. Writes that fail: a file size limit (ulimit -f, in blocks of 1024 bytes in bash) from the
# run's second checkpoint on. Each limit fails a different write (svg, evaluation net, torch
# files); the run must end with exit code 1 naming a file of the run directory, not a temporary
# one, and leave the checkpoint of 32 games, metrics.csv and first.nardnet as they were.
base="$work/limit-base"
train --out "$base" --games 32 || fail "limit: the 32-game run failed: $(cat "$work/last.log")"
# Its own reference (an evaluation at 32 games changes the later metrics): resumed without a limit.
cp -r "$base" "$work/limit-ref"
train96 --out "$work/limit-ref" --resume || fail "limit: the reference resume failed: $(cat "$work/last.log")"
for limit in 1 12 24; do
  dir="$work/limit-$limit"
  cp -r "$base" "$dir"
  kept=(latest metrics.csv strength.svg first.nardnet eval-32.nardnet)
  kept+=($(cd "$dir" && ls -d "$(cat latest)"/*))
  before="$(cd "$dir" && md5sum "${kept[@]}" 2>&1)"
  (ulimit -f "$limit" && train96 --out "$dir" --resume)
  status=$?
  if [ $status -eq 0 ]; then
    fail "limit $limit KB: the run succeeded despite the limit"
    continue
  fi
  log="$(cat "$work/last.log")"
  [ $status -eq 1 ] || fail "limit $limit KB: exit code $status, not 1: $log"
  echo "$log" | grep -q "$dir" || fail "limit $limit KB: the error does not name the run directory: $log"
  echo "$log" | grep -q '\.tmp\.\|ckpt-tmp' && fail "limit $limit KB: the error names a temporary file: $log"
  echo "$log" | grep -qi "file too large\|size limit" || fail "limit $limit KB: the error does not say why: $log"
  after="$(cd "$dir" && md5sum "${kept[@]}" 2>&1)"
  [ "$before" = "$after" ] || fail "limit $limit KB: the previous checkpoint, metrics or models changed"
  leftovers="$(cd "$dir" && find . -name '*.tmp.*' -o -name 'ckpt-tmp-*')"
  [ -z "$leftovers" ] || fail "limit $limit KB: temporary files left behind: $leftovers"
  # Without the limit the run resumes from the intact checkpoint and ends as the reference.
  train96 --out "$dir" --resume || fail "limit $limit KB: resume after the failure: $(cat "$work/last.log")"
  check_same_as_reference "$dir" "limit $limit KB" "$work/limit-ref"
done

# 5. nard export under a file size limit: the error names the --out file, which keeps its bytes.
echo "an older model" >"$work/model.nardnet"
(ulimit -f 1 && "$nard" export --checkpoint "$work/ref" --out "$work/model.nardnet" >/dev/null 2>"$work/last.log")
status=$?
log="$(cat "$work/last.log")"
[ $status -eq 1 ] || fail "export: exit code $status, not 1: $log"
echo "$log" | grep -q "$work/model.nardnet: cannot write" || fail "export: the error does not name the --out file: $log"
echo "$log" | grep -q '\.tmp\.' && fail "export: the error names the temporary file: $log"
[ "$(cat "$work/model.nardnet")" = "an older model" ] || fail "export: the existing file was changed"
[ -z "$(find "$work" -maxdepth 1 -name 'model.nardnet.tmp.*')" ] || fail "export: temporary file left behind"
"$nard" export --checkpoint "$work/ref" --out "$work/model.nardnet" >/dev/null 2>"$work/last.log" ||
  fail "export without a limit failed: $(cat "$work/last.log")"

# 6. nard export's --out: "DIR/" is made and gets the file named after its bytes; a file in a
#    directory that does not exist is refused (exit 2, naming it) before anything is written.
"$nard" export --checkpoint "$work/ref" --out "$work/made/here/" >"$work/last.log" 2>&1 ||
  fail "export --out DIR/ failed: $(cat "$work/last.log")"
[ -n "$(find "$work/made/here" -maxdepth 1 -name 'nard-*.nardnet')" ] || fail "export --out DIR/: no model file in it"
"$nard" export --checkpoint "$work/ref" --out "$work/missing/model.nardnet" >/dev/null 2>"$work/last.log"
status=$?
log="$(cat "$work/last.log")"
[ $status -eq 2 ] || fail "export into a missing directory: exit code $status, not 2: $log"
echo "$log" | grep -q "$work/missing does not exist" || fail "export into a missing directory: the error does not name it: $log"
[ ! -e "$work/missing" ] || fail "export into a missing directory: something was written"

echo "train faults: ${#points[@]} kill points, 1 double kill, 2 random kills, 3 size limits, export and its --out; $((SECONDS - start)) s"
if [ $failures -ne 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
