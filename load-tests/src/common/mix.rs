//! Scenarios that mix players: the kinds a websocket swarm's players come in (bettors, viewers that only watch,
//! reconnectors that bet and drop their socket now and then), their shares from the command line, which player is
//! which (exact counts, spread over the ramp by the run's seed), and what each kind does per round.

use anyhow::{Result, bail};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::fmt;

/// What a player does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerKind {
    /// Bets (with `--bet-probability` per round).
    Bettor,
    /// Connects and joins the room, never bets; still measured (broadcast lag, frames received). Its money must
    /// not move.
    Viewer,
    /// Bets like a bettor and drops / reconnects its socket with `--reconnect-rate` per round.
    Reconnector,
}

impl PlayerKind {
    pub const ALL: [PlayerKind; 3] = [PlayerKind::Bettor, PlayerKind::Viewer, PlayerKind::Reconnector];

    /// Its place in [`PlayerKind::ALL`].
    pub fn index(self) -> usize {
        match self {
            PlayerKind::Bettor => 0,
            PlayerKind::Viewer => 1,
            PlayerKind::Reconnector => 2,
        }
    }

    /// Plural, as reports say it.
    pub fn plural(self) -> &'static str {
        match self {
            PlayerKind::Bettor => "bettors",
            PlayerKind::Viewer => "viewers",
            PlayerKind::Reconnector => "reconnectors",
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.plural())
    }
}

/// What one kind of player does each round.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Behaviour {
    /// Probability per round of betting at all.
    pub bet_probability: f64,
    /// Probability per round of dropping the socket and reconnecting.
    pub reconnect_rate: f64,
}

/// How many players of each kind, and what each kind does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mix {
    counts: [usize; 3],
    bet_probability: f64,
    reconnect_rate: f64,
    /// No `--reconnectors` given: every bettor reconnects at `--reconnect-rate` (the behaviour before mixes).
    everyone_reconnects: bool,
}

impl Mix {
    /// `players` split by the shares of viewers and reconnectors (each 0–1, together at most 1; the rest bet).
    /// Without a reconnectors' share every bettor drops and reconnects at `reconnect_rate`, as before mixes.
    pub fn new(
        players: usize,
        viewers: f64,
        reconnectors: Option<f64>,
        bet_probability: f64,
        reconnect_rate: f64,
    ) -> Result<Mix> {
        for (name, share) in [("--viewers", Some(viewers)), ("--reconnectors", reconnectors)] {
            if let Some(share) = share
                && !(0.0..=1.0).contains(&share)
            {
                bail!("{name} is a share of the players, between 0 and 1, got {share}");
            }
        }
        if viewers + reconnectors.unwrap_or(0.0) > 1.0 + 1e-9 {
            bail!("--viewers and --reconnectors together exceed all the players");
        }
        if reconnectors.is_some_and(|r| r > 0.0) && reconnect_rate <= 0.0 {
            bail!("--reconnectors needs a --reconnect-rate above 0 (how often they drop their socket per round)");
        }
        let everyone_reconnects = reconnectors.is_none();
        let share = |s: f64| ((s * players as f64).round() as usize).min(players);
        let viewers = share(viewers);
        let reconnectors = reconnectors.map_or(0, share).min(players - viewers);
        Ok(Mix {
            counts: [players - viewers - reconnectors, viewers, reconnectors],
            bet_probability,
            reconnect_rate,
            everyone_reconnects,
        })
    }

    pub fn count(&self, kind: PlayerKind) -> usize {
        self.counts[kind.index()]
    }

    /// Only bettors, as a swarm without kinds has.
    pub fn is_plain(&self) -> bool {
        self.count(PlayerKind::Viewer) == 0 && self.count(PlayerKind::Reconnector) == 0
    }

    /// What a player of `kind` does each round.
    pub fn behaviour(&self, kind: PlayerKind) -> Behaviour {
        match kind {
            PlayerKind::Viewer => Behaviour { bet_probability: 0.0, reconnect_rate: 0.0 },
            PlayerKind::Reconnector => {
                Behaviour { bet_probability: self.bet_probability, reconnect_rate: self.reconnect_rate }
            }
            PlayerKind::Bettor => Behaviour {
                bet_probability: self.bet_probability,
                reconnect_rate: if self.everyone_reconnects { self.reconnect_rate } else { 0.0 },
            },
        }
    }

