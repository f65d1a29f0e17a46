//! What every route can reach: the domain services, built once at start-up by `game-server`.

use actix::Addr;
use casino_actors::accounts::Accounts;
use casino_actors::accounts::ratelimit::FailureLimiter;
use casino_actors::aviator::store::Fairness;
use casino_actors::aviator::table::AviatorTable;
use casino_actors::cashier::Cashier;
use casino_actors::clock::SharedClock;
use casino_actors::hub::Hub;
use casino_actors::store::Db;
use casino_actors::wallet::WalletHandle;
use std::sync::Arc;

/// The live tables and the hub they broadcast through.
pub struct Tables {
    pub hub: Addr<Hub>,
    pub aviator: Addr<AviatorTable>,
    pub aviator_fairness: Arc<Fairness>,
}

pub struct AppState {
    pub db: Db,
    pub clock: SharedClock,
    pub accounts: Accounts,
    pub wallet: WalletHandle,
    pub cashier: Cashier,
    /// Failed logins per user number, and per client address.
    pub login_by_user: FailureLimiter,
    pub login_by_addr: FailureLimiter,
    pub tables: Tables,
    /// `CASINO_LOAD_TEST=1`: operators may create funded fixture players for the load swarm.
    pub load_test_fixtures: bool,
}

pub type State = actix_web::web::Data<Arc<AppState>>;

impl AppState {
    pub fn new(
        db: Db,
        clock: SharedClock,
        accounts: Accounts,
        wallet: WalletHandle,
        cashier: Cashier,
        tables: Tables,
        load_test_fixtures: bool,
    ) -> Self {
        AppState {
            db,
            clock,
            accounts,
            wallet,
            cashier,
            login_by_user: FailureLimiter::new(5, 15 * 60 * 1000),
            login_by_addr: FailureLimiter::new(50, 15 * 60 * 1000),
            tables,
            load_test_fixtures,
        }
    }
}
