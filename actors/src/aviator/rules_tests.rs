//! Tests of the Aviator round rules: each transition and rejection, then a seeded random play of thousands of
//! rounds checking the money invariants.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::aviator::curve::elapsed_for;

const T0: EpochMs = 1_000_000;
const U1: UserId = UserId(1);
const U2: UserId = UserId(2);
const R1: RoundId = RoundId(1);

fn config() -> RulesConfig {
    RulesConfig {
        min_bet: Paise::from_rupees(20),
        max_bet: Paise::from_rupees(5_000),
        countdown_ms: 10_000,
        pause_ms: 3_000,
        max_payout_per_round: Paise::from_rupees(100_000),
        house_edge_bp: 100,
        ..RulesConfig::default()
    }
}

fn seed(round: i64, crash_point: u64) -> RoundSeed {
    RoundSeed { round: RoundId(round), hash: [round as u8; 32], crash_point }
}

fn game_with(config: RulesConfig, crash_point: u64) -> Game {
    Game::new(config, seed(1, crash_point), T0).unwrap().0
}

fn game(crash_point: u64) -> Game {
    game_with(config(), crash_point)
}

/// Reserves and confirms a bet in round 1.
fn bet(g: &mut Game, user: UserId, slot: Slot, rupees: i64, auto: Option<u64>) {
    g.reserve_bet(R1, user, slot, Paise::from_rupees(rupees), auto, T0).unwrap();
    g.confirm_bet(R1, user, slot).unwrap();
}

/// Closes betting; the flight starts at `T0 + countdown`.
fn take_off(g: &mut Game) -> EpochMs {
    let started = T0 + 10_000;
    let events = g.tick(started, || None);
    assert_eq!(events, vec![Event::FlightStarted { round: R1, started_at: started }]);
    started
}

fn assert_rejected(g: &mut Game, f: impl FnOnce(&mut Game) -> Result<Vec<Event>, Rejection>, want: Rejection) {
    let before = g.clone();
    assert_eq!(f(g), Err(want));
    assert_eq!(*g, before, "a rejection must not change the game");
}

#[test]
fn new_game_opens_betting_until_the_countdown_ends() {
    let (g, events) = Game::new(config(), seed(1, 250), T0).unwrap();
    assert_eq!(events, vec![Event::RoundOpened { round: R1, ends_at: T0 + 10_000 }]);
    assert_eq!(g.phase(), Phase::Betting { round: R1, ends_at: T0 + 10_000 });
    assert_eq!(g.next_deadline(), Some(T0 + 10_000));
    assert_eq!(g.multiplier_now(T0), 100);
}

#[test]
fn invalid_configs_are_refused() {
    let bad = |f: fn(&mut RulesConfig)| {
        let mut c = config();
        f(&mut c);
        Game::new(c, seed(1, 200), T0).err()
    };
    assert_eq!(bad(|c| c.min_bet = Paise::ZERO), Some(ConfigError::BetLimits));
    assert_eq!(bad(|c| c.max_bet = Paise::from_rupees(1)), Some(ConfigError::BetLimits));
    assert_eq!(bad(|c| c.pause_ms = -1), Some(ConfigError::Timing));
    assert_eq!(bad(|c| c.max_payout_per_round = Paise::from_rupees(5_000)), Some(ConfigError::PayoutCap));
    assert_eq!(bad(|c| c.house_edge_bp = 10_000), Some(ConfigError::Edge));
    assert!(RulesConfig::default().validate().is_ok());
}

#[test]
fn reserve_then_confirm_places_a_bet_and_two_slots_are_allowed() {
    let mut g = game(300);
    let stake = Paise::from_rupees(100);
    let reserved = g.reserve_bet(R1, U1, Slot::First, stake, Some(150), T0).unwrap();
    assert_eq!(reserved, vec![Event::BetReserved { round: R1, user: U1, slot: Slot::First, stake }]);
    assert_eq!(g.bet(U1, Slot::First).unwrap().state, BetState::Reserved);
    let accepted = g.confirm_bet(R1, U1, Slot::First).unwrap();
    assert_eq!(
        accepted,
        vec![Event::BetAccepted { round: R1, user: U1, slot: Slot::First, stake, auto_cashout: Some(150) }]
    );
    assert_eq!(g.bet(U1, Slot::First).unwrap().state, BetState::Open);
    bet(&mut g, U1, Slot::Second, 50, None);
    assert_eq!(g.bets().count(), 2);
    assert_eq!(Slot::try_from(1), Ok(Slot::Second));
    assert_eq!(Slot::try_from(2), Err(Rejection::BadSlot));
}

