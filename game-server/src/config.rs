//! Configuration: works with nothing set; environment variables (or `serve`'s flags) override. [`ServeArgs`] reads
//! them (`game-server serve --help` lists them all); [`Config`] is what the server is built from.

mod args;

pub use args::{
    AccountsArgs, AviatorArgs, ClusterArgs, DatabaseArgs, DatabaseUrl, GamesArgs, MoneyArgs, NotifierKind, RoundArgs,
    ServeArgs, ServerArgs, WebArgs, rupees, try_parse,
};

use casino_actors::accounts::{NotifierConfig, WebhookConfig, default_hashing_limit};
use casino_actors::aviator::chains::SeedKey;
use casino_actors::aviator::rules::RulesConfig;
use casino_actors::aviator::table::AviatorConfig;
use casino_actors::cluster::ClusterConfig;
use casino_actors::compliance::RealMoneyChecks;
use casino_actors::exchange::desk::ExchangeConfig;
use casino_actors::matka::desk::MatkaConfig;
use casino_actors::mines::rules::MinesSettings;
use casino_actors::parchi::table::ParchiConfig;
use casino_actors::play::{ModeChange, MoneyMode, PlayPoints};
use casino_actors::sports::desk::{SportsConfig, StreamSettings};
use casino_actors::table::actor::TableConfig;
use casino_actors::table::game::{GameSettings, RoundRules, StakeLimits, Timings};
use casino_http::state::{LOGIN_FAILURES_PER_ADDR, SIGNUPS_PER_ADDR_PER_HOUR};
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

/// The shortest command deadline between nodes: longer than a table's patience with the wallet
/// (`table::PATIENCE`), so the owner's answer, taken or not, always arrives.
const MIN_DEADLINE_MS: u64 = casino_actors::table::PATIENCE.as_millis() as u64 + 1_000;

/// The server's settings, from [`ServeArgs`] (each field's variables and defaults are documented there).
#[derive(Debug, Clone)]
pub struct Config {
    /// `CASINO_BIND`.
    pub bind: String,
    /// `CASINO_METRICS_BIND`: a second address serving only `GET /metrics`; `None`: metrics on the main address.
    pub metrics_bind: Option<String>,
    /// `DATABASE_URL`.
    pub database_url: String,
    /// `CASINO_DB_MAX_CONNECTIONS`.
    pub db_max_connections: u32,
    /// `CASINO_WALLET_SHARDS`.
    pub wallet_shards: usize,
    /// `CASINO_WEB_DIR`, when it holds a built client.
    pub web_dir: Option<PathBuf>,
    /// `CASINO_AVIATOR_…`.
    pub aviator: AviatorConfig,
    /// The round games (`TITLI`, `ANDAR_BAHAR`, `COLOR`): `CASINO_{GAME}_…`.
    pub rounds: RoundConfigs,
    /// `CASINO_MINES_…`; an operator's stored settings win.
    pub mines: MinesSettings,
    /// `CASINO_MATKA_QUICK_SECONDS` and the round client seed.
    pub matka: MatkaConfig,
    /// `CASINO_SPORTS_…`.
    pub sports: SportsConfig,
    /// `CASINO_STREAM_…`: the exchange stream pricing mapped matches (none by default).
    pub stream: StreamSettings,
    /// `CASINO_EXCHANGE_DELAY_MS`.
    pub exchange: ExchangeConfig,
    /// Aar Par Parchi: how long an ended game stays to be seen (nothing to configure).
    pub parchi: ParchiConfig,
    /// `CASINO_LOAD_TEST=1`: the operator's fixture-player endpoint for the load swarm.
    pub load_test_fixtures: bool,
    /// `CASINO_TEST_HOOKS=1`: the operators' test-only hooks.
    pub test_hooks: bool,
    /// `CASINO_ACTOR_METRICS` (`off`: the actors do not time their messages).
    pub actor_metrics: bool,
    /// Reset-code delivery, trusted proxies and the limits on unauthenticated work.
    pub accounts: AccountsConfig,
    /// Browser protections, socket limits and HTTP timeouts.
    pub web: WebSecurity,
    /// Cluster mode, when `CASINO_NATS_URL` is set; [`Config::check`] refuses what is missing.
    pub cluster: Option<ClusterConfig>,
    /// `CASINO_MONEY_MODE`, `CASINO_MONEY_MODE_CHANGE` and play mode's points (`CASINO_PLAY_…`).
    pub money: MoneySettings,
}