    /// Each player's kind, by index: the exact counts, shuffled by `seed` so every kind is spread over the ramp.
    pub fn kinds(&self, seed: u64) -> Vec<PlayerKind> {
        let mut kinds: Vec<PlayerKind> =
            PlayerKind::ALL.iter().flat_map(|k| std::iter::repeat_n(*k, self.count(*k))).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // A stream of its own: the players' streams are 0, 1, 2, …
        rng.set_stream(u64::MAX);
        kinds.shuffle(&mut rng);
        kinds
    }

    /// `70 bettors, 20 viewers, 10 reconnectors` (only the kinds present).
    pub fn describe(&self) -> String {
        let parts: Vec<String> = PlayerKind::ALL
            .iter()
            .filter(|k| self.count(**k) > 0)
            .map(|k| format!("{} {}", self.count(*k), k.plural()))
            .collect();
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_shares_everyone_bets_and_reconnects_as_before() {
        let mix = Mix::new(100, 0.0, None, 0.9, 0.1).unwrap_or_else(|e| panic!("{e}"));
        assert!(mix.is_plain());
        assert_eq!(mix.count(PlayerKind::Bettor), 100);
        assert_eq!(mix.behaviour(PlayerKind::Bettor), Behaviour { bet_probability: 0.9, reconnect_rate: 0.1 });
        assert!(mix.kinds(7).iter().all(|k| *k == PlayerKind::Bettor));
    }

    #[test]
    fn shares_become_exact_counts_spread_by_the_seed() {
        let mix = Mix::new(100, 0.3, Some(0.1), 0.9, 0.5).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(PlayerKind::ALL.map(|k| mix.count(k)), [60, 30, 10], "the rest are bettors: {}", mix.describe());
        let kinds = mix.kinds(42);
        assert_eq!(kinds.len(), 100);
        assert_eq!(kinds.iter().filter(|k| **k == PlayerKind::Viewer).count(), 30);
        assert_eq!(kinds, mix.kinds(42), "the same seed, the same players");
        assert_ne!(kinds, mix.kinds(43));
        assert!(kinds[..50].contains(&PlayerKind::Viewer) && kinds[50..].contains(&PlayerKind::Viewer));
        assert_eq!(mix.describe(), "60 bettors, 30 viewers, 10 reconnectors");
    }

    #[test]
    fn with_reconnectors_only_they_drop_their_sockets_and_viewers_never_bet() {
        let mix = Mix::new(10, 0.5, Some(0.5), 0.9, 0.2).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(mix.behaviour(PlayerKind::Bettor).reconnect_rate, 0.0);
        assert_eq!(mix.behaviour(PlayerKind::Reconnector), Behaviour { bet_probability: 0.9, reconnect_rate: 0.2 });
        assert_eq!(mix.behaviour(PlayerKind::Viewer), Behaviour { bet_probability: 0.0, reconnect_rate: 0.0 });
        assert_eq!(PlayerKind::ALL.map(|k| mix.count(k)), [0, 5, 5]);
        // Viewers only: the bettors keep today's reconnects.
        let viewers = Mix::new(10, 0.2, None, 0.9, 0.1).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(viewers.behaviour(PlayerKind::Bettor).reconnect_rate, 0.1);
    }

    #[test]
    fn impossible_shares_are_refused() {
        assert!(Mix::new(10, 1.5, None, 0.9, 0.1).is_err());
        assert!(Mix::new(10, 0.7, Some(0.4), 0.9, 0.1).is_err());
        assert!(Mix::new(10, 0.0, Some(-0.1), 0.9, 0.1).is_err());
        assert!(Mix::new(10, 0.0, Some(0.2), 0.9, 0.0).is_err(), "reconnectors that never reconnect");
        // Rounding never makes more players than there are.
        let mix = Mix::new(3, 0.5, Some(0.5), 0.9, 0.1).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(PlayerKind::ALL.map(|k| mix.count(k)).iter().sum::<usize>(), 3);
    }
}
