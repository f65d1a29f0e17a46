//! Seeded random play of thousands of rounds: random bets, wallet answers arriving late, cancels, cash-outs and
//! irregular ticks. A model built only from the events checks that every accepted bet settles exactly once, at a
//! correct price, within the liability cap, and that no cash-out is granted at or after the crash.
#![allow(clippy::unwrap_used)]

use super::super::*;
use crate::aviator::fair;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeSet, HashMap};

const ROUNDS: i64 = 3_000;

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Seen {
    Reserved,
    Aborted,
    Accepted,
    Settled,
}

#[derive(Default)]
struct Model {
    bets: HashMap<(RoundId, UserId, Slot), (Paise, Seen)>,
    crash_points: HashMap<RoundId, u64>,
    paid: HashMap<RoundId, i64>,
    cap_hits: usize,
    cash_outs: usize,
    cancels: usize,
    losses: usize,
}

impl Model {
    fn settle(&mut self, key: (RoundId, UserId, Slot)) -> Paise {
        let entry = self.bets.get_mut(&key).unwrap();
        assert_eq!(entry.1, Seen::Accepted, "{key:?} settled twice or never accepted");
        entry.1 = Seen::Settled;
        entry.0
    }

    fn apply(&mut self, g: &Game, events: &[Event], cap: Paise) {
        for e in events {
            match e {
                Event::RoundOpened { .. } | Event::FlightStarted { .. } => {}
                Event::BetReserved { round, user, slot, stake } => {
                    let old = self.bets.insert((*round, *user, *slot), (*stake, Seen::Reserved));
                    assert!(old.is_none_or(|(_, s)| s == Seen::Aborted || s == Seen::Settled));
                }
                Event::BetAborted { round, user, slot, .. } | Event::BetAccepted { round, user, slot, .. } => {
                    let entry = self.bets.get_mut(&(*round, *user, *slot)).unwrap();
                    assert_eq!(entry.1, Seen::Reserved);
                    entry.1 = if matches!(e, Event::BetAborted { .. }) { Seen::Aborted } else { Seen::Accepted };
                }
                Event::BetCancelled { round, user, slot, refund } => {
                    assert_eq!(self.settle((*round, *user, *slot)), *refund, "a cancel refunds exactly the stake");
                    self.cancels += 1;
                }
                Event::CashedOut { round, user, slot, stake, multiplier, payout, .. } => {
                    assert_eq!(self.settle((*round, *user, *slot)), *stake);
                    assert_eq!(*payout, stake.times_hundredths(*multiplier as i64).unwrap());
                    assert!(*multiplier >= 100 && *multiplier <= self.crash_points[round], "{e:?}");
                    let paid = self.paid.entry(*round).or_default();
                    *paid += payout.get();
                    assert!(*paid <= cap.get(), "round {round} paid {paid} over the cap");
                    self.cash_outs += 1;
                }
                Event::Crashed { round, crash_point, capped, ended_at_multiplier, losers, .. } => {
                    assert_eq!(*crash_point, self.crash_points[round]);
                    assert!(ended_at_multiplier <= crash_point);
                    assert_eq!(*capped, ended_at_multiplier < crash_point);
                    self.cap_hits += usize::from(*capped);
                    for l in losers {
                        assert_eq!(self.settle((*round, l.user, l.slot)), l.stake);
                        self.losses += 1;
                    }
                    assert!(g.bets().all(|b| b.state != BetState::Open), "no bet stays open after the round ends");
                }
                Event::BetLost { round, user, slot, stake } => {
                    assert_eq!(self.settle((*round, *user, *slot)), *stake);
                    self.losses += 1;
                }
            }
        }
    }
}

/// The next round from a random hash, remembered by the model so cash-outs can be checked against it.
fn new_seed(round: i64, rng: &mut ChaCha8Rng, model: &mut Model) -> RoundSeed {
    let hash: fair::Hash = rng.random();
    let s = RoundSeed::from_hash(RoundId(round), hash, "salt", 100);
    model.crash_points.insert(s.round, s.crash_point);
    s
}

