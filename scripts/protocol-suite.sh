#!/usr/bin/env bash
# The Socket.IO protocol's own test suite (socketio/socket.io-protocol, test-suite/: mocha, 32 tests) against our
# gateway as its reference server (`game-server protocol-test-app`). The suite is not vendored (its repository has no
# licence) and CI's machines do not reach GitHub, so this is run by hand; http/tests/socketio/protocol.rs and
# polling.rs test the same behaviours in CI.
#   PROTOCOL_REPO=/path/to/socket.io-protocol scripts/protocol-suite.sh   (a checkout; default: clone it)
#   PORT=3000 SERVER_BIN=target/debug/game-server
set -euo pipefail
cd "$(dirname "$0")/.."
commit=4f633dd6a4445492d57af3b27ddd2d336014f1f1
repo="${PROTOCOL_REPO:-target/socket.io-protocol}"
if [ ! -d "$repo/test-suite" ]; then
  git clone -q https://github.com/socketio/socket.io-protocol "$repo"
  git -C "$repo" checkout -q "$commit"
fi
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
cp -r "$repo/test-suite/." "$work/"
port="${PORT:-3000}"
# The suite names its server's address once; pointed at ours.
sed -i "s#http://localhost:3000#http://localhost:$port#" "$work/test-suite.js"
(cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
"${SERVER_BIN:-target/debug/game-server}" protocol-test-app --bind "127.0.0.1:$port" &
server=$!
for _ in $(seq 50); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
(cd "$work" && npx mocha test-suite.js)
