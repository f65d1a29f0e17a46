#!/usr/bin/env bash
# Runs the Aviator swarm against a release build of the server on a fresh SQLite database.
# CI uses the defaults (a few hundred bettors, a few short rounds); the benchmark raises them:
#   MAX_PAYOUT=1000000000 BETTORS=10000 ROUNDS=3 RAMP=20 scripts/swarm-smoke.sh
# PROFILE_SECS=20 also records a CPU profile of the server (perf, Debian's linux-perf) into target/server.perf.
# Mixed players: VIEWERS=0.3 RECONNECTORS=0.1 makes 30 % of the players viewers (join, never bet, balance unchanged)
# and 10 % reconnectors (bet, and drop / reconnect at RECONNECT per round, then 0.5 unless set); the rest bet and keep
# their socket. Without them every bettor reconnects at RECONNECT (0.1), as before.
# Reports: REPORT (target/swarm-report.json) and the HTML page next to it (.html; its absence fails the run).
# Fails on any error or money mismatch (the swarm's exit code). No latency assertions.
set -euo pipefail
cd "$(dirname "$0")/.."
BETTORS="${BETTORS:-300}"
ROUNDS="${ROUNDS:-3}"
RAMP="${RAMP:-3}"
if [ -n "${RECONNECTORS:-}" ]; then RECONNECT="${RECONNECT:-0.5}"; else RECONNECT="${RECONNECT:-0.1}"; fi
REPORT="${REPORT:-target/swarm-report.json}"
# FAILPOINTS="wallet::after_commit=5%return;wallet::before_commit=5%return" runs the server built with fault
# injection (`--features failpoints`): wallet batches then fail or commit-then-fail at random.
if [ -n "${FAILPOINTS:-}" ]; then
  cargo build --release -p game-server -p load-tests --features game-server/failpoints
else
  cargo build --release -p game-server -p load-tests
fi
work="$(mktemp -d)"
db="sqlite://$work/casino.db"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
operator_no="$(DATABASE_URL="$db" target/release/game-server operator create --name "Load Operator" --phone 9000000099 --password loadpass1 | tail -n 1)"
ulimit -n 65536 2>/dev/null || true
CASINO_LOAD_TEST=1 CASINO_BIND="127.0.0.1:$port" DATABASE_URL="$db" CASINO_WEB_DIR=/nonexistent \
  CASINO_AVIATOR_COUNTDOWN_MS="${COUNTDOWN_MS:-4000}" CASINO_AVIATOR_PAUSE_MS="${PAUSE_MS:-1000}" \
  CASINO_AVIATOR_MAX_PAYOUT="${MAX_PAYOUT:-2000000}" RUST_LOG=warn \
  target/release/game-server serve > "$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true' EXIT
python3 - "$port" <<'PY'
import sys, time, urllib.request
for _ in range(150):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/api/health", timeout=1)
        break
    except Exception:
        time.sleep(0.2)
PY
if [ -n "${PROFILE_SECS:-}" ]; then
  (sleep "$RAMP"; perf record -F 499 -g -p "$server" -o target/server.perf -- sleep "$PROFILE_SECS" >/dev/null 2>&1) &
fi
status=0
target/release/load-tests aviator --url "http://127.0.0.1:$port" --bettors "$BETTORS" --rounds "$ROUNDS" \
  --ramp-up-secs "$RAMP" --reconnect-rate "$RECONNECT" --bet-probability "${BET_PROBABILITY:-0.9}" --report "$REPORT" \
  ${VIEWERS:+--viewers "$VIEWERS"} ${RECONNECTORS:+--reconnectors "$RECONNECTORS"} ${SEED:+--seed "$SEED"} \
  --operator-user-no "$operator_no" --operator-password loadpass1 --server-pid "$server" || status=$?
if [ "$status" -ne 2 ] && [ ! -s "${REPORT%.json}.html" ]; then
  echo "no HTML report at ${REPORT%.json}.html"
  status=1
fi
if [ "$status" -ne 0 ]; then
  echo "swarm failed (exit $status); last server log lines:"
  tail -n 30 "$work/server.log"
fi
exit "$status"
