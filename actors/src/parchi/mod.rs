//! Aar Par Parchi, the three-card player game on live cricket matches (in progress): `rules.rs` holds the pure
//! rules (locking, player uniqueness, totals, the payout at the end).

pub mod rules;
