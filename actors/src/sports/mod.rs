//! The sports feed: what a provider gives (`feed.rs`: snapshots and numbered deltas), and the built-in provider that
//! keeps the platform live with no network (`sim.rs`, cricket ball by ball from `cricket/`; the other sports' simple
//! models in `simple.rs`), played by actors (`match_actor.rs`, one a match; `desk.rs`, which keeps matches going and
//! lists them; `store.rs` records each match so a restart resumes it). `stream/` is a real exchange's stream as a feed
//! (Betfair's Exchange Stream API), and `feed_markets.rs` records which of its markets price which of our matches. `wire.rs` holds the calls' and events' shapes; `edge.rs` measures the house's edge
//! over simulated matches.

pub mod cricket;
pub mod desk;
pub mod edge;
pub mod feed;
pub mod feed_markets;
pub mod match_actor;
pub mod sim;
pub mod simple;
pub mod store;
pub mod stream;
pub mod wire;

#[cfg(test)]
mod tests;
