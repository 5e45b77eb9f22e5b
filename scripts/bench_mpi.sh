#!/usr/bin/env bash
# Scaling of the distributed TD training loop on this machine: `nard bench train --mpi` on 1, 2
# and 4 MPI ranks (one thread each; more ranks than cores run oversubscribed, which the output
# says). Each run: --rounds rounds of 256 self-play games spread over the ranks, the learner on
# rank 0, the new weights broadcast to every rank; then one weight broadcast timed apart.
#   scripts/bench_mpi.sh [BUILD_DIR] [ROUNDS] [RANKS...]     (defaults: build 4 1 2 4)
set -euo pipefail
build=${1:-build}
rounds=${2:-4}
shift $(( $# > 2 ? 2 : $# ))
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(1 2 4)
nard="$build/cli/nard"
command -v mpirun >/dev/null || { echo "bench_mpi.sh: mpirun not found (apt-get install openmpi-bin)" >&2; exit 2; }
[ -x "$nard" ] || { echo "bench_mpi.sh: no $nard (build first)" >&2; exit 2; }
cores=$(nproc)
if [ "$(id -u)" = 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi
echo "machine: $cores cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for n in "${ranks[@]}"; do
  note=""
  [ "$n" -gt "$cores" ] && note=" (oversubscribed: $n ranks on $cores cores)"
  echo "== $n rank(s)$note"
  mpirun -np "$n" --oversubscribe "$nard" bench train --mpi --threads 1 --rounds "$rounds"
done
