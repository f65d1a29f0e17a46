#!/usr/bin/env bash
# The Aviator swarm against a cluster of 1, 2, 3 game-server nodes on one PostgreSQL database and one NATS server.
# Each node count gets a fresh database and its own nats-server (with a password; the nodes share a cluster secret
# that signs every message between them); even one node runs in cluster mode, so the runs compare like for like.
# The bettors' sockets are spread round-robin over the nodes (the swarm's `--url a,b,c`);
# the Aviator table runs on whichever node holds its lease, and bets placed on the other nodes reach it over NATS.
# Prints one line per node count (p99 of bet ack, cash-out ack and broadcast lag, CPU per node, NATS room messages
# per broadcast, money mismatches) and writes target/cluster-bench.md and target/cluster-bench.json.
#
#   scripts/cluster-bench.sh                                     # NODE_COUNTS="1 2 3" BETTORS=3000 ROUNDS=3
#   NODE_COUNTS="1 3" BETTORS=300 ROUNDS=2 REPEAT=3 scripts/cluster-bench.sh
#
# Needs PostgreSQL at PGHOST:PGPORT (127.0.0.1:5432, user postgres, trust auth) and nats-server on the PATH.
# KEEP_DB=1 keeps the databases (dropped otherwise); each run's logs, metrics and report stay in target/cluster-bench/.
# REPEAT runs each node count that many times (the table then shows medians and ranges). The same SEED and crash
# points every run. Exits 1 if any swarm run failed (errors or money mismatches), 2 if one could not run.
#
# KILLS=n (with 2 or more nodes): during each run, n times at a random moment (0 to KILL_GAP_MAX s apart), `kill -9`
# the node that owns Aviator, or by turns a wallet shard, and start it again under the same name and port once
# another node has taken the lease (the time taken is reported). The swarm's bettors reconnect, to the next node
# while theirs is down; lost acks and dropped sockets are expected then, so such a run passes on the money alone: the
# swarm's money check and the books (sum zero, every account equal to its ledger, no intent pending, no bet refunded
# twice). CPU figures of such runs are not comparable.
#   NODE_COUNTS=3 BETTORS=300 ROUNDS=12 KILLS=6 scripts/cluster-bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_COUNTS="${NODE_COUNTS:-1 2 3}"
BETTORS="${BETTORS:-3000}"
ROUNDS="${ROUNDS:-3}"
RAMP="${RAMP:-10}"
REPEAT="${REPEAT:-1}"
KILLS="${KILLS:-0}"
KILL_GAP_MAX="${KILL_GAP_MAX:-10}"
SEED="${SEED:-20261123}"
RECONNECT="${RECONNECT:-0.1}"
BET_PROBABILITY="${BET_PROBABILITY:-0.9}"
COUNTDOWN_MS="${COUNTDOWN_MS:-4000}"
PAUSE_MS="${PAUSE_MS:-1000}"
# Rupees a round may pay out: large, so the cap never ends a flight early (runs would differ).
MAX_PAYOUT="${MAX_PAYOUT:-1000000000}"
CRASH_POINTS="${CRASH_POINTS:-1.85,1.2,3.4,1.05,2.6,1.5,4.2,1.33}"
PGHOST="${PGHOST:-127.0.0.1}"
PGPORT="${PGPORT:-5432}"
PGUSER="${PGUSER:-postgres}"
out=target/cluster-bench
mkdir -p "$out"
# Each run's NATS admits the nodes by this password, and they sign every message between them with this secret.
nats_password="$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
cluster_secret="$(python3 -c 'import secrets; print(secrets.token_hex(32))')"
rm -f "$out"/run-*.json