#[test]
fn reserve_rejections_carry_the_players_messages_and_change_nothing() {
    let mut g = game(300);
    bet(&mut g, U1, Slot::First, 100, None);
    g.reserve_bet(R1, U2, Slot::First, Paise::from_rupees(100), None, T0).unwrap();
    let p = Paise::from_rupees;
    assert_rejected(&mut g, |g| g.reserve_bet(R1, U1, Slot::First, p(100), None, T0), Rejection::SlotTaken);
    assert_rejected(&mut g, |g| g.reserve_bet(R1, U2, Slot::First, p(100), None, T0), Rejection::SlotTaken);
    assert_rejected(&mut g, |g| g.reserve_bet(RoundId(2), U1, Slot::Second, p(100), None, T0), Rejection::WrongRound);
    assert_rejected(&mut g, |g| g.reserve_bet(RoundId(0), U1, Slot::Second, p(100), None, T0), Rejection::NotBetting);
    assert_rejected(
        &mut g,
        |g| g.reserve_bet(R1, U1, Slot::Second, Paise::new(1_999), None, T0),
        Rejection::StakeTooLow { min: p(20) },
    );
    assert_rejected(
        &mut g,
        |g| g.reserve_bet(R1, U1, Slot::Second, Paise::new(500_001), None, T0),
        Rejection::StakeTooHigh { max: p(5_000) },
    );
    assert_rejected(&mut g, |g| g.reserve_bet(R1, U1, Slot::Second, p(100), Some(100), T0), Rejection::BadAutoCashout);
    assert_rejected(&mut g, |g| g.reserve_bet(R1, U1, Slot::Second, p(100), None, T0 + 10_000), Rejection::NotBetting);
    assert!(g.reserve_bet(R1, U1, Slot::Second, p(100), Some(101), T0 + 9_999).is_ok());

    assert_eq!(Rejection::NotBetting.to_string(), "Bets are closed for this round");
    assert_eq!(Rejection::SlotTaken.to_string(), "Bet already placed");
    assert_eq!(Rejection::StakeTooLow { min: p(20) }.to_string(), "Minimum bet is 20.00 INR");
    assert_eq!(Rejection::StakeTooHigh { max: Paise::new(5_091_045) }.to_string(), "Maximum bet is 50910.45 INR");
    assert_eq!(Rejection::AlreadyCashedOut.to_string(), "You Already Cashout");
    assert_eq!(Rejection::TooLate.to_string(), "Round has crashed");
    assert_eq!(Rejection::NoBet.to_string(), "No bet to cash out");
}

#[test]
fn bets_that_could_not_be_paid_at_1_01x_within_the_cap_are_refused() {
    let mut c = config();
    c.max_payout_per_round = Paise::from_rupees(10_100); // 10 000 INR of stakes at 1.01×
    let mut g = game_with(c, 300);
    bet(&mut g, U1, Slot::First, 5_000, None);
    bet(&mut g, U1, Slot::Second, 4_000, None);
    assert_rejected(
        &mut g,
        |g| g.reserve_bet(R1, U2, Slot::First, Paise::from_rupees(1_001), None, T0),
        Rejection::TableFull,
    );
    assert!(g.reserve_bet(R1, U2, Slot::First, Paise::from_rupees(1_000), None, T0).is_ok());
}

#[test]
fn abort_frees_the_slot_and_confirm_needs_a_reservation() {
    let mut g = game(300);
    let stake = Paise::from_rupees(100);
    g.reserve_bet(R1, U1, Slot::First, stake, None, T0).unwrap();
    assert_eq!(
        g.abort_bet(R1, U1, Slot::First).unwrap(),
        vec![Event::BetAborted { round: R1, user: U1, slot: Slot::First, stake }]
    );
    assert_eq!(g.bet(U1, Slot::First), None);
    assert_rejected(&mut g, |g| g.confirm_bet(R1, U1, Slot::First), Rejection::NoReservation);
    assert_rejected(&mut g, |g| g.abort_bet(R1, U1, Slot::First), Rejection::NoReservation);
    bet(&mut g, U1, Slot::First, 100, None);
    assert_rejected(&mut g, |g| g.confirm_bet(R1, U1, Slot::First), Rejection::NoReservation);
    assert_rejected(&mut g, |g| g.confirm_bet(RoundId(9), U1, Slot::First), Rejection::WrongRound);
}

