//! Aviator, the crash game: provably fair crash points (`fair`), the public growth curve (`curve`), the pure
//! round rules (`rules`), and the table actor.

pub mod curve;
pub mod fair;
pub mod rules;