cargo build --release -p game-server -p load-tests

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
psql_admin() { psql -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" -d "${PGADMIN_DB:-test}" -v ON_ERROR_STOP=1 -Atqc "$1"; }
psql_db() { psql -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" -d "$1" -v ON_ERROR_STOP=1 -Atqc "$2"; }
# Waits until every port given answers GET path (HTTP 200).
wait_http() {
  python3 - "$@" <<'PY'
import sys, time, urllib.request
path, ports = sys.argv[1], sys.argv[2:]
deadline = time.time() + 90
for port in ports:
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=1)
            break
        except Exception:
            if time.time() > deadline:
                sys.exit(f"127.0.0.1:{port}{path} did not answer")
            time.sleep(0.2)
PY
}
wait_port() {
  python3 - "$1" <<'PY'
import socket, sys, time
for _ in range(100):
    try:
        socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=1).close()
        sys.exit(0)
    except OSError:
        time.sleep(0.1)
sys.exit("nats-server did not start")
PY
}
# Every lease owned, and who owns what unchanged over three polls two seconds apart (the keepers have balanced).
wait_leases() {
  local db="$1" nodes="$2" last="" same=0
  for _ in $(seq 1 60); do
    local owned total shape
    owned="$(psql_db "$db" "SELECT COUNT(*) FROM leases WHERE owner IS NOT NULL")"
    total="$(psql_db "$db" "SELECT COUNT(*) FROM leases")"
    shape="$(psql_db "$db" "SELECT string_agg(owner || ':' || n, ' ' ORDER BY owner) FROM \
      (SELECT owner, COUNT(*) n FROM leases WHERE owner IS NOT NULL GROUP BY owner) s")"
    if [ "$total" -gt 0 ] && [ "$owned" = "$total" ] && [ "$(wc -w <<<"$shape")" -ge "$nodes" ] &&
      [ "$shape" = "$last" ]; then
      same=$((same + 1))
      if [ "$same" -ge 2 ]; then
        echo "leases: $owned of $total owned ($shape); aviator on $(psql_db "$db" \
          "SELECT owner FROM leases WHERE resource = 'aviator'")"
        return 0
      fi
    else
      same=0
    fi
    last="$shape"
    sleep 2
  done
  echo "leases not all owned and settled after 120 s: $owned of $total ($shape)"
  return 1
}
# Starts node i (1-based) of the run on its ports; its pid in $work/node-i.pid.
start_node() {
  local i="$1"
  DATABASE_URL="$url" CASINO_NATS_URL="nats://127.0.0.1:$nats_port" CASINO_NODE_ID="node-$i" \
    CASINO_NATS_USER=casino CASINO_NATS_PASSWORD="$nats_password" CASINO_CLUSTER_SECRET="$cluster_secret" \
    CASINO_BIND="127.0.0.1:${ports[$((i - 1))]}" CASINO_METRICS_BIND="127.0.0.1:${mports[$((i - 1))]}" CASINO_LOAD_TEST=1 \
    CASINO_WEB_DIR=/nonexistent CASINO_AVIATOR_COUNTDOWN_MS="$COUNTDOWN_MS" CASINO_AVIATOR_PAUSE_MS="$PAUSE_MS" \
    CASINO_AVIATOR_MAX_PAYOUT="$MAX_PAYOUT" CASINO_AVIATOR_CRASH_POINTS="$CRASH_POINTS" RUST_LOG=warn \
    target/release/game-server serve >> "$work/node-$i.log" 2>&1 &
  echo $! > "$work/node-$i.pid"
}
# KILLS times: kill -9 the owner of Aviator (or, by turns, of a wallet shard), wait for another node to take the
# lease, start the node again. One line per kill in $work/kills.txt: resource, node, seconds until taken.
killer() {
  local k resource victim epoch taken start now
  for k in $(seq 1 "$KILLS"); do
    sleep "$(python3 -c "import random; print(round(random.uniform(0, $KILL_GAP_MAX), 2))")"
    [ -e "$work/swarm.done" ] && return
    resource=aviator
    if [ $((k % 2)) -eq 0 ]; then
      resource="$(psql_db "$db" "SELECT resource FROM leases WHERE resource LIKE 'wallet:%' ORDER BY random() LIMIT 1")"
    fi
    read -r victim epoch <<<"$(psql_db "$db" "SELECT owner, epoch FROM leases WHERE resource = '$resource'" | tr '|' ' ')"
    [[ "$victim" == node-* ]] || continue # nobody holds it this moment
    start=$(date +%s.%N)
    kill -9 "$(cat "$work/$victim.pid")" 2>/dev/null || continue
    taken=""
    for _ in $(seq 1 300); do
      if [ "$(psql_db "$db" "SELECT COUNT(*) FROM leases WHERE resource = '$resource' AND owner <> '$victim' \
          AND epoch > $epoch AND owner IS NOT NULL")" = 1 ]; then
        now=$(date +%s.%N)
        taken=$(python3 -c "print(round($now - $start, 2))")
        break
      fi
      sleep 0.05
    done
    echo "$resource $victim ${taken:-never}" | tee -a "$work/kills.txt"
    start_node "${victim#node-}"
    wait_http /api/health "${ports[$((${victim#node-} - 1))]}"
  done
}
# The books after a run: "sum drift pending refunded_twice" (all 0 when no paisa was lost).
books() {
  psql_db "$1" "SELECT (SELECT COALESCE(SUM(balance + exposure), 0) FROM accounts), \
    (SELECT COUNT(*) FROM accounts a WHERE a.balance <> (SELECT COALESCE(SUM(delta_balance), 0) FROM ledger l \
      WHERE l.account_id = a.id) OR a.exposure <> (SELECT COALESCE(SUM(delta_exposure), 0) FROM ledger l \
      WHERE l.account_id = a.id)), \
    (SELECT COUNT(*) FROM wallet_intents WHERE status <> 'applied'), \
    (SELECT COUNT(*) FROM (SELECT reference, account_id FROM ledger WHERE kind = 'aviator_refund' \
      GROUP BY reference, account_id HAVING COUNT(*) > 1) t)" | tr '|' ' '
}
scrape() { # port file
  curl -fsS "http://127.0.0.1:$1/metrics" > "$2" || echo "# scrape failed" > "$2"
}

ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
pids=()
nats=""
dbs=()
scraper=""
cleanup() {
  for p in "${pids[@]}" $(cat "$out"/*/node-*.pid 2>/dev/null) $nats $scraper; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}" $nats; do wait "$p" 2>/dev/null || true; done
  [ -n "${KEEP_DB:-}" ] && return
  for d in "${dbs[@]}"; do psql_admin "DROP DATABASE IF EXISTS $d" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT

bench_start=$(date +%s)
status=0
for nodes in $NODE_COUNTS; do
  for rep in $(seq 1 "$REPEAT"); do
    run="n${nodes}-r${rep}"
    work="$out/$run"
    rm -rf "$work"
    mkdir -p "$work"
    db="cluster_bench_$$_${nodes}_${rep}"
    psql_admin "CREATE DATABASE $db"
    dbs+=("$db")
    url="postgres://$PGUSER@$PGHOST:$PGPORT/$db"
    nats_port="$(free_port)"
    # One account for the nodes, limited to casino.>, with a password (docs/CLUSTER.md).
    cat > "$work/nats.conf" <<EOF
listen: "127.0.0.1:$nats_port"
accounts {
  CASINO {
    users = [
      { user: "casino", password: "$nats_password", permissions: { publish: ["casino.>"], subscribe: ["casino.>"] } }
    ]
  }
}
EOF
    nats-server -c "$work/nats.conf" > "$work/nats.log" 2>&1 &
    nats=$!
    wait_port "$nats_port"
    operator_no="$(DATABASE_URL="$url" target/release/game-server operator create --name "Load Operator" \
      --phone 9000000099 --password loadpass1 | tail -n 1)"
    pids=()
    ports=()
    mports=()
    for i in $(seq 1 "$nodes"); do
      ports+=("$(free_port)")
      mports+=("$(free_port)")
      start_node "$i"
      pids+=("$(cat "$work/node-$i.pid")")
    done
    wait_http /api/health "${ports[@]}"
    wait_http /metrics "${mports[@]}"
    echo "=== $nodes node(s), run $rep: ports ${ports[*]}, nats $nats_port, database $db"
    wait_leases "$db" "$nodes" | tee "$work/leases.txt"
    psql_db "$db" "SELECT resource, owner, epoch FROM leases ORDER BY resource" > "$work/leases-before.txt"
    for i in $(seq 1 "$nodes"); do scrape "${mports[$((i - 1))]}" "$work/metrics-before-$i.txt"; done
    urls="$(printf 'http://127.0.0.1:%s,' "${ports[@]}")"
    server_pids="$(IFS=,; echo "${pids[*]}")"
    head -n 1 /proc/stat > "$work/stat-before.txt"
    cat "/proc/$nats/stat" > "$work/nats-stat-before.txt"
    # The "after" figures are read when the bettors have finished, before the swarm's money check (its REST reads
    # cross nodes too), or when the swarm ends without finishing.
    (
      until grep -q "all bettors finished" "$work/swarm.log" 2>/dev/null || [ -e "$work/swarm.done" ]; do
        sleep 0.2
      done
      head -n 1 /proc/stat > "$work/stat-after.txt"
      cat "/proc/$nats/stat" > "$work/nats-stat-after.txt"
      for i in $(seq 1 "$nodes"); do scrape "${mports[$((i - 1))]}" "$work/metrics-after-$i.txt"; done
    ) &
    scraper=$!
    killing=""
    if [ "$KILLS" -gt 0 ] && [ "$nodes" -gt 1 ]; then
      killer &
      killing=$!
    fi
    set +e
    /usr/bin/time -f "%e %U %S" -o "$work/swarm-time.txt" \
      target/release/load-tests aviator --url "${urls%,}" --server-pid "$server_pids" \
      --bettors "$BETTORS" --rounds "$ROUNDS" --ramp-up-secs "$RAMP" --reconnect-rate "$RECONNECT" \
      --bet-probability "$BET_PROBABILITY" --seed "$SEED" --report "$work/report.json" \
      --operator-user-no "$operator_no" --operator-password loadpass1 2>&1 | tee "$work/swarm.log"
    swarm_status="${PIPESTATUS[0]}"
    set -e
    touch "$work/swarm.done"
    wait "$scraper" || true
    scraper=""
    if [ -n "$killing" ]; then
      wait "$killing" || true
      # Let the last rounds settle, then the books; such a run passes on the money alone.
      sleep $(((COUNTDOWN_MS + PAUSE_MS) / 500 + 5))
      books "$db" > "$work/books.txt"
      echo "books (sum, drifted accounts, pending intents, refunded twice): $(cat "$work/books.txt")"
      mismatches="$(python3 -c "import json; print(json.load(open('$work/report.json')).get('money_mismatches'))" 2>/dev/null || echo none)"
      if [ "$(cat "$work/books.txt")" = "0 0 0 0" ] && [ "$mismatches" = 0 ]; then swarm_status=0; else swarm_status=1; fi
    fi
    psql_db "$db" "SELECT resource, owner, epoch FROM leases ORDER BY resource" > "$work/leases-after.txt"
    if [ "$swarm_status" -ne 0 ]; then
      echo "swarm exit $swarm_status"
      [ "$status" -eq 2 ] || status="$swarm_status"
    fi
    # Log lines written before the nodes are told to stop (the rest are their shutdown).
    for i in $(seq 1 "$nodes"); do wc -l < "$work/node-$i.log" > "$work/node-$i.run-lines"; done
    pids=()
    for i in $(seq 1 "$nodes"); do pids+=("$(cat "$work/node-$i.pid")"); done
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do
      wait "$p" 2>/dev/null || true # a node restarted by the killer is not this shell's child: polled instead
      while kill -0 "$p" 2>/dev/null; do sleep 0.1; done
    done
    kill "$nats" 2>/dev/null || true
    wait "$nats" 2>/dev/null || true
    pids=()
    nats=""
    python3 - "$work" "$nodes" "$rep" "$swarm_status" "$out/run-$run.json" <<'PY'
import json, os, re, sys
work, nodes, rep, swarm_status, dest = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]

def metrics(path):
    """Sums of the cluster counters in one scrape: {name or name{message}: value}."""
    out = {}
    try:
        text = open(path).read()
    except OSError:
        return out
    for line in text.splitlines():
        m = re.match(r'^(casino_cluster_[a-z_]+)(\{[^}]*\})?\s+([0-9.eE+-]+)$', line)
        if not m:
            continue
        name, labels, value = m.group(1), m.group(2) or "", float(m.group(3))
        out[name] = out.get(name, 0.0) + value
        msg = re.search(r'message="([^"]*)"', labels)
        if msg:
            key = f"{name}{{{msg.group(1)}}}"
            out[key] = out.get(key, 0.0) + value
    return out

per_node = []
for i in range(1, nodes + 1):
    before = metrics(f"{work}/metrics-before-{i}.txt")
    after = metrics(f"{work}/metrics-after-{i}.txt")
    delta = {k: after.get(k, 0.0) - before.get(k, 0.0) for k in set(before) | set(after)}
    log = open(f"{work}/node-{i}.log", errors="replace").read().splitlines()
    try:
        run_lines = int(open(f"{work}/node-{i}.run-lines").read())
    except (OSError, ValueError):
        run_lines = len(log)
    bad = lambda lines: [l for l in lines if re.search(r'\b(WARN|ERROR)\b', l)]
    problems, at_stop = bad(log[:run_lines]), bad(log[run_lines:])
    per_node.append({"node": f"node-{i}", "delta": delta, "log_problems": len(problems), "log_sample": problems[:5],
                     "stop_problems": len(at_stop), "stop_sample": at_stop[:3]})

try:
    report = json.load(open(f"{work}/report.json"))
except (OSError, ValueError):
    report = {}
def get(*keys):
    v = report
    for k in keys:
        v = v.get(k) if isinstance(v, dict) else None
    return v
published = sum(n["delta"].get("casino_cluster_room_messages_published_total", 0) for n in per_node)
received = sum(n["delta"].get("casino_cluster_room_messages_received_total", 0) for n in per_node)
requests = sum(n["delta"].get("casino_cluster_requests_total", 0) for n in per_node)
failures = sum(n["delta"].get("casino_cluster_request_failures_total", 0) for n in per_node)
by_message = {}
for n in per_node:
    for k, v in n["delta"].items():
        if k.startswith("casino_cluster_requests_total{"):
            by_message[k[len("casino_cluster_requests_total{"):-1]] = by_message.get(k[len("casino_cluster_requests_total{"):-1], 0) + v
nodes_cpu = [n.get("cpu_secs") for n in (get("server_nodes") or [])] or [get("server_cpu_secs")]
try:
    wall, user, system = (float(x) for x in open(f"{work}/swarm-time.txt").read().split()[-3:])
    swarm_cpu = user + system
except (OSError, ValueError):
    swarm_cpu = None
def machine_busy():
    # /proc/stat `cpu` line: user nice system idle iowait irq softirq steal …; busy share of all CPUs.
    try:
        a, b = ([int(x) for x in open(f"{work}/stat-{w}.txt").read().split()[1:9]] for w in ("before", "after"))
    except (OSError, ValueError):
        return None
    d = [y - x for x, y in zip(a, b)]
    total = sum(d)
    return (total - d[3] - d[4]) / total if total else None
def nats_cpu():
    try:
        a, b = (open(f"{work}/nats-stat-{w}.txt").read() for w in ("before", "after"))
        ticks = lambda s: sum(int(x) for x in s[s.rfind(")") + 2:].split()[11:13])
        return (ticks(b) - ticks(a)) / 100
    except (OSError, ValueError):
        return None
def lines(name):
    try:
        return open(f"{work}/{name}").read().splitlines()
    except OSError:
        return []
def leases(name):
    return [w for l in lines(name) for w in l.split()]
row = {
    "nodes": nodes,
    "run": rep,
    "swarm_exit": swarm_status,
    "bettors": get("bettors"),
    "bets": get("bets"),
    "cashouts": get("cashouts"),
    "errors": get("errors"),
    "error_kinds": get("error_kinds"),
    "rejections": get("rejections"),
    "rejection_kinds": get("rejection_kinds"),
    "money_mismatches": get("money_mismatches"),
    "duration_secs": get("duration_secs"),
    "bet_ack_ms": get("bet_ack_ms"),
    "cashout_ack_ms": get("cashout_ack_ms"),
    "broadcast_lag_ms": get("broadcast_lag_ms"),
    "server_cpu_secs": get("server_cpu_secs"),
    "node_cpu_secs": nodes_cpu,
    "swarm_cpu_secs": swarm_cpu,
    "nats_cpu_secs": nats_cpu(),
    "machine_busy": machine_busy(),
    "room_messages_published": published,
    "room_messages_received": received,
    "received_per_broadcast": (received / published) if published else None,
    "cluster_requests": requests,
    "cluster_requests_by_message": by_message,
    "cluster_request_failures": failures,
    "leases_changed_during_run": leases("leases-before.txt") != leases("leases-after.txt"),
    "aviator_owner": next((l.split("|")[1] for l in leases("leases-after.txt") if l.startswith("aviator|")), None),
    "kills": [dict(zip(("resource", "node", "taken_after_secs"), l.split())) for l in lines("kills.txt")],
    "books_sum_drift_pending_refunded_twice": leases("books.txt") or None,
    "node_log_problems": {n["node"]: n["log_problems"] for n in per_node},
    "node_log_samples": {n["node"]: n["log_sample"] for n in per_node if n["log_sample"]},
    "node_shutdown_log_problems": {n["node"]: n["stop_problems"] for n in per_node},
    "node_shutdown_log_samples": {n["node"]: n["stop_sample"] for n in per_node if n["stop_sample"]},
}
json.dump(row, open(dest, "w"), indent=2)
fmt = lambda v: "-" if v is None else f"{v:.1f}"
cpu = "/".join(fmt(c) for c in nodes_cpu)
print(f"SUMMARY nodes={nodes} run={rep}: bet ack p99 {fmt(get('bet_ack_ms', 'p99'))} ms, cash-out ack p99 "
      f"{fmt(get('cashout_ack_ms', 'p99'))} ms, broadcast lag p99 {fmt(get('broadcast_lag_ms', 'p99'))} ms, "
      f"CPU per node {cpu} s (machine busy {fmt((row['machine_busy'] or 0) * 100)} %), room msgs received/published {int(received)}/{int(published)} = "
      f"{'-' if published == 0 else f'{received / published:.2f}'}, cluster requests "
      f"{int(requests)}, money mismatches {get('money_mismatches')}, errors {get('errors')}, "
      f"node log warnings/errors {sum(row['node_log_problems'].values())} "
      f"(+{sum(row['node_shutdown_log_problems'].values())} at shutdown)")
for n in per_node:
    for line in n["log_sample"]:
        print(f"  {n['node']}: {line[:300]}")
    for line in n["stop_sample"]:
        print(f"  {n['node']} at shutdown: {line[:300]}")
PY
  done
done

python3 - "$out" "$BETTORS" "$ROUNDS" "$RAMP" "$SEED" "$(($(date +%s) - bench_start))" <<'PY'
import glob, json, statistics, sys
out, bettors, rounds, ramp, seed, secs = sys.argv[1:7]
runs = [json.load(open(p)) for p in sorted(glob.glob(f"{out}/run-*.json"))]
by_nodes = {}
for r in runs:
    by_nodes.setdefault(r["nodes"], []).append(r)

def spread(values, digits=1):
    values = [v for v in values if v is not None]
    if not values:
        return "-"
    med = statistics.median(values)
    if len(values) == 1:
        return f"{med:.{digits}f}"
    return f"{med:.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"

head = ["nodes", "runs", "bet ack p99 ms", "cash-out ack p99 ms", "broadcast lag p99 ms", "CPU per node s",
        "CPU all nodes s", "swarm CPU s", "nats CPU s", "machine busy %", "room msgs recv/pub", "recv per broadcast", "cluster requests",
        "money mismatches", "errors", "node log warn/err (+ at shutdown)"]
lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
summary = []
for nodes in sorted(by_nodes):
    rs = by_nodes[nodes]
    p99 = lambda key: spread([(r.get(key) or {}).get("p99") for r in rs])
    per_node = "/".join(spread([(r["node_cpu_secs"][i] if i < len(r["node_cpu_secs"]) else None) for r in rs])
                        for i in range(max(len(r["node_cpu_secs"]) for r in rs)))
    cells = [
        str(nodes), str(len(rs)), p99("bet_ack_ms"), p99("cashout_ack_ms"), p99("broadcast_lag_ms"), per_node,
        spread([r.get("server_cpu_secs") for r in rs]), spread([r.get("swarm_cpu_secs") for r in rs]),
        spread([r.get("nats_cpu_secs") for r in rs]),
        spread([r["machine_busy"] * 100 if r.get("machine_busy") is not None else None for r in rs], 0),
        "/".join(f"{int(r['room_messages_received'])}:{int(r['room_messages_published'])}" for r in rs),
        spread([r.get("received_per_broadcast") for r in rs], 2), spread([r.get("cluster_requests") for r in rs], 0),
        ",".join(str(r.get("money_mismatches")) for r in rs), ",".join(str(r.get("errors")) for r in rs),
        ",".join(f'{sum(r["node_log_problems"].values())}'
                 f'(+{sum(r.get("node_shutdown_log_problems", {}).values())})' for r in rs),
    ]
    lines.append("| " + " | ".join(cells) + " |")
    summary.append(dict(zip(head, cells)))
md = [f"# Cluster bench: Aviator swarm, {bettors} bettors, {rounds} rounds, ramp {ramp} s, seed {seed}", "",
      f"Total time {secs} s. Medians (ranges) over the runs of each node count. CPU is user+system seconds while the "
      "bettors played; room msgs are NATS room messages received across nodes : published (one publish per "
      "broadcast, to any room: Aviator, the players' own rooms, the other games' tables), from the swarm's start "
      "until its bettors finished; cluster requests are NATS requests between nodes over the same span; machine "
      "busy is the share of all cores in use then.", ""] + lines + ["", "Raw runs:", "", "```json",
      json.dumps(runs, indent=1), "```", ""]
open("target/cluster-bench.md", "w").write("\n".join(md))
json.dump({"bettors": int(bettors), "rounds": int(rounds), "ramp_secs": float(ramp), "seed": int(seed),
           "total_secs": int(secs), "summary": summary, "runs": runs}, open("target/cluster-bench.json", "w"), indent=2)
print("\n".join(lines))
print("written to target/cluster-bench.md and target/cluster-bench.json")
PY
exit "$status"
