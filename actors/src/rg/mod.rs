//! Responsible gaming: the limits a player sets on their own play (deposits and losses per day, week and month, the
//! largest single stake), a break or a self-exclusion, and how the wallet and the cashier refuse what goes past them.
//!
//! `rules` is pure (a limit's value in force, when a change takes effect, IST periods, the checks); `store` reads and
//! writes `rg_limits` and `rg_exclusions`. The wallet shard checks every bet hold against the player's guard in the
//! same batch that would apply it, so two bets in flight together cannot both pass a limit.

pub mod rules;
pub mod store;

pub use rules::{ExclusionKind, Guard, LimitKind, Period, Refusal};