#[test]
fn cancel_refunds_exactly_the_stake_only_while_betting() {
    let mut g = game(300);
    bet(&mut g, U1, Slot::First, 123, None);
    g.reserve_bet(R1, U2, Slot::First, Paise::from_rupees(50), None, T0).unwrap();
    assert_rejected(&mut g, |g| g.cancel_bet(R1, U2, Slot::First, T0), Rejection::BetPending);
    assert_rejected(&mut g, |g| g.cancel_bet(R1, U2, Slot::Second, T0), Rejection::NoBetToCancel);
    assert_rejected(&mut g, |g| g.cancel_bet(R1, U1, Slot::First, T0 + 10_000), Rejection::NotBetting);
    let refund = Paise::from_rupees(123);
    assert_eq!(
        g.cancel_bet(R1, U1, Slot::First, T0 + 1).unwrap(),
        vec![Event::BetCancelled { round: R1, user: U1, slot: Slot::First, refund }]
    );
    assert_rejected(&mut g, |g| g.cancel_bet(R1, U1, Slot::First, T0 + 2), Rejection::NoBetToCancel);
    // The slot is free again.
    bet(&mut g, U1, Slot::First, 20, None);
    take_off(&mut g);
    assert_rejected(&mut g, |g| g.cancel_bet(R1, U1, Slot::First, T0 + 10_001), Rejection::NotBetting);
}

#[test]
fn take_off_happens_at_the_scheduled_time_even_when_the_tick_is_late() {
    let mut g = game(300);
    assert!(g.tick(T0 + 9_999, || None).is_empty());
    let events = g.tick(T0 + 10_250, || None);
    assert_eq!(events, vec![Event::FlightStarted { round: R1, started_at: T0 + 10_000 }]);
    assert_eq!(g.phase(), Phase::Flying { round: R1, started_at: T0 + 10_000, crash_at_ms_elapsed: elapsed_for(300) });
    assert_eq!(g.multiplier_now(T0 + 10_000 + 11_553), 200);
}

#[test]
fn manual_cash_out_is_priced_by_the_server_clock_once() {
    let mut g = game(500);
    bet(&mut g, U1, Slot::First, 101, None);
    assert_rejected(&mut g, |g| g.cash_out(R1, U1, Slot::First, T0 + 1), Rejection::NotFlying);
    let started = take_off(&mut g);
    let events = g.cash_out(R1, U1, Slot::First, started + 11_553).unwrap();
    let stake = Paise::from_rupees(101);
    assert_eq!(
        events,
        vec![Event::CashedOut {
            round: R1,
            user: U1,
            slot: Slot::First,
            stake,
            multiplier: 200,
            payout: Paise::from_rupees(202),
            cause: CashOutCause::Manual
        }]
    );
    assert_rejected(&mut g, |g| g.cash_out(R1, U1, Slot::First, started + 12_000), Rejection::AlreadyCashedOut);
    assert_rejected(&mut g, |g| g.cash_out(R1, U2, Slot::First, started + 12_000), Rejection::NoBet);
    assert_rejected(&mut g, |g| g.cash_out(RoundId(0), U1, Slot::First, started + 12_000), Rejection::TooLate);
}

#[test]
fn payout_rounds_down_to_the_paisa() {
    let mut g = game(500);
    g.reserve_bet(R1, U1, Slot::First, Paise::new(3_333), None, T0).unwrap();
    g.confirm_bet(R1, U1, Slot::First).unwrap();
    let started = take_off(&mut g);
    let events = g.cash_out(R1, U1, Slot::First, started + 1_000).unwrap(); // 1.06×
    assert!(matches!(events[..], [Event::CashedOut { multiplier: 106, payout, .. }] if payout == Paise::new(3_532)));
}