/// What the platform plays for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoneySettings {
    pub mode: MoneyMode,
    pub change: ModeChange,
    pub points: PlayPoints,
    /// Real mode's checks: age, regions, identity before withdrawal.
    pub checks: RealMoneyChecks,
}

impl Default for MoneySettings {
    fn default() -> Self {
        MoneySettings {
            mode: MoneyMode::Real,
            change: ModeChange::Refuse,
            points: PlayPoints::default(),
            checks: RealMoneyChecks::default(),
        }
    }
}

impl From<ServeArgs> for Config {
    fn from(args: ServeArgs) -> Config {
        let ServeArgs { server, database, aviator, rounds, games, money, accounts, web, cluster } = args;
        if games.parchi_close_balls.is_some() {
            eprintln!("CASINO_PARCHI_CLOSE_BALLS is ignored: three-card plays always close at a match's first ball");
        }
        let client_seed = rounds.round_client_seed.clone();
        Config {
            cluster: cluster.config(&server.bind),
            bind: server.bind,
            metrics_bind: server.metrics_bind,
            database_url: database.url.database_url,
            db_max_connections: database.db_max_connections,
            wallet_shards: server.wallet_shards,
            web_dir: Some(server.web_dir).filter(|p| p.join("index.html").exists()),
            aviator: aviator.config(),
            rounds: RoundConfigs::from_args(&rounds),
            mines: MinesSettings {
                min_bet: games.mines_min_bet,
                max_bet: games.mines_max_bet,
                house_edge_bp: games.mines_house_edge_bp,
                max_payout: games.mines_max_payout,
            },
            sports: SportsConfig {
                ball_ms: games.sports_ball_ms,
                live: games.sports_live,
                upcoming: games.sports_upcoming,
                others: games.sports_others,
                ..SportsConfig::default()
            },
            stream: StreamSettings {
                addr: games.stream_addr,
                tls: games.stream_tls,
                roots: games.stream_ca_file,
                app_key: games.stream_app_key,
                session: games.stream_session,
                heartbeat_ms: games.stream_heartbeat_ms,
                margin: games.stream_margin,
            },
            exchange: ExchangeConfig {
                bet_delay: Duration::from_millis(games.exchange_delay_ms),
                ..ExchangeConfig::default()
            },
            parchi: ParchiConfig::default(),
            matka: MatkaConfig::with_defaults(games.matka_quick_seconds, client_seed),
            load_test_fixtures: server.load_test,
            test_hooks: server.test_hooks,
            actor_metrics: server.actor_metrics,
            accounts: accounts.config(),
            web: web.config(),
            money: MoneySettings {
                checks: money.real_money_checks(),
                mode: money.money_mode,
                change: money.money_mode_change,
                points: PlayPoints { grant: money.play_grant, top_up: money.play_top_up, ceiling: money.play_ceiling },
            },
        }
    }
}

impl AviatorArgs {
    pub fn config(self) -> AviatorConfig {
        AviatorConfig {
            rules: RulesConfig {
                min_bet: self.aviator_min_bet,
                max_bet: self.aviator_max_bet,
                countdown_ms: self.aviator_countdown_ms,
                pause_ms: self.aviator_pause_ms,
                max_payout_per_round: self.aviator_max_payout,
                house_edge_bp: self.aviator_house_edge_bp,
                max_payout_bankroll_ppm: self.aviator_max_payout_bankroll_ppm,
                max_player_payout_bankroll_ppm: self.aviator_max_player_payout_bankroll_ppm,
                bankroll_capital: self.aviator_bankroll_capital,
            },
            chain_length: self.aviator_chain_length,
            salt_source: self.aviator_salt_source,
            seed_key: self.aviator_seed_key.map(|k| SeedKey::new(&k)),
            fixed_crash_points: self.aviator_crash_points,
        }
    }
}

