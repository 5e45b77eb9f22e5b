#!/usr/bin/env bash
# Builds build/gkit.tar.xz for device.sh: nard (build/cli/nard), gnubg, their shared libraries and
# loader, gnubg's data and the Python 3.11 standard library (tests and tools left out). Run from
# the repository root on a Debian bookworm machine with gnubg installed.
set -euo pipefail
K=/tmp/gkit
rm -rf "$K"; mkdir -p "$K/lib" "$K/bin" "$K/gnubgdata" "$K/py/lib"
(ldd /usr/games/gnubg; ldd build/cli/nard) | awk '$3 ~ /^\// {print $3}' | sort -u | xargs -I{} cp -L {} "$K/lib/"
cp -L /lib64/ld-linux-x86-64.so.2 "$K/lib/"
cp build/cli/nard "$K/bin/nard"; cp /usr/games/gnubg "$K/bin/gnubg.bin"
cp -L /usr/share/gnubg/gnubg.wd /usr/share/gnubg/gnubg_os0.bd "$K/gnubgdata/"
cp -r /usr/share/gnubg/met "$K/gnubgdata/"
(cd /usr/lib && tar -cf - --exclude=test --exclude=__pycache__ --exclude=idlelib --exclude=tkinter \
  --exclude=ensurepip --exclude=lib2to3 --exclude=pydoc_data --exclude=dist-packages \
  --exclude=site-packages --exclude=config-3.11-x86_64-linux-gnu --exclude=unittest \
  --exclude=distutils python3.11) | tar -xf - -C "$K/py/lib/"
cat > "$K/bin/gnubg" <<'SH'
#!/bin/sh
# gnubg through the kit's loader and libraries, its data and Python from the kit.
K=$(cd "$(dirname "$0")/.." && pwd)
PYTHONHOME="$K/py" exec "$K/lib/ld-linux-x86-64.so.2" --library-path "$K/lib" "$K/bin/gnubg.bin" -P "$K/gnubgdata" "$@"
SH
chmod +x "$K/bin/gnubg"
tar -cJf build/gkit.tar.xz -C /tmp gkit