#[test]
fn random_play_settles_every_bet_once_within_the_cap_and_never_after_the_crash() {
    let seed: u64 = std::env::var("AVIATOR_RULES_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x5EED_A71A);
    println!("rules simulation seed = {seed} (set AVIATOR_RULES_SEED to replay another), rounds = {ROUNDS}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let config = RulesConfig {
        min_bet: Paise::from_rupees(20),
        max_bet: Paise::from_rupees(2_000),
        countdown_ms: 2_000,
        pause_ms: 500,
        max_payout_per_round: Paise::from_rupees(12_000),
        house_edge_bp: 100,
        ..RulesConfig::default()
    };
    let cap = config.max_payout_per_round;
    let mut model = Model::default();
    let first = new_seed(1, &mut rng, &mut model);
    let (mut g, events) = Game::new(config.clone(), first, 0).unwrap();
    model.apply(&g, &events, cap);
    let mut now: EpochMs = 0;
    // Reservations the "wallet" has not answered yet: (round, user, slot, answer at).
    let mut pending: Vec<(RoundId, UserId, Slot, EpochMs)> = Vec::new();
    let mut late_refusals = 0usize;

    while g.round().0 <= ROUNDS {
        now += rng.random_range(1..150);
        // The wallet answers due reservations: mostly commits, sometimes refuses.
        let (due, rest): (Vec<_>, Vec<_>) = pending.into_iter().partition(|p| p.3 <= now);
        pending = rest;
        for (round, user, slot, _) in due {
            let before = g.clone();
            let events = if rng.random_bool(0.9) {
                g.confirm_bet(round, user, slot).unwrap()
            } else {
                late_refusals += 1;
                g.abort_bet(round, user, slot).unwrap()
            };
            assert_ne!(g, before);
            model.apply(&g, &events, cap);
        }

        let user = UserId(rng.random_range(1..=25));
        let slot = if rng.random_bool(0.5) { Slot::First } else { Slot::Second };
        let round = if rng.random_bool(0.97) { g.round() } else { RoundId(g.round().0 - 1) };
        let before = g.clone();
        let result = match rng.random_range(0..10) {
            0..=3 => {
                let stake = Paise::new(rng.random_range(1_500..210_000));
                let auto = rng.random_bool(0.5).then(|| rng.random_range(95..800));
                let r = g.reserve_bet(round, user, slot, stake, auto, now);
                if r.is_ok() {
                    pending.push((round, user, slot, now + rng.random_range(0..400)));
                }
                r
            }
            4 => g.cancel_bet(round, user, slot, now),
            5..=7 => {
                let crash_moment = match g.phase() {
                    Phase::Flying { started_at, crash_at_ms_elapsed, .. } => Some(started_at + crash_at_ms_elapsed),
                    Phase::Betting { .. } | Phase::Crashed { .. } => None,
                };
                let r = g.cash_out(round, user, slot, now);
                if crash_moment.is_some_and(|at| now >= at) {
                    assert!(r.is_err(), "cash-out granted after the crash: {r:?}");
                }
                if let (Ok(events), Phase::Flying { started_at, .. }) = (&r, before.phase()) {
                    for e in events {
                        if let Event::CashedOut { cause: CashOutCause::Manual, multiplier, .. } = e {
                            assert_eq!(*multiplier, multiplier_at(now - started_at), "priced by the server clock");
                        }
                    }
                }
                r
            }
            _ => Ok(g.tick(now, || Some(new_seed(before.round().0 + 1, &mut rng, &mut model)))),
        };
        match result {
            Ok(events) => model.apply(&g, &events, cap),
            Err(_) => assert_eq!(g, before, "a rejection changed the game"),
        }
        let autos: BTreeSet<(u64, UserId, Slot)> = g
            .bets()
            .filter(|b| b.state == BetState::Open)
            .filter_map(|b| b.auto_cashout.map(|a| (a, b.user, b.slot)))
            .collect();
        assert_eq!(g.autos, autos, "the auto cash-out index is exactly the open bets with a target");
    }

    // Let the wallet answer everything and the last round end, then every accepted bet must be settled once.
    for (round, user, slot, _) in pending.drain(..) {
        let events = g.confirm_bet(round, user, slot).unwrap();
        model.apply(&g, &events, cap);
    }
    for _ in 0..10_000 {
        if matches!(g.phase(), Phase::Crashed { .. }) {
            break;
        }
        now += 100;
        let events = g.tick(now, || None);
        model.apply(&g, &events, cap);
    }
    let unsettled: Vec<_> =
        model.bets.iter().filter(|(_, (_, s))| *s == Seen::Accepted || *s == Seen::Reserved).collect();
    assert!(unsettled.is_empty(), "unsettled bets: {unsettled:?}");
    println!(
        "bets = {}, cash-outs = {}, cancels = {}, losses = {}, wallet refusals = {late_refusals}, capped rounds = {}",
        model.bets.len(),
        model.cash_outs,
        model.cancels,
        model.losses,
        model.cap_hits
    );
    assert!(model.cap_hits > 0 && model.cash_outs > 1_000 && model.cancels > 100, "the run should exercise every path");
}
