#!/bin/sh
# cube-teacher-c-1202 (issue 34, session 48): the shipped net fitted again over five sets of rollout
# targets; see README.md. Needs nard on PATH; run from the repository root. Resumable: the same command
# again (revalue resumes by itself; train with --resume).
# Usage: run.sh games SEED | positions SEED | window SEED | groups | general | fit | prune
#        run.sh fit-parent | prune-parent (the second fit: README.md)
T=experiments/runs/bg-groups-c-1129/nard-backgammon-1ce10684213a.nardnet  # the teacher of every set
S=experiments/runs/cube-teacher-b-1202/nard-backgammon-5e4426a1156f.nardnet  # shipped when this run began
K=experiments/runs/cube-teacher-b-1202/rollout-targets                    # the four committed sets
R=runs/cube-teacher-c-1202
mkdir -p $R

# The fit over the groups, the general positions and the five window sets (two copies each), from
# the model $1 into the run directory $2; further arguments go to nard train.
fit_from() {
  init=$1; out=$2; shift 2
  mkdir -p $R/windows
  for s in 3001 3002 3003 3004; do
    cp $K/window-$s.npdb $R/windows/w$s-a.npdb
    cp $K/window-$s.npdb $R/windows/w$s-b.npdb
  done
  cp $R/window-3005/games-3005.npdb $R/windows/w3005-a.npdb
  cp $R/window-3005/games-3005.npdb $R/windows/w3005-b.npdb
  exec nard train --targets ply2 --out $out --init-from $init --steps 1 --games-per-step 2 \
    --play-groups 4 --rank-weight 1 --fit-only contact --epochs 8 --lr 2e-4 --lr-final 1e-6 --window 1 \
    --step-eval-games 0 --threads 1 --seed 27 \
    --positions-from $R/groups/step-0001 $R/general/step-0001 $R/windows "$@"
}
# The pruning net of the fit in run directory $1, into $1-model/.
prune() {
  exec nard distill --model $1/latest.nardnet --out $1-model/ --games 4000 --epochs 4 \
    --hidden 64 --keep 3 --threads 2 --seed 1
}
case "$1" in
games)
  exec nard match --a net --a-model $T --a-ply 0 --b gnubg --b-ply 0 --cubeless --games 6000 \
    --threads 2 --seed "$2" --quiet --save $R/games-$2.mat ;;
positions)
  exec nard positions $R/games-$2.mat --out $R/games-$2.npdb --model $T --threads 2 ;;
window)
  exec nard revalue $R/games-$2.npdb --out $R/window-$2 --model $T --only contact \
    --win-window 0.65 0.90 --one-in 6 --rollout 72 --truncate 10 --seed 1 --threads 2 ;;
groups)  # ../cube-teacher-1202's play groups again (the same seed and teacher: the same data)
  shift
  exec nard train --targets ply2 --play-groups 4 --games-per-step 4000 --steps 1 --step-eval-games 0 \
    --epochs 1 --seed 49 --out $R/groups --init-from $T --threads 2 "$@" ;;
general)  # ../cube-teacher-1202's general positions again
  shift
  exec nard train --targets ply2 --games-per-step 10000 --steps 1 --step-eval-games 0 --epochs 1 \
    --seed 50 --out $R/general --init-from $T --threads 2 "$@" ;;
fit)  # from the shipped net
  shift; fit_from $S $R/fit "$@" ;;
prune)
  prune $R/fit ;;
fit-parent)  # the same fit from the teacher, as ../cube-teacher-b-1202 made the shipped net
  shift; fit_from $T $R/fit-parent "$@" ;;
prune-parent)
  prune $R/fit-parent ;;
esac
