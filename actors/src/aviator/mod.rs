//! Aviator, the crash game: provably fair crash points (`fair`), the public growth curve (`curve`), the
//! pure round rules (`rules`), persistence (`store`), the event payloads (`wire`) and the table actor.

mod bets;
pub mod chains;
pub mod curve;
pub mod fair;
pub mod lease;
mod lifecycle;
mod messages;
pub mod operate;
mod recovery;
pub mod rules;
mod settle;
pub mod store;
pub mod table;
pub mod wire;
