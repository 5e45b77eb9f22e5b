#!/usr/bin/env bash
# Installs the Debian packages nard needs (when missing) and builds it in ./build (Release).
# Works as root or with sudo on Debian 12 (bookworm). See docs/toolchain notes in the README.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake ninja-build ccache lld libtorch-dev libeigen3-dev libcli11-dev libgtest-dev
          libopenblas0-openmp gnubg nlohmann-json3-dev libcpp-httplib-dev libopenmpi-dev openmpi-bin
          clang libclang-rt-14-dev libomp-dev chromium chromium-driver
          pybind11-dev python3-pybind11 python3-numpy python3-pytest python3-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -q
  # libopenblas0-openmp: without it LibTorch falls back to the reference BLAS, 10-25x slower.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release ${NARD_CMAKE_ARGS:-} >/dev/null
cmake --build build -j "$(nproc)"
