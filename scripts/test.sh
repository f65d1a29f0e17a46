#!/usr/bin/env bash
# Runs every test: Rust unit and black-box API tests (SQLite, then PostgreSQL when one answers on
# 127.0.0.1:5432), the official socket.io-client test, web lint + unit tests, Playwright in Debian's
# Chromium, a short Aviator swarm against our server and the two reference peers (scripts/three-way.sh),
# the house's edge on the simulated cricket (load-tests edge: the quote auditor over 20,000 quote sets; the every-quote
# bettor over 1,000 matches is in BENCHMARKS.md), a short swarm at each round game with mixed players (scripts/rounds-swarm.sh: bettors, viewers, reconnectors),
# a short Mines swarm and the sports viewers. The cluster's tests (three nodes, kill -9, SIGSTOP, a NATS restart)
# are in the API suite; scripts/cluster-lb.sh checks the load balancer's sticky sessions. schemathesis fuzzes the
# REST API from its OpenAPI document (scripts/schemathesis.sh).
# Installs what it needs first. The workspace is built once, with the wallet's failpoints compiled in (inert unless a
# fault test configures them): the fault-injection and PostgreSQL runs, the swarms and the edge auditor all use that
# one debug build (the swarms here check behaviour, not speed; BENCHMARKS.md's runs use release builds).
# The two cores are shared by what each step needs (BENCHMARKS.md, "CI on a fresh clone", has each step's wall and
# CPU time): the Rust tests run under cargo-nextest, six at a time (.config/nextest.toml: most wait on timers); the
# steps that mostly wait or need little CPU go beside one that leaves a core free (the web's lint, unit tests and
# build beside the PostgreSQL run; the load balancer's check beside schemathesis; the swarms beside Playwright); the
# compilations no test needs (the socketioxide peer's debug build, clippy) and the edge auditor run behind
# everything at the lowest priority. Each step prints the minutes since the start.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
started=$SECONDS
FEATURES=(--features casino-actors/failpoints)
# The swarm scripts use this build of the server and of the swarm instead of building a release one, and the
# socketioxide peer's debug build.
export BIN_DIR=target/debug PEER_PROFILE=debug

step() { printf '\n=== [%2dm%02ds] %s\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$*"; }

# `lane NAME CMD...` runs the commands one after another in the background, output to target/ci-lane-NAME.log;
# `lane_wait NAME...` waits for those lanes, prints their logs, and fails if any of them failed.
declare -A lane_pids=()
lane() {
  local name="$1"
  shift
  mkdir -p target
  ( set -e; for cmd in "$@"; do printf '\n--- %s\n' "$cmd"; bash -c "$cmd"; done ) > "target/ci-lane-$name.log" 2>&1 &
  lane_pids[$name]=$!
}
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
lane_wait() {
  local failed=0 name status
  for name in "$@"; do
    if wait "${lane_pids[$name]}"; then status=passed; else status=FAILED; failed=1; fi
    printf '\n=== [%2dm%02ds] lane %s %s; its output:\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$name" "$status"
    cat "target/ci-lane-$name.log"
  done
  return "$failed"
}

step "prerequisites"
if ! command -v chromium >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || { echo "could not install Debian's chromium"; exit 1; }
fi
# The cluster's API tests start nats-servers of their own (with a password); without one they are skipped.
if ! command -v nats-server >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nats-server >/dev/null) \
    || { echo "could not install Debian's nats-server"; exit 1; }
fi
command -v cargo-nextest >/dev/null 2>&1 || cargo install --locked cargo-nextest
for dir in web http/tests/js load-tests/peers/node-socketio; do
  ( cd "$dir" && npm ci --no-audit --no-fund --loglevel=error )
done

step "style: rustfmt and Prettier"
cargo fmt --all --check
( cd web && npm run --silent format:check )

step "background, lowest priority: the socketioxide peer's tests and debug build (for the three-way swarm); once the workspace is built, the house's edge (the quote auditor over 20,000 published quote sets: no sure win, no quote above -m/2; the every-quote bettor's return, a statistical figure that needs 1,000 matches, is a BENCHMARKS.md run); once no test step needs cargo (clippy would hold target/'s lock), clippy (every target, warnings are errors)"
built=target/ci-built cargo_done=target/ci-cargo-done
mkdir -p target
rm -f "$built" "$cargo_done"
lane checks \
  "cd load-tests/peers/socketioxide && nice -n 19 cargo test && nice -n 19 cargo build" \
  "while [ ! -e $built ]; do sleep 2; done" \
  "nice -n 19 target/debug/load-tests edge --states 20000 --matches 0" \
  "while [ ! -e $cargo_done ]; do sleep 2; done" \
  "nice -n 19 cargo clippy --workspace --all-targets ${FEATURES[*]} -- -D warnings"

step "rust: build (debug, failpoints compiled in)"
cargo build --workspace --tests --bins "${FEATURES[@]}"
touch "$built"

step "rust: tests on SQLite, with fault injection (wallet failpoints under many Aviator rounds, Mines games, exchange bets, three-card plays and withdrawal holds)"
cargo nextest run --workspace --no-fail-fast "${FEATURES[@]}"

step "web: lint, unit tests, build (beside the PostgreSQL run, which leaves a core free)"
lane web "cd web && npm run lint && npm test && npm run build && npm run size"
PG_URL="${CASINO_TEST_POSTGRES:-postgres://postgres@127.0.0.1:5432/test}"
if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
  step "rust: database tests on PostgreSQL"
  CASINO_TEST_POSTGRES="$PG_URL" cargo nextest run --workspace --no-fail-fast "${FEATURES[@]}" \
    --test api --test integration -E 'binary(api) | test(/^(wallet_ledger|rg_wallet)::/)'
else
  echo "PostgreSQL not reachable on 127.0.0.1:5432: skipping the PostgreSQL run"
fi
touch "$cargo_done"
lane_wait web

step "api: schemathesis fuzzes every operation of /api/openapi.json as a player and as an operator (bounded); beside it, the cluster check: HAProxy in front of three nodes keeps each Engine.IO session on its node (and polling fails without it)"
lane cluster scripts/cluster-lb.sh
EXAMPLES=10 SERVER_BIN=target/debug/game-server scripts/schemathesis.sh
lane_wait cluster

step "web: Playwright (Debian Chromium, 390x844); beside it, the swarms, which mostly wait on round timers: the Node peer's own tests, a short Aviator swarm against our server and both peers, a short swarm at each round game (20 % viewers, 10 % reconnectors), a short Mines swarm, the sports viewers (every delta in order). No timing asserted"
lane swarms \
  "cd load-tests/peers/node-socketio && npm test" \
  "BETTORS=300 ROUNDS=3 scripts/three-way.sh" \
  "BETTORS=200 ROUNDS=3 VIEWERS=0.2 RECONNECTORS=0.1 scripts/rounds-swarm.sh" \
  "PLAYERS=200 GAMES=5 scripts/mines-swarm.sh" \
  "MATCHES=5 VIEWERS=200 WATCH=15 scripts/sports-swarm.sh"
e2e() { ( cd web && E2E_SKIP_BUILD=1 GAME_SERVER_BIN="$PWD/../target/debug/game-server" npx playwright test "$@" ); }
e2e --project shared-settings --project players
lane_wait swarms
step "web: Playwright, the spec that must act within 2 s, alone"
e2e --project alone --no-deps

step "waiting for the background lane (the peer, the edge, clippy)"
lane_wait checks

step "done"
echo
echo "all tests passed"
