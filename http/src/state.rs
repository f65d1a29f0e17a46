//! What every route can reach: the domain services, built once at start-up by `game-server`.

use casino_actors::accounts::Accounts;
use casino_actors::accounts::ratelimit::{FailureLimiter, Lockout};
use casino_actors::aviator::chains::Fairness;
use casino_actors::aviator::table::TableRoute;
use casino_actors::cashier::Cashier;
use casino_actors::clock::SharedClock;
use casino_actors::compliance::{Compliance, RealMoneyChecks};
use casino_actors::hub::HubAddr;
use casino_actors::observe::Registry;
use casino_actors::play::{MoneyMode, PlayDesk, PlayPoints};
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
    /// The money mode, and play mode's points.
    pub play: PlayDesk,
    /// Real mode's checks: age and region at sign-up, identity (KYC) before large withdrawals.
    pub compliance: Compliance,
    /// Wrong passwords (logins and password changes) per client address: checked first, before anything is looked
    /// up; reserved before the password is checked, given back on success.
    pub login_by_addr: FailureLimiter,
    /// Wrong login passwords per (account or unknown name, address) with backoff, under an account-wide ceiling.
    pub login_lockout: Lockout,
    /// Wrong old passwords in password changes, the same way per (account, address).
    pub password_lockout: Lockout,
    /// `GET /api/userLoginUserNo/{phone}` per client address and per phone (it tells whether a phone is registered).
    pub lookup_by_addr: FailureLimiter,
    pub lookup_by_phone: FailureLimiter,
    /// Sign-ups per client address.
    pub signup_by_addr: FailureLimiter,
    /// Reset-code requests per client address (each may send a message), and wrong codes per address.
    pub reset_requests_by_addr: FailureLimiter,
    pub reset_guesses_by_addr: FailureLimiter,
    /// `/api/aviator/verify` requests per client address per minute.
    pub verify_by_addr: FailureLimiter,
    /// How a client is named for limits: trusted proxies (`CASINO_TRUSTED_PROXIES`) and IPv6 aggregation.
    pub client_net: crate::auth::ClientNet,
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
/// Wrong passwords on one account from one client address in a window (each time it is spent, the next window is
/// twice as long, up to a day).
pub const LOGIN_FAILURES_PER_PAIR: u32 = 5;
/// Wrong passwords on one account from every address together in 15 minutes; past it only addresses that have not
/// failed on the account may try, once each.
pub const LOGIN_FAILURES_PER_ACCOUNT: u32 = 50;
/// Phone lookups (`/api/userLoginUserNo/{phone}`) per client address, and per phone, a minute.
pub const LOOKUPS_PER_ADDR_PER_MINUTE: u32 = 30;
pub const LOOKUPS_PER_PHONE_PER_MINUTE: u32 = 5;
/// The longest identifier a login, lookup or reset may name (user number, phone or e-mail).
pub const IDENTIFIER_MAX: usize = 64;
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
        // Real mode until the server says otherwise (`game-server`'s start-up sets the configured one).
        let play = PlayDesk::new(db.clone(), wallet.clone(), clock.clone(), MoneyMode::Real, PlayPoints::default());
        let compliance = Compliance::new(db.clone(), MoneyMode::Real, RealMoneyChecks::default());
        AppState {
            db,
            clock,
            accounts,
            wallet,
            cashier,
            play,
            compliance,
            login_by_addr: FailureLimiter::new(LOGIN_FAILURES_PER_ADDR, LOGIN_WINDOW_MS),
            login_lockout: Lockout::new(LOGIN_FAILURES_PER_PAIR, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS),
            password_lockout: Lockout::new(LOGIN_FAILURES_PER_PAIR, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS),
            lookup_by_addr: FailureLimiter::new(LOOKUPS_PER_ADDR_PER_MINUTE, 60_000),
            lookup_by_phone: FailureLimiter::new(LOOKUPS_PER_PHONE_PER_MINUTE, 60_000),
            signup_by_addr: FailureLimiter::new(SIGNUPS_PER_ADDR_PER_HOUR, HOUR_MS),
            reset_requests_by_addr: FailureLimiter::new(20, HOUR_MS),
            reset_guesses_by_addr: FailureLimiter::new(100, HOUR_MS),
            verify_by_addr: FailureLimiter::new(VERIFY_PER_ADDR_PER_MINUTE, 60_000),
            client_net: crate::auth::ClientNet::default(),
            tables,
            actors,
            load_test_fixtures: false,
            test_hooks: false,
            cluster: None,
        }
    }
}
