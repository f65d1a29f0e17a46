//! Mines: each player's own 5×5 board, held by the server. Pure rules (`rules.rs`), the wire (`wire.rs`), the
//! store (`store.rs`) and the desk actor that plays every player's game and moves its money (`desk.rs`: the actor
//! and each player's lane of moves, over the generic per-key queue in `table/lanes.rs`; `play.rs`, the moves;
//! `operate.rs`, the operators' view and controls).

pub mod desk;
pub mod operate;
mod play;
pub mod rules;
pub mod store;
pub mod wire;

#[cfg(test)]
mod tests;
