//! The sports feed: what a provider gives (`feed.rs`: snapshots and numbered deltas), and the built-in provider that
//! keeps the platform live with no network (`sim.rs`, cricket ball by ball from `cricket/`), played by actors
//! (`live.rs`: a match actor each, and the desk that keeps matches going and lists them); the other sports have
//! simple models (`simple.rs`).

pub mod cricket;
pub mod feed;
pub mod live;
pub mod sim;
pub mod simple;
pub mod wire;

#[cfg(test)]
mod tests;
