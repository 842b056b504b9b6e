#!/usr/bin/env bash
# Lighthouse's accessibility and best-practices scores of the web app's start
# page and two game pages, in headless Chromium: builds and starts
# `bitgames serve` on a free port, installs the npm package `lighthouse` into
# a temporary folder (nothing is written to the repository), prints each page's
# scores and every audit that did not pass, and stops the server.
#
#   scripts/lighthouse.sh            # needs chromium (Debian) and npm
set -euo pipefail
cd "$(dirname "$0")/.."
command -v chromium >/dev/null || { echo "lighthouse.sh: needs chromium (apt-get install chromium)" >&2; exit 2; }
command -v npm >/dev/null || { echo "lighthouse.sh: needs npm" >&2; exit 2; }
tmp=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
cargo build --release -q -p bitgames-cli
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
target/release/bitgames serve --port "$port" >"$tmp/serve.log" 2>&1 &
server=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/api/games" >/dev/null && break; sleep 0.1; done
(cd "$tmp" && npm init -y >/dev/null && npm install -s lighthouse@12 >/dev/null)
flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync"
for page in "" "#othello" "#go?moves=e5,c3" "#connect4?moves=4453&ply=2"; do
  CHROME_PATH=$(command -v chromium) "$tmp/node_modules/.bin/lighthouse" "http://127.0.0.1:$port/$page" \
    --only-categories=accessibility,best-practices --chrome-flags="$flags" \
    --output=json --output-path="$tmp/report.json" --quiet
  python3 - "$tmp/report.json" "/$page" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
scores = ", ".join(f"{k} {round(100 * c['score'])}" for k, c in r["categories"].items())
print(f"{sys.argv[2]}: {scores}")
for a in r["audits"].values():
    if a.get("score") is not None and a["score"] < 1 and a.get("scoreDisplayMode") in ("binary", "numeric"):
        print(f"  not passed: {a['id']}: {a['title']}")
EOF
done