#[test]
fn cash_out_at_or_after_the_crash_moment_is_too_late_even_before_the_tick() {
    let mut g = game(200);
    bet(&mut g, U1, Slot::First, 100, None);
    let started = take_off(&mut g);
    let crash_moment = started + elapsed_for(200);
    assert_rejected(&mut g, |g| g.cash_out(R1, U1, Slot::First, crash_moment), Rejection::TooLate);
    // One millisecond earlier the curve is below the crash point and the cash-out stands.
    let events = g.cash_out(R1, U1, Slot::First, crash_moment - 1).unwrap();
    assert!(matches!(events[..], [Event::CashedOut { multiplier: 199, .. }]));
}

#[test]
fn crash_settles_open_bets_as_lost_and_reveals_the_hash() {
    let mut g = game(150);
    bet(&mut g, U1, Slot::First, 100, None);
    bet(&mut g, U2, Slot::Second, 40, Some(151));
    let started = take_off(&mut g);
    assert!(g.tick(started + elapsed_for(150) - 1, || None).is_empty());
    let events = g.tick(started + elapsed_for(150) + 400, || None);
    let at = started + elapsed_for(150);
    assert_eq!(
        events,
        vec![Event::Crashed {
            round: R1,
            crash_point: 150,
            hash: [1; 32],
            at,
            capped: false,
            ended_at_multiplier: 150,
            losers: vec![
                Loser { user: U1, slot: Slot::First, stake: Paise::from_rupees(100) },
                Loser { user: U2, slot: Slot::Second, stake: Paise::from_rupees(40) },
            ],
        }]
    );
    assert_eq!(g.phase(), Phase::Crashed { round: R1, at, capped_at: None });
    assert_eq!(g.bet(U1, Slot::First).unwrap().state, BetState::Lost);
    assert_rejected(&mut g, |g| g.cash_out(R1, U1, Slot::First, at + 500), Rejection::TooLate);
}

#[test]
fn a_round_crashing_at_1_00x_ends_at_take_off() {
    let mut g = game(100);
    bet(&mut g, U1, Slot::First, 100, Some(101));
    let events = g.tick(T0 + 10_000, || None);
    assert!(matches!(events[..], [Event::FlightStarted { .. }, Event::Crashed { crash_point: 100, ref losers, .. }]
        if losers.len() == 1));
}

#[test]
fn auto_cash_out_pays_exactly_its_target_however_late_the_tick() {
    let mut g = game(1_000);
    bet(&mut g, U1, Slot::First, 100, Some(150));
    bet(&mut g, U2, Slot::First, 100, Some(1_000)); // exactly the crash point: the curve reached it, so it wins
    bet(&mut g, U2, Slot::Second, 100, Some(1_001));
    let started = take_off(&mut g);
    assert_eq!(g.next_deadline(), Some(started + elapsed_for(150)));
    let events = g.tick(started + 20_000, || None); // curve at 3.32×, far past 1.50×
    assert!(
        matches!(events[..], [Event::CashedOut { user: U1, multiplier: 150, payout, cause: CashOutCause::Auto, .. }]
        if payout == Paise::from_rupees(150))
    );
    let events = g.tick(started + 60_000, || None);
    assert!(matches!(&events[..], [
        Event::CashedOut { user: U2, slot: Slot::First, multiplier: 1_000, cause: CashOutCause::Auto, .. },
        Event::Crashed { losers, .. }
    ] if losers == &vec![Loser { user: U2, slot: Slot::Second, stake: Paise::from_rupees(100) }]));
}

#[test]
fn manual_cash_out_after_a_passed_auto_target_gets_the_auto_price() {
    let mut g = game(1_000);
    bet(&mut g, U1, Slot::First, 100, Some(150));
    let started = take_off(&mut g);
    let events = g.cash_out(R1, U1, Slot::First, started + 20_000).unwrap();
    assert!(matches!(events[..], [Event::CashedOut { multiplier: 150, cause: CashOutCause::Auto, .. }]));
}

fn capped_config() -> RulesConfig {
    RulesConfig { max_payout_per_round: Paise::from_rupees(10_000), ..config() }
}

