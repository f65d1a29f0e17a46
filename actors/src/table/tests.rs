//! The round state machine, played with Titli Par and Andar Bahar on a clock that only moves when told.
#![allow(clippy::unwrap_used)]

use super::game::RoundRules;
use super::round::*;
use crate::andar_bahar::rules::{AndarBahar, AndarBaharSettings, Side};
use crate::fair::ServerSeed;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;
use crate::titli::rules::{Picture, Titli, TitliSettings};

fn seed(round: i64) -> RoundSeed {
    RoundSeed { round: RoundId(round), seed: ServerSeed([round as u8; 32]), client_seed: "test".into() }
}

fn pic(n: u8) -> Picture {
    Picture::try_from(n).unwrap()
}

fn rupees(r: i64) -> Paise {
    Paise::from_rupees(r)
}

#[test]
fn a_titli_round_from_open_to_settled() {
    let s = TitliSettings::default();
    let mut r = Round::<Titli>::open(s.clone(), seed(7), 0);
    assert!(r.betting_open(0));
    assert_eq!(r.time_left(0), 30_000);
    let (a, total) = r
        .reserve(Some(RoundId(7)), UserId(1), vec![(pic(1), rupees(10)), (pic(2), rupees(20))], Some(rupees(30)), 100)
        .unwrap();
    assert_eq!((a, total), (1, rupees(30)));
    r.confirm(a).unwrap();
    let (b, _) = r.reserve(None, UserId(2), vec![(pic(12), rupees(50))], None, 200).unwrap();
    r.abort(b).unwrap();
    assert!(r.tick(14_999).is_empty());
    assert_eq!(r.tick(15_000), vec![RoundEvent::Closed { round: RoundId(7) }]);
    assert_eq!(r.reserve(None, UserId(1), vec![(pic(3), rupees(10))], None, 15_001), Err(Rejection::Closed));
    assert!(r.tick(29_999).is_empty());
    let events = r.tick(30_000);
    let outcome = Titli::draw(&mut seed(7).dice());
    assert_eq!(events[0], RoundEvent::Drawn { round: RoundId(7), outcome });
    let RoundEvent::Revealed { results, .. } = &events[1] else { panic!("{events:?}") };
    // Only the accepted ticket is settled, at 10× its winning line.
    assert_eq!(results.len(), 1);
    let expected = match outcome.number() {
        1 => rupees(100),
        2 => rupees(200),
        _ => Paise::ZERO,
    };
    assert_eq!((results[0].total, results[0].payout), (rupees(30), expected));
    assert!(!r.done(30_000 + s.timings.result_ms - 1));
    assert!(r.done(30_000 + s.timings.result_ms));
}

#[test]
fn bad_bets_are_refused_and_change_nothing() {
    let mut r = Round::<Titli>::open(TitliSettings::default(), seed(3), 0);
    let one = |p: u8, amount: Paise| vec![(pic(p), amount)];
    assert_eq!(
        r.reserve(Some(RoundId(2)), UserId(1), one(1, rupees(10)), None, 1),
        Err(Rejection::WrongRound(RoundId(3)))
    );
    assert_eq!(r.reserve(None, UserId(1), vec![], None, 1), Err(Rejection::NoLines));
    assert_eq!(
        r.reserve(None, UserId(1), vec![(pic(1), rupees(10)), (pic(1), rupees(10))], None, 1),
        Err(Rejection::DuplicatePick)
    );
    assert_eq!(r.reserve(None, UserId(1), one(1, Paise::new(999)), None, 1), Err(Rejection::BelowMinimum(rupees(10))));
    assert_eq!(r.reserve(None, UserId(1), one(1, Paise::ZERO), None, 1), Err(Rejection::BelowMinimum(rupees(10))));
    assert_eq!(r.reserve(None, UserId(1), one(1, rupees(-10)), None, 1), Err(Rejection::BelowMinimum(rupees(10))));
    assert_eq!(r.reserve(None, UserId(1), one(1, rupees(5_001)), None, 1), Err(Rejection::AboveMaximum(rupees(5_000))));
    assert_eq!(
        r.reserve(None, UserId(1), one(1, rupees(10)), Some(rupees(11)), 1),
        Err(Rejection::TotalMismatch(rupees(10)))
    );
    assert_eq!(r.tickets().count(), 0);
    let mut ab = Round::<AndarBahar>::open(AndarBaharSettings::default(), seed(3), 0);
    assert_eq!(
        ab.reserve(None, UserId(1), vec![(Side::Andar, rupees(10)), (Side::Bahar, rupees(10))], None, 1),
        Err(Rejection::TooManyLines(1))
    );
}

