#!/bin/sh
# Session 23: a third annealed phase for each variant, from the shipped net (the end of its -5 run):
# TD at a fifth of the -5 phase's learning rate, 32,768 games, exported, then on to 65,536 games.
cd /work/main
mkdir -p /work/curves/p3
for spec in fevga:0.00002 longnardy:0.00002 plakoto:0.00002 tawla31:0.00004; do
  v=${spec%%:*}; lr=${spec#*:}
  shipped=$(ls models/nard-$v-*.nardnet)
  nice -n 5 /work/bin/nard train --variant $v --out runs/$v-6 --games 32768 --hidden 128 --threads 1 --lr $lr --seed 61 \
    --init-from $shipped --checkpoint-every 8192 --eval-every 0 >> runs/$v-6.log 2>&1
  /work/bin/nard export --checkpoint runs/$v-6 --out /work/curves/p3/$v-32768.nardnet >> runs/$v-6.log 2>&1
done
for spec in fevga:0.00002 longnardy:0.00002 plakoto:0.00002 tawla31:0.00004; do
  v=${spec%%:*}; lr=${spec#*:}
  shipped=$(ls models/nard-$v-*.nardnet)
  nice -n 5 /work/bin/nard train --variant $v --out runs/$v-6 --games 65536 --hidden 128 --threads 1 --lr $lr --seed 61 \
    --init-from $shipped --checkpoint-every 8192 --eval-every 0 --resume >> runs/$v-6.log 2>&1
  /work/bin/nard export --checkpoint runs/$v-6 --out /work/curves/p3/$v-65536.nardnet >> runs/$v-6.log 2>&1
done
