//! Seeded random play of thousands of rounds under caps taken from the bankroll: random bets (many with auto
//! cash-outs), wallet answers arriving late or failing, cancels, manual cash-outs, irregular ticks, new readings of
//! the house's result at any moment and new shares between rounds. A model built only from the events checks, for
//! every round, that its payouts stay within its round cap and each player's within the player cap, that the caps
//! never move once a round has opened, that a player's cap takes a bet only when that player's own potential payout
//! passes it (so a player under their cap is never touched by another's), and that the round's cap takes the
//! largest stakes first and only when the round's potential passes it.
#![allow(clippy::unwrap_used)]

use super::super::super::*;
use crate::aviator::fair;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};

const ROUNDS: i64 = 2_000;

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Seen {
    Reserved,
    Accepted,
    Won {
        multiplier: u64,
        payout: i64,
    },
    /// Aborted, cancelled or lost: no longer in the air, nothing paid.
    Gone,
}

#[derive(Default)]
struct Round {
    caps: Option<RoundCaps>,
    crash_point: u64,
    bets: BTreeMap<(UserId, Slot), (i64, Seen)>,
    paid: i64,
    paid_by: BTreeMap<UserId, i64>,
    /// The multipliers the round's cap took bets at.
    capped_at: BTreeSet<u64>,
}

#[derive(Default)]
struct Model {
    rounds: BTreeMap<RoundId, Round>,
    player_caps: usize,
    round_caps: usize,
    flew_on: usize,
    checks: usize,
}

impl Model {
    /// What the bets of `user` (all of them: `None`) in `round` would pay if every one still in the air were paid at
    /// `m`: what the game compared with the cap (an upper bound of it: a reservation a cap pinned below `m` counts
    /// at `m` here), in hundredths of a paisa.
    fn potential(&self, round: RoundId, user: Option<UserId>, m: u64) -> i128 {
        self.rounds[&round]
            .bets
            .iter()
            .filter(|((u, _), _)| user.is_none_or(|x| x == *u))
            .map(|(_, (stake, seen))| match seen {
                Seen::Reserved | Seen::Accepted => i128::from(*stake) * i128::from(m),
                Seen::Won { payout, .. } => i128::from(*payout) * 100,
                Seen::Gone => 0,
            })
            .sum()
    }

