#!/bin/sh
# indep-checker-b: 2,400 more checker pairs from gnubg's self-play (seed 2), valued by gnubg 2-ply.
# Run from the repository root. One thread each: self-play about 0.5 s a game, the oracle about
# 0.7 s a pair.
set -eu
GNUBG=${NARD_GNUBG:-/usr/games/gnubg}
HOME=$(mktemp -d)
export HOME
SOURCE="experiments/runs/indep-checker-b/make.sh (tests/gnubg/selfplay_positions.py, NARD_SELFPLAY_SEED=2)"
NARD_SELFPLAY_SEED=2 NARD_SELFPLAY_GAMES=3200 NARD_SELFPLAY_CHECKER=2400 \
  NARD_SELFPLAY_CUBE_OUT=/tmp/selfplay_cube_positions_b.txt \
  NARD_SELFPLAY_CHECKER_OUT=/tmp/selfplay_checker_positions_b.txt \
  "$GNUBG" -t -q -r -p tests/gnubg/selfplay_positions.py
NARD_CHECKER_SOURCE=$SOURCE NARD_CHECKER_POSITIONS=/tmp/selfplay_checker_positions_b.txt \
  NARD_CHECKER_OUT=tests/data/gnubg_selfplay_checker_2ply_b.txt \
  "$GNUBG" -t -q -r -p tests/gnubg/checker_oracle.py
rm -rf "$HOME"
