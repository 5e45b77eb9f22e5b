#!/bin/sh
# Session 23: after the third annealed phase flattened (variants-7.sh), do the variant nets gain from
# width? Each shipped net widened 128 -> 256 hidden units (net2net: the same function at the start),
# then 65,536 TD games at lr 1e-4 (the -5 phase's rate), exported at 32,768 and 65,536 games.
cd /work/main
mkdir -p /work/curves/w256
for v in fevga plakoto longnardy tawla31; do
  lr=0.0001; [ $v = tawla31 ] && lr=0.0002
  shipped=$(ls models/nard-$v-*.nardnet)
  nice -n 5 /work/bin/nard train --variant $v --out runs/$v-7 --games 32768 --hidden 256 --threads 1 --lr $lr --seed 71 \
    --init-from $shipped --checkpoint-every 8192 --eval-every 0 >> runs/$v-7.log 2>&1
  /work/bin/nard export --checkpoint runs/$v-7 --out /work/curves/w256/$v-32768.nardnet >> runs/$v-7.log 2>&1
  nice -n 5 /work/bin/nard train --variant $v --out runs/$v-7 --games 65536 --hidden 256 --threads 1 --lr $lr --seed 71 \
    --init-from $shipped --checkpoint-every 8192 --eval-every 0 --resume >> runs/$v-7.log 2>&1
  /work/bin/nard export --checkpoint runs/$v-7 --out /work/curves/w256/$v-65536.nardnet >> runs/$v-7.log 2>&1
done
