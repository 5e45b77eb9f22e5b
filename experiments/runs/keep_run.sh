#!/usr/bin/env bash
# Keeps the small records of a recipe run (nard train --recipe) in the repository: the recipe, the
# run's record, every stage's figures, the report and the finished model; not the position
# databases or checkpoints (the recipe makes them again). With RESUMABLE=1 also each finished
# stage's output.nardnet, so that a copy of DEST_DIR continues with `nard train --recipe
# DEST_DIR/recipe.json --out COPY --resume` (an unfinished stage starts again).
# Usage: [RESUMABLE=1] keep_run.sh RUN_DIR DEST_DIR
set -euo pipefail
run="$1"; dest="$2"
mkdir -p "$dest"
cp "$run"/recipe.json "$run"/record.json "$run"/report.html "$dest"/
[ -f "$run"/start.json ] && cp "$run"/start.json "$dest"/
if [ -n "${RESUMABLE:-}" ]; then
  for f in start.nardnet shipped.nardnet; do [ -f "$run/$f" ] && cp "$run/$f" "$dest"/; done
fi
[ -f "$run"/final.json ] && cp "$run"/final.json "$dest"/
cp "$run"/nard-*.nardnet "$dest"/ 2>/dev/null || true
for s in "$run"/stage-*/; do
  name="$(basename "$s")"
  mkdir -p "$dest/$name"
  [ -n "${RESUMABLE:-}" ] && [ -f "$s/stage.json" ] && cp "$s/output.nardnet" "$dest/$name/"
  [ -n "${RESUMABLE:-}" ] && [ ! -f "$s/stage.json" ] && { rmdir "$dest/$name" 2>/dev/null; continue; }
  for f in stage.json cpu-seconds metrics.csv strength.svg config.txt; do
    [ -f "$s/$f" ] && cp "$s/$f" "$dest/$name/"
  done
  for r in "$s"/step-*/report.txt; do
    [ -f "$r" ] && cp "$r" "$dest/$name/$(basename "$(dirname "$r")")-report.txt"
  done
done
