# Sourced by the swarm scripts (run from the repository root): a release build, and a fresh release server on a
# fresh SQLite database with the load-test fixtures on (CASINO_LOAD_TEST=1).
#   BIN_DIR=dir                    use the game-server and load-tests already built there instead (CI: its debug build,
#                                  as the swarms there check behaviour, not speed); default target/release, built here
#   release_build                  build the server and the swarm (unless BIN_DIR is set), raise the open-file limit
#   start_server [NAME=value ...]  start a server with these extra settings; sets $server (its pid), $port, $work
#                                  (its directory, with server.log) and $operator_no (password: loadpass1);
#                                  SERVER_BIN=path picks another build (default: $BIN_DIR/game-server)
#   stop_server                    stop it (idempotent; callers also trap it on EXIT)

BIN_DIR="${BIN_DIR:-target/release}"
release_build() {
  if [ "$BIN_DIR" = target/release ]; then cargo build --release -p game-server -p load-tests; fi
  ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
}

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

server=""

start_server() {
  work="$(mktemp -d)"
  local db="sqlite://$work/casino.db"
  local bin="$BIN_DIR/game-server" arg
  for arg in "$@"; do
    case "$arg" in SERVER_BIN=*) bin="${arg#SERVER_BIN=}" ;; esac
  done
  port="$(free_port)"
  operator_no="$(DATABASE_URL="$db" "$bin" operator create --name "Load Operator" \
    --phone 9000000099 --password loadpass1 | tail -n 1)"
  env CASINO_LOAD_TEST=1 CASINO_BIND="127.0.0.1:$port" DATABASE_URL="$db" CASINO_WEB_DIR=/nonexistent \
    "$@" RUST_LOG=warn "$bin" serve > "$work/server.log" 2>&1 &
  server=$!
  wait_ready "$port"
}

stop_server() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
  fi
}
