//! Exchange betting on the sports feed's cricket markets (Match Odds, Bookmaker, fancy lines): `rules.rs` holds the
//! pure money rules (each bet's P/L per outcome, a player's netted exposure per market, settlement).

pub mod rules;
pub mod wire;
