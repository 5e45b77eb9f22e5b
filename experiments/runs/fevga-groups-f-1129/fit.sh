#!/bin/sh
# fevga-groups-f-1129: a fresh 256-128 net fitted once to the play groups of Fevga's stages c, d, e
# and f (their step databases in runs/, made again by their recipes), seed 98, one thread.
set -e
steps() { for d in "$@"; do ls -d runs/$d/stage-1-*/step-0*; done; }
exec nard train --variant fevga --targets ply2 --out runs/fevga-fresh-f-1129 \
  --init-from models/nard-fevga-7aba418b83fd.nardnet --fresh-nets --hidden 256,128 --steps 1 \
  --games-per-step 2 --play-groups 4 --keep 0.25 --rank-weight 1 --epochs 20 --lr 1e-3 --lr-final 1e-5 \
  --window 1 --step-eval-games 0 --threads 1 --seed 98 \
  --positions-from $(steps fevga-groups-c-1129 fevga-groups-d-1129 fevga-groups-e-1129 fevga-groups-f-1129) "$@"
