//! Configuration: works with nothing set; environment variables override.

use casino_actors::accounts::{NotifierConfig, WebhookConfig, default_hashing_limit};
use casino_actors::aviator::chains::SeedKey;
use casino_actors::aviator::rules::RulesConfig;
use casino_actors::aviator::table::AviatorConfig;
use casino_actors::cluster::ClusterConfig;
use casino_actors::exchange::desk::ExchangeConfig;
use casino_actors::matka::desk::MatkaConfig;
use casino_actors::mines::rules::MinesSettings;
use casino_actors::money::Paise;
use casino_actors::parchi::table::ParchiConfig;
use casino_actors::sports::desk::SportsConfig;
use casino_actors::table::actor::TableConfig;
use casino_actors::table::game::{GameSettings, RoundRules, StakeLimits, Timings};
use casino_http::state::{LOGIN_FAILURES_PER_ADDR, SIGNUPS_PER_ADDR_PER_HOUR};
use std::net::IpAddr;
use std::path::PathBuf;

/// The shortest command deadline between nodes: longer than a table's patience with the wallet
/// (`table::PATIENCE`), so the owner's answer, taken or not, always arrives.
const MIN_DEADLINE_MS: u64 = casino_actors::table::PATIENCE.as_millis() as u64 + 1_000;

#[derive(Debug, Clone)]
pub struct Config {
    /// `CASINO_BIND`, default `127.0.0.1:8080`. Port 0 picks a free port.
    pub bind: String,
    /// `CASINO_METRICS_BIND`: a second address serving only `GET /metrics`, without a login, for Prometheus
    /// (keep it private). Unset: metrics only at `/metrics` on the main address, for operators.
    pub metrics_bind: Option<String>,
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
    /// fixed when the chain is first created), the caps as shares of the bankroll in basis points with at most 2
    /// decimals, `CASINO_AVIATOR_MAX_PAYOUT_BANKROLL_BP` (per round, e.g. 112.5 = 1.125 %) and
    /// `CASINO_AVIATOR_MAX_PLAYER_PAYOUT_BANKROLL_BP` (per player and round, e.g. 75; both unset: not used), and
    /// `CASINO_AVIATOR_BANKROLL_CAPITAL` (rupees the operator puts behind the game, 0; the bankroll is this plus the
    /// house's result on the books), `CASINO_AVIATOR_CHAIN_LENGTH` (200000 rounds),
    /// `CASINO_AVIATOR_CRASH_POINTS` (load tests only: `1.5,2.37,1` played in order, round after round).
    pub aviator: AviatorConfig,
    /// The round games (`TITLI`, `ANDAR_BAHAR`, `COLOR`): `CASINO_{GAME}_BETTING_MS`, `_CLOSED_MS`, `_STEP_MS`,
    /// `_RESULT_MS`, `_MIN_BET` / `_MAX_BET` (rupees per line); defaults in each game's rules.
    pub rounds: RoundConfigs,
    /// Mines: `CASINO_MINES_MIN_BET` / `CASINO_MINES_MAX_BET` (rupees, 10 / 50000), `CASINO_MINES_MAX_PAYOUT`
    /// (rupees a game, 10 lakh), `CASINO_MINES_HOUSE_EDGE_BP` (300 = 3 %). An operator's stored settings win.
    pub mines: MinesSettings,
    /// Matka: `CASINO_MATKA_QUICK_SECONDS` (300): the cycle of the auto-drawn "Quick Matka" a new install gets (with
    /// two drawn and two declared daily markets); the round client seed is mixed into every drawn result.
    pub matka: MatkaConfig,
    /// Sports: `CASINO_SPORTS_BALL_MS` (36000: real T20 pace; a few hundred for tests), `CASINO_SPORTS_LIVE` (4 matches
    /// in play), `CASINO_SPORTS_UPCOMING` (4 upcoming, 30 min apart) and `CASINO_SPORTS_OTHERS` (2 in play and 2
    /// upcoming of each other sport).
    pub sports: SportsConfig,
    /// Exchange bets: `CASINO_EXCHANGE_DELAY_MS` (1000): a bet's price is checked again this long after it arrived.
    pub exchange: ExchangeConfig,
    /// Aar Par Parchi: how long an ended game stays to be seen. Plays always close at a match's first ball (nothing to
    /// configure: `CASINO_PARCHI_CLOSE_BALLS` is gone).
    pub parchi: ParchiConfig,
    /// `CASINO_LOAD_TEST=1` enables the operator's fixture-player endpoint for the load swarm.
    pub load_test_fixtures: bool,
    /// `CASINO_TEST_HOOKS=1` enables the operators' test-only hooks (a cricket match a test moves step by step).
    pub test_hooks: bool,
    /// `CASINO_ACTOR_METRICS=off` stops the actors timing their messages (their own figures are still shown);
    /// on by default. For measuring what the measuring costs.
    pub actor_metrics: bool,
    /// Reset-code delivery, trusted proxies and the limits on unauthenticated work.
    pub accounts: AccountsConfig,
    /// Browser protections and socket limits; see [`web_security_from_env`].
    pub web: WebSecurity,
    /// Cluster mode, when `CASINO_NATS_URL` is set: `CASINO_NODE_ID` (generated when unset), `CASINO_LEASE_TTL_MS`
    /// (5000) and `CASINO_NATS_DEADLINE_MS` (5000); needs a PostgreSQL `DATABASE_URL`, `CASINO_CLUSTER_SECRET` and
    /// NATS authentication; see [`cluster_from_env`].
    pub cluster: Option<ClusterConfig>,
}

