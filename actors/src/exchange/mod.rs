//! Exchange betting on the sports feed's cricket markets (Match Odds, Bookmaker, fancy lines): `rules.rs` holds the
//! pure money rules (each bet's P/L per outcome, a player's netted exposure per market, settlement); `desk.rs` the
//! actor that takes bets in a lane per player (`place.rs`, a bet's steps) and settles decided markets
//! (`settle.rs`); `store.rs` the rows; `wire.rs` the calls' shapes. `audit.rs` finds quote sets (and players'
//! positions) that win in every outcome; `limits.rs` caps what the house can lose in a market.

pub mod audit;
pub mod desk;
pub mod limits;
pub mod place;
pub mod rules;
pub mod settle;
pub mod store;
pub mod wire;
