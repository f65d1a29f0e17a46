//! The liability caps taken from the bankroll: how a round's caps are fixed when it opens, a player's cap cashing
//! out only that player, the round's cap cashing out the largest stakes first while the rest fly on, reservations a
//! cap decides before their hold commits, and the bets a cap refuses.

use super::*;

const U3: UserId = UserId(3);

/// ₹1 lakh of capital: every 100 ppm (1 basis point) of it is ₹10.
fn bankrolled(round_ppm: u32, player_ppm: u32) -> RulesConfig {
    RulesConfig {
        max_payout_bankroll_ppm: round_ppm,
        max_player_payout_bankroll_ppm: player_ppm,
        bankroll_capital: Paise::from_rupees(100_000),
        ..config()
    }
}

fn opened(config: RulesConfig, house_result: Paise, crash_point: u64) -> Game {
    Game::new_with_house_result(config, seed(1, crash_point), house_result, T0).unwrap().0
}

fn cashed(e: &Event) -> Option<(UserId, Slot, u64, i64, CashOutCause)> {
    match e {
        Event::CashedOut { user, slot, multiplier, payout, cause, .. } => {
            Some((*user, *slot, *multiplier, payout.get(), *cause))
        }
        _ => None,
    }
}

#[test]
fn a_rounds_caps_are_the_smaller_of_the_amount_and_the_share_of_the_bankroll() {
    let p = Paise::from_rupees;
    // Nothing set: the amount alone, no cap per player.
    let caps = config().caps(p(5_000));
    assert_eq!(caps, RoundCaps { bankroll: p(5_000), round: p(100_000), player: None });
    // Bustabit's shares of ₹1 lakh of capital and ₹20 000 the house has won: 1.125 % and 0.75 % of ₹1.2 lakh.
    let c = bankrolled(11_250, 7_500);
    assert_eq!(c.caps(p(20_000)), RoundCaps { bankroll: p(120_000), round: p(1_350), player: Some(p(900)) });
    // A share above the amount leaves the amount.
    let rich = RulesConfig { bankroll_capital: p(100_000_000), ..c.clone() };
    assert_eq!(rich.caps(Paise::ZERO).round, p(100_000));
    // The house lost more than the capital: a share of nothing.
    assert_eq!(c.caps(p(-150_000)), RoundCaps { bankroll: p(-50_000), round: Paise::ZERO, player: Some(Paise::ZERO) });
    // Rounded down to the paisa: 1.125 % of ₹1 00 000.99 is ₹1 125.0111.
    assert_eq!(bankrolled(11_250, 0).caps(Paise::new(99)).round, Paise::new(112_501));
}

#[test]
fn bankroll_settings_out_of_range_are_refused_with_their_own_codes() {
    let bad = |c: RulesConfig| c.validate().err();
    assert_eq!(bad(bankrolled(1_000_001, 0)), Some(ConfigError::BankrollShare));
    assert_eq!(bad(bankrolled(0, 1_000_001)), Some(ConfigError::BankrollShare));
    assert_eq!(bad(RulesConfig { bankroll_capital: Paise::new(-1), ..config() }), Some(ConfigError::BankrollCapital));
    assert!(bankrolled(1_000_000, 1_000_000).validate().is_ok());
    assert_eq!(ConfigError::BankrollShare.code().as_str(), "invalid_bankroll_share");
    assert_eq!(ConfigError::BankrollCapital.code().as_str(), "invalid_bankroll_capital");
    assert_eq!(ConfigError::BetLimits.code().as_str(), "invalid_settings");
}

#[test]
fn the_caps_are_fixed_when_a_round_opens_and_a_new_reading_moves_only_the_next_rounds() {
    let mut g = opened(bankrolled(6_000, 0), Paise::ZERO, 150);
    assert_eq!(g.caps().round, Paise::from_rupees(600));
    // The house won ₹50 000 meanwhile: the round in play keeps its cap, in betting, in flight and after.
    g.set_house_result(Paise::from_rupees(50_000));
    assert_eq!(g.caps().round, Paise::from_rupees(600));
    let started = take_off(&mut g);
    assert_eq!(g.caps().round, Paise::from_rupees(600));
    let crashed = started + elapsed_for(150);
    g.tick(crashed, || None);
    assert_eq!(g.caps().round, Paise::from_rupees(600));
    g.tick(crashed + 3_000, || Some(seed(2, 150)));
    assert_eq!(g.round(), RoundId(2));
    assert_eq!(
        g.caps(),
        RoundCaps { bankroll: Paise::from_rupees(150_000), round: Paise::from_rupees(900), player: None }
    );
}

