#!/usr/bin/env bash
# The library's tests in the portable configuration (issue 35): the library built
# for plain x86-64 (no `target-cpu`, into target/portable) with BITGAMES_CPU=portable,
# so every kernel that takes a proof token (Othello's move generator, Connect
# Four's move ordering, Hex's playouts, Life's bands, `pdep` selects) runs its
# portable twin, as on a CPU without AVX2 or BMI2, and the hot loops (perft
# walks, playouts, the Connect Four and Othello searches) run their plain
# copies, not their x86-64-v3 ones (`hot_copies!`): the whole library as a
# pre-2013 CPU runs it. Skipped off x86-64, where there is no such
# configuration.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(uname -m)" != "x86_64" ]; then
  echo "test-portable: not an x86-64 machine; skipped"
  exit 0
fi
RUSTFLAGS="-C target-cpu=x86-64" BITGAMES_CPU=portable \
  cargo test -p bitgames --target-dir target/portable --test it
