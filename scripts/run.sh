#!/usr/bin/env bash
# Runs the platform: builds the web client and serves it with the game server on one port
# (http://127.0.0.1:8080 by default; SQLite under data/ unless DATABASE_URL says otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."
( cd web && npm ci --no-audit --no-fund && npm run build )
# A local run writes password-reset codes to the log (the server warns loudly); a deployment configures a
# webhook notifier instead (see the README's configuration table).
export CASINO_NOTIFIER="${CASINO_NOTIFIER:-log}"
exec cargo run --release -p game-server -- serve
