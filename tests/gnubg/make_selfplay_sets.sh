#!/bin/sh
# The gnubg self-play reference sets of `nard bench cube` and `nard bench checker`, made from
# nothing but GNU Backgammon: tests/gnubg/selfplay_positions.py plays gnubg against itself at 0-ply
# and samples the positions, then the oracles value them at gnubg 2-ply:
#   tests/data/gnubg_selfplay_cube_2ply.txt     (tests/gnubg/cube_oracle.py)
#   tests/data/gnubg_selfplay_checker_2ply.txt  (tests/gnubg/checker_oracle.py)
# Run from the repository root: tests/gnubg/make_selfplay_sets.sh. Environment: NARD_GNUBG (default
# /usr/games/gnubg), NARD_SELFPLAY_SEED and the other NARD_SELFPLAY_* settings of
# selfplay_positions.py. Time on the 2-core machine beside a training run, one thread each:
# self-play of 800 games 6 min, the cube oracle 28 s, the checker oracle 7 min.
set -eu
GNUBG=${NARD_GNUBG:-/usr/games/gnubg}
HOME=$(mktemp -d)  # gnubg writes its settings under $HOME
export HOME
CUBE_POSITIONS=/tmp/selfplay_cube_positions.txt
CHECKER_POSITIONS=/tmp/selfplay_checker_positions.txt
SOURCE="tests/gnubg/make_selfplay_sets.sh (tests/gnubg/selfplay_positions.py)"

NARD_SELFPLAY_CUBE_OUT=$CUBE_POSITIONS NARD_SELFPLAY_CHECKER_OUT=$CHECKER_POSITIONS \
  "$GNUBG" -t -q -r -p tests/gnubg/selfplay_positions.py
NARD_CUBE_SOURCE=$SOURCE NARD_CUBE_POSITIONS=$CUBE_POSITIONS \
  NARD_CUBE_OUT=tests/data/gnubg_selfplay_cube_2ply.txt \
  "$GNUBG" -t -q -r -p tests/gnubg/cube_oracle.py
NARD_CHECKER_SOURCE=$SOURCE NARD_CHECKER_POSITIONS=$CHECKER_POSITIONS \
  NARD_CHECKER_OUT=tests/data/gnubg_selfplay_checker_2ply.txt \
  "$GNUBG" -t -q -r -p tests/gnubg/checker_oracle.py
rm -rf "$HOME"
