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
    assert!(stderr.contains("CASINO_SPORTS_LIVE=\"four\" is not a valid value (invalid digit"), "{stderr}");
    assert!(!stderr.contains("CASINO_HASHING_CONCURRENCY"), "a blank value is the default: {stderr}");
    // Without a command (`serve` then): the same.
    let out = Command::new(BIN).env("DATABASE_URL", &db).env("CASINO_AVIATOR_MIN_BET", "10.555").output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("CASINO_AVIATOR_MIN_BET=\"10.555\" is not a valid value (rupees"), "{stderr}");
    // The same value as a flag: clap's message, naming the flag.
    let out = Command::new(BIN).args(["serve", "--sports-live", "four"]).env("DATABASE_URL", &db).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("invalid value 'four' for '--sports-live"), "{stderr}");
    // Commands that do not serve do not read serve's settings.
    let out = Command::new(BIN).arg("openapi").env("CASINO_SPORTS_LIVE", "four").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!std::path::Path::new(&format!("{}/casino.db", dir.display())).exists(), "nothing was started");
    let _ = std::fs::remove_dir_all(dir);
}

/// `serve --help` documents every setting with its variable and default.
#[test]
fn serve_help_lists_the_settings_with_their_variables_and_defaults() {
    let out =
        Command::new(BIN).args(["serve", "--help"]).env("CASINO_CLUSTER_SECRET", "do-not-print-me").output().unwrap();
    // One line per setting with `-h`; `--help` puts the variable and the default on lines of their own.
    let help = String::from_utf8_lossy(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(out.status.success(), "{help}");
    for expected in [
        "[env: CASINO_BIND=] [default: 127.0.0.1:8080]",
        "[env: CASINO_SPORTS_LIVE=] [default: 4]",
        "[env: CASINO_AVIATOR_MAX_BET=] [default: 50910.45]",
        "[env: CASINO_ANDAR_BAHAR_STEP_MS=] [default: 1000]",
        "[env: CASINO_NATS_URL=]",
        "[env: DATABASE_URL] [default: sqlite://data/casino.db]",
    ] {
        assert!(help.contains(expected), "{expected} in {help}");
    }
    assert!(!help.contains("do-not-print-me"), "secrets' values are not shown: {help}");
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("casino-bad-setting-{}-{}", std::process::id(), free_port()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
