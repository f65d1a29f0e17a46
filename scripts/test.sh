#!/usr/bin/env bash
# Runs every test: Rust unit and black-box API tests (SQLite, then PostgreSQL when one answers on
# 127.0.0.1:5432), the official socket.io-client test, web lint + unit tests, Playwright in Debian's
# Chromium, a short Aviator swarm against our release build and the two reference peers (scripts/three-way.sh),
# the house's edge on the simulated cricket (load-tests edge: the quote auditor over 20,000 quote sets; the every-quote
# bettor over 1,000 matches is in BENCHMARKS.md), a short swarm at each round game with mixed players (scripts/rounds-swarm.sh: bettors, viewers, reconnectors),
# a short Mines swarm and the sports viewers. The cluster's tests (three nodes, kill -9, SIGSTOP, a NATS restart)
# are in the API suite; scripts/cluster-lb.sh checks the load balancer's sticky sessions. schemathesis fuzzes the
# REST API from its OpenAPI document (scripts/schemathesis.sh).
# Installs what it needs first. The workspace is built once, with the wallet's failpoints compiled in (inert unless a
# fault test configures them): the fault-injection and PostgreSQL runs, the swarms and the edge auditor all use that
# one debug build (the swarms here check behaviour, not speed; BENCHMARKS.md's runs use release builds). The Rust
# tests run under cargo-nextest, six at a time (.config/nextest.toml: most wait on timers). The edge auditor, the
# socketioxide peer's release build and clippy, which only need the CPU the waiting tests leave, run behind them at
# the lowest priority (clippy-driver as the build's rustc wrapper would save clippy's own compilation; tried once,
# it kept pace with this scheme to the 24-minute mark, but that run was not finished: see BENCHMARKS.md); the swarms,
# which mostly wait on round timers, run two at a time. Each step prints the minutes since the start.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
started=$SECONDS
FEATURES=(--features casino-actors/failpoints)
# The socketioxide peer's release build (for the three-way swarm) is cheaper here: opt-level 1, no debug info, no LTO.
export CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_LTO=false \
  CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
# The swarm scripts use this build of the server and of the swarm instead of building a release one.
export BIN_DIR=target/debug

step() { printf '\n=== [%2dm%02ds] %s\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$*"; }

# Runs the named scripts' commands one after another in the background, output to a log; `lanes_wait` prints each
# lane's log and fails if any lane failed.
lanes=()
lane() {
  local name="$1"
  shift
  local log="target/ci-lane-$name.log"
  ( set -e; for cmd in "$@"; do printf '\n--- %s\n' "$cmd"; bash -c "$cmd"; done ) > "$log" 2>&1 &
  lanes+=("$!:$name:$log")
}
lanes_wait() {
  local failed=0 entry pid name log status
  for entry in "${lanes[@]}"; do
    IFS=: read -r pid name log <<< "$entry"
    if wait "$pid"; then status=passed; else status=FAILED; failed=1; fi
    printf '\n=== [%2dm%02ds] lane %s %s; its output:\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$name" "$status"
    cat "$log"
  done
  lanes=()
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
( cd web && npm ci --no-audit --no-fund --loglevel=error )
( cd http/tests/js && npm ci --no-audit --no-fund --loglevel=error )

step "style: rustfmt and Prettier"
cargo fmt --all --check
( cd web && npm run --silent format:check )

step "rust: build (debug, failpoints compiled in)"
cargo build --workspace --tests --bins "${FEATURES[@]}"

step "background, lowest priority: the house's edge (the quote auditor over 20,000 published quote sets: no sure win, no quote above -m/2; the every-quote bettor's return, a statistical figure that needs 1,000 matches, is a BENCHMARKS.md run), the socketioxide peer's tests and release build, then clippy (every target, warnings are errors)"
lane edge-peer-clippy \
  "nice -n 19 target/debug/load-tests edge --states 20000 --matches 0" \
  "cd load-tests/peers/socketioxide && nice -n 19 cargo test --release && nice -n 19 cargo build --release" \
  "nice -n 19 cargo clippy --workspace --all-targets ${FEATURES[*]} -- -D warnings"

step "rust: tests on SQLite, with fault injection (wallet failpoints under many Aviator rounds, Mines games, exchange bets, three-card plays and withdrawal holds)"
cargo nextest run --workspace --no-fail-fast "${FEATURES[@]}"

PG_URL="${CASINO_TEST_POSTGRES:-postgres://postgres@127.0.0.1:5432/test}"
if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
  step "rust: database tests on PostgreSQL"
  CASINO_TEST_POSTGRES="$PG_URL" cargo nextest run --workspace --no-fail-fast "${FEATURES[@]}" \
    --test api --test integration -E 'binary(api) | test(/^(wallet_ledger|rg_wallet)::/)'
else
  echo "PostgreSQL not reachable on 127.0.0.1:5432: skipping the PostgreSQL run"
fi

step "api: schemathesis fuzzes every operation of /api/openapi.json as a player and as an operator (bounded)"
EXAMPLES=10 SERVER_BIN=target/debug/game-server scripts/schemathesis.sh

step "cluster: HAProxy in front of three nodes keeps each Engine.IO session on its node (and polling fails without it)"
scripts/cluster-lb.sh

step "web: lint, unit tests, build"
( cd web && npm run lint && npm test && npm run build && npm run size )

step "web: Playwright (Debian Chromium, 390x844)"
( cd web && E2E_SKIP_BUILD=1 GAME_SERVER_BIN="$PWD/../target/debug/game-server" npm run e2e )

step "waiting for the background lane (the edge, the peer, clippy)"
lanes_wait

step "load: two lanes side by side: the peers' own tests, a short Aviator swarm against our server and both peers, a short swarm at each round game (20 % viewers, 10 % reconnectors); a short Mines swarm, the sports viewers (every delta in order). No timing asserted"
lane peers-aviator-rounds \
  "cd load-tests/peers/node-socketio && npm ci --no-audit --no-fund --loglevel=error && npm test" \
  "BETTORS=300 ROUNDS=3 scripts/three-way.sh" \
  "BETTORS=200 ROUNDS=3 VIEWERS=0.2 RECONNECTORS=0.1 scripts/rounds-swarm.sh"
lane mines-sports \
  "PLAYERS=200 GAMES=5 scripts/mines-swarm.sh" \
  "MATCHES=5 VIEWERS=200 WATCH=15 scripts/sports-swarm.sh"
lanes_wait

step "done"
echo
echo "all tests passed"