    /// `in_flight`: the events of a tick or a cash-out (in curve order); the others come from the wallet's answers.
    fn apply(&mut self, g: &Game, events: &[Event], in_flight: bool) {
        let mut first_caps: BTreeSet<(Option<UserId>, u64)> = BTreeSet::new();
        let mut groups: BTreeMap<(RoundId, u64), i64> = BTreeMap::new();
        for e in events {
            match e {
                Event::RoundOpened { round, .. } => {
                    let r = self.rounds.entry(*round).or_default();
                    r.caps = Some(g.caps());
                    r.crash_point = g.seed().crash_point;
                }
                Event::FlightStarted { .. } => {}
                Event::BetReserved { round, user, slot, stake } => {
                    let r = self.rounds.get_mut(round).unwrap();
                    let old = r.bets.insert((*user, *slot), (stake.get(), Seen::Reserved));
                    assert!(old.is_none_or(|(_, s)| s == Seen::Gone), "{e:?} over {old:?}");
                }
                Event::BetAccepted { round, user, slot, .. } => {
                    let entry = self.rounds.get_mut(round).unwrap().bets.get_mut(&(*user, *slot)).unwrap();
                    assert_eq!(entry.1, Seen::Reserved);
                    entry.1 = Seen::Accepted;
                }
                Event::BetAborted { round, user, slot, .. }
                | Event::BetCancelled { round, user, slot, .. }
                | Event::BetLost { round, user, slot, .. } => {
                    let entry = self.rounds.get_mut(round).unwrap().bets.get_mut(&(*user, *slot)).unwrap();
                    assert!(matches!(entry.1, Seen::Reserved | Seen::Accepted), "{e:?}");
                    entry.1 = Seen::Gone;
                }
                Event::CashedOut { round, user, slot, stake, multiplier, payout, cause } => {
                    let m = *multiplier;
                    let caps = self.rounds[round].caps.unwrap();
                    match cause {
                        CashOutCause::PlayerCapped => {
                            self.player_caps += 1;
                            if in_flight && first_caps.insert((Some(*user), m)) {
                                // Taken by their own cap only: their own potential at the next hundredth passed it.
                                let over = self.potential(*round, Some(*user), m + 1);
                                assert!(over > i128::from(caps.player.unwrap().get()) * 100, "{e:?}: not over its cap");
                                self.checks += 1;
                            }
                        }
                        CashOutCause::Capped => {
                            self.round_caps += 1;
                            if in_flight {
                                if first_caps.insert((None, m)) {
                                    let over = self.potential(*round, None, m + 1);
                                    assert!(over > i128::from(caps.round.get()) * 100, "{e:?}: the round was not over");
                                    self.checks += 1;
                                }
                                let least = groups.entry((*round, m)).or_insert(i64::MAX);
                                *least = (*least).min(stake.get());
                            }
                            self.rounds.get_mut(round).unwrap().capped_at.insert(m);
                        }
                        CashOutCause::Manual | CashOutCause::Auto => {}
                    }
                    let r = self.rounds.get_mut(round).unwrap();
                    if r.capped_at.first().is_some_and(|&c| m > c) {
                        self.flew_on += 1;
                    }
                    let entry = r.bets.get_mut(&(*user, *slot)).unwrap();
                    assert!(matches!(entry.1, Seen::Reserved | Seen::Accepted), "{e:?} settled twice");
                    assert_eq!(entry.0, stake.get());
                    entry.1 = Seen::Won { multiplier: m, payout: payout.get() };
                    assert_eq!(*payout, stake.times_hundredths(m as i64).unwrap());
                    assert!((100..=r.crash_point).contains(&m), "{e:?}");
                    r.paid += payout.get();
                    *r.paid_by.entry(*user).or_default() += payout.get();
                    assert!(r.paid <= caps.round.get(), "round {round} paid {} over its cap {caps:?}", r.paid);
                    if let Some(cap) = caps.player {
                        assert!(r.paid_by[user] <= cap.get(), "{user} paid {} over the cap {caps:?}", r.paid_by[user]);
                    }
                }
                Event::Crashed { round, crash_point, capped, ended_at_multiplier, losers, .. } => {
                    let r = self.rounds.get_mut(round).unwrap();
                    assert_eq!(*crash_point, r.crash_point);
                    assert_eq!(*capped, ended_at_multiplier < crash_point);
                    for l in losers {
                        let entry = r.bets.get_mut(&(l.user, l.slot)).unwrap();
                        assert_eq!(entry.1, Seen::Accepted);
                        entry.1 = Seen::Gone;
                    }
                }
            }
        }
        // The round's cap took the largest stakes first: every confirmed bet still in the air is no larger.
        for ((round, m), least) in groups {
            let r = &self.rounds[&round];
            for ((user, slot), (stake, _)) in r.bets.iter().filter(|(_, (_, s))| *s == Seen::Accepted) {
                assert!(*stake <= least, "{user}/{slot:?} staked {stake} flies on past the cap at {m} over {least}");
            }
        }
    }
}

fn new_seed(round: i64, rng: &mut ChaCha8Rng) -> RoundSeed {
    let hash: fair::Hash = rng.random();
    RoundSeed::from_hash(RoundId(round), hash, "salt", 100)
}

/// Shares of ₹10 lakh of capital: the round's 0.5 % to 2 % (or not set), a player's 0.2 % to 0.8 % (or not set).
fn random_config(rng: &mut ChaCha8Rng) -> RulesConfig {
    RulesConfig {
        min_bet: Paise::from_rupees(20),
        max_bet: Paise::from_rupees(2_000),
        countdown_ms: 2_000,
        pause_ms: 500,
        max_payout_per_round: Paise::from_rupees(15_000),
        house_edge_bp: 100,
        max_payout_bankroll_ppm: if rng.random_bool(0.85) { rng.random_range(5_000..=20_000) } else { 0 },
        max_player_payout_bankroll_ppm: if rng.random_bool(0.85) { rng.random_range(2_000..=8_000) } else { 0 },
        bankroll_capital: Paise::from_rupees(1_000_000),
    }
}

