#!/usr/bin/env bash
# The Python package's tests: against the wheel a user is handed, or (in
# scripts/test) against the extension module that the Rust tests' build made.
#
# With no argument, the whole check of the package as a user installs it:
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
#
# scripts/test compiles nothing here; it splits the check in two:
#  `--prepare` makes the fresh virtual environment with the package's
#     dependencies and `test` extra, read from pyproject.toml (downloads, no
#     compile, no test), in the background while the Rust tests build;
#  `--run EXT` puts the package's Python (crates/bitgames-py/python/bitgames,
#     stubs and py.typed with it) and EXT, the extension module `_core` that
#     the Rust tests' build compiled (`cargo build --profile test --workspace
#     --lib ...`: the library build the Rust tests run, opt-level 3 with
#     overflow checks), as bitgames/_core.abi3.so, into target/py-test-stage,
#     puts that folder on the environment's path (a .pth file), then does steps
#     3 and 4. A wheel compiled the library a second time: about 300 CPU
#     seconds of a 2-core CI run. What `--run` leaves out is maturin's
#     packaging (step 2, and the wheel's contents); no argument checks it.
# Needs Python 3.9 or newer with venv and pip; cargo does the rest. Writes
# nothing in the repository outside target/.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-all}
case $mode in
  --prepare | all)
    if [ "$#" -gt 1 ]; then
      echo "test-python: $mode takes no further argument (got '$2')" >&2
      exit 2
    fi
    ;;
  --run)
    if [ "$#" -ne 2 ]; then
      echo "test-python: --run needs one argument, the extension module to test (lib_core.so of the Rust build)" >&2
      exit 2
    fi
    ext=$2
    if [ ! -f "$ext" ]; then
      echo "test-python: no extension module at '$ext' (scripts/test builds it: cargo build --profile test --workspace --lib ...)" >&2
      exit 1
    fi
    ;;
  *)
    echo "test-python: unknown argument '$mode' (expected --prepare, --run EXT or nothing)" >&2
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
stage=$root/target/py-test-stage
# Written last when the environment is ready: what it holds ("wheel PATH", or
# "deps": the dependencies without the package).
ready=$venv/bitgames-ready

new_venv() {
  rm -rf "$venv"
  "$python" -m venv "$venv"
}

# The package's dependencies and its `test` extra, as pyproject.toml names
# them, without the package itself.
install_deps() {
  if ! "$py" -c 'import tomllib' 2>/dev/null; then
    "$py" -m pip install "${pip_quiet[@]}" 'tomli>=1.1' # Python 3.9 and 3.10
  fi
  local reqs
  mapfile -t reqs < <("$py" - "$root/crates/bitgames-py/pyproject.toml" <<'PY'
import sys
try:
    import tomllib
except ModuleNotFoundError:
    import tomli as tomllib
with open(sys.argv[1], "rb") as f:
    project = tomllib.load(f)["project"]
for req in project["dependencies"] + project["optional-dependencies"]["test"]:
    print(req)
PY
  )
  if [ "${#reqs[@]}" -eq 0 ]; then
    echo "test-python: no dependencies read from crates/bitgames-py/pyproject.toml" >&2
    exit 1
  fi
  "$py" -m pip install "${pip_quiet[@]}" "${reqs[@]}"
  echo deps >"$ready"
}

build_wheel() {
  rm -rf "$wheels"
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

  # 3. That wheel installed with its `test` extra.
  "$py" -m pip install "${pip_quiet[@]}" "$wheel[test]"
  echo "wheel $wheel" >"$ready"
}

# The package's Python and the extension module EXT in target/py-test-stage,
# on the prepared environment's path.
stage_module() {
  if [ "$(cat "$ready" 2>/dev/null)" != deps ]; then
    echo "test-python: no environment prepared in $venv (run scripts/test-python.sh --prepare first)" >&2
    exit 1
  fi
  rm -rf "$stage"
  mkdir -p "$stage"
  cp -R crates/bitgames-py/python/bitgames "$stage/"
  cp "$ext" "$stage/bitgames/_core.abi3.so"
  site=$("$py" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
  echo "$stage" >"$site/bitgames-test-stage.pth"
  echo "test-python: testing $ext (staged in $stage)"
}

run_tests() {
  if [ ! -f "$ready" ]; then
    echo "test-python: no prepared environment in $venv (run scripts/test-python.sh --prepare first)" >&2
    exit 1
  fi
  # The tests must import the package under test, not the sources.
  "$py" - "$(cat "$ready")" "$stage" <<'PY'
import os
import sys

import bitgames
import bitgames._core as core

what, stage = sys.argv[1], os.path.realpath(sys.argv[2])
where, native = os.path.realpath(bitgames.__file__), os.path.realpath(core.__file__)
if what == "deps":
    ok = where == os.path.join(stage, "bitgames", "__init__.py") and native == os.path.join(
        stage, "bitgames", "_core.abi3.so"
    )
else:
    ok = where.startswith(os.path.realpath(sys.prefix) + os.sep)
if not ok:
    sys.exit(f"test-python: bitgames imported from {where} and {native}, not the package under test")
PY
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

case $mode in
  --prepare)
    new_venv
    install_deps
    ;;
  --run)
    stage_module
    run_tests
    ;;
  all)
    new_venv
    build_wheel
    run_tests
    ;;
esac
