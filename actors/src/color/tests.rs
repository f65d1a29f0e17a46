#![allow(clippy::unwrap_used)]

use super::rules::*;
use crate::fair::{Dice, ServerSeed};
use crate::money::Paise;
use crate::table::game::{GameSettings, RoundRules};

#[test]
fn the_drawn_colour_pays_two_point_nine() {
    let s = ColorSettings::default();
    assert_eq!(Color::payout(&s, Colour::Red, Paise::new(1_000), &Colour::Red), Ok(Paise::new(2_900)));
    assert_eq!(Color::payout(&s, Colour::Red, Paise::new(1_000), &Colour::Blue), Ok(Paise::ZERO));
    let rtp = Color::rtp(&s, Colour::Green);
    assert_eq!((rtp.numerator, rtp.denominator), (290, 300));
    assert!(ColorSettings { payout: 300, ..s }.check().is_err());
}

#[test]
fn a_million_draws_land_within_four_sigma_of_the_rtp() {
    let seed = ServerSeed(rand::random());
    println!("seed {}", seed.to_hex());
    let n = 1_000_000u32;
    let mut seen = [0u32; 3];
    for round in 0..n {
        let c = Color::draw(&mut Dice::new(&seed, "sim", i64::from(round)));
        seen[COLOURS.iter().position(|x| *x == c).unwrap()] += 1;
    }
    let p = 1.0 / 3.0;
    let sigma = (f64::from(n) * p * (1.0 - p)).sqrt();
    for w in seen {
        assert!((f64::from(w) - f64::from(n) * p).abs() < 4.0 * sigma, "{seen:?}");
    }
}

/// The draw is the published one (the fairness page and the web verifier): `[red, green, blue][below(3)]`.
#[test]
fn the_draw_is_red_green_blue_by_below_three() {
    let seed = ServerSeed([7; 32]);
    for round in 0..1_000 {
        let expected = [Colour::Red, Colour::Green, Colour::Blue][Dice::new(&seed, "color", round).below(3) as usize];
        assert_eq!(Color::draw(&mut Dice::new(&seed, "color", round)), expected);
    }
}
