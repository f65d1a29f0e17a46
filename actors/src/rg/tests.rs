use super::*;

const H: i64 = 3600 * 1000;
const NOW: EpochMs = 1_795_000_000_000;

fn p(r: i64) -> Paise {
    Paise::from_rupees(r)
}

#[test]
fn periods_start_at_ist_midnight_monday_and_the_first() {
    // 2026-11-24 (a Tuesday) 00:30 IST is 2026-11-23 19:00 UTC.
    let t = days_from_civil(2026, 11, 24) * DAY_MS - IST_OFFSET_MS + H / 2;
    assert_eq!(Period::Day.start(t), days_from_civil(2026, 11, 24) * DAY_MS - IST_OFFSET_MS);
    assert_eq!(Period::Week.start(t), days_from_civil(2026, 11, 23) * DAY_MS - IST_OFFSET_MS);
    assert_eq!(Period::Month.start(t), days_from_civil(2026, 11, 1) * DAY_MS - IST_OFFSET_MS);
    // A Monday starts its own week.
    let monday = days_from_civil(2026, 11, 23) * DAY_MS - IST_OFFSET_MS;
    assert_eq!(Period::Week.start(monday), monday);
    assert_eq!(Period::Week.start(monday - 1), days_from_civil(2026, 11, 16) * DAY_MS - IST_OFFSET_MS);
    assert_eq!(civil(days_from_civil(2028, 2, 29)), (2028, 2, 29));
}

#[test]
fn months_are_calendar_months_clamped_to_the_last_day() {
    let at = |y, m, d| days_from_civil(y, m, d) * DAY_MS - IST_OFFSET_MS + 5 * H;
    assert_eq!(add_months(at(2026, 8, 31), 6), at(2027, 2, 28));
    assert_eq!(add_months(at(2026, 11, 24), 6), at(2027, 5, 24));
    assert_eq!(add_months(at(2026, 11, 24), 60), at(2031, 11, 24));
}

#[test]
fn lowering_applies_at_once_raising_and_removing_wait_a_day() {
    let none = Limit::default();
    let set = none.ask(Some(p(1000)), NOW);
    assert_eq!(set.in_force(NOW), Some(p(1000)), "a new limit is tighter than none");
    let lower = set.ask(Some(p(500)), NOW + H);
    assert_eq!(lower.in_force(NOW + H), Some(p(500)));
    assert_eq!(lower.pending, None);
    let raise = lower.ask(Some(p(2000)), NOW + 2 * H);
    assert_eq!(raise.in_force(NOW + 2 * H), Some(p(500)), "a raise waits");
    assert_eq!(raise.in_force(NOW + 2 * H + RAISE_DELAY_MS - 1), Some(p(500)));
    assert_eq!(raise.in_force(NOW + 2 * H + RAISE_DELAY_MS), Some(p(2000)));
    let removed = lower.ask(None, NOW + 3 * H);
    assert_eq!(removed.in_force(NOW + 3 * H + RAISE_DELAY_MS - 1), Some(p(500)), "removing waits too");
    assert_eq!(removed.in_force(NOW + 3 * H + RAISE_DELAY_MS), None);
    // Lowering while a raise waits drops the raise.
    let back = raise.ask(Some(p(400)), NOW + 4 * H);
    assert_eq!((back.in_force(NOW + 4 * H), back.pending), (Some(p(400)), None));
    // Asking again for what is in force cancels the wait.
    assert_eq!(raise.ask(Some(p(500)), NOW + 5 * H), Limit { amount: Some(p(500)), pending: None });
    // A raise asked after an earlier one took effect starts from the new value.
    let later = raise.ask(Some(p(3000)), NOW + 2 * H + RAISE_DELAY_MS + 1);
    assert_eq!(later.in_force(NOW + 2 * H + RAISE_DELAY_MS + 1), Some(p(2000)));
}

#[test]
fn a_guard_refuses_what_goes_past_and_counts_what_it_lets_through() {
    let mut g = Guard { max_stake: Some(p(100)), losses: vec![(Period::Day, p(250), p(0))], ..Guard::default() };
    let bet = |g: &mut Guard, r: i64| g.check(p(r)).map(|()| g.moved(p(-r)));
    assert_eq!(bet(&mut g, 101), Err(Refusal::StakeLimit { max: p(100) }));
    assert_eq!(bet(&mut g, 100), Ok(()));
    assert_eq!(bet(&mut g, 100), Ok(()));
    assert_eq!(bet(&mut g, 100), Err(Refusal::LossLimit { period: Period::Day, left: p(50) }));
    g.moved(p(80)); // a win brings 80 back
    assert_eq!(bet(&mut g, 100), Ok(()), "lost 120 + 100 ≤ 250");
    assert_eq!(g.losses[0].2, p(220));
    let off = Guard { exclusion: Some(Exclusion { kind: ExclusionKind::Break, until: NOW }), ..Guard::default() };
    assert_eq!(off.check(p(1)), Err(Refusal::OnBreak { until: NOW }));
    assert_eq!(Refusal::SelfExcluded { until: 1 }.code().as_str(), "rg_self_excluded");
    // Real mode: a region left out refuses every stake, before anything else.
    let away = Guard { region_refused: true, ..off };
    assert_eq!(away.check(p(1)), Err(Refusal::RegionNotAllowed));
    assert_eq!(Refusal::RegionNotAllowed.code().as_str(), "region_not_allowed");
}

#[test]
fn deposits_are_counted_per_period() {
    let limits = [(Period::Day, p(1000), p(600)), (Period::Month, p(5000), p(4500))];
    assert_eq!(deposit(None, &limits, p(400)), Ok(()));
    assert_eq!(deposit(None, &limits, p(401)), Err(Refusal::DepositLimit { period: Period::Day, left: p(400) }));
    let ex = Exclusion { kind: ExclusionKind::SelfExclusion, until: NOW };
    assert_eq!(deposit(Some(ex), &[], p(1)), Err(Refusal::SelfExcluded { until: NOW }));
}
