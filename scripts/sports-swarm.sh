#!/usr/bin/env bash
# Runs the sports viewers (`load-tests sports`) against a release build of the server (or BIN_DIR's) on a fresh SQLite database:
# MATCHES cricket matches in play at a fast pace (a ball every BALL_MS), VIEWERS sockets each subscribed to one of
# them for WATCH seconds. CI uses the defaults; the benchmark raises them:
#   MATCHES=20 VIEWERS=2000 WATCH=60 RAMP=10 scripts/sports-swarm.sh
# Reports: target/sports-swarm/report.json and report.html (charts), and the server's log. Fails on any error, a delta out of order or a
# viewer that saw nothing (the swarm's exit code). No latency assertions.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/serve.sh
MATCHES="${MATCHES:-5}"
VIEWERS="${VIEWERS:-200}"
WATCH="${WATCH:-15}"
RAMP="${RAMP:-2}"
BALL_MS="${BALL_MS:-1000}"
out=target/sports-swarm
mkdir -p "$out"

release_build
trap stop_server EXIT
start_server CASINO_SPORTS_LIVE="$MATCHES" CASINO_SPORTS_UPCOMING=2 CASINO_SPORTS_OTHERS=1 CASINO_SPORTS_BALL_MS="$BALL_MS"
echo "=== sports: $MATCHES matches in play (a ball every $BALL_MS ms), $VIEWERS viewers for ${WATCH}s"
status=0
"$BIN_DIR"/load-tests sports --url "http://127.0.0.1:$port" --viewers "$VIEWERS" --watch-secs "$WATCH" --min-live "$MATCHES" \
  --ramp-up-secs "$RAMP" ${SEED:+--seed "$SEED"} --report "$out/report.json" \
  --operator-user-no "$operator_no" --operator-password loadpass1 --server-pid "$server" || status=$?
stop_server
cp "$work/server.log" "$out/server.log"
if [ "$status" -ne 0 ]; then
  echo "sports swarm failed (exit $status); last server log lines:"
  tail -n 30 "$work/server.log"
fi
exit "$status"
