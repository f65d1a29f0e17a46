//! Domain: money, the wallet ledger, accounts, the cashier, the broadcast hub, and each game's table actor
//! beside its pure rules. Nothing here knows about HTTP.

pub mod accounting;
pub mod accounts;
pub mod admin_queries;
pub mod andar_bahar;
pub mod audit;
pub mod aviator;
pub mod cashier;
pub mod clock;
pub mod cluster;
pub mod color;
pub mod compliance;
pub mod error_code;
pub mod exchange;
pub mod fair;
pub mod hold;
pub mod hub;
pub mod ids;
pub mod matka;
pub mod mines;
pub mod money;
pub mod observe;
pub mod parchi;
pub mod play;
pub mod rg;
pub mod sports;
pub mod store;
pub mod table;
pub mod titli;
pub mod wallet;

pub use error_code::ErrorCode;
