//! `serve`'s settings as clap arguments: each one an environment variable (or its `--flag`), typed, with its default
//! and what it does (`game-server serve --help` lists them all). A blank value means the default; a value that does not
//! parse stops the start with a message naming the variable ([`try_parse`]).

use casino_actors::accounts::default_hashing_limit;
use casino_actors::compliance::RealMoneyChecks;
use casino_actors::compliance::rules::{AllowedRegions, Thresholds};
use casino_actors::money::Paise;
use casino_actors::play::{ModeChange, MoneyMode, PlayPoints};
use casino_actors::table::actor::TableConfig;
use casino_actors::table::game::{GameSettings, RoundRules, StakeLimits, Timings};
use casino_http::state::{LOGIN_FAILURES_PER_ADDR, SIGNUPS_PER_ADDR_PER_HOUR};
use clap::{Arg, ArgAction, Command, FromArgMatches};
use std::ffi::OsString;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// Everything `serve` reads, by group.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    #[command(flatten)]
    pub database: DatabaseArgs,
    #[command(flatten)]
    pub aviator: AviatorArgs,
    #[command(flatten)]
    pub rounds: RoundArgs,
    #[command(flatten)]
    pub games: GamesArgs,
    #[command(flatten)]
    pub money: MoneyArgs,
    #[command(flatten)]
    pub accounts: AccountsArgs,
    #[command(flatten)]
    pub web: WebArgs,
    #[command(flatten)]
    pub cluster: ClusterArgs,
}

/// Where the server listens and what it serves.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Server")]
pub struct ServerArgs {
    /// The address to listen on; port 0 picks a free port.
    #[arg(long, env = "CASINO_BIND", default_value = "127.0.0.1:8080", value_parser = trimmed::<String>)]
    pub bind: String,
    /// A second address serving only `GET /metrics`, without a login, for Prometheus (keep it private). Unset: metrics
    /// only at `/metrics` on the main address, for operators.
    #[arg(long, env = "CASINO_METRICS_BIND", value_parser = trimmed::<String>)]
    pub metrics_bind: Option<String>,
    /// The built web client to serve; skipped when it has no `index.html`.
    #[arg(long, env = "CASINO_WEB_DIR", default_value = "web/dist", value_parser = trimmed::<PathBuf>)]
    pub web_dir: PathBuf,
    /// Wallet actors; each is the only writer of its users' balances.
    #[arg(long, env = "CASINO_WALLET_SHARDS", default_value_t = 4, value_parser = trimmed::<usize>)]
    pub wallet_shards: usize,
    /// `1` enables the operator's fixture-player endpoint used by the load swarm (fixture players: token only, no
    /// deposits or withdrawals, funded from a separate load-test account).
    #[arg(long, env = "CASINO_LOAD_TEST", default_value = "0", value_parser = one, action = ArgAction::Set)]
    pub load_test: bool,
    /// `1` enables the operators' test-only hooks (`/api/admin/test/…`: a cricket match a test moves step by step);
    /// never set it in production, where those routes answer 404.
    #[arg(long, env = "CASINO_TEST_HOOKS", default_value = "0", value_parser = one, action = ArgAction::Set)]
    pub test_hooks: bool,
    /// `off` stops the actors timing their messages (their own figures are still shown); for measuring what the
    /// measuring costs.
    #[arg(long, env = "CASINO_ACTOR_METRICS", default_value = "on", value_parser = on_off, action = ArgAction::Set)]
    pub actor_metrics: bool,
}

/// What the platform plays for (docs/OPERATORS.md, "Money modes").
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Money")]
pub struct MoneyArgs {
    /// `real`: points are rupees, deposited by UPI and withdrawn; `play`: points with no cash value (a grant and a
    /// daily top-up), no deposits or withdrawals — where money games are not allowed, as in India since 2025.
    #[arg(long, env = "CASINO_MONEY_MODE", default_value = "real", value_parser = money_mode, value_name = "real|play")]
    pub money_mode: MoneyMode,
    /// What a start in the other mode than the database's last does while players hold balances: `refuse` (start
    /// only when nobody holds anything), or `void-play-points` (play → real: the play points go back to the platform).
    #[arg(
        long,
        env = "CASINO_MONEY_MODE_CHANGE",
        default_value = "refuse",
        value_parser = mode_change,
        value_name = "refuse|void-play-points"
    )]
    pub money_mode_change: ModeChange,
    /// Play mode: the points a new player starts with.
    #[arg(long, env = "CASINO_PLAY_GRANT", default_value_t = PlayPoints::default().grant, value_parser = rupees)]
    pub play_grant: Paise,
    /// Play mode: the points a player may claim once an IST day…
    #[arg(long, env = "CASINO_PLAY_TOP_UP", default_value_t = PlayPoints::default().top_up, value_parser = rupees)]
    pub play_top_up: Paise,
    /// …never taking the balance past this.
    #[arg(long, env = "CASINO_PLAY_CEILING", default_value_t = PlayPoints::default().ceiling, value_parser = rupees)]
    pub play_ceiling: Paise,
    /// Real mode: the youngest a player may sign up, in full years (India's day).
    #[arg(long, env = "CASINO_MIN_AGE", default_value_t = 18, value_parser = trimmed::<u32>)]
    pub min_age: u32,
    /// Real mode: the regions players may declare and play from, comma-separated ISO 3166 codes (`IN-SK,IN-NL,MT`;
    /// a country's code allows all its states). `*`: every region. Players whose region is left out keep their
    /// accounts and may withdraw; their bets and deposits are refused.
    #[arg(long, env = "CASINO_ALLOWED_REGIONS", default_value = "*", value_parser = allowed_regions)]
    pub allowed_regions: AllowedRegions,
    /// Real mode: a withdrawal above this needs a verified identity…
    #[arg(long, env = "CASINO_KYC_WITHDRAWAL", default_value_t = Thresholds::default().single, value_parser = rupees)]
    pub kyc_withdrawal: Paise,
    /// …and so do withdrawals past this over 30 days (pending and paid, the new one included).
    #[arg(
        long,
        env = "CASINO_KYC_WITHDRAWALS_30_DAYS",
        default_value_t = Thresholds::default().rolling_30_days,
        value_parser = rupees
    )]
    pub kyc_withdrawals_30_days: Paise,
    /// Real mode: the largest identity document image accepted, in kilobytes (1024 bytes).
    #[arg(long, env = "CASINO_KYC_MAX_FILE_KB", default_value_t = 2048, value_parser = trimmed::<usize>)]
    pub kyc_max_file_kb: usize,
}

