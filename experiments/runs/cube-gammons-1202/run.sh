#!/bin/sh
# cube-gammons-1202 (issue 34, session 49): full-game rollout targets where the side on roll's wins
# hold many gammons, fitted into the shipped net; see README.md. Needs nard on PATH; run from the
# repository root. Resumable: the same command again (revalue resumes by itself; train with --resume).
# Usage: run.sh games | positions | gammons | fit | prune | fit-parent | prune-parent
#        run.sh fit-parent-16 | prune-parent-16 (the second candidate: README.md)
# The play groups and general positions are ../cube-teacher-c-1202's: run.sh groups and general there.
S=experiments/runs/cube-teacher-b-1202/nard-backgammon-5e4426a1156f.nardnet  # shipped when this run began
T=experiments/runs/bg-groups-c-1129/nard-backgammon-1ce10684213a.nardnet  # its parent
K=experiments/runs/cube-teacher-b-1202/rollout-targets                    # window sets 3001-3004
C=runs/cube-teacher-c-1202                                                 # groups/, general/
H=experiments/runs/cube-gammons-1202
R=runs/cube-gammons-1202
SEED=3006
mkdir -p $R

# The fit over the groups, the general positions, the five window sets (two copies each, as
# ../cube-teacher-c-1202) and this run's gammon set ($GCOPIES copies, default 4), from model $1 into
# directory $2.
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
  rm -f $R/windows/g$SEED-*.npdb
  for c in $(seq 1 ${GCOPIES:-4}); do cp $H/rollout-targets/gammons-$SEED.npdb $R/windows/g$SEED-$c.npdb; done
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
positions)
  exec nard positions $R/games-$SEED.mat --out $R/games-$SEED.npdb --model $S --threads 2 ;;
gammons)  # contact, winning chance 0.65 to 0.90, gammon share 0.4 to 1, one in 8; full games
  exec nard revalue $R/games-$SEED.npdb --out $R/gammons-$SEED --model $S --only contact \
    --win-window 0.65 0.90 --gammon-share 0.4 1 --one-in 8 --rollout 36 --truncate 0 --seed 1 \
    --threads 2 ;;
fit)
  shift; fit_from $S $R/fit "$@" ;;
prune)
  prune $R/fit ;;
fit-parent)
  shift; fit_from $T $R/fit-parent "$@" ;;
prune-parent)
  prune $R/fit-parent ;;
fit-parent-16)
  shift; GCOPIES=16 fit_from $T $R/fit-parent-16 "$@" ;;
prune-parent-16)
  prune $R/fit-parent-16 ;;
esac
