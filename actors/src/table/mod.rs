//! The shared shape of a round game: a pure rules type ([`game::RoundRules`]) and its wire ([`wire::RoundWire`])
//! are all a game brings; the round state machine ([`round`]), the table actor ([`actor`]), the rounds store
//! ([`store`]), the money's keys ([`keys`]) and the room outbox ([`outbox`]) are the same for every game.

pub mod actor;
pub mod game;
pub mod keys;
pub mod lanes;
pub mod lease;
pub mod messages;
pub mod operate;
pub mod outbox;
pub mod round;
mod settle;
pub mod store;
pub mod wire;

#[cfg(test)]
mod tests;