impl ClusterArgs {
    /// Cluster mode's settings, when `CASINO_NATS_URL` is set; `bind` is where this node serves HTTP.
    fn config(self, bind: &str) -> Option<ClusterConfig> {
        let nats = casino_actors::cluster::nats::NatsAccess {
            creds: self.nats_creds,
            nkey: self.nats_nkey,
            user: self.nats_user,
            password: self.nats_password,
            token: self.nats_token,
            tls_ca: self.nats_tls_ca,
            tls_cert: self.nats_tls_cert,
            tls_key: self.nats_tls_key,
            insecure: self.nats_insecure,
        };
        Some(ClusterConfig {
            node: self.node_id.unwrap_or_else(ClusterConfig::generated_node_id),
            nats_url: self.nats_url?,
            lease_ttl: Duration::from_millis(self.lease_ttl_ms.max(300)),
            deadline: Duration::from_millis(self.nats_deadline_ms.max(MIN_DEADLINE_MS)),
            address: bind.to_string(),
            nats,
            secret: self.cluster_secret.map(casino_actors::cluster::signed::Secret::new),
            max_skew: Duration::from_millis(self.cluster_max_skew_ms),
        })
    }
}

impl AccountsArgs {
    fn config(self) -> AccountsConfig {
        let webhook = || {
            // A missing URL or secret is refused at start-up.
            NotifierConfig::Webhook(WebhookConfig::new(
                self.notifier_webhook_url.clone().unwrap_or_default(),
                self.notifier_webhook_secret.clone().unwrap_or_default(),
            ))
        };
        let notifier = match self.notifier {
            Some(NotifierKind::Log) => NotifierConfig::Log,
            Some(NotifierKind::Webhook) => webhook(),
            Some(NotifierKind::None) => NotifierConfig::Disabled,
            // Naming a webhook URL is enough to choose it.
            None if self.notifier_webhook_url.is_some() => webhook(),
            None => NotifierConfig::Disabled,
        };
        AccountsConfig {
            notifier,
            trusted_proxies: self.trusted_proxies,
            ipv6_prefix: self.ipv6_prefix.clamp(32, 128),
            hashing_concurrency: self.hashing_concurrency,
            login_failures_per_addr: self.login_failures_per_addr,
            signups_per_addr_per_hour: self.signups_per_addr_per_hour,
        }
    }
}

impl WebArgs {
    fn config(self) -> WebSecurity {
        let allowed_origins =
            casino_http::security::SecurityConfig::parse_origins(self.allowed_origins.as_deref().unwrap_or_default());
        WebSecurity {
            http: casino_http::security::SecurityConfig {
                secure_cookies: self.secure_cookies,
                allowed_origins: allowed_origins.clone(),
            },
            socket: casino_http::socketio::SocketConfig {
                max_per_addr: self.socket_max_per_addr,
                max_per_loopback: self.socket_max_per_loopback,
                max_per_user: self.socket_max_per_user,
                outbox_max_bytes: self.socket_outbox_bytes,
                session_check_interval: Duration::from_millis(self.socket_session_check_ms),
                allowed_origins,
                ..casino_http::socketio::SocketConfig::default()
            },
            timeouts: HttpTimeouts {
                head: Duration::from_millis(self.header_timeout_ms),
                body: Duration::from_millis(self.body_timeout_ms),
                keep_alive: Duration::from_millis(self.keep_alive_ms),
            },
        }
    }
}

/// Cookies, trusted origins, Socket.IO connection limits and how long a client may take over a request.
#[derive(Debug, Clone, Default)]
pub struct WebSecurity {
    /// `CASINO_SECURE_COOKIES` and `CASINO_ALLOWED_ORIGINS`.
    pub http: casino_http::security::SecurityConfig,
    /// `CASINO_SOCKET_…`.
    pub socket: casino_http::socketio::SocketConfig,
    /// How long a client may take over a request; see [`HttpTimeouts`].
    pub timeouts: HttpTimeouts,
}

/// How long a client may take: `CASINO_HEADER_TIMEOUT_MS` to send a request's head, `CASINO_BODY_TIMEOUT_MS` (0: off)
/// to send its body, both then answered 408 `request_timeout`; `CASINO_KEEP_ALIVE_MS` an idle connection is kept open
/// for its next request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HttpTimeouts {
    pub head: Duration,
    pub body: Duration,
    pub keep_alive: Duration,
}

