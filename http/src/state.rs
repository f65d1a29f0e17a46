//! What every route can reach: the domain services, built once at start-up by `game-server`.

use casino_actors::accounts::Accounts;
use casino_actors::accounts::ratelimit::FailureLimiter;
use casino_actors::aviator::chains::Fairness;
use casino_actors::aviator::table::TableRoute;
use casino_actors::cashier::Cashier;
use casino_actors::clock::SharedClock;
use casino_actors::hub::HubAddr;
use casino_actors::observe::Registry;
use casino_actors::store::Db;
use casino_actors::wallet::WalletHandle;
use std::sync::Arc;

/// The live tables and the hub they broadcast through.
pub struct Tables {
    pub hub: HubAddr,
    pub aviator: TableRoute,
    pub aviator_fairness: Arc<Fairness>,
    pub rounds: crate::rounds::RoundTables,
    pub mines: casino_actors::mines::desk::DeskRoute,
    pub matka: casino_actors::matka::desk::MatkaRoute,
    pub sports: casino_actors::sports::desk::SportsRoute,
    pub exchange: casino_actors::exchange::desk::ExchangeRoute,
    pub parchi: casino_actors::parchi::desk::ParchiRoute,
}

pub struct AppState {
    pub db: Db,
    pub clock: SharedClock,
    pub accounts: Accounts,
    pub wallet: WalletHandle,
    pub cashier: Cashier,
    /// Login attempts per account (or unknown name), and per client address; reserved before the password
    /// is checked, given back on success.
    pub login_by_user: FailureLimiter,
    pub login_by_addr: FailureLimiter,
    /// Sign-ups per client address.
    pub signup_by_addr: FailureLimiter,
    /// Reset-code requests per client address (each may send a message), and wrong codes per address.
    pub reset_requests_by_addr: FailureLimiter,
    pub reset_guesses_by_addr: FailureLimiter,
    /// `/api/aviator/verify` requests per client address per minute.
    pub verify_by_addr: FailureLimiter,
    /// Peers whose `Forwarded` / `X-Forwarded-For` headers are believed (`CASINO_TRUSTED_PROXIES`).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    pub tables: Tables,
    /// Every live actor's measurements (the console's live actors, `/metrics`).
    pub actors: Arc<Registry>,
    /// `CASINO_LOAD_TEST=1`: operators may create funded fixture players for the load swarm.
    pub load_test_fixtures: bool,
    /// `CASINO_TEST_HOOKS=1`: operators may drive test-only hooks (a manual cricket match); never in production.
    pub test_hooks: bool,
    /// Cluster mode: this node's id and the leases' life.
    pub cluster: Option<ClusterView>,
}

/// What the console needs to know of cluster mode.
#[derive(Debug, Clone)]
pub struct ClusterView {
    pub node: String,
    pub lease_ttl_ms: i64,
}

pub type State = actix_web::web::Data<Arc<AppState>>;

const HOUR_MS: i64 = 3600 * 1000;
/// Default sign-ups per client address an hour (`CASINO_SIGNUPS_PER_ADDR_PER_HOUR`); generous, since
/// mobile carriers put many players behind one address.
pub const SIGNUPS_PER_ADDR_PER_HOUR: u32 = 30;
/// Default failed logins per client address in 15 minutes (`CASINO_LOGIN_FAILURES_PER_ADDR`).
pub const LOGIN_FAILURES_PER_ADDR: u32 = 50;
pub const LOGIN_WINDOW_MS: i64 = 15 * 60 * 1000;
/// Fairness checks one client address may ask for in a minute (each costs at most a thousand hashes).
pub const VERIFY_PER_ADDR_PER_MINUTE: u32 = 60;

impl AppState {
    pub fn new(
        db: Db,
        clock: SharedClock,
        accounts: Accounts,
        wallet: WalletHandle,
        cashier: Cashier,
        tables: Tables,
        actors: Arc<Registry>,
    ) -> Self {
        AppState {
            db,
            clock,
            accounts,
            wallet,
            cashier,
            login_by_user: FailureLimiter::new(5, LOGIN_WINDOW_MS),
            login_by_addr: FailureLimiter::new(LOGIN_FAILURES_PER_ADDR, LOGIN_WINDOW_MS),
            signup_by_addr: FailureLimiter::new(SIGNUPS_PER_ADDR_PER_HOUR, HOUR_MS),
            reset_requests_by_addr: FailureLimiter::new(20, HOUR_MS),
            reset_guesses_by_addr: FailureLimiter::new(100, HOUR_MS),
            verify_by_addr: FailureLimiter::new(VERIFY_PER_ADDR_PER_MINUTE, 60_000),
            trusted_proxies: Vec::new(),
            tables,
            actors,
            load_test_fixtures: false,
            test_hooks: false,
            cluster: None,
        }
    }
}
