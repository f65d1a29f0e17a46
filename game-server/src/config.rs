//! Configuration: works with nothing set; environment variables override.

use casino_actors::aviator::rules::RulesConfig;
use casino_actors::aviator::table::AviatorConfig;
use casino_actors::money::Paise;
use std::path::PathBuf;

#[derive(Debug, Clone)]
pub struct Config {
    /// `CASINO_BIND`, default `127.0.0.1:8080`. Port 0 picks a free port.
    pub bind: String,
    /// `DATABASE_URL`, default `sqlite://data/casino.db`; `postgres://…` switches to PostgreSQL.
    pub database_url: String,
    /// `CASINO_DB_MAX_CONNECTIONS`, default 16.
    pub db_max_connections: u32,
    /// `CASINO_WALLET_SHARDS`, default 4.
    pub wallet_shards: usize,
    /// `CASINO_WEB_DIR`: the built client to serve; default `web/dist` when it exists.
    pub web_dir: Option<PathBuf>,
    /// Aviator: `CASINO_AVIATOR_COUNTDOWN_MS` (10000), `CASINO_AVIATOR_PAUSE_MS` (3000),
    /// `CASINO_AVIATOR_MIN_BET` / `CASINO_AVIATOR_MAX_BET` (rupees, 10 / 50910.45),
    /// `CASINO_AVIATOR_MAX_PAYOUT` (rupees per round, 5 crore), `CASINO_AVIATOR_HOUSE_EDGE_BP` (300 = 3 %,
    /// fixed when the chain is first created), `CASINO_AVIATOR_CHAIN_LENGTH` (200000 rounds).
    pub aviator: AviatorConfig,
    /// `CASINO_LOAD_TEST=1` enables the operator's fixture-player endpoint for the load swarm.
    pub load_test_fixtures: bool,
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
            db_max_connections: env_or("CASINO_DB_MAX_CONNECTIONS", 16),
            wallet_shards: env_or("CASINO_WALLET_SHARDS", 4),
            web_dir,
            aviator: aviator_from_env(),
            load_test_fixtures: env_or("CASINO_LOAD_TEST", 0u8) == 1,
        }
    }
}

fn rupees_env(key: &str, default_paise: i64) -> Paise {
    let paise = std::env::var(key)
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .map_or(default_paise, |r| (r * 100.0).round() as i64);
    Paise::new(paise)
}

pub fn aviator_from_env() -> AviatorConfig {
    AviatorConfig {
        rules: RulesConfig {
            min_bet: rupees_env("CASINO_AVIATOR_MIN_BET", 1_000),
            max_bet: rupees_env("CASINO_AVIATOR_MAX_BET", 5_091_045),
            countdown_ms: env_or("CASINO_AVIATOR_COUNTDOWN_MS", 10_000),
            pause_ms: env_or("CASINO_AVIATOR_PAUSE_MS", 3_000),
            max_payout_per_round: rupees_env("CASINO_AVIATOR_MAX_PAYOUT", 5_000_000_000),
            house_edge_bp: env_or("CASINO_AVIATOR_HOUSE_EDGE_BP", 300),
        },
        chain_length: env_or("CASINO_AVIATOR_CHAIN_LENGTH", 200_000),
    }
}
