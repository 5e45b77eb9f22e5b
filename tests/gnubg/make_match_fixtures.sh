#!/bin/sh
# Makes the gnubg-written match fixtures of tests/formats/match_files_test.cpp: GNU Backgammon (0-ply)
# plays itself and exports each match as .mat ("export match mat") and .sgf ("save match").
# Run by hand from the repository root; the files are committed (tests/data/matches/).
#   tests/gnubg/make_match_fixtures.sh [OUT_DIR]
# gnubg stores nothing of these settings: it is run with a throw-away HOME.
set -eu
out=${1:-tests/data/matches}
gnubg=$(command -v gnubg || echo /usr/games/gnubg)
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT

# gnubg's SGF keeps its 0-ply analysis of every move (A[...], DA[...]): 100 kB a game. All but
# the first file have it stripped (the reader skips those properties; the first file tests that).
strip_analysis() {
  sed -E 's/A\[0\](\[[^]]*\])*//g; s/DA\[[^]]*\]//g' "$1" > "$1.tmp" && mv "$1.tmp" "$1"
}

play() {  # NAME SEED KIND(match N | session GAMES)
  name=$1 seed=$2 kind=$3 n=$4
  {
    echo "set player 0 gnubg"
    echo "set player 1 gnubg"
    for p in 0 1; do
      echo "set player $p chequerplay evaluation plies 0"
      echo "set player $p cubedecision evaluation plies 0"
    done
    echo "set seed $seed"
    if [ "$kind" = match ]; then
      echo "new match $n"
    else
      echo "set automatic game off"
      echo "set beavers on"
      echo "new session"
      i=1
      while [ $i -lt "$n" ]; do echo "new game"; i=$((i + 1)); done
    fi
    echo "export match mat $out/$name.mat"
    echo "save match $out/$name.sgf"
  } | HOME=$home "$gnubg" -t -q > /dev/null 2>&1
}

play gnubg_3p_seed42 42 match 3
play gnubg_7p_seed7 7 match 7
play gnubg_5p_seed3 3 match 5
play gnubg_11p_seed19 19 match 11
play gnubg_money_seed5 5 session 4
for f in gnubg_7p_seed7 gnubg_5p_seed3 gnubg_11p_seed19 gnubg_money_seed5; do
  strip_analysis "$out/$f.sgf"
done
