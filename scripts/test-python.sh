#!/usr/bin/env bash
# The Python package's tests: builds crates/bitgames-py with pip (maturin, its
# PEP 517 backend, fetched from PyPI) into a fresh virtual environment under
# target/, type-checks a usage file against the stubs (`mypy --strict`) and runs
# pytest. Needs Python 3.9 or newer with venv and pip; cargo does the rest.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null; then
  echo "test-python: no $python on PATH (the Python package needs Python 3.9 or newer)" >&2
  exit 1
fi
venv=target/py-test-venv
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check "./crates/bitgames-py[test]"
# No bytecode or caches written into the repository.
export PYTHONDONTWRITEBYTECODE=1
# The package's own Python (the wrappers, and the stubs they use) and a
# researcher's usage of it, type-checked.
(cd crates/bitgames-py/python && "../../../$venv/bin/python" -m mypy --strict --cache-dir ../../../target/mypy-cache bitgames)
cd crates/bitgames-py/tests
"../../../$venv/bin/python" -m mypy --strict --cache-dir ../../../target/mypy-cache typing_usage.py
"../../../$venv/bin/python" -m pytest -q -p no:cacheprovider .
