#!/usr/bin/env bash
# Runs the Mines swarm (`load-tests mines`) against a release build of the server (or BIN_DIR's) on a fresh SQLite database.
# CI uses the defaults; bigger runs raise them:
#   PLAYERS=2000 GAMES=10 RAMP=5 scripts/mines-swarm.sh
# Also: MIN_MINES / MAX_MINES (1–10), MAX_TILES (5), MAX_STAKE (₹1000), RACE_RATE and RELOAD_RATE (0.2 per game),
# THINK_MS (mean pause before each move, 0), SEED. Reports: target/mines-swarm/report.json and report.html (charts),
# and the server's log.
# Fails on any error or money mismatch (the swarm's exit code). No latency assertions.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/serve.sh
PLAYERS="${PLAYERS:-200}"
GAMES="${GAMES:-5}"
RAMP="${RAMP:-2}"
MIN_MINES="${MIN_MINES:-1}"
MAX_MINES="${MAX_MINES:-10}"
MAX_TILES="${MAX_TILES:-5}"
MAX_STAKE="${MAX_STAKE:-1000}"
RACE_RATE="${RACE_RATE:-0.2}"
RELOAD_RATE="${RELOAD_RATE:-0.2}"
THINK_MS="${THINK_MS:-0}"
out=target/mines-swarm
mkdir -p "$out"

release_build
trap stop_server EXIT
start_server
echo "=== mines: $PLAYERS players, $GAMES games each"
status=0
"$BIN_DIR"/load-tests mines --url "http://127.0.0.1:$port" --players "$PLAYERS" --games "$GAMES" \
  --ramp-up-secs "$RAMP" --min-mines "$MIN_MINES" --max-mines "$MAX_MINES" --max-tiles "$MAX_TILES" \
  --max-stake "$MAX_STAKE" --race-rate "$RACE_RATE" --reload-rate "$RELOAD_RATE" --think-ms "$THINK_MS" \
  ${SEED:+--seed "$SEED"} --report "$out/report.json" --operator-user-no "$operator_no" \
  --operator-password loadpass1 --server-pid "$server" || status=$?
stop_server
cp "$work/server.log" "$out/server.log"
if [ "$status" -ne 0 ]; then
  echo "mines swarm failed (exit $status); last server log lines:"
  tail -n 30 "$work/server.log"
fi
exit "$status"
