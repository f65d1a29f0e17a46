//! Mines: each player's own 5×5 board, held by the server. Pure rules (`rules.rs`), the wire (`wire.rs`), the
//! store (`store.rs`) and the desk actor that plays every player's game and moves its money (`desk.rs`).

pub mod desk;
pub mod rules;
pub mod store;
pub mod wire;

#[cfg(test)]
mod tests;