/// Cluster mode's settings, when `CASINO_NATS_URL` is set. Besides the ones above: `CASINO_CLUSTER_SECRET` (signs
/// every message between nodes, at least 32 bytes) and `CASINO_CLUSTER_MAX_SKEW_MS` (30000); NATS authentication by
/// `CASINO_NATS_CREDS` (a `.creds` file), `CASINO_NATS_NKEY` (a seed file), `CASINO_NATS_USER` and
/// `CASINO_NATS_PASSWORD`, or `CASINO_NATS_TOKEN`, and TLS by `CASINO_NATS_TLS_CA`, `CASINO_NATS_TLS_CERT` and
/// `CASINO_NATS_TLS_KEY` (TLS is required with a `tls://` URL or any of them); `CASINO_NATS_INSECURE=1` allows no
/// authentication (local development only). [`Config::check`] refuses what is missing.
fn cluster_from_env(bind: &str) -> Option<ClusterConfig> {
    let nats_url = std::env::var("CASINO_NATS_URL").ok().filter(|u| !u.trim().is_empty())?;
    let node = std::env::var("CASINO_NODE_ID")
        .ok()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(ClusterConfig::generated_node_id);
    let set = |key: &str| std::env::var(key).ok().filter(|v| !v.is_empty());
    let path = |key: &str| set(key).map(|v| PathBuf::from(v.trim()));
    let nats = casino_actors::cluster::nats::NatsAccess {
        creds: path("CASINO_NATS_CREDS"),
        nkey: path("CASINO_NATS_NKEY"),
        user: set("CASINO_NATS_USER"),
        password: set("CASINO_NATS_PASSWORD"),
        token: set("CASINO_NATS_TOKEN"),
        tls_ca: path("CASINO_NATS_TLS_CA"),
        tls_cert: path("CASINO_NATS_TLS_CERT"),
        tls_key: path("CASINO_NATS_TLS_KEY"),
        insecure: env_or("CASINO_NATS_INSECURE", 0u8) == 1,
    };
    let default_skew_ms = casino_actors::cluster::signed::DEFAULT_MAX_SKEW.as_millis() as u64;
    Some(ClusterConfig {
        node,
        nats_url: nats_url.trim().to_string(),
        lease_ttl: std::time::Duration::from_millis(env_or("CASINO_LEASE_TTL_MS", 5_000u64).max(300)),
        deadline: std::time::Duration::from_millis(env_or("CASINO_NATS_DEADLINE_MS", 5_000u64).max(MIN_DEADLINE_MS)),
        address: bind.to_string(),
        nats,
        secret: set("CASINO_CLUSTER_SECRET").map(casino_actors::cluster::signed::Secret::new),
        max_skew: std::time::Duration::from_millis(env_or("CASINO_CLUSTER_MAX_SKEW_MS", default_skew_ms)),
    })
}

