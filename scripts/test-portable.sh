#!/usr/bin/env bash
# The library's tests in the portable configuration (issue 35): the library built
# for plain x86-64 (no `target-cpu`, into target/portable) and its test binary
# run with BITGAMES_CPU=portable, so every kernel that takes a proof token
# (Othello's move generator, Connect Four's move ordering, Hex's playouts,
# Life's bands, `pdep` selects) runs its portable twin, as on a CPU without
# AVX2 or BMI2, and the hot loops (perft walks, playouts, the Connect Four and
# Othello searches) run their plain copies, not their x86-64-v3 ones
# (`hot_copies!`): the whole library as a pre-2013 CPU runs it. The binary is
# the one `scripts/test` built for the workspace's tests (same flags, same
# folder), so nothing is compiled again; run alone, this builds it (or give
# its path as the one argument). Skipped off x86-64, where there is no such
# configuration.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(uname -m)" != "x86_64" ]; then
  echo "test-portable: not an x86-64 machine; skipped"
  exit 0
fi
export RUSTFLAGS="-C target-cpu=x86-64"
export CARGO_TARGET_DIR="$PWD/target/portable"
# The library's test binary: the one given (scripts/test passes it), or the
# one the workspace's test build made (building only `-p bitgames` could unify
# the dependencies' features differently and compile the library again).
if [ "$#" -gt 1 ]; then
  echo "test-portable: at most one argument, the library's test binary (got $#)" >&2
  exit 2
fi
if [ "$#" -eq 1 ]; then
  it=$1
  case $it in
    /*) ;;
    *) it=$PWD/$it ;;
  esac
else
  it=$(cargo test --workspace --no-run --message-format=json-render-diagnostics |
    { grep -F '"name":"it"' || true; } | { grep -F '/crates/bitgames#' || true; } |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p')
fi
if [ -z "$it" ] || [ ! -x "$it" ]; then
  echo "test-portable: could not find the library's test binary ('it' of crates/bitgames): '$it'" >&2
  exit 1
fi
echo "test-portable: $it with BITGAMES_CPU=portable"
cd crates/bitgames
# Skipped here, run in the normal pass (about a third of this pass's CPU time):
# tests of threads, and of one search against another. The thread tests repeat
# FFO 40-42 and the perft table, which this pass runs on one thread
# (othello_endgame::ffo_40_to_44, othello::perft_bik_10_with_and_without_the_table);
# the wipeout and alpha-beta comparisons run the same kernels on both sides,
# and othello_endgame::backends_agree_node_for_node compares the portable
# kernels with the fast ones directly. Teeko's retrograde table (built afresh
# for its tests, about a minute of CPU) has no dispatched kernel: the same code
# either way.
BITGAMES_CPU=portable "$it" \
  --skip othello_endgame::ffo_40_to_42_on_threads \
  --skip othello_endgame::threads_agree_with_one \
  --skip othello::the_shared_perft_table_counts_the_same_on_threads \
  --skip othello_endgame::ffo_lines_against_alphabeta \
  --skip internal::othello_endgame_wipeout::wipeouts_agree_with_the_exact_score \
  --skip teeko_table::