impl MoneyArgs {
    pub fn real_money_checks(&self) -> RealMoneyChecks {
        RealMoneyChecks {
            min_age: self.min_age,
            regions: self.allowed_regions.clone(),
            thresholds: Thresholds { single: self.kyc_withdrawal, rolling_30_days: self.kyc_withdrawals_30_days },
            max_document_bytes: self.kyc_max_file_kb.saturating_mul(1024),
        }
    }
}

/// The database, for every command that opens it.
#[derive(clap::Args, Debug, Clone)]
pub struct DatabaseUrl {
    /// A SQLite file (created with its folder), or `postgres://…` for PostgreSQL.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite://data/casino.db",
        value_parser = trimmed::<String>,
        hide_env_values = true
    )]
    pub database_url: String,
}

#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Database")]
pub struct DatabaseArgs {
    #[command(flatten)]
    pub url: DatabaseUrl,
    /// The database pool's size.
    #[arg(long, env = "CASINO_DB_MAX_CONNECTIONS", default_value_t = 16, value_parser = trimmed::<u32>)]
    pub db_max_connections: u32,
}

/// Aviator's table. Amounts in rupees with at most 2 decimals.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Aviator")]
pub struct AviatorArgs {
    /// The betting window before each flight (ms).
    #[arg(long, env = "CASINO_AVIATOR_COUNTDOWN_MS", default_value_t = 10_000, value_parser = trimmed::<i64>)]
    pub aviator_countdown_ms: i64,
    /// The pause after a crash (ms).
    #[arg(long, env = "CASINO_AVIATOR_PAUSE_MS", default_value_t = 3_000, value_parser = trimmed::<i64>)]
    pub aviator_pause_ms: i64,
    /// The smallest stake (rupees).
    #[arg(long, env = "CASINO_AVIATOR_MIN_BET", default_value_t = Paise::from_rupees(10), value_parser = rupees)]
    pub aviator_min_bet: Paise,
    /// The largest stake (rupees).
    #[arg(long, env = "CASINO_AVIATOR_MAX_BET", default_value_t = Paise::new(5_091_045), value_parser = rupees)]
    pub aviator_max_bet: Paise,
    /// The liability cap per round (rupees; 5 crore): a round's cap is the smaller of this and the bankroll share.
    #[arg(
        long,
        env = "CASINO_AVIATOR_MAX_PAYOUT",
        default_value_t = Paise::from_rupees(50_000_000),
        value_parser = rupees
    )]
    pub aviator_max_payout: Paise,
    /// The house edge in basis points (300 = 3 %, RTP 97 %), fixed when a chain is created (applies from the next
    /// chain).
    #[arg(long, env = "CASINO_AVIATOR_HOUSE_EDGE_BP", default_value_t = 300, value_parser = trimmed::<u32>)]
    pub aviator_house_edge_bp: u32,
    /// The round's cap as a share of the bankroll, in basis points with at most 2 decimals (bustabit: 112.5 =
    /// 1.125 %); 0: the amount alone. When the cap is reached the largest bets are cashed out first.
    #[arg(
        long = "aviator-max-payout-bankroll-bp",
        env = "CASINO_AVIATOR_MAX_PAYOUT_BANKROLL_BP",
        default_value = "0",
        value_parser = bankroll_share_ppm,
        value_name = "BP"
    )]
    pub aviator_max_payout_bankroll_ppm: u32,
    /// The most one player is paid in a round (both slots), as a share of the bankroll in basis points with at most 2
    /// decimals (bustabit: 75 = 0.75 %); a player reaching it is cashed out there. 0: no cap per player.
    #[arg(
        long = "aviator-max-player-payout-bankroll-bp",
        env = "CASINO_AVIATOR_MAX_PLAYER_PAYOUT_BANKROLL_BP",
        default_value = "0",
        value_parser = bankroll_share_ppm,
        value_name = "BP"
    )]
    pub aviator_max_player_payout_bankroll_ppm: u32,
    /// Rupees the operator puts behind the game: the bankroll is this plus the house's result on the books, read
    /// between rounds. A negative capital stops start-up; an operator's stored settings win.
    #[arg(
        long,
        env = "CASINO_AVIATOR_BANKROLL_CAPITAL",
        default_value_t = Paise::ZERO,
        value_parser = rupees,
        allow_negative_numbers = true
    )]
    pub aviator_bankroll_capital: Paise,
    /// Rounds in each committed hash chain; the next chain is committed a whole chain ahead.
    #[arg(long, env = "CASINO_AVIATOR_CHAIN_LENGTH", default_value_t = 200_000, value_parser = trimmed::<usize>)]
    pub aviator_chain_length: usize,
    /// The announced public value each later chain's salt will be (e.g. `the hash of Bitcoin block 900000`): such a
    /// chain is committed without a salt and cannot start until an operator enters that value. Unset: the server draws
    /// each salt.
    #[arg(long, env = "CASINO_AVIATOR_SALT_SOURCE", value_parser = trimmed::<String>)]
    pub aviator_salt_source: Option<String>,
    /// A secret (keep it out of the database and its backups) chain seeds are derived from; the database keeps only
    /// nonces. A chain whose seed does not match its commitment (a wrong key) stops start-up. Unset: seeds are stored
    /// as they are.
    #[arg(long, env = "CASINO_AVIATOR_SEED_KEY", value_parser = trimmed::<String>, hide_env_values = true)]
    pub aviator_seed_key: Option<String>,
    /// Load tests only (needs CASINO_LOAD_TEST=1): crash points played in order, round after round, like
    /// `1.5,2.37,1` (multipliers of at least 1.00 with at most 2 decimals).
    #[arg(long, env = "CASINO_AVIATOR_CRASH_POINTS", value_parser = crash_point_list, value_name = "LIST")]
    pub aviator_crash_points: Option<Arc<[u64]>>,
}