#[test]
fn liability_cap_cashes_everyone_out_at_the_cap_multiplier_and_ends_the_round() {
    let mut g = game_with(capped_config(), 5_000);
    bet(&mut g, U1, Slot::First, 2_000, None);
    bet(&mut g, U2, Slot::First, 2_000, None); // 4 000 INR in the air: M* = 10 000 × 100 / 4 000 = 250
    let started = take_off(&mut g);
    assert_eq!(g.next_deadline(), Some(started + elapsed_for(251)));
    assert!(g.tick(started + elapsed_for(251) - 1, || None).is_empty());
    let events = g.tick(started + 40_000, || None);
    let at = started + elapsed_for(251);
    let paid: i64 = events
        .iter()
        .map(|e| match e {
            Event::CashedOut { multiplier: 250, cause: CashOutCause::Capped, payout, .. } => payout.get(),
            Event::Crashed { capped: true, ended_at_multiplier: 250, crash_point: 5_000, at: a, .. } if *a == at => 0,
            other => panic!("unexpected {other:?}"),
        })
        .sum();
    assert_eq!(events.len(), 3);
    assert_eq!(paid, Paise::from_rupees(10_000).get());
    assert_eq!(g.phase(), Phase::Crashed { round: R1, at, capped_at: Some(250) });
}

#[test]
fn an_auto_cash_out_below_the_cap_raises_the_cap_for_the_rest() {
    let mut g = game_with(capped_config(), 5_000);
    bet(&mut g, U1, Slot::First, 2_000, Some(200)); // pays 4 000 at 2×
    bet(&mut g, U2, Slot::First, 2_000, None); // then M* = (10 000 − 4 000) × 100 / 2 000 = 300
    let started = take_off(&mut g);
    let events = g.tick(started + 40_000, || None);
    assert!(matches!(
        events[..],
        [
            Event::CashedOut { user: U1, multiplier: 200, cause: CashOutCause::Auto, .. },
            Event::CashedOut { user: U2, multiplier: 300, cause: CashOutCause::Capped, .. },
            Event::Crashed { capped: true, ended_at_multiplier: 300, .. },
        ]
    ));
}

#[test]
fn a_manual_cash_out_after_the_cap_moment_receives_the_cap_settlement() {
    let mut g = game_with(capped_config(), 5_000);
    bet(&mut g, U1, Slot::First, 2_000, None);
    bet(&mut g, U2, Slot::First, 2_000, None);
    let started = take_off(&mut g);
    let events = g.cash_out(R1, U1, Slot::First, started + 40_000).unwrap();
    assert!(matches!(
        events[..],
        [
            Event::CashedOut { user: U1, multiplier: 250, .. },
            Event::CashedOut { user: U2, multiplier: 250, .. },
            Event::Crashed { capped: true, .. },
        ]
    ));
}

#[test]
fn a_reservation_confirmed_after_take_off_flies_and_can_cash_out() {
    let mut g = game(500);
    g.reserve_bet(R1, U1, Slot::First, Paise::from_rupees(100), None, T0 + 9_999).unwrap();
    let started = take_off(&mut g);
    assert_rejected(&mut g, |g| g.cash_out(R1, U1, Slot::First, started + 10), Rejection::BetPending);
    assert_eq!(g.confirm_bet(R1, U1, Slot::First).unwrap().len(), 1);
    let events = g.cash_out(R1, U1, Slot::First, started + 11_553).unwrap();
    assert!(matches!(events[..], [Event::CashedOut { multiplier: 200, .. }]));
}

#[test]
fn a_reservation_confirmed_after_the_crash_is_settled_as_it_flew() {
    let mut g = game(300);
    let p = Paise::from_rupees(100);
    g.reserve_bet(R1, U1, Slot::First, p, None, T0).unwrap();
    g.reserve_bet(R1, U1, Slot::Second, p, Some(250), T0).unwrap();
    g.reserve_bet(R1, U2, Slot::First, p, Some(400), T0).unwrap();
    let started = take_off(&mut g);
    let events = g.tick(started + 60_000, || Some(seed(2, 200)));
    assert!(matches!(&events[..], [Event::Crashed { losers, .. }] if losers.is_empty()));
    // The round cannot move on while money is being held for it.
    assert_eq!(g.next_deadline(), None);
    assert!(g.tick(started + 120_000, || Some(seed(2, 200))).is_empty());
    assert!(matches!(
        g.confirm_bet(R1, U1, Slot::First).unwrap()[..],
        [Event::BetAccepted { .. }, Event::BetLost { user: U1, slot: Slot::First, .. }]
    ));
    assert!(matches!(
        g.confirm_bet(R1, U1, Slot::Second).unwrap()[..],
        [Event::BetAccepted { .. }, Event::CashedOut { multiplier: 250, cause: CashOutCause::Auto, .. }]
    ));
    assert_eq!(g.abort_bet(R1, U2, Slot::First).unwrap().len(), 1);
    let events = g.tick(started + 120_000, || Some(seed(2, 200)));
    assert_eq!(events, vec![Event::RoundOpened { round: RoundId(2), ends_at: started + 130_000 }]);
}