/// Cookies, trusted origins, Socket.IO connection limits and how long a client may take over a request.
#[derive(Debug, Clone, Default)]
pub struct WebSecurity {
    /// `CASINO_SECURE_COOKIES=1` (cookies get `Secure`; also automatic for requests that arrived over HTTPS) and
    /// `CASINO_ALLOWED_ORIGINS` (comma-separated `scheme://host[:port]` trusted besides the request's own host).
    pub http: casino_http::security::SecurityConfig,
    /// `CASINO_SOCKET_MAX_PER_ADDR` (50), `CASINO_SOCKET_MAX_PER_LOOPBACK` (100000: a local proxy or the load
    /// swarm), `CASINO_SOCKET_MAX_PER_USER` (10), `CASINO_SOCKET_OUTBOX_BYTES` (4 MiB queued for a slow client),
    /// `CASINO_SOCKET_SESSION_CHECK_MS` (60000: how often a socket re-checks its session).
    pub socket: casino_http::socketio::SocketConfig,
    /// How long a client may take over a request; see [`HttpTimeouts`].
    pub timeouts: HttpTimeouts,
}

/// How long a client may take: `CASINO_HEADER_TIMEOUT_MS` (5000) to send a request's head,
/// `CASINO_BODY_TIMEOUT_MS` (10000; 0 turns it off) to send its body, both then answered 408 `request_timeout`;
/// `CASINO_KEEP_ALIVE_MS` (30000) an idle connection is kept open for its next request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HttpTimeouts {
    pub head: std::time::Duration,
    pub body: std::time::Duration,
    pub keep_alive: std::time::Duration,
}

impl Default for HttpTimeouts {
    fn default() -> Self {
        HttpTimeouts {
            head: std::time::Duration::from_secs(5),
            body: std::time::Duration::from_secs(10),
            keep_alive: std::time::Duration::from_secs(30),
        }
    }
}

fn http_timeouts_from_env() -> HttpTimeouts {
    let d = HttpTimeouts::default();
    let ms = |key: &str, default: std::time::Duration| {
        std::time::Duration::from_millis(env_or(key, u64::try_from(default.as_millis()).unwrap_or(u64::MAX)))
    };
    HttpTimeouts {
        head: ms("CASINO_HEADER_TIMEOUT_MS", d.head),
        body: ms("CASINO_BODY_TIMEOUT_MS", d.body),
        keep_alive: ms("CASINO_KEEP_ALIVE_MS", d.keep_alive),
    }
}

pub fn web_security_from_env() -> WebSecurity {
    let origins = std::env::var("CASINO_ALLOWED_ORIGINS").unwrap_or_default();
    let allowed_origins = casino_http::security::SecurityConfig::parse_origins(&origins);
    let d = casino_http::socketio::SocketConfig::default();
    WebSecurity {
        http: casino_http::security::SecurityConfig {
            secure_cookies: env_or("CASINO_SECURE_COOKIES", 0u8) == 1,
            allowed_origins: allowed_origins.clone(),
        },
        socket: casino_http::socketio::SocketConfig {
            max_per_addr: env_or("CASINO_SOCKET_MAX_PER_ADDR", d.max_per_addr),
            max_per_loopback: env_or("CASINO_SOCKET_MAX_PER_LOOPBACK", d.max_per_loopback),
            max_per_user: env_or("CASINO_SOCKET_MAX_PER_USER", d.max_per_user),
            outbox_max_bytes: env_or("CASINO_SOCKET_OUTBOX_BYTES", d.outbox_max_bytes),
            session_check_interval: std::time::Duration::from_millis(env_or(
                "CASINO_SOCKET_SESSION_CHECK_MS",
                u64::try_from(d.session_check_interval.as_millis()).unwrap_or(60_000),
            )),
            allowed_origins,
            ..d
        },
        timeouts: http_timeouts_from_env(),
    }
}

