//! A real exchange's stream as a feed, with the Betfair Exchange Stream API as the protocol: `protocol.rs` (its
//! messages), `cache.rs` (pure: what the stream has said of each market), `client.rs` (the connection: subscribe,
//! feed the cache, heartbeats, reconnect and resume) and `provider.rs` (`StreamMatch`: one of our matches priced
//! from one market of the cache, with the house's margin).
//!
//! How it plugs in: start one client for the markets followed ([`client::spawn`] with a [`client::StreamConfig`] and
//! a [`cache::shared`] cache), and for each of our matches make a [`provider::StreamMatch`] from its
//! [`provider::Mapping`] and the same cache, then give it to a `MatchActor` exactly as the desk gives it a simulated
//! match (`Box<dyn Provider>`). The match actor ticks it, audits its quotes, and suspends every market when its
//! [`Liveness`](crate::sports::feed::Liveness) says the stream has been silent too long.
//!
//! Why a shared cache behind a mutex rather than a channel of messages: a provider needs only the market as it is
//! now, not every message that led there, and it is ticked at the match actor's own pace. Reading the cache each tick
//! conflates whatever arrived in between (as Betfair's `conflateMs` does), costs nothing when nothing moved (each
//! market counts its changes), and the client never waits on a slow match. Each lock is held only to apply one
//! message or to read one market, never across an `.await`.

pub mod cache;
pub mod client;
pub mod protocol;
pub mod provider;

#[cfg(test)]
mod tests;
