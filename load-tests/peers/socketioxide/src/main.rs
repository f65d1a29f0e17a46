//! Reference Aviator peer: the swarm's REST calls and Socket.IO events, served with socketioxide on axum, an
//! in-memory wallet and crash points from a fixed list. Configuration from the environment (see README.md).

mod curve;
mod game;
mod http;
mod money;
mod socket;
mod table;
mod wallet;

use game::{Game, Rules};
use parking_lot::Mutex;
use socketioxide::SocketIo;
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicI64;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use table::Table;
use wallet::{Principal, Sessions, Wallet};

/// How often the table looks at the clock (auto cash-outs are paid at their target whatever the tick).
const TICK: Duration = Duration::from_millis(20);

pub struct Config {
    pub host: String,
    pub port: u16,
    pub rules: Rules,
    pub crash_points: Arc<[u64]>,
    pub operator_user_no: String,
    pub operator_password: String,
}

pub struct App {
    pub config: Config,
    pub wallet: Wallet,
    pub sessions: Sessions,
    pub table: Mutex<Table>,
    pub operator: Principal,
    pub next_id: AtomicI64,
}

pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

fn env_or<T: FromStr>(name: &str, default: T) -> Result<T, String> {
    match std::env::var(name) {
        Ok(v) => v.trim().parse().map_err(|_| format!("{name}: cannot parse {v:?}")),
        Err(_) => Ok(default),
    }
}

/// Rupees (≤ 2 decimals) from the environment, in paise.
fn rupees_env(name: &str, default_paise: i64) -> Result<i64, String> {
    match std::env::var(name) {
        Ok(v) => money::parse_hundredths(v.trim()).ok_or(format!("{name}: rupees with at most 2 decimals, got {v:?}")),
        Err(_) => Ok(default_paise),
    }
}

/// `1.5,2.37,1` → [150, 237, 100].
fn crash_points(list: &str) -> Result<Arc<[u64]>, String> {
    list.split(',')
        .map(|p| {
            money::parse_hundredths(p.trim())
                .and_then(|h| u64::try_from(h).ok())
                .filter(|&h| h >= 100)
                .ok_or(format!("CRASH_POINTS: {p:?} is not a multiplier ≥ 1.00 with at most 2 decimals"))
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Arc::from)
}

impl Config {
    fn from_env() -> Result<Config, String> {
        let rules = Rules {
            min_bet: rupees_env("MIN_BET", 1_000)?,
            max_bet: rupees_env("MAX_BET", 5_091_045)?,
            countdown_ms: env_or("COUNTDOWN_MS", 4_000)?,
            pause_ms: env_or("PAUSE_MS", 1_000)?,
            max_payout: rupees_env("MAX_PAYOUT", 5_000_000_000)?,
        };
        if rules.min_bet <= 0 || rules.min_bet > rules.max_bet {
            return Err("MIN_BET must be positive and not above MAX_BET".into());
        }
        if rules.countdown_ms < 0 || rules.pause_ms < 0 {
            return Err("COUNTDOWN_MS and PAUSE_MS must not be negative".into());
        }
        if i128::from(rules.max_bet) * i128::from(game::MIN_AUTO_CASHOUT) > i128::from(rules.max_payout) * 100 {
            return Err("MAX_PAYOUT must cover one MAX_BET cashed out at 1.01x".into());
        }
        let points = std::env::var("CRASH_POINTS").unwrap_or_else(|_| "1.5,2.37,1.0".into());
        Ok(Config {
            host: std::env::var("HOST").unwrap_or_else(|_| "127.0.0.1".into()),
            port: env_or("PORT", 8080)?,
            rules,
            crash_points: crash_points(&points)?,
            operator_user_no: std::env::var("OPERATOR_USER_NO").unwrap_or_else(|_| "100001".into()),
            operator_password: std::env::var("OPERATOR_PASSWORD").unwrap_or_else(|_| "loadpass1".into()),
        })
    }
}

/// Ticks the table and sends what it produced; the only sender of `aviator` room frames, so they stay in order.
async fn game_loop(app: Arc<App>, io: SocketIo) {
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let out = app.table.lock().tick(&app.wallet, now_ms());
        out.send(&io).await;
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("configuration: {e}");
            return ExitCode::from(2);
        }
    };
    let addr = format!("{}:{}", config.host, config.port);
    let operator_no = config.operator_user_no.parse().unwrap_or(100_001);
    let game = Game::new(config.rules.clone(), config.crash_points.clone(), now_ms());
    println!(
        "aviator-socketioxide: countdown {} ms, pause {} ms, cap ₹{}, crash points {:?} (hundredths)",
        config.rules.countdown_ms,
        config.rules.pause_ms,
        config.rules.max_payout / 100,
        &config.crash_points[..]
    );
    let app = Arc::new(App {
        table: Mutex::new(Table::new(game, now_ms())),
        config,
        wallet: Wallet::default(),
        sessions: Sessions::default(),
        operator: Principal { id: 1, user_no: operator_no, operator: true },
        next_id: AtomicI64::new(2),
    });
    let (layer, io) = SocketIo::builder()
        .with_state(app.clone())
        // Room for bursts (state, feed, result, settlements) to a slow reader before emits to it fail.
        .max_buffer_size(1_024)
        .build_layer();
    socket::register(&io);
    tokio::spawn(game_loop(app.clone(), io));
    let router = http::router(app).layer(layer);
    let listener = match listen(&addr).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("cannot listen on {addr}: {e}");
            return ExitCode::from(1);
        }
    };
    // Small frames: do not wait to coalesce them.
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    println!("listening on http://{addr}");
    if let Err(e) = axum::serve(listener, router).with_graceful_shutdown(shutdown()).await {
        eprintln!("server error: {e}");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// Thousands of sockets may connect at once: a deeper accept queue than std's default of 128.
async fn listen(addr: &str) -> std::io::Result<tokio::net::TcpListener> {
    let addr = tokio::net::lookup_host(addr)
        .await?
        .next()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "no address"))?;
    let socket = if addr.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(1_024)
}

async fn shutdown() {
    let _ = tokio::signal::ctrl_c().await;
}

#[cfg(test)]
mod tests {
    #[test]
    fn crash_points_parse_exactly_and_refuse_below_one() {
        assert_eq!(super::crash_points("1.5, 2.37,1").ok().as_deref(), Some(&[150u64, 237, 100][..]));
        assert!(super::crash_points("0.99").is_err());
        assert!(super::crash_points("1.005").is_err());
        assert!(super::crash_points("").is_err());
    }
}