/// A round game's timings and stakes, `CASINO_{GAME}_…` over its rules' defaults.
macro_rules! round_game_args {
    ($Args:ident, $Rules:ty, $title:literal, $env:literal, $flag:literal) => {
        #[doc = concat!($title, "'s round: `CASINO_", $env, "_…`.")]
        #[derive(clap::Args, Debug, Clone)]
        #[command(next_help_heading = $title)]
        pub struct $Args {
            #[arg(
                                        id = concat!($flag, "-betting-ms"),
                                        long = concat!($flag, "-betting-ms"),
                                        env = concat!("CASINO_", $env, "_BETTING_MS"),
                                        default_value_t = round_defaults::<$Rules>().0.betting_ms,
                                        value_parser = trimmed::<i64>,
                                        value_name = "MS",
                                        help = "Bets are taken for this long after the round opens (ms)"
                                    )]
            pub betting_ms: i64,
            #[arg(
                                        id = concat!($flag, "-closed-ms"),
                                        long = concat!($flag, "-closed-ms"),
                                        env = concat!("CASINO_", $env, "_CLOSED_MS"),
                                        default_value_t = round_defaults::<$Rules>().0.closed_ms,
                                        value_parser = trimmed::<i64>,
                                        value_name = "MS",
                                        help = "Then the table waits this long before the reveal (ms)"
                                    )]
            pub closed_ms: i64,
            #[arg(
                                        id = concat!($flag, "-step-ms"),
                                        long = concat!($flag, "-step-ms"),
                                        env = concat!("CASINO_", $env, "_STEP_MS"),
                                        default_value_t = round_defaults::<$Rules>().0.step_ms,
                                        value_parser = trimmed::<i64>,
                                        value_name = "MS",
                                        help = "A reveal of n steps (cards) lasts n times this (ms)"
                                    )]
            pub step_ms: i64,
            #[arg(
                                        id = concat!($flag, "-result-ms"),
                                        long = concat!($flag, "-result-ms"),
                                        env = concat!("CASINO_", $env, "_RESULT_MS"),
                                        default_value_t = round_defaults::<$Rules>().0.result_ms,
                                        value_parser = trimmed::<i64>,
                                        value_name = "MS",
                                        help = "The result stays on screen this long before the next round opens (ms)"
                                    )]
            pub result_ms: i64,
            #[arg(
                                        id = concat!($flag, "-min-bet"),
                                        long = concat!($flag, "-min-bet"),
                                        env = concat!("CASINO_", $env, "_MIN_BET"),
                                        default_value_t = round_defaults::<$Rules>().1.min,
                                        value_parser = rupees,
                                        value_name = "RUPEES",
                                        help = "The smallest stake on a line (rupees)"
                                    )]
            pub min_bet: Paise,
            #[arg(
                                        id = concat!($flag, "-max-bet"),
                                        long = concat!($flag, "-max-bet"),
                                        env = concat!("CASINO_", $env, "_MAX_BET"),
                                        default_value_t = round_defaults::<$Rules>().1.max,
                                        value_parser = rupees,
                                        value_name = "RUPEES",
                                        help = "The largest stake on a line (rupees)"
                                    )]
            pub max_bet: Paise,
        }

        impl $Args {
            /// The game's table: its rules' defaults with these timings and stakes.
            pub fn table(&self, client_seed: &str) -> TableConfig<<$Rules as RoundRules>::Settings> {
                let mut settings = <<$Rules as RoundRules>::Settings>::default();
                let (t, l) = settings.parts_mut();
                *t = Timings {
                    betting_ms: self.betting_ms,
                    closed_ms: self.closed_ms,
                    step_ms: self.step_ms,
                    result_ms: self.result_ms,
                };
                (l.min, l.max) = (self.min_bet, self.max_bet);
                TableConfig { settings, client_seed: client_seed.into() }
            }
        }
    };
}

