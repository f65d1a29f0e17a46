#!/usr/bin/env bash
# Three cluster nodes behind HAProxy with ops/haproxy/casino.cfg, all on this machine: a NATS server of the
# script's own (with a password; the nodes share a cluster secret), a fresh PostgreSQL database, three
# `game-server serve` nodes and HAProxy, each on a free port.
# Through the balancer: an operator and six funded players, REST calls spread over the nodes, then
# http/tests/js/cluster_lb.mjs (the official socket.io-client) keeps long-polling-only clients (by sid, and by the
# persistence cookie) and upgrading clients connected for DURATION_MS, pinging and watching Aviator. Finally the same
# config with its stickiness removed (plain roundrobin) must break the long-polling clients: the proof that the
# stickiness is what kept them alive. Everything started here is stopped, and the database dropped, on exit.
#
#   scripts/cluster-lb.sh                      # ~30 s once built
#   DURATION_MS=60000 scripts/cluster-lb.sh    # a longer socket run (past Engine.IO's 25 s heartbeat)
#   KEEP_LOGS=1 …                              # keep the work directory (logs, generated configs) on success too
#   RUST_LOG=info …                            # the nodes' log level (default warn)
#
# Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth, a `test` database to connect to), node, and
# installs haproxy and nats-server with apt-get when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION_MS="${DURATION_MS:-20000}"
PG_HOST="${PG_HOST:-127.0.0.1}"
PG_PORT="${PG_PORT:-5432}"
BIN=target/debug/game-server
started=$SECONDS

log() { printf '[cluster-lb %3ss] %s\n' "$((SECONDS - started))" "$*"; }
die() { log "FAILED: $*" >&2; exit 1; }

# ---- prerequisites ------------------------------------------------------------------------------------------
missing=()
command -v haproxy >/dev/null || missing+=(haproxy)
command -v nats-server >/dev/null || missing+=(nats-server)
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq -o Dpkg::Use-Pty=0 "${missing[@]}" >/dev/null
fi
[ -x target/debug/game-server ] || cargo build -q -p game-server
[ -d http/tests/js/node_modules/socket.io-client ] ||
  (cd http/tests/js && npm ci --no-audit --no-fund --loglevel=error)

