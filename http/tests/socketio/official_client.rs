//! The official JavaScript client (socket.io-client 4.8, websocket transport) against our gateway.
//!
//! Needs `node` and `npm` on PATH; installs `tests/js` with `npm ci` on first run. Set `SKIP_NODE_TESTS=1` to skip
//! where Node is unavailable (the skip is printed, never silent).

use crate::support;

use casino_http::socketio::SocketConfig;
use std::path::PathBuf;
use std::process::{Command, Output};
use support::spawn_server;

fn js_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("js")
}

fn run(cmd: &mut Command) -> Output {
    cmd.output().unwrap_or_else(|e| panic!("could not run {cmd:?}: {e} (is Node installed? SKIP_NODE_TESTS=1 skips)"))
}

fn echo(out: &Output) {
    print!("{}", String::from_utf8_lossy(&out.stdout));
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
}

#[actix_web::test]
async fn the_official_socket_io_client_connects_acks_and_receives_a_broadcast() {
    if std::env::var_os("SKIP_NODE_TESTS").is_some() {
        println!("SKIPPED: SKIP_NODE_TESTS is set");
        return;
    }
    let dir = js_dir();
    if !dir.join("node_modules").join("socket.io-client").exists() {
        let out = tokio::task::spawn_blocking(move || {
            run(Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(js_dir()))
        })
        .await
        .unwrap();
        echo(&out);
        assert!(out.status.success(), "npm ci failed");
    }

    let server = spawn_server(SocketConfig::default());
    let url = server.base_url();
    // Blocking wait off the test thread: the hub actor lives on this thread and must keep running.
    let out =
        tokio::task::spawn_blocking(move || run(Command::new("node").arg(dir.join("official_client.mjs")).arg(url)))
            .await
            .unwrap();
    echo(&out);
    assert!(out.status.success(), "official client exited with {:?}", out.status.code());
}
