#!/usr/bin/env bash
# Runs every test: Rust unit and black-box API tests (SQLite, then PostgreSQL when one answers on
# 127.0.0.1:5432), the official socket.io-client test, web lint + unit tests, Playwright in Debian's
# Chromium, a short Aviator swarm against our release build and the two reference peers (scripts/three-way.sh),
# the house's edge on the simulated cricket (load-tests edge: the quote auditor over 10^5 quote sets, the every-quote
# bettor), a short swarm at each round game with mixed players (scripts/rounds-swarm.sh: bettors, viewers, reconnectors),
# a short Mines swarm and the sports viewers. The cluster's tests (three nodes, kill -9, SIGSTOP, a NATS restart)
# are in the API suite; scripts/cluster-lb.sh checks the load balancer's sticky sessions. schemathesis fuzzes the
# REST API from its OpenAPI document (scripts/schemathesis.sh).
# Installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

step() { printf '\n=== %s\n' "$*"; }

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
( cd web && npm ci --no-audit --no-fund --loglevel=error )
( cd http/tests/js && npm ci --no-audit --no-fund --loglevel=error )

step "rust: build"
cargo build --workspace --tests --bins

step "rust: tests on SQLite"
cargo test --workspace --no-fail-fast

step "rust: fault injection (wallet failpoints under many Aviator rounds, Mines games, exchange bets, three-card plays and withdrawal holds)"
cargo test -p casino-actors --features failpoints --test aviator_faults --test table_patience --test mines_faults --test exchange_faults --test parchi_faults --test withdrawal_outcome

PG_URL="${CASINO_TEST_POSTGRES:-postgres://postgres@127.0.0.1:5432/test}"
if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
  step "rust: database tests on PostgreSQL"
  CASINO_TEST_POSTGRES="$PG_URL" cargo test --no-fail-fast -p game-server -p casino-actors --test api --test wallet_ledger --test rg_wallet
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

step "load: the reference peers' own tests"
( cd load-tests/peers/node-socketio && npm ci --no-audit --no-fund --loglevel=error && npm test )
( cd load-tests/peers/socketioxide && cargo test --release )

step "load: a short Aviator swarm against our release build and both reference peers (no timing asserted)"
BETTORS=300 ROUNDS=3 scripts/three-way.sh

step "edge: the quote auditor over 10^5 published quote sets (no sure win, no quote above -m/2) and a bettor on every quote of 1,000 simulated matches (release)"
target/release/load-tests edge --states 100000 --matches 1000

step "load: a short swarm at each round game, 20 % viewers and 10 % reconnectors (no timing asserted)"
BETTORS=200 ROUNDS=3 VIEWERS=0.2 RECONNECTORS=0.1 scripts/rounds-swarm.sh

step "load: a short Mines swarm (no timing asserted)"
PLAYERS=200 GAMES=5 scripts/mines-swarm.sh

step "load: sports viewers, every delta in order (no timing asserted)"
MATCHES=5 VIEWERS=200 WATCH=15 scripts/sports-swarm.sh
echo
echo "all tests passed"
