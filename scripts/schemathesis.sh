#!/usr/bin/env bash
# Fuzzes the REST API with schemathesis (PyPI, pinned) against a real server on a fresh SQLite database, driven by
# the server's own /api/openapi.json: every operation, its examples, boundary and generated inputs, and stateful
# sequences along the document's links, once as a funded player and once as an operator. Fails on any 5xx, any
# response that breaks its schema, any undocumented status code, and (scripts/schemathesis/hooks.py) any request
# that moves money without succeeding.
#   EXAMPLES=10 (per operation; CI)   EXAMPLES=200 scripts/schemathesis.sh (the longer run in BENCHMARKS.md)
#   SEED=n to repeat a run; SERVER_BIN (default target/debug/game-server). Reports: target/schemathesis/.
set -euo pipefail
cd "$(dirname "$0")/.."
EXAMPLES="${EXAMPLES:-10}"
SEED="${SEED:-$RANDOM}"
SERVER_BIN="${SERVER_BIN:-target/debug/game-server}"
out=target/schemathesis
venv=target/schemathesis-venv
mkdir -p "$out"

if [ ! -x "$venv/bin/schemathesis" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check schemathesis==4.32.5
fi
[ -x "$SERVER_BIN" ] || cargo build -p game-server

source scripts/lib/serve.sh
trap stop_server EXIT
start_server SERVER_BIN="$SERVER_BIN"
base="http://127.0.0.1:$port"
accounts="$(python3 scripts/schemathesis/setup.py "$base" "$operator_no" loadpass1)"
eval "$accounts"
echo "=== schemathesis against $base: $EXAMPLES examples per operation, seed $SEED"

# Excluded: logging out (it would end the session the rest of the run uses), blocking accounts and moving leases
# (they would lock the fuzzer out or stop the games it is testing), ending a session (it can end the fuzzer's own), a
# break or self-exclusion (it would refuse every
# bet for the rest of the run) and a password change. Hypothesis's `filter_too_much` health check is off: with some
# seeds it gives up generating bodies for the tagged settings union, which says nothing about the server. Each is covered by the API suite. (One
# regular expression: of several --exclude-path-regex options only the last counts.)
fuzz() {
  local role="$1" token="$2"
  FUZZ_BASE="$base" FUZZ_OPERATOR_TOKEN="$operator_token" FUZZ_PLAYER_ID="$player_id" \
    FUZZ_OPERATOR_ID="$operator_id" FUZZ_MATCH_ID="$match_id" PYTHONPATH=scripts/schemathesis \
    SCHEMATHESIS_HOOKS=hooks "$venv/bin/schemathesis" --config-file scripts/schemathesis/schemathesis.toml \
    run "$base/api/openapi.json" \
    --header "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,money_moves_only_on_success \
    --exclude-path-regex '^/api/(logout|admin/users/\{[a-z]+\}/(block|unblock)|admin/cluster/.*|account/(exclusion|password|sessions/\{[a-z]+\}))$' \
    --max-examples "$EXAMPLES" --seed "$SEED" --workers 1 --no-color --generation-database none \
    --suppress-health-check=filter_too_much \
    --report junit --report-junit-path "$out/$role.xml" \
    2>&1 | tee "$out/$role.log"
}
status=0
fuzz player "$player_token" || status=$?
fuzz operator "$operator_token" || status=$?
stop_server
cp "$work/server.log" "$out/server.log"
if [ "$status" -ne 0 ]; then
  echo "schemathesis found failures (see $out/); last server log lines:"
  tail -n 20 "$out/server.log"
fi
exit "$status"