# ---- cleanup ------------------------------------------------------------------------------------------------
work="$(mktemp -d -t cluster-lb.XXXXXX)"
db=""
lb_pids=()
node_pids=()
nats_pids=()
# SIGTERM, then SIGKILL for whatever has not exited 4 s later. (A node drains for up to 10 s, actix's shutdown
# timeout, while it still has connections the balancer's exit left half-closed: not worth waiting for here.)
stop() {
  local pid deadline=$((SECONDS + 4))
  for pid in "$@"; do kill "$pid" 2>/dev/null || true; done
  for pid in "$@"; do
    while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
}
psql_admin() { psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d test -qAtX -v ON_ERROR_STOP=1 "$@"; }
cleanup() {
  local status=$?
  set +e
  # The balancer first, NATS last: the reverse of the start order.
  [ "${#lb_pids[@]}" -eq 0 ] || stop "${lb_pids[@]}"
  [ "${#node_pids[@]}" -eq 0 ] || stop "${node_pids[@]}"
  [ "${#nats_pids[@]}" -eq 0 ] || stop "${nats_pids[@]}"
  [ -n "$db" ] && psql_admin -c "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null
  log "stopped everything, dropped $db"
  if [ "$status" -ne 0 ]; then
    for f in "$work"/*.log; do
      [ -f "$f" ] || continue
      echo "--- last lines of $f"
      tail -n 15 "$f"
    done
    echo "logs kept in $work"
  elif [ -n "${KEEP_LOGS:-}" ]; then
    echo "logs kept in $work"
  else
    rm -rf "$work"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Distinct free ports: all bound at once, then released.
free_ports() {
  python3 - "$1" <<'PY'
import socket, sys
socks = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))
PY
}
wait_health() {
  for _ in $(seq 300); do
    curl -sf -o /dev/null --max-time 1 "$1/api/health" && return 0
    sleep 0.1
  done
  die "$2 did not answer $1/api/health"
}
json_field() { python3 -c "import json, sys; print(json.load(sys.stdin)$1)"; }

# ---- NATS, PostgreSQL, three nodes ----------------------------------------------------------------------------
read -r nats_port node1_port node2_port node3_port lb_port plain_port <<<"$(free_ports 6)"
# NATS as docs/CLUSTER.md says to run it: one account for the nodes, limited to casino.>, and a password; the nodes
# also share a cluster secret that signs every message between them.
nats_password="$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
cluster_secret="$(python3 -c 'import secrets; print(secrets.token_hex(32))')"
cat >"$work/nats.conf" <<EOF
listen: "127.0.0.1:$nats_port"
accounts {
  CASINO {
    users = [
      { user: "casino", password: "$nats_password", permissions: { publish: ["casino.>"], subscribe: ["casino.>"] } }
    ]
  }
}
EOF
nats-server -c "$work/nats.conf" >"$work/nats.log" 2>&1 &
nats_pids+=($!)

db="casino_lb_$(date +%s)_$$"
psql_admin -c "CREATE DATABASE \"$db\""
db_url="postgres://postgres@$PG_HOST:$PG_PORT/$db"

start_node() {
  DATABASE_URL="$db_url" CASINO_NATS_URL="nats://127.0.0.1:$nats_port" CASINO_NODE_ID="node-$1" \
    CASINO_NATS_USER=casino CASINO_NATS_PASSWORD="$nats_password" CASINO_CLUSTER_SECRET="$cluster_secret" \
    CASINO_BIND="127.0.0.1:$2" CASINO_LOAD_TEST=1 CASINO_WEB_DIR=/nonexistent CASINO_LEASE_TTL_MS=1500 \
    CASINO_WALLET_SHARDS=2 CASINO_TRUSTED_PROXIES=127.0.0.1 \
    CASINO_AVIATOR_COUNTDOWN_MS=2000 CASINO_AVIATOR_PAUSE_MS=500 CASINO_AVIATOR_CHAIN_LENGTH=1000 \
    RUST_LOG="${RUST_LOG:-warn}" "$BIN" serve >"$work/node$1.log" 2>&1 &
  node_pids+=($!)
}
# The first node migrates the fresh database alone; the other two then start together.
start_node 1 "$node1_port"
wait_health "http://127.0.0.1:$node1_port" node-1
start_node 2 "$node2_port"
start_node 3 "$node3_port"
wait_health "http://127.0.0.1:$node2_port" node-2
wait_health "http://127.0.0.1:$node3_port" node-3
log "nats :$nats_port, database $db, nodes :$node1_port :$node2_port :$node3_port"

# ---- HAProxy ----------------------------------------------------------------------------------------------
export CASINO_LB_NODE1="127.0.0.1:$node1_port" CASINO_LB_NODE2="127.0.0.1:$node2_port" \
  CASINO_LB_NODE3="127.0.0.1:$node3_port" CASINO_LB_LOG=stdout
# The config as shipped; only a non-root run drops the privilege lines (chroot, user, group) it cannot honour.
if [ "$(id -u)" -eq 0 ]; then
  cp ops/haproxy/casino.cfg "$work/sticky.cfg"
else
  sed -E '/^\s*(chroot|user|group)\s/d' ops/haproxy/casino.cfg >"$work/sticky.cfg"
fi
# The same config without stickiness: no cookie, no sid table, round robin over the nodes for every request.
sed -E -e '/^backend casino_socketio/,$ {
    /^\s*(cookie|stick-table|acl|http-request|http-response|use-server)\s/d
    s/balance leastconn/balance roundrobin/
    s/ cookie node[0-9]+//
  }' "$work/sticky.cfg" >"$work/plain.cfg"
! grep -Eq '^\s*(cookie|stick|use-server)\s' "$work/plain.cfg" || die "plain.cfg still has stickiness"

# Starts HAProxy in the foreground with config $1 on port $2, logging to $work/$3.log (one at a time).
start_lb() {
  CASINO_LB_BIND="127.0.0.1:$2" CASINO_LB_ADMIN_SOCKET="$work/$3.sock" haproxy -c -q -f "$work/$1"
  CASINO_LB_BIND="127.0.0.1:$2" CASINO_LB_ADMIN_SOCKET="$work/$3.sock" haproxy -db -f "$work/$1" >"$work/$3.log" 2>&1 &
  lb_pids=($!)
  wait_health "http://127.0.0.1:$2" "haproxy ($1)"
}
stop_lb() {
  stop "${lb_pids[@]}"
  lb_pids=()
}
# A runtime API command to the HAProxy whose socket is $work/$1.sock.
lb_cmd() {
  python3 - "$work/$1.sock" "$2" <<'PY'
import socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
s.sendall(sys.argv[2].encode() + b"\n")
print(s.makefile().read(), end="")
PY
}
# "<backend>/<server>" of each logged request to a backend in $work/$1.log (httplog: the 8th field).
served_by() { awk -v b="$2/" 'index($8, b) == 1 { print $8 }' "$work/$1.log"; }

start_lb sticky.cfg "$lb_port" sticky
lb="http://127.0.0.1:$lb_port"
log "haproxy :$lb_port (ops/haproxy/casino.cfg)"

# ---- operator and players, through the balancer -----------------------------------------------------------
operator_no="$(DATABASE_URL="$db_url" "$BIN" operator create --name Desk --phone 9000000001 --password desk-pass | tail -n1)"
operator_token="$(curl -sf "$lb/api/login" -H 'content-type: application/json' \
  -d "{\"userNo\": \"$operator_no\", \"password\": \"desk-pass\"}" | json_field '["token"]')"
# /api/health answers as soon as a node listens, before the leases are shared out: until a wallet shard has an
# owner, money calls through any node fail (500, "wallet is shutting down"), and while leases move between nodes
# Aviator restarts on its new owner. Wait until every lease is held, none is moving, and the three nodes hold even
# shares, as the keeper leaves them.
wait_settled() {
  python3 - "$lb" "$operator_token" <<'PY'
import json, sys, time, urllib.request
base, token = sys.argv[1], sys.argv[2]
deadline, calm_since, view = time.time() + 30, None, None
while time.time() < deadline:
    req = urllib.request.Request(f"{base}/api/admin/cluster", headers={"authorization": f"Bearer {token}"})
    view = json.load(urllib.request.urlopen(req, timeout=2))
    live = [n for n in view["nodes"] if n["live"]]
    held = [l for l in view["leases"] if l["owner"] and l["expiresInMs"] > 0 and not l["movingTo"]]
    counts = [n["leases"] for n in live]
    settled = (len(live) == 3 and view["leases"] and len(held) == len(view["leases"])
               and max(counts) - min(counts) <= 1)
    if not settled:
        calm_since = None
    elif calm_since is None:
        calm_since = time.time()
    elif time.time() - calm_since >= 1.0:  # unchanged over more than one renewal period
        print(" ".join(f"{n['id']}={n['leases']}" for n in live))
        sys.exit(0)
    time.sleep(0.2)
sys.exit(f"the cluster did not settle in 30 s: {json.dumps(view)}")
PY
}
lease_spread="$(wait_settled)" || die "leases not shared out"
log "leases held: $lease_spread"
players="$(curl -sf "$lb/api/admin/fixtures/players" -H "authorization: Bearer $operator_token" \
  -H 'content-type: application/json' -d '{"count": 6, "balance": 1000}')"
tokens="$(python3 -c 'import json, sys; print(json.dumps([p["token"] for p in json.load(sys.stdin)["players"]]))' <<<"$players")"
[ "$(python3 -c 'import json, sys; print(len(json.loads(sys.argv[1])))' "$tokens")" = 6 ] || die "no six players: $players"

# Plain REST may go to any node: each player's session is found by whichever node round robin picks.
for token in $(python3 -c 'import json, sys; print(" ".join(json.loads(sys.argv[1])))' "$tokens"); do
  curl -sf -o /dev/null "$lb/api/me" -H "authorization: Bearer $token" || die "GET /api/me through the balancer"
done
rest_nodes="$(served_by sticky casino_api | sort -u | wc -l)"
[ "$rest_nodes" -eq 3 ] || die "REST calls reached $rest_nodes nodes, expected all 3"
log "operator $operator_no, 6 players; REST spread over $rest_nodes nodes"

# ---- the socket run through the sticky balancer -----------------------------------------------------------
log "sticky: 6 clients (2 polling by sid, 2 polling by cookie, 2 upgrading to websocket) for ${DURATION_MS} ms"
CASINO_LB_TOKENS="$tokens" node http/tests/js/cluster_lb.mjs --url "$lb" --duration-ms "$DURATION_MS" \
  --modes polling,polling-cookie,default || die "socket clients through the sticky balancer"
# The sessions were spread over the nodes (or stickiness was never put to the test), the cookie clients came
# back with a valid persistence cookie (httplog termination state "--V?"), and the sid table learnt the sessions.
socket_spread="$(served_by sticky casino_socketio | sort | uniq -c | awk '{printf "%s%s=%s", sep, $2, $1; sep=" "}')"
socket_nodes="$(served_by sticky casino_socketio | sort -u | wc -l)"
[ "$socket_nodes" -ge 2 ] || die "every socket request went to one node ($socket_spread): stickiness untested"
by_cookie="$(awk 'index($8, "casino_socketio/") == 1 && substr($14, 3, 1) == "V"' "$work/sticky.log" | wc -l)"
[ "$by_cookie" -gt 0 ] || die "no socket request was routed by the persistence cookie"
sid_entries="$(lb_cmd sticky "show table casino_socketio" | sed -nE 's/.*used:([0-9]+).*/\1/p')"
[ "${sid_entries:-0}" -ge 6 ] || die "the sid table holds ${sid_entries:-0} sessions, expected at least 6"
log "sticky: passed; socket requests per node: $socket_spread; $by_cookie routed by cookie; sid table: $sid_entries sessions"
if grep -q ERROR "$work"/node*.log; then
  log "note: the nodes logged errors (not failing the run for them):"
  grep -h ERROR "$work"/node*.log | head -n 5
fi
stop_lb

# ---- the proof: without stickiness long-polling breaks -----------------------------------------------------
start_lb plain.cfg "$plain_port" plain
log "plain round robin (no cookie, no sid table): long-polling clients must fail"
set +e
CASINO_LB_TOKENS="$tokens" node http/tests/js/cluster_lb.mjs --url "http://127.0.0.1:$plain_port" --duration-ms 5000 \
  --modes polling >"$work/plain-clients.out" 2>&1
plain_status=$?
set -e
sed 's/^/    /' "$work/plain-clients.out"
[ "$plain_status" -eq 1 ] || die "polling clients without stickiness exited $plain_status, expected 1 (a failure)"
# The failure must be the routing's: handshakes succeeded, then nodes refused sessions that are not theirs (400
# "Session ID unknown"), not a balancer or node that could not be reached.
handshakes="$(awk 'index($8, "casino_socketio/") == 1 && $10 == 200 && /transport=polling/ && !/sid=/' "$work/plain.log" | wc -l)"
unknown="$(awk 'index($8, "casino_socketio/") == 1 && $10 == 400 && /sid=/' "$work/plain.log" | wc -l)"
if [ "$handshakes" -eq 0 ] || [ "$unknown" -eq 0 ]; then
  die "the run without stickiness failed for another reason ($handshakes handshakes, $unknown requests refused as unknown sessions)"
fi
log "plain: failed as expected: $handshakes handshakes, then $unknown requests refused by a node that did not own the session"
stop_lb

log "PASSED in $((SECONDS - started)) s"
