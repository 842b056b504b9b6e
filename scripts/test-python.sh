#!/usr/bin/env bash
# The Python package's tests, run against the wheel a user is handed (issue 35's
# CI wheel):
#  1. builds crates/bitgames-py into a wheel with pip (maturin, its PEP 517
#     backend, fetched from PyPI) for plain x86-64, as a release is built: the
#     AVX2/BMI2 paths are chosen at run time (RUSTFLAGS replaces the workspace's
#     x86-64-v3 from .cargo/config.toml), into target/py-portable;
#  2. checks that it is exactly one cp39-abi3 wheel (one wheel for every
#     CPython from 3.9);
#  3. installs that wheel with its `test` extra into a fresh virtual environment
#     under target/, type-checks the package's Python and a usage file against
#     the stubs (`mypy --strict`) and runs every pytest test against it;
#  4. runs the states', environments' and engines' tests again with
#     BITGAMES_CPU=portable: every kernel's portable twin and the hot loops'
#     plain copies, as on a CPU without AVX2 or BMI2.
# Needs Python 3.9 or newer with venv and pip; cargo does the rest. Writes
# nothing in the repository outside target/.
#
# `--prepare` does steps 1 and 2 and the install of step 3 (the wheel and the
# virtual environment, which need the compiler and the network but no test);
# `--run` does the rest with what `--prepare` made. scripts/test prepares in
# the background while the Rust tests run; no argument does both in turn.
set -euo pipefail
cd "$(dirname "$0")/.."
stage=${1:-all}
case $stage in
  --prepare | --run | all) ;;
  *)
    echo "test-python: unknown argument '$stage' (expected --prepare, --run or nothing)" >&2
    exit 2
    ;;
esac
root=$PWD
python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null; then
  echo "test-python: no $python on PATH (the Python package needs Python 3.9 or newer)" >&2
  exit 1
fi
# No bytecode or caches written into the repository.
export PYTHONDONTWRITEBYTECODE=1
pip_quiet=(-q --disable-pip-version-check)
# Absolute: pip runs maturin in the crate's folder, where a relative target
# folder would land.
build=$root/target/py-portable
wheels=$build/wheels
venv=$root/target/py-test-venv
py=$venv/bin/python
# Written last by --prepare: the wheel it installed.
ready=$venv/bitgames-wheel

prepare() {
  rm -rf "$wheels" "$venv"
  "$python" -m venv "$venv"

  # 1. The wheel, for any x86-64 machine (elsewhere, for this one). The release
  # profile's optimisation, without its link-time optimisation and with 16
  # codegen units rather than 1: the same code, built on both of CI's cores
  # rather than one (`maturin build --release` builds the wheel to ship, with
  # the whole release profile).
  rustflags=${RUSTFLAGS:-}
  if [ "$(uname -m)" = "x86_64" ]; then
    rustflags="-C target-cpu=x86-64"
  fi
  RUSTFLAGS="$rustflags" CARGO_TARGET_DIR="$build" \
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    "$py" -m pip wheel "${pip_quiet[@]}" --no-deps --wheel-dir "$wheels" ./crates/bitgames-py

  # 2. Exactly one wheel, abi3 for CPython 3.9 and later.
  shopt -s nullglob
  built=("$wheels"/*.whl)
  abi3=("$wheels"/bitgames-*-cp39-abi3-*.whl)
  shopt -u nullglob
  if [ "${#built[@]}" -ne 1 ] || [ "${#abi3[@]}" -ne 1 ]; then
    echo "test-python: expected one bitgames-*-cp39-abi3-*.whl in $wheels, found ${#built[@]} wheel(s):" \
      "${built[*]##*/}" >&2
    exit 1
  fi
  wheel=${abi3[0]}
  echo "test-python: testing ${wheel##*/}"

  # 3. That wheel installed, and every test against it.
  "$py" -m pip install "${pip_quiet[@]}" "$wheel[test]"
  echo "$wheel" >"$ready"
}

run_tests() {
  if [ ! -f "$ready" ]; then
    echo "test-python: no prepared environment in $venv (run scripts/test-python.sh --prepare first)" >&2
    exit 1
  fi
  # The tests must import the installed wheel, not the sources.
  "$py" -c 'import sys, bitgames
sys.exit(0 if bitgames.__file__.startswith(sys.prefix) else
         f"test-python: bitgames imported from {bitgames.__file__}, not the installed wheel")'
  # The package's own Python (the wrappers, and the stubs they use) and a
  # researcher's usage of it, type-checked.
  (cd crates/bitgames-py/python && "$py" -m mypy --strict --cache-dir "$root/target/mypy-cache" bitgames)
  cd crates/bitgames-py/tests
  "$py" -m mypy --strict --cache-dir "$root/target/mypy-cache" typing_usage.py
  # Every test but the Ray cluster's, and beside it (step 4) the portable twins
  # of every kernel through states, environments and engines: two pytest runs
  # of one core each, at once. Then the Ray cluster's tests alone: they mostly
  # wait on Ray's processes, whose start slows badly on a loaded machine
  # (42 s alone, 116 s beside the others). One after another the three took
  # 80 + 32 s of a 2-core run.
  portable_log=$root/target/py-test-portable.txt
  BITGAMES_CPU=portable "$py" -m pytest -q -p no:cacheprovider \
    test_states.py test_vector_env.py test_history.py test_engines.py >"$portable_log" 2>&1 &
  portable=$!
  trap 'kill "$portable" 2>/dev/null || true' EXIT
  failed=()
  "$py" -m pytest -q -p no:cacheprovider --ignore=test_distributed.py . || failed+=("the tests")
  wait "$portable" || failed+=("the tests with BITGAMES_CPU=portable")
  echo "test-python: with BITGAMES_CPU=portable:"
  cat "$portable_log"
  "$py" -m pytest -q -p no:cacheprovider test_distributed.py || failed+=("test_distributed.py")
  if [ "${#failed[@]}" -ne 0 ]; then
    echo "test-python: failed: ${failed[*]}" >&2
    exit 1
  fi
}

case $stage in
  --prepare) prepare ;;
  --run) run_tests ;;
  all)
    prepare
    run_tests
    ;;
esac