#[test]
fn next_round_opens_after_the_pause_with_the_callers_seed() {
    let mut g = game(150);
    let started = take_off(&mut g);
    let crashed_at = started + elapsed_for(150);
    g.tick(crashed_at, || None);
    assert_eq!(g.next_deadline(), Some(crashed_at + 3_000));
    let mut asked = false;
    assert!(
        g.tick(crashed_at + 2_999, || {
            asked = true;
            Some(seed(2, 200))
        })
        .is_empty()
    );
    assert!(!asked, "the next seed is only taken when the round opens");
    assert!(g.tick(crashed_at + 3_000, || None).is_empty()); // chain used up: the table waits
    let events = g.tick(crashed_at + 3_010, || Some(seed(2, 200)));
    assert_eq!(events, vec![Event::RoundOpened { round: RoundId(2), ends_at: crashed_at + 13_010 }]);
    assert_eq!(g.bets().count(), 0);
    assert_rejected(
        &mut g,
        |g| g.reserve_bet(R1, U1, Slot::First, Paise::from_rupees(20), None, crashed_at + 3_100),
        Rejection::NotBetting,
    );
}

#[path = "rules_sim_tests.rs"]
mod sim;

#[path = "rules_caps_tests.rs"]
mod caps;

#[test]
fn a_table_resumed_after_its_last_round_waits_for_the_next_round_s_data_then_opens_it() {
    let mut g = Game::after(config(), seed(7, 150), T0).unwrap();
    assert!(matches!(g.phase(), Phase::Crashed { round: RoundId(7), .. }));
    assert_rejected(
        &mut g,
        |g| g.reserve_bet(RoundId(7), U1, Slot::First, Paise::from_rupees(20), None, T0),
        Rejection::NotBetting,
    );
    assert!(g.tick(T0 + 10, || None).is_empty(), "no data yet: the table waits");
    let events = g.tick(T0 + 20, || Some(seed(8, 200)));
    assert_eq!(events, vec![Event::RoundOpened { round: RoundId(8), ends_at: T0 + 20 + 10_000 }]);
}

#[test]
fn settings_change_only_between_rounds_and_apply_to_the_next_one() {
    let mut g = game(200);
    let higher = RulesConfig { min_bet: Paise::from_rupees(50), ..config() };
    // Betting and flying: refused, nothing changes.
    assert_eq!(g.reconfigure(higher.clone()), Err(ConfigError::RoundInPlay));
    bet(&mut g, U1, Slot::First, 20, None);
    let t = take_off(&mut g);
    assert_eq!(g.reconfigure(higher.clone()), Err(ConfigError::RoundInPlay));
    assert_eq!(g.config().min_bet, Paise::from_rupees(20));
    // Invalid settings are refused whatever the phase.
    g.tick(t + elapsed_for(200), || None);
    assert!(matches!(g.phase(), Phase::Crashed { .. }));
    let bad = RulesConfig { min_bet: Paise::ZERO, ..config() };
    assert_eq!(g.reconfigure(bad), Err(ConfigError::BetLimits));
    // After the crash: taken, and the next round plays by it.
    assert_eq!(g.reconfigure(higher), Ok(()));
    let opened_at = t + elapsed_for(200) + 3_000;
    g.tick(opened_at, || Some(seed(2, 150)));
    assert_eq!(g.round(), RoundId(2));
    assert_eq!(
        g.reserve_bet(RoundId(2), U2, Slot::First, Paise::from_rupees(20), None, opened_at),
        Err(Rejection::StakeTooLow { min: Paise::from_rupees(50) })
    );
}
