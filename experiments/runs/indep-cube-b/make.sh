#!/bin/sh
# indep-cube-b: the cube decisions of indep-checker-b's games (seed 2), valued by gnubg 2-ply.
# Needs /tmp/selfplay_cube_positions_b.txt from ../indep-checker-b/make.sh. From the repository root.
set -eu
GNUBG=${NARD_GNUBG:-/usr/games/gnubg}
HOME=$(mktemp -d)
export HOME
NARD_CUBE_SOURCE="experiments/runs/indep-checker-b/make.sh (tests/gnubg/selfplay_positions.py, NARD_SELFPLAY_SEED=2)" \
  NARD_CUBE_POSITIONS=/tmp/selfplay_cube_positions_b.txt \
  NARD_CUBE_OUT=tests/data/gnubg_selfplay_cube_2ply_b.txt \
  "$GNUBG" -t -q -r -p tests/gnubg/cube_oracle.py
rm -rf "$HOME"
