#!/usr/bin/env bash
# Runs the round-game swarm (`load-tests rounds`) for each game in GAMES against a release build of the server (or BIN_DIR's), a
# fresh server on a fresh SQLite database per game (so each game's peak memory and CPU are its own), with short
# round timings. CI uses the defaults; bigger runs raise them:
#   GAMES=titli BETTORS=3000 ROUNDS=3 RAMP=10 scripts/rounds-swarm.sh
# Round timings: BETTING_MS, CLOSED_MS, STEP_MS, RESULT_MS. Reports go to target/rounds-swarm/<game>.json and the
# HTML page next to it, <game>.html (its absence fails the run).
# Mixed players: VIEWERS=0.3 RECONNECTORS=0.1 makes 30 % of the players viewers (join, never bet, balance unchanged)
# and 10 % reconnectors (bet, and drop / reconnect at RECONNECT per round, then 0.5 unless set); the rest bet and keep
# their socket. Without them every bettor reconnects at RECONNECT (0.1), as before.
# Fails on any error or money mismatch in any game (the swarm's exit code). No latency assertions.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/serve.sh
GAMES="${GAMES:-titli andar_bahar color}"
BETTORS="${BETTORS:-200}"
ROUNDS="${ROUNDS:-3}"
RAMP="${RAMP:-3}"
if [ -n "${RECONNECTORS:-}" ]; then RECONNECT="${RECONNECT:-0.5}"; else RECONNECT="${RECONNECT:-0.1}"; fi
BET_PROBABILITY="${BET_PROBABILITY:-0.9}"
BETTING_MS="${BETTING_MS:-4000}"
CLOSED_MS="${CLOSED_MS:-500}"
STEP_MS="${STEP_MS:-100}"
RESULT_MS="${RESULT_MS:-1000}"
out=target/rounds-swarm
mkdir -p "$out"

release_build
trap stop_server EXIT

status=0
for game in $GAMES; do
  case "$game" in
    titli) prefix=TITLI ;;
    andar_bahar) prefix=ANDAR_BAHAR ;;
    color) prefix=COLOR ;;
    *) echo "unknown game $game (titli, andar_bahar, color)"; exit 2 ;;
  esac
  start_server "CASINO_${prefix}_BETTING_MS=$BETTING_MS" "CASINO_${prefix}_CLOSED_MS=$CLOSED_MS" \
    "CASINO_${prefix}_STEP_MS=$STEP_MS" "CASINO_${prefix}_RESULT_MS=$RESULT_MS"
  echo "=== $game: $BETTORS players, $ROUNDS rounds${VIEWERS:+, viewers $VIEWERS}${RECONNECTORS:+, reconnectors $RECONNECTORS}"
  game_status=0
  "$BIN_DIR"/load-tests rounds --game "$game" --url "http://127.0.0.1:$port" --bettors "$BETTORS" \
    --rounds "$ROUNDS" --ramp-up-secs "$RAMP" --reconnect-rate "$RECONNECT" --bet-probability "$BET_PROBABILITY" \
    ${VIEWERS:+--viewers "$VIEWERS"} ${RECONNECTORS:+--reconnectors "$RECONNECTORS"} ${SEED:+--seed "$SEED"} \
    --report "$out/$game.json" --operator-user-no "$operator_no" --operator-password loadpass1 \
    --server-pid "$server" || game_status=$?
  stop_server
  if [ "$game_status" -ne 2 ] && [ ! -s "$out/$game.html" ]; then
    echo "no HTML report at $out/$game.html"
    game_status=1
  fi
  if [ "$game_status" -ne 0 ]; then
    status="$game_status"
    echo "$game failed (exit $game_status); last server log lines:"
    tail -n 30 "$work/server.log"
  fi
done
exit "$status"
