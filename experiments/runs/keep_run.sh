#!/usr/bin/env bash
# Keeps the small records of a recipe run (nard train --recipe) in the repository: the recipe, the
# run's record, every stage's figures, the report and the finished model; not the position
# databases or checkpoints (the recipe makes them again). Usage: keep_run.sh RUN_DIR DEST_DIR
set -euo pipefail
run="$1"; dest="$2"
mkdir -p "$dest"
cp "$run"/recipe.json "$run"/record.json "$run"/report.html "$dest"/
[ -f "$run"/final.json ] && cp "$run"/final.json "$dest"/
cp "$run"/nard-*.nardnet "$dest"/ 2>/dev/null || true
for s in "$run"/stage-*/; do
  name="$(basename "$s")"
  mkdir -p "$dest/$name"
  for f in stage.json cpu-seconds metrics.csv strength.svg config.txt; do
    [ -f "$s/$f" ] && cp "$s/$f" "$dest/$name/"
  done
  for r in "$s"/step-*/report.txt; do
    [ -f "$r" ] && cp "$r" "$dest/$name/$(basename "$(dirname "$r")")-report.txt"
  done
done