/// `DATABASE_URL` for logs: the password (if any) replaced by `***`.
pub fn redacted_database_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    // The userinfo ends at the last `@` before the query (a raw password may itself contain `@` or `/`).
    let before_query = rest.find('?').unwrap_or(rest.len());
    let Some(at) = rest[..before_query].rfind('@') else { return url.to_string() };
    let (userinfo, host) = (&rest[..at], &rest[at..]);
    match userinfo.split_once(':') {
        Some((user, _password)) => format!("{scheme}://{user}:***{host}"),
        None => url.to_string(),
    }
}

/// Accounts: how codes reach players, whose forwarded headers count, and the limits on anonymous work.
#[derive(Debug, Clone)]
pub struct AccountsConfig {
    /// `CASINO_NOTIFIER`: unset or `none` (codes are not sent; operators issue them), `webhook`
    /// (`CASINO_NOTIFIER_WEBHOOK_URL`, `CASINO_NOTIFIER_WEBHOOK_SECRET`), or `log` (development only).
    pub notifier: NotifierConfig,
    /// `CASINO_TRUSTED_PROXIES`: comma-separated proxy addresses whose `Forwarded` / `X-Forwarded-For`
    /// headers name the client. Empty (default): the peer address is the client.
    pub trusted_proxies: Vec<IpAddr>,
    /// `CASINO_IPV6_PREFIX` (64): IPv6 clients are counted per network of this prefix length (32–128).
    pub ipv6_prefix: u8,
    /// `CASINO_HASHING_CONCURRENCY`: Argon2 runs at once (default one per core, at least two).
    pub hashing_concurrency: usize,
    /// `CASINO_LOGIN_FAILURES_PER_ADDR`: failed logins per client address in 15 minutes (default 50).
    pub login_failures_per_addr: u32,
    /// `CASINO_SIGNUPS_PER_ADDR_PER_HOUR`: sign-ups per client address an hour (default 30).
    pub signups_per_addr_per_hour: u32,
}

impl Default for AccountsConfig {
    fn default() -> Self {
        AccountsConfig {
            notifier: NotifierConfig::Disabled,
            trusted_proxies: Vec::new(),
            ipv6_prefix: 64,
            hashing_concurrency: default_hashing_limit(),
            login_failures_per_addr: LOGIN_FAILURES_PER_ADDR,
            signups_per_addr_per_hour: SIGNUPS_PER_ADDR_PER_HOUR,
        }
    }
}

