#![allow(clippy::unwrap_used)]

use super::rules::*;
use crate::fair::{Dice, ServerSeed};
use crate::money::Paise;
use crate::table::game::{GameSettings, RoundRules};

#[test]
fn the_deal_ends_on_the_first_card_of_the_jokers_rank() {
    let seed = ServerSeed([11; 32]);
    for round in 0..2_000 {
        let d = AndarBahar::draw(&mut Dice::new(&seed, "deal", round));
        let last = d.dealt.last().unwrap();
        assert_eq!(last.rank(), d.joker.rank());
        assert!(d.dealt[..d.dealt.len() - 1].iter().all(|c| c.rank() != d.joker.rank()));
        assert!(d.dealt.len() <= 49);
        let expected = if d.dealt.len() % 2 == 1 { Side::Andar } else { Side::Bahar };
        assert_eq!(d.winner, expected);
    }
}

#[test]
fn exact_odds_and_rtps() {
    // Σ over even k of C(50 − k, 2) out of C(51, 3).
    assert_eq!(andar_wins(), 10_725);
    let s = AndarBaharSettings::default();
    let a = AndarBahar::rtp(&s, Side::Andar);
    let b = AndarBahar::rtp(&s, Side::Bahar);
    assert_eq!((a.numerator, a.denominator), (190 * 10_725, 100 * 20_825));
    assert_eq!((b.numerator, b.denominator), (200 * 10_100, 100 * 20_825));
    assert!(a.as_f64() < 1.0 && b.as_f64() < 1.0);
    assert!(s.check().is_ok());
    assert!(AndarBaharSettings { andar_payout: 195, ..s.clone() }.check().is_err(), "1.95× Andar favours the player");
    assert!(AndarBaharSettings { bahar_payout: 207, ..s.clone() }.check().is_err());
    let deal = Deal { joker: Card(0), dealt: vec![Card(13)], winner: Side::Andar };
    assert_eq!(AndarBahar::payout(&s, Side::Andar, Paise::new(1_000), &deal), Ok(Paise::new(1_900)));
    assert_eq!(AndarBahar::payout(&s, Side::Bahar, Paise::new(1_000), &deal), Ok(Paise::ZERO));
}

/// 10⁶ deals: Andar's share of wins is within 4σ of 10,725 / 20,825.
#[test]
fn a_million_deals_land_within_four_sigma_of_the_exact_odds() {
    let seed = ServerSeed(rand::random());
    println!("seed {}", seed.to_hex());
    let n = 1_000_000u32;
    let andar = (0..n)
        .filter(|round| AndarBahar::draw(&mut Dice::new(&seed, "sim", i64::from(*round))).winner == Side::Andar)
        .count() as f64;
    let p = 10_725.0 / 20_825.0;
    let sigma = (f64::from(n) * p * (1.0 - p)).sqrt();
    assert!((andar - f64::from(n) * p).abs() < 4.0 * sigma, "Andar won {andar} of {n}");
}
