#!/bin/sh
# fits-all-1129 (session 42): one fit over every play group the last groups stages of a game valued
# (their step databases in runs/, made again by their recipes), from a net those stages made.
# Usage: run.sh fevga | plakoto | longnardy | plakoto-deep | longnardy-deep     (one thread; about 5 CPU-minutes each)
set -e
steps() { for d in "$@"; do ls -d runs/$d/stage-1-*/step-0*; done; }
case "$1" in
fevga)
  exec nard train --variant fevga --targets ply2 --out runs/fevga-fit-all-1129 \
    --init-from models/nard-fevga-d1681b4965df.nardnet --steps 1 --games-per-step 2 --play-groups 4 \
    --keep 0.25 --rank-weight 1 --epochs 12 --lr 2e-4 --lr-final 1e-5 --window 1 --step-eval-games 0 \
    --threads 1 --seed 91 --positions-from $(steps fevga-groups-c-1129 fevga-groups-d-1129 fevga-groups-e-1129) ;;
plakoto)
  exec nard train --variant plakoto --targets ply2 --out runs/plakoto-fit-all-1129 \
    --init-from experiments/runs/plakoto-groups-c-1129/nard-plakoto-ddb5ca85bb8d.nardnet --steps 1 \
    --games-per-step 2 --play-groups 4 --keep 0.25 --rank-weight 1 --epochs 12 --lr 2e-4 --lr-final 1e-5 \
    --window 1 --step-eval-games 0 --threads 1 --seed 92 \
    --positions-from $(steps plakoto-groups-b-1129 plakoto-groups-c-1129) ;;
longnardy)
  exec nard train --variant longnardy --targets ply2 --out runs/longnardy-fit-all-1129 \
    --init-from models/nard-longnardy-4f4d42702d82.nardnet --steps 1 --games-per-step 2 --play-groups 4 \
    --keep 0.25 --rank-weight 1 --epochs 12 --lr 2e-4 --lr-final 1e-5 --window 1 --step-eval-games 0 \
    --threads 1 --seed 94 --positions-from $(steps longnardy-groups-b-1129 longnardy-groups-c-1129) ;;
plakoto-deep)  # a fresh 256-128 net, as Fevga's that shipped
  exec nard train --variant plakoto --targets ply2 --out runs/plakoto-fresh-deep-1129 \
    --init-from models/nard-plakoto-7c6992f9e466.nardnet --fresh-nets --hidden 256,128 --steps 1 \
    --games-per-step 2 --play-groups 4 --keep 0.25 --rank-weight 1 --epochs 20 --lr 1e-3 --lr-final 1e-5 \
    --window 1 --step-eval-games 0 --threads 1 --seed 95 \
    --positions-from $(steps plakoto-groups-b-1129 plakoto-groups-c-1129) ;;
longnardy-deep)
  exec nard train --variant longnardy --targets ply2 --out runs/longnardy-fresh-deep-1129 \
    --init-from models/nard-longnardy-4f4d42702d82.nardnet --fresh-nets --hidden 256,128 --steps 1 \
    --games-per-step 2 --play-groups 4 --keep 0.25 --rank-weight 1 --epochs 20 --lr 1e-3 --lr-final 1e-5 \
    --window 1 --step-eval-games 0 --threads 1 --seed 96 \
    --positions-from $(steps longnardy-groups-b-1129 longnardy-groups-c-1129) ;;
esac
