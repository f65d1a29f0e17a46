//! Configuration: works with nothing set; environment variables override.

use std::path::PathBuf;

#[derive(Debug, Clone)]
pub struct Config {
    /// `CASINO_BIND`, default `127.0.0.1:8080`. Port 0 picks a free port.
    pub bind: String,
    /// `DATABASE_URL`, default `sqlite://data/casino.db`; `postgres://…` switches to PostgreSQL.
    pub database_url: String,
    /// `CASINO_DB_MAX_CONNECTIONS`, default 8.
    pub db_max_connections: u32,
    /// `CASINO_WALLET_SHARDS`, default 4.
    pub wallet_shards: usize,
    /// `CASINO_WEB_DIR`: the built client to serve; default `web/dist` when it exists.
    pub web_dir: Option<PathBuf>,
}

fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key).ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
}

impl Config {
    pub fn from_env() -> Config {
        let web_dir = std::env::var("CASINO_WEB_DIR")
            .ok()
            .map(PathBuf::from)
            .or_else(|| Some(PathBuf::from("web/dist")))
            .filter(|p| p.join("index.html").exists());
        Config {
            bind: env_or("CASINO_BIND", "127.0.0.1:8080".to_string()),
            database_url: env_or("DATABASE_URL", "sqlite://data/casino.db".to_string()),
            db_max_connections: env_or("CASINO_DB_MAX_CONNECTIONS", 8),
            wallet_shards: env_or("CASINO_WALLET_SHARDS", 4),
            web_dir,
        }
    }
}