round_game_args!(TitliArgs, casino_actors::titli::rules::Titli, "Titli Par", "TITLI", "titli");
round_game_args!(
    AndarBaharArgs,
    casino_actors::andar_bahar::rules::AndarBahar,
    "Andar Bahar",
    "ANDAR_BAHAR",
    "andar-bahar"
);
round_game_args!(ColorArgs, casino_actors::color::rules::Color, "Color", "COLOR", "color");

/// A round game's default timings and stakes.
fn round_defaults<G: RoundRules<Settings: Default>>() -> (Timings, StakeLimits) {
    let mut settings = G::Settings::default();
    let (t, l) = settings.parts_mut();
    (*t, *l)
}

/// The round games (fields named as in [`crate::config::RoundConfigs`]).
#[derive(clap::Args, Debug, Clone)]
pub struct RoundArgs {
    #[command(flatten)]
    pub titli: TitliArgs,
    #[command(flatten)]
    pub andar_bahar: AndarBaharArgs,
    #[command(flatten)]
    pub color: ColorArgs,
    /// The public text mixed into every round game's draw (see `/api/fair/{game}`) and every drawn Matka result.
    #[arg(
        long,
        env = "CASINO_ROUND_CLIENT_SEED",
        default_value = "casino",
        value_parser = trimmed::<String>,
        help_heading = "Games"
    )]
    pub round_client_seed: String,
}

