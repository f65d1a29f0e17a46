//! Actor metrics: each actor keeps a [`Probe`] (mailbox depth, messages handled, time waiting in the mailbox and
//! handling, timer lag, and its family's own figures), updated with relaxed atomics and never a lock. The
//! [`Registry`] reads them for the operators' console and for Prometheus.
//!
//! A measured actor is reached through [`Probed<A>`] (an `Addr<A>` that stamps each message) and handles
//! `Timed<M>` through [`timed_handlers!`](crate::timed_handlers).

pub mod families;
mod mailbox;
mod probe;
mod registry;
mod window;

pub use mailbox::{Mail, Observed, Probed, TakesTimed, Timed};
pub use probe::{Family, Figure, Kind, Probe, Spread, Started};
pub use registry::{ActorView, Point, Registry};

#[cfg(test)]
mod tests;