impl Default for HttpTimeouts {
    fn default() -> Self {
        HttpTimeouts {
            head: Duration::from_secs(5),
            body: Duration::from_secs(10),
            keep_alive: Duration::from_secs(30),
        }
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
    /// `CASINO_NOTIFIER`, `CASINO_NOTIFIER_WEBHOOK_URL` and `CASINO_NOTIFIER_WEBHOOK_SECRET`.
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
        let p = &self.money.points;
        anyhow::ensure!(
            !p.grant.is_negative() && !p.top_up.is_negative() && p.ceiling >= p.grant && p.ceiling >= p.top_up,
            "CASINO_PLAY_GRANT, CASINO_PLAY_TOP_UP, CASINO_PLAY_CEILING: rupees, 0 or more, the ceiling at least the \
             grant and the top-up"
        );
        self.rounds.check()?;
        self.check_stream()?;
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

impl Config {
    /// The exchange stream can be reached as set: over TLS, a host a certificate can be checked for; extra roots only
    /// with TLS.
    fn check_stream(&self) -> anyhow::Result<()> {
        let s = &self.stream;
        if !s.configured() {
            return Ok(());
        }
        if s.tls() {
            let roots = s.roots.clone().unwrap_or_default();
            casino_actors::sports::stream::client::Tls::new(&s.addr, &roots)
                .map_err(|e| anyhow::anyhow!("CASINO_STREAM_ADDR={} over TLS (CASINO_STREAM_TLS): {e}", s.addr))?;
        } else if let Some(roots) = &s.roots {
            anyhow::bail!(
                "CASINO_STREAM_CA_FILE={} is for TLS, but the stream at CASINO_STREAM_ADDR={} is reached over plain TCP \
                 (CASINO_STREAM_TLS is off, or unset and the port is not 443): set CASINO_STREAM_TLS=on, or unset \
                 CASINO_STREAM_CA_FILE",
                roots.source,
                s.addr
            );
        }
        Ok(())
    }
}

/// Each round game's table, from `CASINO_{GAME}_…` ([`RoundArgs`]).
macro_rules! round_configs {
    ([] $(($name:ident, $Variant:ident, $Rules:path))*) => {
        /// Each round game's table, as it starts.
        #[derive(Debug, Clone)]
        pub struct RoundConfigs {
            $(pub $name: TableConfig<<$Rules as RoundRules>::Settings>,)*
        }

        impl RoundConfigs {
            fn from_args(args: &RoundArgs) -> RoundConfigs {
                RoundConfigs { $($name: args.$name.table(&args.round_client_seed),)* }
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

/// A share of the bankroll in basis points with at most 2 decimals (`112.5`) → parts per million; anything else is
/// `u32::MAX`, which [`Config::check`] refuses.
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
    use casino_actors::money::Paise;

    #[test]
    fn fixed_crash_points_parse_and_only_a_load_test_may_use_them() {
        assert_eq!(&*crash_points("1.5, 2.37,1"), &[150, 237, 100]);
        for bad in ["0.99", "1.234", "x", "", "1.5,,2"] {
            assert!(crash_points(bad).is_empty(), "{bad}");
        }
        let mut c = Config::from(ServeArgs::defaults());
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
        let mut c = Config::from(ServeArgs::defaults());
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

#[cfg(test)]
mod args_tests {
    use super::*;
    use casino_actors::money::Paise;
    use std::ffi::OsString;

    /// `serve`'s settings on their own, as the binary parses them.
    #[derive(clap::Parser, Debug)]
    struct Serve {
        #[command(flatten)]
        args: ServeArgs,
    }

    fn with_flags(flags: &[&str]) -> Result<ServeArgs, String> {
        let argv: Vec<OsString> = std::iter::once("serve").chain(flags.iter().copied()).map(Into::into).collect();
        try_parse::<Serve>(&argv).map(|s| s.args).map_err(|e| e.to_string())
    }

    /// What [`the_environment_in_a_child`] prints for `env`: this test binary run again with only these `CASINO_*`
    /// variables (a test cannot safely change its own process's environment).
    fn with_env(env: &[(&str, &str)]) -> String {
        let mut child = std::process::Command::new(std::env::current_exe().unwrap());
        child.args(["--exact", "config::args_tests::the_environment_in_a_child", "--nocapture", "--test-threads=1"]);
        for (key, _) in std::env::vars_os() {
            if key.to_str().is_some_and(|k| k.starts_with("CASINO_") || k == "DATABASE_URL") {
                child.env_remove(key);
            }
        }
        let out = child.envs(env.iter().copied()).env("CONFIG_TEST_CHILD", "1").output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let line = stdout.lines().find_map(|l| l.split_once("PARSED: ").map(|(_, parsed)| parsed));
        line.unwrap_or_else(|| panic!("no result from the child: {stdout}")).to_string()
    }

    /// In a child started by [`with_env`] (else nothing): `serve`'s settings from the environment, on one line.
    #[test]
    fn the_environment_in_a_child() {
        if std::env::var_os("CONFIG_TEST_CHILD").is_none() {
            return;
        }
        let parsed = match try_parse::<Serve>(&["game-server".into()]) {
            Ok(Serve { args }) => {
                let c = Config::from(args);
                format!(
                    "live={} hashing={} aviator_max_bet={} mines_min_bet={} proxies={:?} load_test={} metrics={}",
                    c.sports.live,
                    c.accounts.hashing_concurrency,
                    c.aviator.rules.max_bet.get(),
                    c.mines.min_bet.get(),
                    c.accounts.trusted_proxies,
                    c.load_test_fixtures,
                    c.actor_metrics,
                )
            }
            Err(e) => format!("{:?} {}", e.kind(), e.to_string().replace('\n', " ")),
        };
        println!("PARSED: {parsed}");
    }

    #[test]
    fn defaults_blank_values_rupees_and_a_bad_value_naming_its_variable() {
        let hashing = default_hashing_limit();
        let defaults = format!(
            "live=4 hashing={hashing} aviator_max_bet=5091045 mines_min_bet=1000 proxies=[] load_test=false metrics=true"
        );
        assert_eq!(with_env(&[]), defaults);
        assert_eq!(with_env(&[("CASINO_HASHING_CONCURRENCY", " "), ("CASINO_SPORTS_LIVE", "")]), defaults);
        assert_eq!(
            with_env(&[
                ("CASINO_SPORTS_LIVE", " 7 "),
                ("CASINO_AVIATOR_MAX_BET", " 12.5"),
                ("CASINO_MINES_MIN_BET", "20.05"),
                ("CASINO_TRUSTED_PROXIES", "10.0.0.1, ::ffff:10.0.0.2"),
                ("CASINO_LOAD_TEST", "1"),
                ("CASINO_ACTOR_METRICS", "OFF"),
            ]),
            format!(
                "live=7 hashing={hashing} aviator_max_bet=1250 mines_min_bet=2005 proxies=[10.0.0.1, 10.0.0.2] \
                 load_test=true metrics=false"
            )
        );
        let bad = with_env(&[("CASINO_SPORTS_LIVE", "four")]);
        assert!(bad.starts_with("ValueValidation"), "{bad}");
        assert!(
            bad.contains(r#"CASINO_SPORTS_LIVE="four" is not a valid value (invalid digit found in string)"#),
            "{bad}"
        );
        let rupees = with_env(&[("CASINO_AVIATOR_MIN_BET", "10.555")]);
        assert!(
            rupees.contains(r#"CASINO_AVIATOR_MIN_BET="10.555" is not a valid value (rupees with at most 2"#),
            "{rupees}"
        );
        let proxy = with_env(&[("CASINO_TRUSTED_PROXIES", "10.0.0.1,proxy")]);
        assert!(proxy.contains(r#"CASINO_TRUSTED_PROXIES="proxy" is not a valid value"#), "{proxy}");
    }

    #[test]
    fn flags_set_the_same_settings_and_a_bad_flag_is_named_as_a_flag() {
        let args =
            with_flags(&["--aviator-max-bet", "12.5", "--sports-live=3", "--aviator-crash-points", "1.5, 2"]).unwrap();
        assert_eq!(args.aviator.aviator_max_bet, Paise::new(1_250));
        assert_eq!(args.games.sports_live, 3);
        assert_eq!(args.aviator.aviator_crash_points.as_deref(), Some(&[150, 200][..]));
        let bad = with_flags(&["--sports-live", "four"]).unwrap_err();
        assert!(bad.contains("invalid value 'four' for '--sports-live"), "{bad}");
        for bad in [&["--aviator-min-bet", "10.555"][..], &["--aviator-crash-points", "0.5"], &["--ipv6-prefix", "x"]] {
            assert!(with_flags(bad).is_err(), "{bad:?}");
        }
        assert_eq!(rupees(" 50910.45 "), Ok(Paise::new(5_091_045)));
        assert_eq!(rupees("-1"), Ok(Paise::from_rupees(-1)));
        assert!(rupees("1e3.5").is_err() && rupees("ten").is_err() && rupees("").is_err());
    }

    #[test]
    fn the_stream_is_tls_on_port_443_or_as_set_and_a_bad_tls_setting_stops_the_start() {
        let config = |flags: &[&str]| Config::from(with_flags(flags).unwrap());
        let betfair = config(&["--stream-addr", "stream-api.betfair.com:443"]);
        assert!(betfair.stream.tls() && betfair.stream.roots.is_none());
        betfair.check().unwrap();
        let relay = config(&["--stream-addr", "127.0.0.1:4000"]);
        assert!(!relay.stream.tls());
        relay.check().unwrap();
        assert!(config(&["--stream-addr", "127.0.0.1:4000", "--stream-tls", "ON"]).stream.tls());
        assert!(!config(&["--stream-addr", "stream-api.betfair.com:443", "--stream-tls=off"]).stream.tls());
        assert!(with_flags(&["--stream-tls", "maybe"]).is_err());
        let unreadable = with_flags(&["--stream-ca-file", "/nonexistent/ca.pem"]).unwrap_err();
        assert!(unreadable.contains("cannot read /nonexistent/ca.pem"), "{unreadable}");

        // Extra roots for a plain connection, or TLS to a host no certificate names: refused, naming the variables.
        let mut plain = relay.clone();
        let certs: std::sync::Arc<[_]> = Vec::new().into();
        plain.stream.roots =
            Some(casino_actors::sports::stream::client::Roots { source: "relay-ca.pem".into(), certs });
        let refused = plain.check().unwrap_err().to_string();
        assert!(refused.starts_with("CASINO_STREAM_CA_FILE=relay-ca.pem is for TLS"), "{refused}");
        assert!(refused.contains("CASINO_STREAM_TLS=on"), "{refused}");
        plain.stream.tls = Some(true);
        plain.check().unwrap();
        let nameless = config(&["--stream-addr", "no such host:443"]);
        let refused = nameless.check().unwrap_err().to_string();
        assert!(refused.starts_with("CASINO_STREAM_ADDR=no such host:443 over TLS"), "{refused}");
        let mut unset = nameless;
        unset.stream.addr = String::new();
        unset.check().unwrap();
    }

    #[test]
    fn a_bad_stream_tls_variable_or_an_unreadable_ca_file_is_named() {
        let tls = with_env(&[("CASINO_STREAM_TLS", "maybe")]);
        assert!(tls.contains(r#"CASINO_STREAM_TLS="maybe" is not a valid value (on or off)"#), "{tls}");
        let ca = with_env(&[("CASINO_STREAM_CA_FILE", "/nonexistent/ca.pem")]);
        assert!(
            ca.contains(
                r#"CASINO_STREAM_CA_FILE="/nonexistent/ca.pem" is not a valid value (cannot read /nonexistent/ca.pem"#
            ),
            "{ca}"
        );
        assert!(ca.contains("nothing was started"), "{ca}");
    }

    #[test]
    fn defaults_ignore_the_environment_and_make_a_config_that_passes_its_checks() {
        let c = Config::from(ServeArgs::defaults());
        assert_eq!((c.bind.as_str(), c.database_url.as_str()), ("127.0.0.1:8080", "sqlite://data/casino.db"));
        assert_eq!((c.db_max_connections, c.wallet_shards, c.sports.live), (16, 4, 4));
        assert_eq!(c.aviator.rules.min_bet, Paise::from_rupees(10));
        assert_eq!(c.rounds.titli.client_seed, "casino");
        assert!(c.cluster.is_none() && c.metrics_bind.is_none());
        c.check().unwrap();
    }
}