/// Mines, Matka, sports, exchange bets and Aar Par Parchi.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Games")]
pub struct GamesArgs {
    /// Mines: the smallest stake (rupees). An operator's stored Mines settings win over these four.
    #[arg(long, env = "CASINO_MINES_MIN_BET", default_value_t = mines_defaults().min_bet, value_parser = rupees)]
    pub mines_min_bet: Paise,
    /// Mines: the largest stake (rupees).
    #[arg(long, env = "CASINO_MINES_MAX_BET", default_value_t = mines_defaults().max_bet, value_parser = rupees)]
    pub mines_max_bet: Paise,
    /// Mines: the most one game pays (rupees; 10 lakh).
    #[arg(long, env = "CASINO_MINES_MAX_PAYOUT", default_value_t = mines_defaults().max_payout, value_parser = rupees)]
    pub mines_max_payout: Paise,
    /// Mines: the house edge in basis points (300 = 3 %, RTP 97 % for every way of playing).
    #[arg(
        long,
        env = "CASINO_MINES_HOUSE_EDGE_BP",
        default_value_t = mines_defaults().house_edge_bp,
        value_parser = trimmed::<u32>
    )]
    pub mines_house_edge_bp: u32,
    /// Matka: the cycle (seconds) of the auto-drawn "Quick Matka" a new install gets (besides two drawn and two
    /// declared daily markets); operators add and edit markets in the console.
    #[arg(long, env = "CASINO_MATKA_QUICK_SECONDS", default_value_t = 300, value_parser = trimmed::<u32>)]
    pub matka_quick_seconds: u32,
    /// Sports: a cricket ball takes this long (ms; real T20 pace; a few hundred for tests); a step of the other
    /// sports' too.
    #[arg(
        long,
        env = "CASINO_SPORTS_BALL_MS",
        default_value_t = sports_defaults().ball_ms,
        value_parser = trimmed::<u64>
    )]
    pub sports_ball_ms: u64,
    /// Sports: cricket matches kept in play.
    #[arg(long, env = "CASINO_SPORTS_LIVE", default_value_t = sports_defaults().live, value_parser = trimmed::<usize>)]
    pub sports_live: usize,
    /// Sports: cricket matches upcoming (30 minutes apart).
    #[arg(
        long,
        env = "CASINO_SPORTS_UPCOMING",
        default_value_t = sports_defaults().upcoming,
        value_parser = trimmed::<usize>
    )]
    pub sports_upcoming: usize,
    /// Sports: matches in play (and as many upcoming) of each other sport.
    #[arg(
        long,
        env = "CASINO_SPORTS_OTHERS",
        default_value_t = sports_defaults().others,
        value_parser = trimmed::<usize>
    )]
    pub sports_others: usize,
    /// Sports: host:port of an exchange stream (the Betfair Exchange Stream API's protocol) that prices the matches
    /// operators map to its markets (`POST /api/admin/sports/feed-markets`), e.g. `stream-api.betfair.com:443`.
    /// Empty: no stream (the simulated matches only; mapping is refused).
    #[arg(long, env = "CASINO_STREAM_ADDR", default_value = "", value_parser = trimmed::<String>)]
    pub stream_addr: String,
    /// Sports: `on` reaches the stream over TLS (its certificate checked for CASINO_STREAM_ADDR's host against the
    /// public roots and CASINO_STREAM_CA_FILE's), `off` over plain TCP. Unset: TLS when the address's port is 443
    /// (Betfair's stream takes only TLS), plain TCP otherwise.
    #[arg(long, env = "CASINO_STREAM_TLS", value_parser = on_off, value_name = "on|off")]
    pub stream_tls: Option<bool>,
    /// Sports: a PEM file of certificates the stream's TLS trusts besides the public roots (a private relay's CA).
    /// Read at start: a file that cannot be read, or holds no usable certificate, stops it.
    #[arg(long, env = "CASINO_STREAM_CA_FILE", value_parser = pem_roots, value_name = "PEM")]
    pub stream_ca_file: Option<casino_actors::sports::stream::client::Roots>,
    /// Sports: the application key the stream's login sends.
    #[arg(long, env = "CASINO_STREAM_APP_KEY", default_value = "", value_parser = trimmed::<String>, hide_env_values = true)]
    pub stream_app_key: String,
    /// Sports: the session token the stream's login sends.
    #[arg(long, env = "CASINO_STREAM_SESSION", default_value = "", value_parser = trimmed::<String>, hide_env_values = true)]
    pub stream_session: String,
    /// Sports: the heartbeat asked of the stream (ms; ours is sent as often); silent for three of them, the stream's
    /// markets are suspended and the client connects again.
    #[arg(
        long,
        env = "CASINO_STREAM_HEARTBEAT_MS",
        default_value_t = stream_defaults().heartbeat_ms,
        value_parser = trimmed::<u64>
    )]
    pub stream_heartbeat_ms: u64,
    /// Sports: the house's margin on the stream's markets (0.04 = 4 %, the simulator's): each runner's chance is read
    /// from the feed's best back and lay and quoted with it, every back below and every lay above the fair price.
    #[arg(long, env = "CASINO_STREAM_MARGIN", default_value_t = stream_defaults().margin, value_parser = margin)]
    pub stream_margin: f64,
    /// Exchange bets: a bet's price is checked again this long after it arrived (ms); on a market priced from the
    /// exchange stream, the feed's own bet delay when it is longer (the market shows the delay applied).
    #[arg(long, env = "CASINO_EXCHANGE_DELAY_MS", default_value_t = 1_000, value_parser = trimmed::<u64>)]
    pub exchange_delay_ms: u64,
    /// No longer read: three-card plays always close at a match's first ball (a server given it says so).
    #[arg(long, env = "CASINO_PARCHI_CLOSE_BALLS", hide = true)]
    pub parchi_close_balls: Option<String>,
}

/// How reset codes reach players, whose forwarded headers count, and the limits on anonymous work.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Accounts and limits")]
pub struct AccountsArgs {
    /// How password-reset codes reach players: `none` (not sent; operators issue them), `webhook` (a signed POST per
    /// code) or `log` (development only: codes are written to the log). Unset: `webhook` when
    /// CASINO_NOTIFIER_WEBHOOK_URL is set, else `none`.
    #[arg(long, env = "CASINO_NOTIFIER", value_parser = notifier_kind, value_name = "none|webhook|log")]
    pub notifier: Option<NotifierKind>,
    /// The webhook's gateway (SMS / e-mail provider or your relay); setting it alone chooses `webhook`.
    #[arg(long, env = "CASINO_NOTIFIER_WEBHOOK_URL", value_parser = trimmed::<String>)]
    pub notifier_webhook_url: Option<String>,
    /// Required with the webhook (at least 16 characters): it signs each body (`X-Casino-Signature`).
    #[arg(long, env = "CASINO_NOTIFIER_WEBHOOK_SECRET", value_parser = trimmed::<String>, hide_env_values = true)]
    pub notifier_webhook_secret: Option<String>,
    /// Comma-separated proxy addresses whose `Forwarded` / `X-Forwarded-For` headers name the client. Unset: the peer
    /// address is the client.
    #[arg(long, env = "CASINO_TRUSTED_PROXIES", value_parser = ip_addr, value_delimiter = ',', value_name = "IPS")]
    pub trusted_proxies: Vec<IpAddr>,
    /// IPv6 clients are counted per network of this prefix length (32–128).
    #[arg(long, env = "CASINO_IPV6_PREFIX", default_value_t = 64, value_parser = trimmed::<u8>)]
    pub ipv6_prefix: u8,
    /// Argon2 hashes at once (each slot keeps one 19 MiB memory); default: one per core, at least two.
    #[arg(
        long,
        env = "CASINO_HASHING_CONCURRENCY",
        default_value_t = default_hashing_limit(),
        value_parser = trimmed::<usize>
    )]
    pub hashing_concurrency: usize,
    /// Failed logins per client address in 15 minutes (5 per account).
    #[arg(
        long,
        env = "CASINO_LOGIN_FAILURES_PER_ADDR",
        default_value_t = LOGIN_FAILURES_PER_ADDR,
        value_parser = trimmed::<u32>
    )]
    pub login_failures_per_addr: u32,
    /// Sign-ups per client address an hour (mobile carriers share addresses: keep it generous).
    #[arg(
        long,
        env = "CASINO_SIGNUPS_PER_ADDR_PER_HOUR",
        default_value_t = SIGNUPS_PER_ADDR_PER_HOUR,
        value_parser = trimmed::<u32>
    )]
    pub signups_per_addr_per_hour: u32,
}

