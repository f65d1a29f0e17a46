use super::*;
use crate::andar_bahar::rules::AndarBaharSettings;
use crate::color::rules::ColorSettings;
use crate::titli::rules::TitliSettings;

/// Settings as a round records them, with these payouts.
fn titli(payout: i64) -> String {
    serde_json::to_string(&TitliSettings { payout, ..TitliSettings::default() }).unwrap()
}
fn color(payout: i64) -> String {
    serde_json::to_string(&ColorSettings { payout, ..ColorSettings::default() }).unwrap()
}
fn andar_bahar(andar_payout: i64, bahar_payout: i64) -> String {
    serde_json::to_string(&AndarBaharSettings { andar_payout, bahar_payout, ..AndarBaharSettings::default() }).unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

macro_rules! assert_close {
    ($a:expr, $b:expr) => {{
        let (a, b): (f64, f64) = ($a, $b);
        assert!(close(a, b), "{} = {a}, expected {b}", stringify!($a));
    }};
}

fn per_rupee(b: Basis) -> (f64, Option<f64>) {
    match b {
        Basis::PerRupee { hold, var_per_rupee2 } => (hold, var_per_rupee2),
        other => panic!("{other:?}"),
    }
}

/// `units` units of one bet each of `stake` paise, paying `payouts` in turn.
fn agg(stake: i64, payouts: &[i64]) -> Agg {
    let mut a = Agg { units: payouts.len() as i64, bets: payouts.len() as i64, ..Agg::default() };
    for p in payouts {
        let x = (stake - p) as f64;
        let s = stake as f64;
        a.stake += stake;
        a.payout += p;
        a.sxx += x * x;
        a.sxs += x * s;
        a.sss += s * s;
        a.bet_stake2 += s * s;
    }
    a
}

#[test]
fn edges_are_the_hold_of_aviator_and_mines() {
    assert_eq!(per_rupee(edge_basis(300)), (0.03, None));
    assert_eq!(per_rupee(edge_basis(0)), (0.0, None));
    assert_eq!(edge_basis(10_000), Basis::Unknown);
    assert_eq!(edge_basis(-1), Basis::Unknown);
}

#[test]
fn round_games_hold_what_their_payouts_leave() {
    let (hold, var) = per_rupee(round_basis("titli", &titli(1000), ""));
    assert_close!(hold, 1.0 / 6.0);
    // 10× with chance 1/12: 100 · (1/12) · (11/12).
    assert_close!(var.unwrap(), 1100.0 / 144.0);

    let (hold, var) = per_rupee(round_basis("color", &color(290), ""));
    assert_close!(hold, 1.0 / 30.0);
    assert_close!(var.unwrap(), 2.9 * 2.9 / 3.0 * (2.0 / 3.0));

    // Andar wins 10,725 of 20,825 placements of the three matching cards.
    let ab = &andar_bahar(190, 200);
    let (andar, var) = per_rupee(round_basis("andar_bahar", ab, "Andar"));
    assert_close!(andar, 1.0 - 1.9 * 10_725.0 / 20_825.0);
    let p = 10_725.0 / 20_825.0;
    assert_close!(var.unwrap(), 1.9 * 1.9 * p * (1.0 - p));
    let (bahar, _) = per_rupee(round_basis("andar_bahar", ab, "Bahar"));
    assert_close!(bahar, 1.0 - 2.0 * 10_100.0 / 20_825.0);
    assert_close!(andar, 0.021_488_595_438_175_27);
    assert_close!(bahar, 0.030_012_004_801_920_79);

    assert_eq!(round_basis("andar_bahar", ab, ""), Basis::Unknown, "a ticket without a side");
    assert_eq!(round_basis("titli", "not json", ""), Basis::Unknown);
    assert_eq!(round_basis("color", "{}", ""), Basis::Unknown, "settings without a payout");
    assert_eq!(round_basis("aviator", &titli(1000), ""), Basis::Unknown);
}

#[test]
fn matka_holds_its_rate_times_the_chance_of_the_number() {
    let cases = [
        ("single_digit", "7", 950, 0.05),
        ("jodi", "80", 9_500, 0.05),
        ("single_panna", "128", 15_000, 0.10),
        ("double_panna", "112", 30_000, 0.10),
        ("triple_panna", "111", 90_000, 0.10),
        // Digit 8 (1/10) and single panna 479 (6/1000): 0.0006 × 1400.
        ("half_sangam", "8-479", 140_000, 0.16),
        ("half_sangam", "479-8", 140_000, 0.16),
        // Two single pannas: 36 / 1,000,000 × 15,000.
        ("full_sangam", "134-479", 1_500_000, 0.46),
        // A double panna is half as likely: 18 / 1,000,000.
        ("full_sangam", "112-479", 1_500_000, 0.73),
    ];
    for (bid, number, rate, hold) in cases {
        let (h, var) = per_rupee(matka_basis(bid, number, rate));
        assert_close!(h, hold);
        let (m, rtp) = (rate as f64 / 100.0, 1.0 - hold);
        assert_close!(var.unwrap(), m * rtp - rtp * rtp);
    }
    assert_close!(per_rupee(matka_basis("single_digit", "7", 950)).1.unwrap(), 8.1225);
    assert_eq!(matka_basis("single_panna", "921", 15_000), Basis::Unknown, "not in the game's order");
    assert_eq!(matka_basis("lottery", "7", 950), Basis::Unknown);
}

#[test]
fn realised_against_theoretical_with_exact_sums() {
    // Four units of ₹1 at a 10 % hold: three lost, one paid ₹3.
    let s = Sums::of(&agg(100, &[0, 0, 0, 300]), Basis::PerRupee { hold: 0.1, var_per_rupee2: None });
    assert_eq!((s.bets, s.units, s.turnover, s.payouts, s.ggr()), (4, 4, 400, 300, 100));
    assert_close!(s.expected, 40.0);
    // δ = 90, 90, 90, −210.
    assert_close!(s.dev2, 68_400.0);
    assert_eq!(s.dev2_unmodelled, s.dev2);
    let h = hold(&s, Z_99);
    assert_close!(h.realised.unwrap(), 0.25);
    assert_eq!(h.realised, h.realised_covered);
    assert_close!(h.theoretical.unwrap(), 0.1);
    let se = 68_400f64.sqrt() / 400.0;
    assert_close!(h.z.unwrap(), 0.15 / se);
    assert_close!(h.effective_bets.unwrap(), 4.0);
    assert_close!(h.sigma.unwrap(), 2.0 * se);
    assert_eq!(h.band, None, "four units are too few for a band");
    assert!(!h.out_of_band);
}

#[test]
fn the_band_takes_the_larger_of_the_sample_and_the_exact_variance() {
    // Titli at 10×: thirty ₹1 tickets, three of them won. GGR 0 against 1/6 expected.
    let titli = round_basis("titli", &titli(1000), "");
    let s = Sums::of(&agg(100, &[[0; 27].as_slice(), &[1000; 3]].concat()), titli);
    assert_close!(s.dev2, 2_708_333.333_333_333);
    assert_close!(s.exact, 2_291_666.666_666_667);
    let h = hold(&s, Z_99);
    assert_close!(h.realised.unwrap(), 0.0);
    let (low, high) = h.band.unwrap();
    assert_close!(low, -1.246_348_691_737_157_3);
    assert_close!(high, 1.579_682_025_070_490_8);
    assert_close!(h.z.unwrap(), -0.303_821_810_125_1);
    assert!(!h.out_of_band);

    // Thirty losing tickets in a row: the sample alone would be steady (every δ alike), the exact variance is not.
    let s = Sums::of(&agg(100, &[0; 30]), titli);
    let h = hold(&s, Z_99);
    assert!(s.exact > s.dev2);
    assert!(!h.out_of_band, "(11/12)^30 = 7 %: no alarm, {h:?}");
}

#[test]
fn a_game_keeping_far_more_than_its_edge_is_out_of_band() {
    // Mines at 3 %: forty ₹1 games, all lost.
    let s = Sums::of(&agg(100, &[0; 40]), edge_basis(300));
    let h = hold(&s, Z_99);
    assert_close!(h.realised.unwrap(), 1.0);
    let (low, high) = h.band.unwrap();
    assert_close!(low, -0.365_056_141_956_458_64);
    assert_close!(high, 0.425_056_141_956_458_6);
    assert_close!(h.z.unwrap(), 40f64.sqrt());
    assert!(h.out_of_band);
    // 29 units: no band, no alarm.
    let h = hold(&Sums::of(&agg(100, &[0; 29]), edge_basis(300)), Z_99);
    assert_eq!((h.band, h.out_of_band), (None, false));
}

#[test]
fn unknown_bets_count_in_turnover_but_not_in_the_theory() {
    let mut s = Sums::of(&agg(100, &[200, 0]), Basis::Unknown);
    assert_eq!((s.turnover, s.covered_turnover, s.covered_bets), (200, 0, 0));
    let h = hold(&s, Z_99);
    assert_eq!((h.realised, h.theoretical, h.z, h.band), (Some(0.0), None, None, None));
    s.add(&Sums::of(&agg(100, &[0]), edge_basis(500)));
    let h = hold(&s, Z_99);
    assert_close!(h.realised.unwrap(), 100.0 / 300.0);
    assert_close!(h.realised_covered.unwrap(), 1.0);
    assert_close!(h.theoretical.unwrap(), 0.05);
}

#[test]
fn summed_expectations_come_from_the_bets() {
    // Two exchange markets: x = 100 and −50, expected 10 and 5 (paise); exact variances 900 and 400.
    let a = Agg { units: 2, bets: 3, stake: 300, payout: 250, sxx: 12_500.0, sxs: 0.0, sss: 50_000.0, bet_stake2: 0.0 };
    let s = Sums::of(&a, Basis::Summed { e: 15.0, sxe: 100.0 * 10.0 - 50.0 * 5.0, see: 125.0, exact: 1_300.0 });
    // δ = 90, −55.
    assert_close!(s.dev2, 90.0 * 90.0 + 55.0 * 55.0);
    assert_close!(s.exact, 1_300.0);
    assert_eq!(s.dev2_unmodelled, 0.0);
    assert_close!(hold(&s, Z_99).theoretical.unwrap(), 0.05);
}

#[test]
fn a_player_winning_far_above_expectation_is_flagged() {
    let color = round_basis("color", &color(290), "");
    // Sixty ₹1 lines on a colour, 36 won (20 expected).
    let payouts = [[290; 36].as_slice(), &[0; 24]].concat();
    let s = Sums::of(&agg(100, &payouts), color);
    let f = flag(&s).expect("flagged");
    assert_eq!((f.bets, f.turnover, f.payouts), (60, 6_000, 10_440));
    assert_close!(f.return_ratio, 1.74);
    assert_close!(f.expected_return, 2.9 / 3.0);
    assert_close!(f.z, 4.381_780_460_041_329);
    // The same luck over fewer than fifty bets is not judged.
    let few = [[290; 24].as_slice(), &[0; 16]].concat();
    assert_eq!(flag(&Sums::of(&agg(100, &few), color)), None);
    // An unlucky player is never flagged.
    let unlucky = [[290; 5].as_slice(), &[0; 55]].concat();
    let s = Sums::of(&agg(100, &unlucky), color);
    assert!(player_z(&s).unwrap() < 0.0);
    assert_eq!(flag(&s), None);
    // Without a model (Aviator) the player's own deviations give the variance: fifty wins at 2× in a row.
    let s = Sums::of(&agg(100, &[200; 50]), edge_basis(300));
    assert_close!(flag(&s).unwrap().z, 50f64.sqrt());
}

#[test]
fn instants_and_ist_days() {
    // 1 March 2026 is day 20,513; its IST midnight is 18:30 UTC the day before.
    assert_eq!(parse_instant("2026-03-01"), Some(1_772_303_400_000));
    assert_eq!(parse_instant("2026-03-01T00:00:00+05:30"), Some(1_772_303_400_000));
    assert_eq!(parse_instant("2026-02-28T18:30Z"), Some(1_772_303_400_000));
    assert_eq!(parse_instant("2026-02-28T18:30:00.5Z"), Some(1_772_303_400_500));
    assert_eq!(parse_instant("2026-02-28T13:30:00-05:00"), Some(1_772_303_400_000));
    for bad in
        ["", "2026-02-30", "2026-3-01", "yesterday", "2026-03-01T25:00Z", "2026-03-01T10:00", "2026-03-01T10:00+5:30"]
    {
        assert_eq!(parse_instant(bad), None, "{bad}");
    }
    assert_eq!(ist_day(1_772_303_400_000), 20_513);
    assert_eq!(ist_day(1_772_303_399_999), 20_512);
    assert_eq!(ist_day_start(20_513), 1_772_303_400_000);
    assert_eq!(date_text(20_513), "2026-03-01");
    assert_eq!(date_text(0), "1970-01-01");
    assert_eq!(date_text(11_016), "2000-02-29");
}

#[test]
fn ranges_default_to_today_and_refuse_the_empty_and_the_long() {
    let now = 1_772_303_400_000 + 5 * 3_600_000;
    assert_eq!(range(None, None, now, 1, 366), Ok((1_772_303_400_000, now)));
    assert_eq!(range(None, None, now, 7, 92), Ok((1_772_303_400_000 - 6 * DAY_MS, now)));
    assert_eq!(range(Some("2026-02-01"), Some("2026-03-01"), now, 1, 366).map(|(f, t)| (t - f) / DAY_MS), Ok(28));
    assert_eq!(range(Some("2026-03-01"), Some("2026-03-01"), now, 1, 366), Err(RangeError::Empty));
    assert_eq!(range(Some("2026-03-02"), Some("2026-03-01"), now, 1, 366), Err(RangeError::Empty));
    assert_eq!(range(Some("2025-01-01"), Some("2026-03-01"), now, 1, 366), Err(RangeError::TooLong(366)));
    assert_eq!(range(Some("soon"), None, now, 1, 366), Err(RangeError::Unreadable("from")));
    assert_eq!(range(None, Some("2026-13-01"), now, 1, 366), Err(RangeError::Unreadable("to")));
    assert_eq!(range(Some(" "), None, now, 1, 366), Ok((1_772_303_400_000, now)), "blank is absent");
}
