//! Domain: money, the wallet ledger, accounts, the cashier, the broadcast hub, and each game's table actor
//! beside its pure rules. Nothing here knows about HTTP.

pub mod accounts;
pub mod admin_queries;
pub mod audit;
pub mod aviator;
pub mod cashier;
pub mod clock;
pub mod hub;
pub mod ids;
pub mod money;
pub mod observe;
pub mod store;
pub mod wallet;