/// `CASINO_NOTIFIER`'s choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotifierKind {
    None,
    Webhook,
    Log,
}

/// Cookies, trusted origins, socket limits and how long a client may take over a request.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Web security")]
pub struct WebArgs {
    /// `1` marks cookies `Secure` (served over HTTPS, e.g. behind a proxy); requests that arrive over HTTPS get it
    /// anyway.
    #[arg(long, env = "CASINO_SECURE_COOKIES", default_value = "0", value_parser = one, action = ArgAction::Set)]
    pub secure_cookies: bool,
    /// Comma-separated `scheme://host[:port]` trusted besides the request's own host, for cookie-authenticated
    /// writes and sockets.
    #[arg(long, env = "CASINO_ALLOWED_ORIGINS", value_name = "ORIGINS")]
    pub allowed_origins: Option<String>,
    /// Live sockets per client address.
    #[arg(
        long,
        env = "CASINO_SOCKET_MAX_PER_ADDR",
        default_value_t = socket_defaults().max_per_addr,
        value_parser = trimmed::<usize>
    )]
    pub socket_max_per_addr: usize,
    /// Live sockets per loopback address (a local proxy or the load swarm).
    #[arg(
        long,
        env = "CASINO_SOCKET_MAX_PER_LOOPBACK",
        default_value_t = socket_defaults().max_per_loopback,
        value_parser = trimmed::<usize>
    )]
    pub socket_max_per_loopback: usize,
    /// Live sockets per user.
    #[arg(
        long,
        env = "CASINO_SOCKET_MAX_PER_USER",
        default_value_t = socket_defaults().max_per_user,
        value_parser = trimmed::<usize>
    )]
    pub socket_max_per_user: usize,
    /// Bytes queued for a client that stops reading before it is disconnected.
    #[arg(
        long,
        env = "CASINO_SOCKET_OUTBOX_BYTES",
        default_value_t = socket_defaults().outbox_max_bytes,
        value_parser = trimmed::<usize>
    )]
    pub socket_outbox_bytes: usize,
    /// How often a socket re-checks its session (ms; logout, reset, block and expiry close it at once anyway).
    #[arg(
        long,
        env = "CASINO_SOCKET_SESSION_CHECK_MS",
        default_value_t = millis(socket_defaults().session_check_interval),
        value_parser = trimmed::<u64>
    )]
    pub socket_session_check_ms: u64,
    /// How long a client may take to send a request's head (ms), then answered 408 `request_timeout`.
    #[arg(long, env = "CASINO_HEADER_TIMEOUT_MS", default_value_t = 5_000, value_parser = trimmed::<u64>)]
    pub header_timeout_ms: u64,
    /// How long a client may take to send a request's body (ms; 0 turns it off), then answered 408.
    #[arg(long, env = "CASINO_BODY_TIMEOUT_MS", default_value_t = 10_000, value_parser = trimmed::<u64>)]
    pub body_timeout_ms: u64,
    /// How long an idle connection is kept open for its next request (ms).
    #[arg(long, env = "CASINO_KEEP_ALIVE_MS", default_value_t = 30_000, value_parser = trimmed::<u64>)]
    pub keep_alive_ms: u64,
}

fn mines_defaults() -> casino_actors::mines::rules::MinesSettings {
    casino_actors::mines::rules::MinesSettings::default()
}

fn stream_defaults() -> casino_actors::sports::desk::StreamSettings {
    casino_actors::sports::desk::StreamSettings::default()
}

/// The certificates of a PEM file, read now.
fn pem_roots(text: &str) -> Result<casino_actors::sports::stream::client::Roots, String> {
    casino_actors::sports::stream::client::Roots::from_pem_file(std::path::Path::new(text.trim()))
}

/// A margin: more than 0, under 0.5.
fn margin(text: &str) -> Result<f64, String> {
    match trimmed::<f64>(text)? {
        m if m > 0.0 && m < 0.5 => Ok(m),
        _ => Err("a margin is more than 0 and under 0.5 (0.04 = 4 %)".into()),
    }
}

fn sports_defaults() -> casino_actors::sports::desk::SportsConfig {
    casino_actors::sports::desk::SportsConfig::default()
}

fn socket_defaults() -> casino_http::socketio::SocketConfig {
    casino_http::socketio::SocketConfig::default()
}

fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Cluster mode, when CASINO_NATS_URL is set: several nodes on one PostgreSQL database and a NATS server
/// (`docs/CLUSTER.md`). Start-up refuses a cluster without a PostgreSQL DATABASE_URL, CASINO_CLUSTER_SECRET or NATS
/// authentication.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Cluster")]
pub struct ClusterArgs {
    /// The NATS server (`nats://…`, or `tls://…` for TLS); set, it turns cluster mode on.
    #[arg(long, env = "CASINO_NATS_URL", value_parser = trimmed::<String>)]
    pub nats_url: Option<String>,
    /// This node's id; unset: the host's name and a random suffix.
    #[arg(long, env = "CASINO_NODE_ID", value_parser = trimmed::<String>)]
    pub node_id: Option<String>,
    /// A node that stops renewing loses its leases this long after its last renewal (ms; at least 300).
    #[arg(long, env = "CASINO_LEASE_TTL_MS", default_value_t = 5_000, value_parser = trimmed::<u64>)]
    pub lease_ttl_ms: u64,
    /// How long a command to another node may take before it is refused (ms; at least the tables' patience with the
    /// wallet plus a second).
    #[arg(long, env = "CASINO_NATS_DEADLINE_MS", default_value_t = 5_000, value_parser = trimmed::<u64>)]
    pub nats_deadline_ms: u64,
    /// Signs every message between nodes: the same on every node, at least 32 bytes (e.g. `openssl rand -hex 32`).
    #[arg(long, env = "CASINO_CLUSTER_SECRET", hide_env_values = true)]
    pub cluster_secret: Option<String>,
    /// A message signed further than this from the receiver's clock is dropped (ms).
    #[arg(
        long,
        env = "CASINO_CLUSTER_MAX_SKEW_MS",
        default_value_t = millis(casino_actors::cluster::signed::DEFAULT_MAX_SKEW),
        value_parser = trimmed::<u64>
    )]
    pub cluster_max_skew_ms: u64,
    /// NATS authentication: a `.creds` file (a user JWT and its NKey seed, from `nsc`).
    #[arg(long, env = "CASINO_NATS_CREDS", value_parser = trimmed::<PathBuf>)]
    pub nats_creds: Option<PathBuf>,
    /// NATS authentication: a file holding a user NKey seed (`SU…`).
    #[arg(long, env = "CASINO_NATS_NKEY", value_parser = trimmed::<PathBuf>)]
    pub nats_nkey: Option<PathBuf>,
    /// NATS authentication: a user, with CASINO_NATS_PASSWORD.
    #[arg(long, env = "CASINO_NATS_USER")]
    pub nats_user: Option<String>,
    /// NATS authentication: the user's password.
    #[arg(long, env = "CASINO_NATS_PASSWORD", hide_env_values = true)]
    pub nats_password: Option<String>,
    /// NATS authentication: a token.
    #[arg(long, env = "CASINO_NATS_TOKEN", hide_env_values = true)]
    pub nats_token: Option<String>,
    /// NATS TLS: the CA that signed the server's certificate (PEM). TLS is required with a `tls://` URL or any of the
    /// three TLS settings.
    #[arg(long, env = "CASINO_NATS_TLS_CA", value_parser = trimmed::<PathBuf>)]
    pub nats_tls_ca: Option<PathBuf>,
    /// NATS TLS: this node's client certificate (PEM).
    #[arg(long, env = "CASINO_NATS_TLS_CERT", value_parser = trimmed::<PathBuf>)]
    pub nats_tls_cert: Option<PathBuf>,
    /// NATS TLS: this node's client key (PEM).
    #[arg(long, env = "CASINO_NATS_TLS_KEY", value_parser = trimmed::<PathBuf>)]
    pub nats_tls_key: Option<PathBuf>,
    /// `1` allows NATS without authentication (local development only; warned about).
    #[arg(long, env = "CASINO_NATS_INSECURE", default_value = "0", value_parser = one, action = ArgAction::Set)]
    pub nats_insecure: bool,
}

impl ServeArgs {
    /// Every setting's default, whatever the environment says (tests).
    pub fn defaults() -> ServeArgs {
        let cmd = <ServeArgs as clap::Args>::augment_args(Command::new("serve")).mut_args(|a| a.env(None));
        parse_with(cmd, &["serve".into()]).unwrap_or_else(|e| e.exit())
    }

    /// `serve`'s settings from the environment alone (no command line); a bad value exits as [`try_parse`] says.
    pub fn from_env() -> ServeArgs {
        let cmd = <ServeArgs as clap::Args>::augment_args(Command::new("serve"));
        parse_with(cmd, &["serve".into()]).unwrap_or_else(|e| e.exit())
    }
}

/// `argv` parsed into `P`, environment variables included: a blank variable counts as unset (its default applies),
/// and a value that does not parse is an error naming its variable, `CASINO_SPORTS_LIVE="four" is not a valid value
/// (…)`, which exits with status 2.
pub fn try_parse<P: clap::Parser>(argv: &[OsString]) -> Result<P, clap::Error> {
    parse_with(P::command(), argv)
}