#[test]
fn the_draw_waits_for_holds_in_flight() {
    let mut r = Round::<Titli>::open(TitliSettings::default(), seed(4), 0);
    let (t, _) = r.reserve(None, UserId(1), vec![(pic(5), rupees(10))], None, 14_999).unwrap();
    assert_eq!(r.tick(40_000), vec![RoundEvent::Closed { round: RoundId(4) }]);
    assert!(r.tick(41_000).is_empty(), "no draw while a hold is in flight");
    r.confirm(t).unwrap();
    let events = r.tick(41_100);
    assert!(matches!(events.last(), Some(RoundEvent::Revealed { results, .. }) if results.len() == 1));
    assert_eq!(r.confirm(t), Err(Rejection::NoTicket));
}

#[test]
fn andar_bahar_reveals_a_card_per_step() {
    let s = AndarBaharSettings::default();
    let t = s.timings;
    let mut r = Round::<AndarBahar>::open(s, seed(9), 0);
    let deal = AndarBahar::draw(&mut seed(9).dice());
    let n = deal.dealt.len() as u32;
    let reveal = t.betting_ms + t.closed_ms;
    r.tick(t.betting_ms);
    let first = r.tick(reveal);
    assert!(matches!(first[0], RoundEvent::Drawn { .. }));
    assert_eq!(first[1], RoundEvent::Step { round: RoundId(9), index: 0 });
    let mut steps = 1;
    let mut revealed = false;
    let mut now = reveal;
    while !revealed {
        now += t.step_ms;
        for e in r.tick(now) {
            match e {
                RoundEvent::Step { index, .. } => {
                    assert_eq!(index, steps);
                    steps += 1;
                }
                RoundEvent::Revealed { outcome, .. } => {
                    assert_eq!(outcome, deal);
                    revealed = true;
                }
                other => panic!("{other:?}"),
            }
        }
    }
    assert_eq!(steps, n);
    assert_eq!(now, reveal + i64::from(n) * t.step_ms);
}

/// A ticket whose lines, all winning, could not be paid in `i64` paise is refused when placed, so settling never
/// meets an overflow (it used to pay nothing).
#[test]
fn a_ticket_whose_win_would_overflow_is_refused_when_placed() {
    let mut s = TitliSettings::default();
    s.limits.max = Paise::new(i64::MAX / 2);
    let mut r = Round::<Titli>::open(s.clone(), seed(5), 0);
    let huge = Paise::new(i64::MAX / 5);
    assert_eq!(r.reserve(None, UserId(1), vec![(pic(1), huge)], None, 1), Err(Rejection::AboveMaximum(s.limits.max)));
    // Two lines each payable alone, not together.
    let half = Paise::new(i64::MAX / 15);
    assert_eq!(
        r.reserve(None, UserId(1), vec![(pic(1), half), (pic(2), half)], None, 1),
        Err(Rejection::AboveMaximum(s.limits.max))
    );
    assert_eq!(r.tickets().count(), 0);
    assert!(r.reserve(None, UserId(1), vec![(pic(1), Paise::new(i64::MAX / 11))], None, 1).is_ok());
}
