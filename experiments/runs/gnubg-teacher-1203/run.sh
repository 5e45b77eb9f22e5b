#!/bin/sh
# gnubg-teacher-1203 (issue 34, session 53): gnubg 2-ply's values of contact positions fitted beside the
# shipped fit's data; see README.md. Needs nard on PATH; run from the repository root.
# Usage: run.sh values | positions | fit | prune | fit-3 | prune-3
# The games are ../cube-gammons-c-1203's (its run.sh games and ids write runs/cube-gammons-c-1203/part-*.mat);
# the play groups and general positions are ../cube-teacher-c-1202's (run.sh groups and general there).
S=models/nard-backgammon-ae620d2e0a83.nardnet                             # shipped when this run began
T=experiments/runs/bg-groups-c-1129/nard-backgammon-1ce10684213a.nardnet  # the shipped fit's parent
K=experiments/runs/cube-teacher-b-1202/rollout-targets                    # window sets 3001-3004
C=runs/cube-teacher-c-1202                                                 # groups/, general/
B=experiments/runs/cube-gammons-b-1202
GAMMONS="experiments/runs/cube-gammons-1202/rollout-targets/gammons-3006.npdb
  $B/rollout-targets/gammons-3007.npdb experiments/runs/cube-gammons-c-1203/rollout-targets/gammons-3008.npdb
  experiments/runs/cube-gammons-d-1203/rollout-targets/gammons-3009.npdb"
R=runs/gnubg-teacher-1203
KEEP=experiments/runs/gnubg-teacher-1203
G=runs/cube-gammons-c-1203            # part-000.mat .. part-011.mat and ids-3008.txt of seed 3008
TEACHER=$KEEP/teacher/gnubg2ply-3008.npdb
mkdir -p $R

# The teacher set in $1 copies among the fit's window files (fit_from keeps t*.npdb; names order the data).
teacher_copies() {
  [ -f $TEACHER ] || { echo "$TEACHER is missing: run.sh values, positions make it" >&2; exit 1; }
  mkdir -p $R/windows
  rm -f $R/windows/t*.npdb
  for c in $(seq 1 $1); do cp $TEACHER $R/windows/t-gnubg2ply-$c.npdb; done
}

case "$1" in
values)  # two gnubg processes, six files each; resumable (teacher.py skips what its output holds)
  [ -f $G/part-011.mat ] || { echo "$G/part-*.mat are missing: ../cube-gammons-c-1203/run.sh games, ids" >&2; exit 1; }
  for half in a b; do
    if [ $half = a ]; then files="000 001 002 003 004 005"; else files="006 007 008 009 010 011"; fi
    HOME=$(mktemp -d) GB_IN="$(for f in $files; do echo -n "$G/part-$f.mat "; done)" \
      GB_SKIP=$G/ids-3008.txt GB_ONE_IN=2 GB_PLIES=2 GB_OUT=$R/values-$half.txt \
      /usr/games/gnubg -t -q -r -p $KEEP/teacher.py > $R/values-$half.log 2>&1 &
  done
  wait
  tail -n 1 $R/values-a.log $R/values-b.log ;;
positions)
  mkdir -p $KEEP/teacher
  exec nard positions --list $R/values-a.txt $R/values-b.txt --listed-targets "gnubg 2-ply" --ply 2 \
    --out $TEACHER ;;
fit|prune|fit-3|prune-3)
  # ../gammon_set.sh's fit and prune with d-1203's settings (the gammon sets in 16 copies); the
  # second candidate's fit runs in a folder of its own, $R-t3.
  case "$1" in *-3) R=$R-t3; mkdir -p $R; set -- ${1%-3} 3 ;; *) set -- $1 1 ;; esac
  [ $1 = fit ] && teacher_copies $2
  set -- $1
  SEED=3008 GAMES_PER_FILE=500 ALT_COPIES=24
  . experiments/runs/gammon_set.sh ;;
*)
  echo "usage: run.sh values | positions | fit | prune | fit-3 | prune-3" >&2
  exit 2 ;;
esac