fn parse_with<T: FromArgMatches>(cmd: Command, argv: &[OsString]) -> Result<T, clap::Error> {
    let mut cmd = blank_env_is_unset(cmd);
    cmd.try_get_matches_from_mut(argv)
        .and_then(|mut matches| T::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut cmd)))
        .map_err(|e| naming_the_variable(e, &cmd, argv))
}

/// `cmd` with every environment variable that is set but blank (or only spaces) left unread: its default applies.
fn blank_env_is_unset(cmd: Command) -> Command {
    cmd.mut_args(|arg| {
        let blank =
            arg.get_env().and_then(std::env::var_os).is_some_and(|v| v.to_str().is_some_and(|v| v.trim().is_empty()));
        if blank { arg.env(None) } else { arg }
    })
    .mut_subcommands(blank_env_is_unset)
}

/// A bad value that came from an environment variable (not from its `--flag`): an error naming the variable and the
/// value, rather than clap's, which names the flag only.
fn naming_the_variable(err: clap::Error, cmd: &Command, argv: &[OsString]) -> clap::Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if !matches!(err.kind(), ErrorKind::ValueValidation | ErrorKind::InvalidValue) {
        return err;
    }
    let (Some(ContextValue::String(arg)), Some(ContextValue::String(value))) =
        (err.get(ContextKind::InvalidArg), err.get(ContextKind::InvalidValue))
    else {
        return err;
    };
    let Some(long) = arg.strip_prefix("--").and_then(|a| a.split([' ', '=']).next()) else { return err };
    let Some(var) = find_long(cmd, long).and_then(Arg::get_env) else { return err };
    let flag = format!("--{long}");
    let on_the_command_line = argv
        .iter()
        .filter_map(|a| a.to_str())
        .any(|a| a == flag || a.strip_prefix(&flag).is_some_and(|r| r.starts_with('=')));
    if on_the_command_line {
        return err;
    }
    let reason = std::error::Error::source(&err).map_or_else(|| "see --help".to_string(), ToString::to_string);
    clap::Error::raw(
        err.kind(),
        format!("{}={value:?} is not a valid value ({reason}); nothing was started\n", var.to_string_lossy()),
    )
}

fn find_long<'c>(cmd: &'c Command, long: &str) -> Option<&'c Arg> {
    cmd.get_arguments()
        .find(|a| a.get_long() == Some(long))
        .or_else(|| cmd.get_subcommands().find_map(|sub| find_long(sub, long)))
}

/// Any `FromStr` value, trimmed.
fn trimmed<T: std::str::FromStr>(text: &str) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    text.trim().parse().map_err(|e: T::Err| e.to_string())
}

/// Rupees with at most 2 decimals, like `10` or `50910.45`.
pub fn rupees(text: &str) -> Result<Paise, String> {
    text.trim()
        .parse::<serde_json::Number>()
        .ok()
        .and_then(|n| Paise::from_rupees_number(&n))
        .ok_or_else(|| "rupees with at most 2 decimals, like 10 or 50910.45".to_string())
}

/// `1` on; any other number (`0`) off.
fn one(text: &str) -> Result<bool, String> {
    trimmed::<u8>(text).map(|n| n == 1)
}

/// `on` or `off` (also `1` / `0`, `true` / `false`).
fn on_off(text: &str) -> Result<bool, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "on" | "1" | "true" => Ok(true),
        "off" | "0" | "false" => Ok(false),
        _ => Err("on or off".into()),
    }
}

fn money_mode(text: &str) -> Result<MoneyMode, String> {
    MoneyMode::parse(&text.trim().to_ascii_lowercase()).ok_or_else(|| "real or play".into())
}

fn allowed_regions(text: &str) -> Result<AllowedRegions, String> {
    AllowedRegions::parse(text).map_err(|e| format!("{e}: ISO 3166 codes like IN-SK,IN-NL,MT, or *"))
}

fn mode_change(text: &str) -> Result<ModeChange, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "refuse" => Ok(ModeChange::Refuse),
        "void-play-points" => Ok(ModeChange::VoidPlayPoints),
        _ => Err("refuse or void-play-points".into()),
    }
}

fn notifier_kind(text: &str) -> Result<NotifierKind, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "none" => Ok(NotifierKind::None),
        "webhook" => Ok(NotifierKind::Webhook),
        "log" => Ok(NotifierKind::Log),
        _ => Err("none, webhook or log".into()),
    }
}

/// An IP address, as the peer address of a connection reads (IPv4-mapped IPv6 as IPv4).
fn ip_addr(text: &str) -> Result<IpAddr, String> {
    trimmed::<IpAddr>(text).map(|ip| ip.to_canonical())
}

fn bankroll_share_ppm(text: &str) -> Result<u32, String> {
    match super::bankroll_share(text.trim()) {
        u32::MAX => Err("basis points from 0 to 10000 with at most 2 decimals, like 112.5 (1.125 %)".into()),
        ppm => Ok(ppm),
    }
}

fn crash_point_list(text: &str) -> Result<Arc<[u64]>, String> {
    let points = super::crash_points(text);
    if points.is_empty() {
        return Err("multipliers of at least 1.00 with at most 2 decimals, like 1.5,2.37,1".into());
    }
    Ok(points)
}