#[test]
fn random_play_keeps_every_round_and_every_player_within_their_caps() {
    let seed: u64 = std::env::var("AVIATOR_CAPS_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(rand::random);
    println!("caps simulation seed = {seed} (set AVIATOR_CAPS_SEED to replay another), rounds = {ROUNDS}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut model = Model::default();
    let first = new_seed(1, &mut rng);
    let (mut g, events) = Game::new_with_house_result(random_config(&mut rng), first, Paise::ZERO, 0).unwrap();
    model.apply(&g, &events, false);
    let mut now: EpochMs = 0;
    let mut pending: Vec<(RoundId, UserId, Slot, EpochMs)> = Vec::new();

    while g.round().0 <= ROUNDS {
        now += rng.random_range(1..150);
        assert_eq!(Some(g.caps()), model.rounds[&g.round()].caps, "a round's caps never move");
        // A new reading of the house's result, at any moment: it only ever moves the next round's caps.
        if rng.random_bool(0.02) {
            g.set_house_result(Paise::from_rupees(rng.random_range(-1_100_000..500_000)));
        }
        if matches!(g.phase(), Phase::Crashed { .. }) && rng.random_bool(0.05) {
            let _ = g.reconfigure(random_config(&mut rng));
        }
        let (due, rest): (Vec<_>, Vec<_>) = pending.into_iter().partition(|p| p.3 <= now);
        pending = rest;
        for (round, user, slot, _) in due {
            let events = if rng.random_bool(0.9) {
                g.confirm_bet(round, user, slot).unwrap()
            } else {
                g.abort_bet(round, user, slot).unwrap()
            };
            model.apply(&g, &events, false);
        }

        // A few players, so stakes pile up on some of them and their caps bind.
        let user = UserId(rng.random_range(1..=12));
        let slot = if rng.random_bool(0.5) { Slot::First } else { Slot::Second };
        let before = g.clone();
        let (result, in_flight) = match rng.random_range(0..10) {
            0..=3 => {
                let stake = Paise::new(rng.random_range(2_000..200_000));
                let auto = rng.random_bool(0.6).then(|| rng.random_range(101..600));
                let r = g.reserve_bet(g.round(), user, slot, stake, auto, now);
                if r.is_ok() {
                    pending.push((g.round(), user, slot, now + rng.random_range(0..400)));
                }
                (r, false)
            }
            4 => (g.cancel_bet(g.round(), user, slot, now), false),
            5..=6 => (g.cash_out(g.round(), user, slot, now), true),
            _ => (Ok(g.tick(now, || Some(new_seed(before.round().0 + 1, &mut rng)))), true),
        };
        match result {
            Ok(events) => model.apply(&g, &events, in_flight),
            Err(_) => assert_eq!(g, before, "a rejection changed the game"),
        }
    }
    for (round, user, slot, _) in pending.drain(..) {
        let events = g.confirm_bet(round, user, slot).unwrap();
        model.apply(&g, &events, false);
    }
    for _ in 0..10_000 {
        if matches!(g.phase(), Phase::Crashed { .. }) {
            break;
        }
        now += 100;
        let events = g.tick(now, || None);
        model.apply(&g, &events, true);
    }
    let open: Vec<_> = model
        .rounds
        .iter()
        .flat_map(|(r, round)| round.bets.iter().map(move |(k, v)| (r, k, v)))
        .filter(|(_, _, (_, s))| matches!(s, Seen::Reserved | Seen::Accepted))
        .collect();
    assert!(open.is_empty(), "bets never settled: {open:?}");
    println!(
        "player caps = {}, round caps = {}, cash-outs above a round cap's multiplier = {}, cap checks = {}",
        model.player_caps, model.round_caps, model.flew_on, model.checks
    );
    assert!(
        model.player_caps > 100 && model.round_caps > 100 && model.flew_on > 10,
        "the run should exercise the caps"
    );
}
