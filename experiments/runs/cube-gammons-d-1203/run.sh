#!/bin/sh
# cube-gammons-d-1203 (issue 34, session 52): a fourth set of gnubg-picked gammon-rich rollout targets
# (new games, seed 3009), fitted with the other three into the shipped net's parent; see README.md.
# Needs nard on PATH; run from the repository root. The steps are ../gammon_set.sh's.
# Usage: run.sh games | ids | positions | gammons | compare | fit | prune | fit-24 | prune-24
# The play groups and general positions are ../cube-teacher-c-1202's: run.sh groups and general there.
S=experiments/runs/cube-gammons-d-1203/nard-backgammon-6ec8824fc53b.nardnet  # shipped when this run began (models/ until ae620d2e0a83 replaced it)
T=experiments/runs/bg-groups-c-1129/nard-backgammon-1ce10684213a.nardnet  # its parent
K=experiments/runs/cube-teacher-b-1202/rollout-targets                    # window sets 3001-3004
C=runs/cube-teacher-c-1202                                                 # groups/, general/
B=experiments/runs/cube-gammons-b-1202                                     # select.py, compare.py
GAMMONS="experiments/runs/cube-gammons-1202/rollout-targets/gammons-3006.npdb
  $B/rollout-targets/gammons-3007.npdb experiments/runs/cube-gammons-c-1203/rollout-targets/gammons-3008.npdb
  experiments/runs/cube-gammons-d-1203/rollout-targets/gammons-3009.npdb"
R=runs/cube-gammons-d-1203
KEEP=experiments/runs/cube-gammons-d-1203
SEED=3009
GAMES_PER_FILE=500
ALT_COPIES=24
. experiments/runs/gammon_set.sh
