//! The sports feed: what a provider gives (`feed.rs`: snapshots and numbered deltas), and the built-in provider that
//! keeps the platform live with no network (`sim.rs`, cricket ball by ball from `cricket/`).

pub mod cricket;
pub mod feed;
pub mod sim;

#[cfg(test)]
mod tests;
