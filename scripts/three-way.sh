#!/usr/bin/env bash
# Our Aviator server side by side with two reference peers (load-tests/peers): Node.js socket.io and Rust
# socketioxide, each with an in-memory wallet. The same swarm, seed, bettor count, round timings and crash points
# run against all three in turn, one at a time on this machine; the table is printed and written to
# target/three-way/table.md. Fails if any run has an error or a money mismatch (no latency assertions).
#
#   BETTORS=1500 ROUNDS=3 RAMP=10 scripts/three-way.sh          # one size
#   SIZES="1500 3000 4500" scripts/three-way.sh                  # the issue's table
#   SERVERS="ours node" … runs a subset; PIN=1 pins each server to core 0 and the swarm to core 1.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES="${SIZES:-${BETTORS:-300}}"
ROUNDS="${ROUNDS:-3}"
RAMP="${RAMP:-3}"
SEED="${SEED:-20261123}"
SERVERS="${SERVERS:-ours node socketioxide}"
COUNTDOWN_MS="${COUNTDOWN_MS:-4000}"
PAUSE_MS="${PAUSE_MS:-1000}"
# Rupees a round may pay out: large, so the cap never ends a flight early (it would differ between servers).
MAX_PAYOUT="${MAX_PAYOUT:-1000000000}"
CRASH_POINTS="${CRASH_POINTS:-1.85,1.2,3.4,1.05,2.6,1.5,4.2,1.33}"
BET_PROBABILITY="${BET_PROBABILITY:-0.9}"
RECONNECT="${RECONNECT:-0.05}"
out=target/three-way
mkdir -p "$out"

# BIN_DIR: our server and the swarm already built there (CI: its debug build); default a release build made here.
BIN_DIR="${BIN_DIR:-target/release}"
if [ "$BIN_DIR" = target/release ]; then cargo build --release -p game-server -p load-tests; fi
case " $SERVERS " in *" node "*) (cd load-tests/peers/node-socketio && npm ci --no-audit --no-fund --loglevel=error) ;; esac
# PEER_PROFILE=debug: the socketioxide peer's debug build (CI, which checks behaviour, not speed); default release.
PEER_PROFILE="${PEER_PROFILE:-release}"
peer_flags=(--release)
[ "$PEER_PROFILE" = debug ] && peer_flags=()
case " $SERVERS " in *" socketioxide "*) (cd load-tests/peers/socketioxide && cargo build "${peer_flags[@]}") ;; esac

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_ready() {
  python3 - "$1" <<'PY'
import sys, time, urllib.request
for _ in range(300):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/api/health", timeout=1)
        sys.exit(0)
    except Exception:
        time.sleep(0.2)
sys.exit("server did not start")
PY
}
server_cpu=""
swarm_cpu=""
if [ "${PIN:-0}" = 1 ]; then server_cpu="taskset -c 0"; swarm_cpu="taskset -c 1"; fi
ulimit -n 65536 2>/dev/null || true

status=0
for bettors in $SIZES; do
  for name in $SERVERS; do
    work="$(mktemp -d)"
    port="$(free_port)"
    operator=(--operator-user-no 100001 --operator-password loadpass1)
    case "$name" in
      ours)
        db="sqlite://$work/casino.db"
        operator_no="$(DATABASE_URL="$db" "$BIN_DIR"/game-server operator create --name "Load Operator" \
          --phone 9000000099 --password loadpass1 | tail -n 1)"
        operator=(--operator-user-no "$operator_no" --operator-password loadpass1)
        CASINO_LOAD_TEST=1 CASINO_BIND="127.0.0.1:$port" DATABASE_URL="$db" CASINO_WEB_DIR=/nonexistent \
          CASINO_AVIATOR_COUNTDOWN_MS="$COUNTDOWN_MS" CASINO_AVIATOR_PAUSE_MS="$PAUSE_MS" \
          CASINO_AVIATOR_MAX_PAYOUT="$MAX_PAYOUT" CASINO_AVIATOR_CRASH_POINTS="$CRASH_POINTS" RUST_LOG=warn \
          $server_cpu "$BIN_DIR"/game-server serve > "$work/server.log" 2>&1 &
        ;;
      node)
        PORT="$port" COUNTDOWN_MS="$COUNTDOWN_MS" PAUSE_MS="$PAUSE_MS" MAX_PAYOUT="$MAX_PAYOUT" \
          CRASH_POINTS="$CRASH_POINTS" $server_cpu node load-tests/peers/node-socketio/server.js > "$work/server.log" 2>&1 &
        ;;
      socketioxide)
        PORT="$port" COUNTDOWN_MS="$COUNTDOWN_MS" PAUSE_MS="$PAUSE_MS" MAX_PAYOUT="$MAX_PAYOUT" \
          CRASH_POINTS="$CRASH_POINTS" $server_cpu load-tests/peers/socketioxide/target/"$PEER_PROFILE"/aviator-socketioxide \
          > "$work/server.log" 2>&1 &
        ;;
      *) echo "unknown server $name"; exit 2 ;;
    esac
    server=$!
    wait_ready "$port"
    echo "=== $name, $bettors bettors"
    $swarm_cpu "$BIN_DIR"/load-tests aviator --url "http://127.0.0.1:$port" --bettors "$bettors" \
      --rounds "$ROUNDS" --ramp-up-secs "$RAMP" --reconnect-rate "$RECONNECT" --bet-probability "$BET_PROBABILITY" \
      --seed "$SEED" --report "$out/$name-$bettors.json" "${operator[@]}" --server-pid "$server" \
      | grep -E "^(bets|errors|money mismatches|server |bet ack|cash-out ack|broadcast lag|RESULT)" || status=1
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    if [ "$status" -ne 0 ]; then
      echo "$name failed at $bettors bettors; last server log lines:"
      tail -n 20 "$work/server.log"
    fi
  done
done

python3 - "$out" $SIZES <<'PY' | tee "$out/table.md"
import json, os, sys
out, sizes = sys.argv[1], sys.argv[2:]
names = [n for n in ["ours", "node", "socketioxide"] if any(os.path.exists(f"{out}/{n}-{s}.json") for s in sizes)]
def cell(size, key, sub="p99", fmt="{:.0f}"):
    vals = []
    for n in names:
        try:
            r = json.load(open(f"{out}/{n}-{size}.json"))
            v = r[key][sub] if sub else r[key]
            vals.append("–" if v is None else fmt.format(v))
        except (OSError, KeyError, TypeError):
            vals.append("–")
    return " / ".join(vals)
print(f"| bettors | p99 bet ack (ms) {' / '.join(names)} | p99 cash-out ack | p99 broadcast lag | peak RSS MB | "
      "KB per bettor | server CPU µs per message | errors / mismatches |")
print("|---|---|---|---|---|---|---|---|")
for s in sizes:
    errs = []
    for n in names:
        try:
            r = json.load(open(f"{out}/{n}-{s}.json"))
            errs.append(f"{r['errors']}/{r['money_mismatches']}")
        except OSError:
            errs.append("–")
    print(f"| {s} | {cell(s,'bet_ack_ms')} | {cell(s,'cashout_ack_ms')} | {cell(s,'broadcast_lag_ms')} | "
          f"{cell(s,'server_peak_memory_mb',None)} | {cell(s,'server_kb_per_bettor',None)} | "
          f"{cell(s,'server_cpu_us_per_message',None,'{:.1f}')} | {' · '.join(errs)} |")
PY
exit "$status"