#[test]
fn a_bankroll_at_or_below_zero_takes_no_bet() {
    let mut g = opened(bankrolled(6_000, 0), Paise::from_rupees(-100_000), 300);
    assert_rejected(
        &mut g,
        |g| g.reserve_bet(R1, U1, Slot::First, Paise::from_rupees(20), None, T0),
        Rejection::TableFull,
    );
}

#[test]
fn a_round_cap_from_the_bankroll_refuses_what_it_could_not_pay_at_1_01x() {
    let mut g = opened(bankrolled(6_000, 0), Paise::ZERO, 300); // ₹600: ₹594.05 of stakes at 1.01×
    bet(&mut g, U1, Slot::First, 500, None);
    assert_rejected(
        &mut g,
        |g| g.reserve_bet(R1, U2, Slot::First, Paise::from_rupees(95), None, T0),
        Rejection::TableFull,
    );
    assert!(g.reserve_bet(R1, U2, Slot::First, Paise::from_rupees(94), None, T0).is_ok());
}

#[test]
fn a_players_cap_refuses_stakes_past_it_and_says_how_much_is_left() {
    let mut g = opened(bankrolled(0, 4_500), Paise::ZERO, 300); // ₹450 a player
    bet(&mut g, U1, Slot::First, 400, None);
    // ₹450 × 100 / 101 = ₹445.54 may be staked in all; ₹400 is.
    assert_rejected(
        &mut g,
        |g| g.reserve_bet(R1, U1, Slot::Second, Paise::from_rupees(50), None, T0),
        Rejection::StakeTooHigh { max: Paise::new(4_554) },
    );
    assert!(g.reserve_bet(R1, U1, Slot::Second, Paise::new(4_554), None, T0).is_ok());
    // Another player has their own.
    assert!(g.reserve_bet(R1, U2, Slot::First, Paise::from_rupees(400), None, T0).is_ok());
    // Never more than the max bet.
    let mut wide = opened(bankrolled(0, 1_000_000), Paise::ZERO, 300);
    assert_eq!(
        wide.reserve_bet(R1, U1, Slot::First, Paise::from_rupees(5_001), None, T0),
        Err(Rejection::StakeTooHigh { max: Paise::from_rupees(5_000) })
    );
}

#[test]
fn a_players_cap_cashes_out_only_that_player_at_the_multiplier_where_they_reach_it() {
    let mut g = opened(bankrolled(0, 4_500), Paise::ZERO, 300); // ₹450 a player
    bet(&mut g, U1, Slot::First, 200, None);
    bet(&mut g, U1, Slot::Second, 200, None); // ₹400 in all: M_u = 450 × 100 / 400 = 1.12×
    bet(&mut g, U2, Slot::First, 400, Some(200)); // the same stake in one slot: their own cap, also 1.12×
    bet(&mut g, U3, Slot::First, 100, None); // ₹100: M_u = 4.50×, above the crash
    let started = take_off(&mut g);
    assert_eq!(g.next_deadline(), Some(started + elapsed_for(113)));
    let events = g.tick(started + elapsed_for(113), || None);
    let out: Vec<_> = events.iter().filter_map(cashed).collect();
    assert_eq!(
        out,
        vec![
            (U1, Slot::First, 112, 22_400, CashOutCause::PlayerCapped),
            (U1, Slot::Second, 112, 22_400, CashOutCause::PlayerCapped),
            (U2, Slot::First, 112, 44_800, CashOutCause::PlayerCapped),
        ]
    );
    assert_eq!(events.len(), 3, "the round flies on: {events:?}");
    assert!(matches!(g.phase(), Phase::Flying { .. }));
    // The third player was untouched and flies to the crash.
    assert_eq!(g.bet(U3, Slot::First).unwrap().state, BetState::Open);
    let events = g.tick(started + elapsed_for(300), || None);
    assert!(matches!(&events[..], [Event::Crashed { capped: false, losers, .. }] if losers.len() == 1));
}

