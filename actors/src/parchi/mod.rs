//! Aar Par Parchi, the three-card player game on cricket matches: `rules.rs` holds the pure rules (locking, player
//! uniqueness, totals, plays closing at the first ball and a game incomplete then void, the payout at the end);
//! `table.rs` the actor of one match's game; `desk.rs` the actor that starts a game per cricket match and finds them;
//! `store.rs` the rows and the restart recovery; `wire.rs` the calls' and the room's shapes; `tests.rs` the table on a
//! real database and wallet.

pub mod desk;
pub mod rules;
pub mod store;
pub mod table;
pub mod wire;

#[cfg(test)]
mod tests;
