#!/usr/bin/env bash
# Installs what the tests need besides cargo: headless Chromium and its WebDriver,
# for the web app's end-to-end test (crates/bitgames-web/tests/it/e2e.rs). Does
# nothing when both are there; installs them with apt-get when run as root.
set -euo pipefail
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "ci-deps: chromium or chromedriver is missing and apt-get as root is not available" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium chromium-driver
