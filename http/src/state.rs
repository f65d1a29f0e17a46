//! What every route can reach: the domain services, built once at start-up by `game-server`.

use casino_actors::accounts::Accounts;
use casino_actors::accounts::ratelimit::FailureLimiter;
use casino_actors::cashier::Cashier;
use casino_actors::clock::SharedClock;
use casino_actors::store::Db;
use casino_actors::wallet::WalletHandle;
use std::sync::Arc;

pub struct AppState {
    pub db: Db,
    pub clock: SharedClock,
    pub accounts: Accounts,
    pub wallet: WalletHandle,
    pub cashier: Cashier,
    /// Failed logins per user number, and per client address.
    pub login_by_user: FailureLimiter,
    pub login_by_addr: FailureLimiter,
}

pub type State = actix_web::web::Data<Arc<AppState>>;

impl AppState {
    pub fn new(db: Db, clock: SharedClock, accounts: Accounts, wallet: WalletHandle, cashier: Cashier) -> Self {
        AppState {
            db,
            clock,
            accounts,
            wallet,
            cashier,
            login_by_user: FailureLimiter::new(5, 15 * 60 * 1000),
            login_by_addr: FailureLimiter::new(50, 15 * 60 * 1000),
        }
    }
}
