#![allow(clippy::unwrap_used)]

use super::rules::*;
use crate::fair::{Dice, ServerSeed};
use crate::money::Paise;
use crate::table::game::{GameSettings, RoundRules};

#[test]
fn pictures_by_number_and_name_in_the_spec_order() {
    assert_eq!(Picture::parse("1").unwrap().name(), "butterfly");
    assert_eq!(Picture::parse("Sun").unwrap().number(), 12);
    assert_eq!(Picture::parse("13"), None);
    assert_eq!(Picture::parse("0"), None);
    assert_eq!(Picture::parse("dragon"), None);
    assert_eq!(Titli::picks().len(), 12);
}

#[test]
fn a_winning_line_returns_ten_times_and_the_rtp_is_exact() {
    let s = TitliSettings::default();
    let p = Picture::parse("kite").unwrap();
    assert_eq!(Titli::payout(&s, p, Paise::new(1_050), &p), Ok(Paise::new(10_500)));
    assert_eq!(Titli::payout(&s, p, Paise::new(1_050), &Picture::parse("rat").unwrap()), Ok(Paise::ZERO));
    let rtp = Titli::rtp(&s, p);
    assert_eq!((rtp.numerator, rtp.denominator), (1_000, 1_200));
    assert!(s.check().is_ok());
    assert!(TitliSettings { payout: 1_200, ..s.clone() }.check().is_err(), "12× would leave the house no edge");
}

/// 10⁶ rounds of the real draw: the share of rounds each picture wins is within 4σ of 1/12, so a line's return is
/// within 4σ of the published RTP.
#[test]
fn a_million_draws_land_within_four_sigma_of_the_rtp() {
    let seed = ServerSeed(rand::random());
    println!("seed {}", seed.to_hex());
    let n = 1_000_000u32;
    let mut wins = [0u32; 12];
    for round in 0..n {
        let p = Titli::draw(&mut Dice::new(&seed, "sim", i64::from(round)));
        wins[usize::from(p.number() - 1)] += 1;
    }
    let p = 1.0 / 12.0;
    let sigma = (f64::from(n) * p * (1.0 - p)).sqrt();
    for (i, w) in wins.iter().enumerate() {
        let rtp = f64::from(*w) * 10.0 / f64::from(n);
        assert!((f64::from(*w) - f64::from(n) * p).abs() < 4.0 * sigma, "picture {} won {w} times (rtp {rtp})", i + 1);
    }
}

/// The draw is the published one (the fairness page and the web verifier): picture `below(12) + 1`.
#[test]
fn the_draw_is_picture_below_twelve_plus_one() {
    let seed = ServerSeed([7; 32]);
    for round in 0..1_000 {
        let expected = Dice::new(&seed, "titli", round).below(12) + 1;
        assert_eq!(u32::from(Titli::draw(&mut Dice::new(&seed, "titli", round)).number()), expected);
    }
    assert_eq!(Titli::picks(), (1..=12).map(|n| Picture::try_from(n).unwrap()).collect::<Vec<_>>());
}
