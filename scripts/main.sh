#!/usr/bin/env bash
# The main job: set up and build, then analyse a sample position with the shipped backgammon
# model: the board, the best plays for a roll (2-ply) and the cube decision.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
position="${1:-jFMYpGI9zBKCEg:cAkAAAAAAAAA}"
dice="${2:-43}"
build/cli/nard show "$position"
echo
build/cli/nard hint "$position" "$dice" --ply 2
echo
build/cli/nard cube "$position" --ply 2
