# The steps of a gnubg-picked gammon-rich rollout-target run (cube-gammons-c-1203 and later), sourced
# by the run's run.sh after it sets:
#   S     the shipped net: it plays the games, values the picks and plays the rollouts
#   T     the parent the fit starts from;  K  the window sets 3001-3004;  C  the play groups and
#         general positions (../cube-teacher-c-1202's run.sh groups, general)
#   B     the folder of select.py and compare.py (cube-gammons-b-1202)
#   GAMMONS  the gammon sets fitted, this run's last;  R  the scratch folder (ignored)
#   KEEP  the run's folder in the repository (its set goes to KEEP/rollout-targets)
#   SEED  the games' dice;  GAMES_PER_FILE  games per file for gnubg;  ALT_COPIES  the second candidate
# Usage of run.sh: games | ids | positions | gammons | compare | fit | prune | fit-$ALT_COPIES | prune-$ALT_COPIES
# Needs nard on PATH; run from the repository root. Resumable: the same command again (revalue resumes
# by itself; train with --resume).
mkdir -p $R

# The shipped fit (../cube-gammons-1202 fit-parent-16) with the gammon sets in $GCOPIES copies each;
# from model $1 into directory $2. The copies' file names order the fit's data: keep them.
fit_from() {
  init=$1; out=$2; shift 2
  mkdir -p $R/windows
  for s in 3001 3002 3003 3004; do
    cp $K/window-$s.npdb $R/windows/w$s-a.npdb
    cp $K/window-$s.npdb $R/windows/w$s-b.npdb
  done
  W=experiments/runs/cube-teacher-c-1202/rollout-targets/window-3005.npdb
  cp $W $R/windows/w3005-a.npdb
  cp $W $R/windows/w3005-b.npdb
  rm -f $R/windows/g*.npdb
  for g in $GAMMONS; do
    [ -f $g ] || { echo "gammon set $g is missing: run.sh gammons makes it" >&2; exit 1; }
    for c in $(seq 1 $GCOPIES); do cp $g $R/windows/g$(basename $g .npdb)-$c.npdb; done
  done
  exec nard train --targets ply2 --out $out --init-from $init --steps 1 --games-per-step 2 \
    --play-groups 4 --rank-weight 1 --fit-only contact --epochs 8 --lr 2e-4 --lr-final 1e-6 --window 1 \
    --step-eval-games 0 --threads 1 --seed 27 \
    --positions-from $C/groups/step-0001 $C/general/step-0001 $R/windows "$@"
}
prune() {
  exec nard distill --model $1/latest.nardnet --out $1-model/ --games 4000 --epochs 4 \
    --hidden 64 --keep 3 --threads 2 --seed 1
}
case "$1" in
games)
  exec nard match --a net --a-model $S --a-ply 0 --b gnubg --b-ply 0 --cubeless --games 6000 \
    --threads 2 --seed $SEED --quiet --save $R/games-$SEED.mat ;;
ids)  # gnubg reads the games in files of $GAMES_PER_FILE and picks the positions (select.py)
  rm -f $R/part-*.mat
  awk -v n=$GAMES_PER_FILE -v dir=$R '
    NR == FNR && !/^ Game 1$/ && !started { head = head $0 "\n"; next }
    /^ Game [0-9]+$/ { started = 1; g = $2; if ((g - 1) % n == 0) { f = sprintf("%s/part-%03d.mat", dir, (g - 1) / n); printf "%s", head > f }
                       print " Game " ((g - 1) % n + 1) > f; next }  # gnubg wants each file from game 1
    { print > f }' $R/games-$SEED.mat
  HOME=$(mktemp -d) GB_IN="$(ls $R/part-*.mat | tr '\n' ' ')" GB_OUT=$R/ids-$SEED.txt \
    /usr/games/gnubg -t -q -r -p $B/select.py > $R/ids.log 2>&1
  head -2 $R/ids-$SEED.txt ;;
positions)
  exec nard positions --list $R/ids-$SEED.txt --out $R/gammons-$SEED-all.npdb --model $S --threads 2 ;;
gammons)  # one in 4, full games; the finished set is kept in the repository
  nard revalue $R/gammons-$SEED-all.npdb --out $R/gammons-$SEED --model $S --one-in 4 \
    --rollout 36 --truncate 0 --seed 1 --threads 2 || exit 1
  mkdir -p $KEEP/rollout-targets
  cp $R/gammons-$SEED/gammons-$SEED-all.npdb $KEEP/rollout-targets/gammons-$SEED.npdb ;;
compare)
  exec /usr/bin/python3 $B/compare.py $R/ids-$SEED.txt $R/gammons-$SEED-all.npdb \
    $KEEP/rollout-targets/gammons-$SEED.npdb ;;
fit)
  shift; GCOPIES=16 fit_from $T $R/fit "$@" ;;
prune)
  prune $R/fit ;;
fit-$ALT_COPIES)
  shift; GCOPIES=$ALT_COPIES fit_from $T $R/fit-$ALT_COPIES "$@" ;;
prune-$ALT_COPIES)
  prune $R/fit-$ALT_COPIES ;;
*)
  echo "usage: run.sh games | ids | positions | gammons | compare | fit | prune | fit-$ALT_COPIES | prune-$ALT_COPIES" >&2
  exit 2 ;;
esac