fn accounts_from_env() -> AccountsConfig {
    let var = |k: &str| std::env::var(k).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
    let webhook_url = var("CASINO_NOTIFIER_WEBHOOK_URL");
    let webhook = |url: Option<String>| {
        let secret = var("CASINO_NOTIFIER_WEBHOOK_SECRET").unwrap_or_default();
        // A missing URL or secret is refused at start-up.
        NotifierConfig::Webhook(WebhookConfig::new(url.unwrap_or_default(), secret))
    };
    let notifier = match var("CASINO_NOTIFIER").map(|v| v.to_ascii_lowercase()).as_deref() {
        Some("log") => NotifierConfig::Log,
        Some("webhook") => webhook(webhook_url),
        Some("none") => NotifierConfig::Disabled,
        // Naming a webhook URL is enough to choose it.
        None if webhook_url.is_some() => webhook(webhook_url),
        None => NotifierConfig::Disabled,
        Some(other) => {
            eprintln!("CASINO_NOTIFIER: unknown {other:?} (none, webhook, log): codes will not be sent");
            NotifierConfig::Disabled
        }
    };
    let trusted_proxies = var("CASINO_TRUSTED_PROXIES")
        .map(|list| {
            list.split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .filter_map(|p| match p.parse::<IpAddr>() {
                    Ok(ip) => Some(ip.to_canonical()),
                    Err(_) => {
                        eprintln!("CASINO_TRUSTED_PROXIES: ignoring {p:?} (not an IP address)");
                        None
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let d = AccountsConfig::default();
    AccountsConfig {
        notifier,
        trusted_proxies,
        ipv6_prefix: env_or("CASINO_IPV6_PREFIX", d.ipv6_prefix).clamp(32, 128),
        hashing_concurrency: env_or("CASINO_HASHING_CONCURRENCY", d.hashing_concurrency),
        login_failures_per_addr: env_or("CASINO_LOGIN_FAILURES_PER_ADDR", d.login_failures_per_addr),
        signups_per_addr_per_hour: env_or("CASINO_SIGNUPS_PER_ADDR_PER_HOUR", d.signups_per_addr_per_hour),
    }
}

/// `key`'s value, or `default` when it is unset or blank. A value that does not parse stops the start with a message
/// naming the variable: a typo must not quietly run the server on the default.
fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T
where
    T::Err: std::fmt::Display,
{
    match std::env::var(key) {
        Ok(v) if !v.trim().is_empty() => v.trim().parse().unwrap_or_else(|e| {
            eprintln!("{key}={v:?} is not a valid value ({e}); the server does not start");
            std::process::exit(2)
        }),
        _ => default,
    }
}

/// Aar Par Parchi: plays always close at a match's first ball. `CASINO_PARCHI_CLOSE_BALLS` (plays until a number of
/// balls) is no longer read; a server still given it says so.
fn parchi_from_env() -> ParchiConfig {
    if std::env::var_os("CASINO_PARCHI_CLOSE_BALLS").is_some() {
        eprintln!("CASINO_PARCHI_CLOSE_BALLS is ignored: three-card plays always close at a match's first ball");
    }
    ParchiConfig::default()
}

impl Config {
    pub fn from_env() -> Config {
        let web_dir = std::env::var("CASINO_WEB_DIR")
            .ok()
            .map(PathBuf::from)
            .or_else(|| Some(PathBuf::from("web/dist")))
            .filter(|p| p.join("index.html").exists());
        let bind = env_or("CASINO_BIND", "127.0.0.1:8080".to_string());
        Config {
            cluster: cluster_from_env(&bind),
            bind,
            metrics_bind: std::env::var("CASINO_METRICS_BIND").ok().filter(|b| !b.trim().is_empty()),
            database_url: env_or("DATABASE_URL", "sqlite://data/casino.db".to_string()),
            db_max_connections: env_or("CASINO_DB_MAX_CONNECTIONS", 16),
            wallet_shards: env_or("CASINO_WALLET_SHARDS", 4),
            web_dir,
            aviator: aviator_from_env(),
            rounds: RoundConfigs::from_env(),
            mines: mines_from_env(),
            sports: sports_from_env(),
            exchange: ExchangeConfig {
                bet_delay: std::time::Duration::from_millis(env_or("CASINO_EXCHANGE_DELAY_MS", 1_000)),
                ..ExchangeConfig::default()
            },
            parchi: parchi_from_env(),
            matka: MatkaConfig::with_defaults(
                env_or("CASINO_MATKA_QUICK_SECONDS", 300),
                env_or("CASINO_ROUND_CLIENT_SEED", "casino".to_string()),
            ),
            load_test_fixtures: env_or("CASINO_LOAD_TEST", 0u8) == 1,
            test_hooks: env_or("CASINO_TEST_HOOKS", 0u8) == 1,
            actor_metrics: !std::env::var("CASINO_ACTOR_METRICS").is_ok_and(|v| v.eq_ignore_ascii_case("off")),
            accounts: accounts_from_env(),
            web: web_security_from_env(),
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

impl Config {
    /// Settings that must not go together: fixed crash points outside a load test.
    pub fn check(&self) -> anyhow::Result<()> {
        if let Some(points) = &self.aviator.fixed_crash_points {
            anyhow::ensure!(
                self.load_test_fixtures,
                "CASINO_AVIATOR_CRASH_POINTS fixes every round's outcome: it is for load tests only (CASINO_LOAD_TEST=1)"
            );
            anyhow::ensure!(
                !points.is_empty(),
                "CASINO_AVIATOR_CRASH_POINTS: multipliers of at least 1.00, like 1.5,2.37,1"
            );
        }
        let r = &self.aviator.rules;
        anyhow::ensure!(
            r.max_payout_bankroll_ppm <= casino_actors::aviator::rules::PPM_ALL
                && r.max_player_payout_bankroll_ppm <= casino_actors::aviator::rules::PPM_ALL,
            "CASINO_AVIATOR_MAX_PAYOUT_BANKROLL_BP / CASINO_AVIATOR_MAX_PLAYER_PAYOUT_BANKROLL_BP: basis points from 0 to \
             10000 with at most 2 decimals, like 112.5 (1.125 %)"
        );
        anyhow::ensure!(!r.bankroll_capital.is_negative(), "CASINO_AVIATOR_BANKROLL_CAPITAL: rupees, 0 or more");
        self.rounds.check()?;
        self.mines.check().map_err(|e| anyhow::anyhow!("Mines settings: {e}"))?;
        for (name, schedule, _) in &self.matka.defaults {
            schedule.check().map_err(|e| anyhow::anyhow!("Matka market {name}: {e}"))?;
        }
        if let Some(c) = &self.cluster {
            anyhow::ensure!(
                self.database_url.starts_with("postgres://") || self.database_url.starts_with("postgresql://"),
                "cluster mode (CASINO_NATS_URL={}) needs every node on one PostgreSQL database: set \
                 DATABASE_URL=postgres://…, or unset CASINO_NATS_URL to run one node on SQLite",
                c.nats_url
            );
            c.check().map_err(anyhow::Error::msg)?;
        }
        Ok(())
    }
}

/// A round game's settings with its timings and stakes from `CASINO_{prefix}_…`.
macro_rules! round_configs {
    ([] $(($name:ident, $Variant:ident, $Rules:path))*) => {
        /// Each round game's table, as it starts.
        #[derive(Debug, Clone)]
        pub struct RoundConfigs {
            $(pub $name: TableConfig<<$Rules as RoundRules>::Settings>,)*
        }

        impl RoundConfigs {
            fn from_env() -> RoundConfigs {
                RoundConfigs { $($name: round_table_from_env::<$Rules>(),)* }
            }

            /// Every game's rules' defaults, as `adjust` changes them (tests: faster rounds).
            pub fn defaults(client_seed: &str, adjust: impl Fn(&mut Timings, &mut StakeLimits)) -> RoundConfigs {
                RoundConfigs {
                    $($name: {
                        let mut settings = <$Rules as RoundRules>::Settings::default();
                        let (t, l) = settings.parts_mut();
                        adjust(t, l);
                        TableConfig { settings, client_seed: client_seed.into() }
                    },)*
                }
            }

            fn check(&self) -> anyhow::Result<()> {
                $(self.$name.settings.check().map_err(|e| anyhow::anyhow!("{} settings: {e}", <$Rules as RoundRules>::TITLE))?;)*
                Ok(())
            }
        }
    };
}
casino_actors::round_games!(round_configs!);

/// A round game's table from `CASINO_{GAME}_…` over its rules' defaults.
fn round_table_from_env<G: RoundRules<Settings: Default>>() -> TableConfig<G::Settings> {
    let prefix = G::NAME.to_ascii_uppercase();
    let mut settings = G::Settings::default();
    let (t, l) = settings.parts_mut();
    t.betting_ms = env_or(&format!("CASINO_{prefix}_BETTING_MS"), t.betting_ms);
    t.closed_ms = env_or(&format!("CASINO_{prefix}_CLOSED_MS"), t.closed_ms);
    t.step_ms = env_or(&format!("CASINO_{prefix}_STEP_MS"), t.step_ms);
    t.result_ms = env_or(&format!("CASINO_{prefix}_RESULT_MS"), t.result_ms);
    l.min = rupees_env(&format!("CASINO_{prefix}_MIN_BET"), l.min.get());
    l.max = rupees_env(&format!("CASINO_{prefix}_MAX_BET"), l.max.get());
    TableConfig { settings, client_seed: env_or("CASINO_ROUND_CLIENT_SEED", "casino".to_string()) }
}

fn sports_from_env() -> SportsConfig {
    let d = SportsConfig::default();
    SportsConfig {
        ball_ms: env_or("CASINO_SPORTS_BALL_MS", d.ball_ms),
        live: env_or("CASINO_SPORTS_LIVE", d.live),
        upcoming: env_or("CASINO_SPORTS_UPCOMING", d.upcoming),
        others: env_or("CASINO_SPORTS_OTHERS", d.others),
        ..d
    }
}

fn mines_from_env() -> MinesSettings {
    let d = MinesSettings::default();
    MinesSettings {
        min_bet: rupees_env("CASINO_MINES_MIN_BET", d.min_bet.get()),
        max_bet: rupees_env("CASINO_MINES_MAX_BET", d.max_bet.get()),
        house_edge_bp: env_or("CASINO_MINES_HOUSE_EDGE_BP", d.house_edge_bp),
        max_payout: rupees_env("CASINO_MINES_MAX_PAYOUT", d.max_payout.get()),
    }
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
            max_payout_bankroll_ppm: bankroll_share_env("CASINO_AVIATOR_MAX_PAYOUT_BANKROLL_BP"),
            max_player_payout_bankroll_ppm: bankroll_share_env("CASINO_AVIATOR_MAX_PLAYER_PAYOUT_BANKROLL_BP"),
            bankroll_capital: rupees_env("CASINO_AVIATOR_BANKROLL_CAPITAL", 0),
        },
        chain_length: env_or("CASINO_AVIATOR_CHAIN_LENGTH", 200_000),
        salt_source: std::env::var("CASINO_AVIATOR_SALT_SOURCE")
            .ok()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty()),
        seed_key: std::env::var("CASINO_AVIATOR_SEED_KEY")
            .ok()
            .filter(|k| !k.trim().is_empty())
            .map(|k| SeedKey::new(k.trim())),
        fixed_crash_points: std::env::var("CASINO_AVIATOR_CRASH_POINTS").ok().map(|v| crash_points(&v)),
    }
}

/// A share of the bankroll in basis points with at most 2 decimals (`112.5`) → parts per million; unset or empty: 0
/// (not used). Anything else is `u32::MAX`, which [`Config::check`] refuses.
fn bankroll_share_env(key: &str) -> u32 {
    std::env::var(key).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty()).map_or(0, |v| bankroll_share(&v))
}

fn bankroll_share(text: &str) -> u32 {
    let parsed = text.parse::<rust_decimal::Decimal>().ok().map(|d| d * rust_decimal::Decimal::ONE_HUNDRED);
    parsed
        .filter(|h| h.fract().is_zero() && !h.is_sign_negative())
        .and_then(|h| u32::try_from(h).ok())
        .filter(|&ppm| ppm <= casino_actors::aviator::rules::PPM_ALL)
        .unwrap_or(u32::MAX)
}

/// `1.5,2.37,1` → hundredths; an entry that is not a multiplier of at least 1.00 with at most two decimals makes
/// the whole list empty, which start-up refuses.
fn crash_points(list: &str) -> std::sync::Arc<[u64]> {
    let parsed: Option<Vec<u64>> = list
        .split(',')
        .map(|p| {
            let d: rust_decimal::Decimal = p.trim().parse().ok()?;
            let h = d * rust_decimal::Decimal::ONE_HUNDRED;
            (h.fract().is_zero() && h >= rust_decimal::Decimal::ONE_HUNDRED).then(|| u64::try_from(h).ok()).flatten()
        })
        .collect();
    parsed.unwrap_or_default().into()
}

#[cfg(test)]
mod crash_point_tests {
    use super::*;

    #[test]
    fn fixed_crash_points_parse_and_only_a_load_test_may_use_them() {
        assert_eq!(&*crash_points("1.5, 2.37,1"), &[150, 237, 100]);
        for bad in ["0.99", "1.234", "x", "", "1.5,,2"] {
            assert!(crash_points(bad).is_empty(), "{bad}");
        }
        let mut c = Config::from_env();
        c.aviator.fixed_crash_points = Some(crash_points("2"));
        c.load_test_fixtures = false;
        assert!(c.check().is_err(), "a production start refuses fixed outcomes");
        c.load_test_fixtures = true;
        assert!(c.check().is_ok());
        c.aviator.fixed_crash_points = Some(crash_points("0.5"));
        assert!(c.check().is_err(), "an invalid list is refused");
    }

    #[test]
    fn bankroll_shares_are_basis_points_with_two_decimals_and_bad_ones_stop_start_up() {
        assert_eq!(bankroll_share("112.5"), 11_250);
        assert_eq!(bankroll_share("75"), 7_500);
        assert_eq!(bankroll_share("0.01"), 1);
        assert_eq!(bankroll_share("10000"), 1_000_000);
        for bad in ["10000.01", "0.001", "-1", "1%", "x"] {
            assert_eq!(bankroll_share(bad), u32::MAX, "{bad}");
        }
        let mut c = Config::from_env();
        c.aviator.fixed_crash_points = None;
        c.aviator.rules.max_player_payout_bankroll_ppm = u32::MAX;
        assert!(c.check().is_err(), "a bad share stops start-up");
        c.aviator.rules.max_player_payout_bankroll_ppm = 7_500;
        c.aviator.rules.bankroll_capital = Paise::from_rupees(-1);
        assert!(c.check().is_err(), "a negative capital stops start-up");
        c.aviator.rules.bankroll_capital = Paise::from_rupees(10_000_000);
        assert!(c.check().is_ok());
    }
}

#[cfg(test)]
mod redaction_tests {
    use super::redacted_database_url;

    #[test]
    fn the_database_password_never_reaches_a_log_line() {
        assert_eq!(
            redacted_database_url("postgres://casino:s3cr%40t@db.internal:5432/casino?sslmode=require"),
            "postgres://casino:***@db.internal:5432/casino?sslmode=require"
        );
        assert_eq!(redacted_database_url("postgres://casino:p@ss/w@rd@db/casino"), "postgres://casino:***@db/casino");
        let logged = redacted_database_url("postgresql://u:hunter2@localhost/db");
        assert!(!logged.contains("hunter2"), "{logged}");
    }

    #[test]
    fn urls_without_a_password_are_logged_as_they_are() {
        assert_eq!(redacted_database_url("sqlite://data/casino.db"), "sqlite://data/casino.db");
        assert_eq!(redacted_database_url("postgres://casino@db/casino"), "postgres://casino@db/casino");
        assert_eq!(redacted_database_url("not a url"), "not a url");
    }
}
