//! Matka: markets on a schedule (`schedule.rs`), bids on digits, jodis, pannas and sangams (`rules.rs`, pure),
//! results declared by an operator or drawn from committed seeds, settled once per result through the wallet
//! (`desk.rs`, the actor: its clock and results; `bids.rs`, a player's bid request; `operate.rs`, what operators ask
//! of it; `store.rs`, the records; `settle.rs`, a result's and a correction's money on record; `wire.rs`, what clients
//! and operators see).

pub mod bids;
pub mod desk;
pub mod operate;
pub mod rules;
pub mod schedule;
pub mod settle;
pub mod store;
pub mod wire;

#[cfg(test)]
mod tests;
