#!/usr/bin/env bash
# Installs what the tests need besides cargo: headless Chromium and its WebDriver,
# for the web app's end-to-end test (crates/bitgames-web/tests/it/e2e.rs), and
# Python 3 with venv, for the Python package's tests (scripts/test-python.sh).
# Does nothing when they are there; installs what is missing with apt-get when
# run as root.
set -euo pipefail
need=()
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  need+=(chromium chromium-driver)
fi
if ! command -v python3 >/dev/null; then
  need+=(python3 python3-venv)
elif ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
  need+=(python3-venv)
fi
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "ci-deps: missing ${need[*]} and apt-get as root is not available" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}"
