//! The sports feed: a simulated provider that keeps the platform live with no network (cricket ball by ball).

pub mod cricket;
