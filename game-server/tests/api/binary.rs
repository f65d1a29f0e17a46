//! The real `game-server` binary as a child process, for tests that kill it, stop it or run its CLI.

use casino_actors::store::Db;
use serde_json::{Value, json};
use sqlx::{Any, Row};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub const BIN: &str = env!("CARGO_BIN_EXE_game-server");

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// `game-server serve` on `db_url` (load-test fixtures on, no web client) with `settings` on top; returns once it
/// answers its health check.
pub async fn serve(db_url: &str, port: u16, settings: &[(&str, &str)]) -> Child {
    serve_logging_to(Stdio::null(), db_url, port, settings).await
}

/// [`serve`], with the server's standard output (its log) going to `log`.
async fn serve_logging_to(log: Stdio, db_url: &str, port: u16, settings: &[(&str, &str)]) -> Child {
    #[allow(clippy::zombie_processes)] // every path below either returns the child or waits on it
    let child = Command::new(BIN)
        .arg("serve")
        .env("DATABASE_URL", db_url)
        .env("CASINO_BIND", format!("127.0.0.1:{port}"))
        .env("CASINO_LOAD_TEST", "1")
        .env("CASINO_WEB_DIR", "/nonexistent")
        .envs(settings.iter().copied())
        .stdout(log)
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn game-server");
    let client = reqwest::Client::new();
    for _ in 0..600 {
        if client.get(format!("http://127.0.0.1:{port}/api/health")).send().await.is_ok() {
            return child;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut child = child;
    let _ = child.kill();
    let _ = child.wait();
    panic!("game-server did not start");
}

/// Runs a CLI command against `db_url`; its standard output.
pub fn cli(db_url: &str, args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).env("DATABASE_URL", db_url).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Creates an operator from the command line (password `desk-pass`); their user number.
pub fn operator(db_url: &str, phone: &str) -> String {
    let out = cli(db_url, &["operator", "create", "--name", "Test Desk", "--phone", phone, "--password", "desk-pass"]);
    out.trim().lines().last().unwrap().to_string()
}

pub async fn scalar(db: &Db, sql: &str) -> i64 {
    sqlx::query::<Any>(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(&db.pool).await.unwrap().try_get(0).unwrap()
}

/// Logs in the operator made by [`operator`] and has it create `count` funded fixture players on the server at
/// `base`; the operator's token and the players (`{id, userNo, token}`).
pub async fn fixture_players(base: &str, operator_no: &str, count: usize, rupees: i64) -> (String, Vec<Value>) {
    let http = reqwest::Client::new();
    let login: Value = http
        .post(format!("{base}/api/login"))
        .json(&json!({"userNo": operator_no, "password": "desk-pass"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = login["token"].as_str().unwrap().to_string();
    let body: Value = http
        .post(format!("{base}/api/admin/fixtures/players"))
        .bearer_auth(&token)
        .json(&json!({"count": count, "balance": rupees}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    (token, body["players"].as_array().unwrap().clone())
}

/// Serves on a fresh database with its standard output going to a file until it answers; that output.
async fn log_of_a_start(format: &str) -> String {
    let dir = std::env::temp_dir().join("casino-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let name = format!("logs-{format}-{}", rand::random::<u32>());
    let log = dir.join(format!("{name}.log"));
    let db_url = format!("sqlite://{}", dir.join(format!("{name}.db")).display());
    let settings = [("CASINO_LOG_FORMAT", format), ("RUST_LOG", "info")];
    let file = std::fs::File::create(&log).unwrap();
    let mut child = serve_logging_to(file.into(), &db_url, free_port(), &settings).await;
    let _ = child.kill();
    let _ = child.wait();
    std::fs::read_to_string(&log).unwrap()
}

#[tokio::test]
async fn logs_written_to_a_file_carry_no_colour_codes_and_json_logs_parse() {
    let text = log_of_a_start("text").await;
    assert!(text.contains("game-server listening"), "{text}");
    assert!(!text.contains('\u{1b}'), "no escape codes when stdout is not a terminal: {text}");
    let json = log_of_a_start("json").await;
    let lines: Vec<Value> =
        json.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect();
    let listening = lines.iter().find(|v| v["message"] == "game-server listening").expect("the start line");
    assert!(listening["port"].is_number() && listening["level"] == "INFO" && listening["timestamp"].is_string());
}

/// A setting that does not parse stops the start, naming the variable; a blank one means the default.
#[test]
fn a_bad_setting_stops_the_start_and_names_the_variable() {
    let dir = tempfile_dir();
    let db = format!("sqlite://{}/casino.db", dir.display());
    let out = Command::new(BIN)
        .arg("serve")
        .env("DATABASE_URL", &db)
        .env("CASINO_BIND", format!("127.0.0.1:{}", free_port()))
        .env("CASINO_WEB_DIR", "/nonexistent")
        .env("CASINO_SPORTS_LIVE", "four")
        .env("CASINO_HASHING_CONCURRENCY", " ")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("CASINO_SPORTS_LIVE=\"four\" is not a valid value"), "{stderr}");
    assert!(!stderr.contains("CASINO_HASHING_CONCURRENCY"), "a blank value is the default: {stderr}");
    let _ = std::fs::remove_dir_all(dir);
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("casino-bad-setting-{}-{}", std::process::id(), free_port()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
