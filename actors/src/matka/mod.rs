//! Matka: markets on a schedule (`schedule.rs`), bids on digits, jodis, pannas and sangams (`rules.rs`, pure),
//! results declared by an operator or drawn from committed seeds, settled once per result through the wallet
//! (`desk.rs`, the actor; `store.rs`, the records; `wire.rs`, what clients see).

pub mod desk;
pub mod rules;
pub mod schedule;
pub mod store;
pub mod wire;

#[cfg(test)]
mod tests;