#[test]
fn the_round_cap_cashes_out_the_largest_stake_first_and_the_small_one_flies_on() {
    let mut g = opened(bankrolled(6_000, 0), Paise::ZERO, 500); // ₹600 for the round
    bet(&mut g, U1, Slot::First, 20, Some(120));
    bet(&mut g, U2, Slot::First, 500, None); // ₹520 in the air: M = 600 × 100 / 520 = 1.15×
    let started = take_off(&mut g);
    assert_eq!(g.next_deadline(), Some(started + elapsed_for(116)));
    let events = g.tick(started + elapsed_for(116), || None);
    assert_eq!(
        events.iter().filter_map(cashed).collect::<Vec<_>>(),
        vec![(U2, Slot::First, 115, 57_500, CashOutCause::Capped)]
    );
    assert_eq!(events.len(), 1, "the small bet flies on: ₹20 fits in the ₹25 left up to 1.25×");
    // It reaches its own target, above the large bet's cap multiplier, and the round flies on to its crash point.
    let events = g.tick(started + elapsed_for(120), || None);
    assert_eq!(
        events.iter().filter_map(cashed).collect::<Vec<_>>(),
        vec![(U1, Slot::First, 120, 2_400, CashOutCause::Auto)]
    );
    let events = g.tick(started + elapsed_for(500), || None);
    assert!(matches!(&events[..], [Event::Crashed { capped: false, crash_point: 500, .. }]));
}

#[test]
fn the_round_cap_takes_each_bet_when_needed_and_ends_the_round_once_none_is_in_the_air() {
    let mut g = opened(bankrolled(6_000, 0), Paise::ZERO, 500);
    bet(&mut g, U1, Slot::First, 20, None);
    bet(&mut g, U2, Slot::First, 500, None);
    let started = take_off(&mut g);
    let events = g.tick(started + elapsed_for(300), || None);
    let at = started + elapsed_for(126);
    assert_eq!(
        events.iter().filter_map(cashed).collect::<Vec<_>>(),
        vec![(U2, Slot::First, 115, 57_500, CashOutCause::Capped), (U1, Slot::First, 125, 2_500, CashOutCause::Capped)]
    );
    assert!(matches!(
        events.last(),
        Some(Event::Crashed { capped: true, ended_at_multiplier: 125, crash_point: 500, at: a, .. }) if *a == at
    ));
}

#[test]
fn equal_stakes_are_taken_by_user_then_slot_and_only_as_many_as_needed() {
    // ₹1 000 for the round; ₹300, ₹300, ₹300 and ₹30 in the air (₹930): M = 1.07×.
    let mut g = opened(bankrolled(10_000, 0), Paise::ZERO, 500);
    bet(&mut g, U3, Slot::First, 300, None);
    bet(&mut g, U1, Slot::Second, 300, None);
    bet(&mut g, U1, Slot::First, 300, None);
    bet(&mut g, U2, Slot::First, 30, None);
    let started = take_off(&mut g);
    let events = g.tick(started + elapsed_for(108), || None);
    // Past 1.07× the largest go first: with the first ₹300 out (₹321 paid), ₹630 would need ₹680.40 at 1.08× and
    // ₹679 is left; with the second out too (₹642 paid), ₹330 needs ₹356.40 of the ₹358 left, and flies on.
    assert_eq!(
        events.iter().filter_map(cashed).collect::<Vec<_>>(),
        vec![
            (U1, Slot::First, 107, 32_100, CashOutCause::Capped),
            (U1, Slot::Second, 107, 32_100, CashOutCause::Capped)
        ]
    );
    assert_eq!(g.bet(U3, Slot::First).unwrap().state, BetState::Open);
    assert_eq!(g.bet(U2, Slot::First).unwrap().state, BetState::Open);
}

#[test]
fn a_player_cap_and_the_round_cap_together() {
    // ₹600 for the round, ₹300 a player. U1's ₹250 reaches ₹300 at 1.20×, before the round's cap (₹600 over ₹450
    // in the air: 1.33×); once U1 is out, the others' M rises to (600 − 300) / 200 = 1.50×.
    let mut g = opened(bankrolled(6_000, 3_000), Paise::ZERO, 1_000);
    bet(&mut g, U1, Slot::First, 250, None);
    bet(&mut g, U2, Slot::First, 150, None);
    bet(&mut g, U3, Slot::First, 50, Some(140));
    let started = take_off(&mut g);
    let events = g.tick(started + elapsed_for(300), || None);
    assert_eq!(
        events.iter().filter_map(cashed).collect::<Vec<_>>(),
        vec![
            (U1, Slot::First, 120, 30_000, CashOutCause::PlayerCapped),
            (U3, Slot::First, 140, 7_000, CashOutCause::Auto),
            // U2's ₹150 alone then has (600 − 370) / 150: 1.53×, and U2's own cap is 2.00×.
            (U2, Slot::First, 153, 22_950, CashOutCause::Capped),
        ]
    );
    assert!(matches!(events.last(), Some(Event::Crashed { capped: true, ended_at_multiplier: 153, .. })));
}

