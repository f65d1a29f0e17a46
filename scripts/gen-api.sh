#!/usr/bin/env bash
# Regenerates the API documents from the code, and the web client's REST and Socket.IO types from them:
#   docs/openapi.json   (game-server openapi: every REST route, from the handlers' #[utoipa::path])
#   docs/asyncapi.json  (game-server asyncapi: every Socket.IO event, from http/src/socket_events.rs and each game's
#                        wire.rs types)
#   docs/EVENTS.md      (game-server asyncapi --markdown: the same events as a page)
#   web/src/lib/api-schema.d.ts  (openapi-typescript over docs/openapi.json)
#   web/src/lib/socket-schema.ts (web/scripts/gen-socket-types.mjs over docs/asyncapi.json: the payloads and the
#                                 Socket.IO event maps)
# Tests fail while any of them is stale; run this and commit what it changes.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q -p game-server
bin="${CARGO_TARGET_DIR:-target}/debug/game-server"
"$bin" openapi > docs/openapi.json
"$bin" asyncapi > docs/asyncapi.json
( cd web && node scripts/gen-socket-types.mjs )
"$bin" asyncapi --markdown > docs/EVENTS.md
( cd web && npx openapi-typescript ../docs/openapi.json -o src/lib/api-schema.d.ts >/dev/null )
echo "docs/openapi.json, docs/asyncapi.json, docs/EVENTS.md, web/src/lib/api-schema.d.ts and web/src/lib/socket-schema.ts regenerated"
