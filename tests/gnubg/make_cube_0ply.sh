#!/bin/sh
# GNU Backgammon 0-ply's own money cube decisions for every entry of the committed gnubg 2-ply cube
# sets, the decider issue 34 compares our 0-ply cube with (`nard bench cube --ply 0 --vs-decisions
# tests/data/gnubg_cube_0ply.txt tests/data/gnubg_selfplay_cube_0ply.txt`):
#   tests/data/gnubg_cube_0ply.txt           the positions of tests/data/gnubg_cube_2ply.txt
#   tests/data/gnubg_selfplay_cube_0ply.txt  those of tests/data/gnubg_selfplay_cube_2ply{,_b}.txt
#                                            (a decision both files hold is valued once)
# Run from the repository root. Environment: NARD_GNUBG (default /usr/games/gnubg). About a minute.
set -eu
GNUBG=${NARD_GNUBG:-/usr/games/gnubg}
HOME=$(mktemp -d)  # gnubg writes its settings under $HOME
export HOME
LIST=/tmp/cube_0ply_positions.txt

# "<Position ID> <cube> <owner>" of every entry of the given reference files, first occurrence only.
positions() { grep -hv '^#' "$@" | cut -d' ' -f1-3 | awk '!seen[$0]++'; }

make_0ply() {  # OUT REFERENCE...
  out=$1
  shift
  positions "$@" > "$LIST"
  NARD_CUBE_PLIES=0 NARD_CUBE_SOURCE="tests/gnubg/make_cube_0ply.sh: the entries of $*" \
    NARD_CUBE_POSITIONS=$LIST NARD_CUBE_OUT=$out "$GNUBG" -t -q -r -p tests/gnubg/cube_oracle.py
}

make_0ply tests/data/gnubg_cube_0ply.txt tests/data/gnubg_cube_2ply.txt
make_0ply tests/data/gnubg_selfplay_cube_0ply.txt tests/data/gnubg_selfplay_cube_2ply.txt \
  tests/data/gnubg_selfplay_cube_2ply_b.txt
rm -rf "$HOME"