#[test]
fn a_reservation_a_cap_takes_is_paid_when_its_hold_commits_or_freed_if_it_fails() {
    let mut g = opened(bankrolled(6_000, 0), Paise::ZERO, 500);
    g.reserve_bet(R1, U2, Slot::First, Paise::from_rupees(500), None, T0).unwrap(); // its hold is slow
    g.reserve_bet(R1, U2, Slot::Second, Paise::from_rupees(40), Some(110), T0).unwrap(); // also slow
    bet(&mut g, U1, Slot::First, 20, None);
    let started = take_off(&mut g);
    // ₹560 in the air: M = 1.07×. The ₹500 reservation is taken (pinned, nothing to pay yet): ₹60 needs ₹4.20 more
    // for 1.08× and ₹600 − ₹535 leaves ₹65, so the rest flies on.
    let events = g.tick(started + elapsed_for(108), || None);
    assert!(events.is_empty(), "{events:?}");
    assert_eq!(g.next_deadline(), Some(started + elapsed_for(109)));
    let confirmed = g.confirm_bet(R1, U2, Slot::First).unwrap();
    assert_eq!(
        confirmed.iter().filter_map(cashed).collect::<Vec<_>>(),
        vec![(U2, Slot::First, 107, 53_500, CashOutCause::Capped)]
    );
    // At the next step the second reservation is the larger and is pinned at 1.08× (₹43.20); that leaves ₹21.80,
    // exactly ₹20 at 1.09×, so U1 flies on to 1.09× and, the air then empty, the round ends there.
    let events = g.tick(started + elapsed_for(300), || None);
    let outs: Vec<_> = events.iter().filter_map(cashed).collect();
    assert_eq!(outs, vec![(U1, Slot::First, 109, 2_180, CashOutCause::Capped)]);
    assert!(matches!(events.last(), Some(Event::Crashed { capped: true, ended_at_multiplier: 109, .. })));
    // Its auto target (1.10×) was above the multiplier it was pinned at, so it is paid that.
    let late = g.confirm_bet(R1, U2, Slot::Second).unwrap();
    assert_eq!(
        late.iter().filter_map(cashed).collect::<Vec<_>>(),
        vec![(U2, Slot::Second, 108, 4_320, CashOutCause::Capped)]
    );

    // A pinned reservation whose hold fails frees what it was counted for.
    let mut g = opened(bankrolled(6_000, 0), Paise::ZERO, 500);
    g.reserve_bet(R1, U2, Slot::First, Paise::from_rupees(500), Some(110), T0).unwrap();
    bet(&mut g, U1, Slot::First, 20, None);
    let started = take_off(&mut g);
    assert!(g.tick(started + elapsed_for(116), || None).is_empty());
    g.abort_bet(R1, U2, Slot::First).unwrap();
    // ₹20 alone in the air with the whole ₹600: 30×, so it flies to the crash.
    let events = g.tick(started + elapsed_for(500), || None);
    assert!(matches!(&events[..], [Event::Crashed { capped: false, losers, .. }] if losers.len() == 1));
}

#[test]
fn a_pinned_reservation_with_a_lower_auto_target_is_paid_its_target() {
    let mut g = opened(bankrolled(6_000, 0), Paise::ZERO, 500);
    g.reserve_bet(R1, U2, Slot::First, Paise::from_rupees(500), Some(110), T0).unwrap();
    bet(&mut g, U1, Slot::First, 20, Some(125));
    let started = take_off(&mut g);
    assert!(g.tick(started + elapsed_for(116), || None).is_empty()); // pinned at 1.15×
    let confirmed = g.confirm_bet(R1, U2, Slot::First).unwrap();
    assert_eq!(
        confirmed.iter().filter_map(cashed).collect::<Vec<_>>(),
        vec![(U2, Slot::First, 110, 55_000, CashOutCause::Auto)]
    );
    // The ₹25 it did not take is free again: ₹20 at its 1.25× target fits.
    let events = g.tick(started + elapsed_for(125), || None);
    assert_eq!(
        events.iter().filter_map(cashed).collect::<Vec<_>>(),
        vec![(U1, Slot::First, 125, 2_500, CashOutCause::Auto)]
    );
}

#[path = "rules_caps_sim_tests.rs"]
mod sim;
