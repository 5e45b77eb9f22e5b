#!/usr/bin/env bash
# The main job: set up and build, then show a position and its legal plays for a roll.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
position="${1:-4HPwATDgc/ABMA}"
dice="${2:-31}"
build/tools/nard show "$position"
echo
echo "Legal plays for $dice:"
build/tools/nard moves "$position" "$dice"
