use super::rules::*;
use crate::fair::{Dice, ServerSeed};

fn p(s: &str) -> Panna {
    Panna::parse(s).unwrap()
}

#[test]
fn the_panna_tables_have_120_90_10_and_each_digit_owns_12_9_1() {
    let all = Panna::all();
    assert_eq!(all.len(), 220);
    let count = |k: PannaKind| all.iter().filter(|p| p.kind() == k).count();
    assert_eq!((count(PannaKind::Single), count(PannaKind::Double), count(PannaKind::Triple)), (120, 90, 10));
    for d in 0..10 {
        let of = |k: PannaKind| all.iter().filter(|p| p.digit() == d && p.kind() == k).count();
        assert_eq!((of(PannaKind::Single), of(PannaKind::Double), of(PannaKind::Triple)), (12, 9, 1), "digit {d}");
    }
    // The 1,000 draws of three digits fall on the pannas 6 / 3 / 1 ways each.
    assert_eq!(all.iter().map(|p| p.ways()).sum::<u32>(), 1000);
    assert_eq!(all.first().map(|p| p.to_string()), Some("111".into()));
    assert_eq!(all.last().map(|p| p.to_string()), Some("000".into()));
}

#[test]
fn pannas_are_written_in_the_games_order() {
    assert_eq!(Panna::parse("128").map(|p| p.kind()), Some(PannaKind::Single));
    assert_eq!(Panna::parse("190").map(|p| p.digit()), Some(0));
    assert_eq!(Panna::parse("550").map(|p| p.kind()), Some(PannaKind::Double));
    assert_eq!(Panna::parse("000").map(|p| p.kind()), Some(PannaKind::Triple));
    for bad in ["821", "019", "055", "12", "1234", "12a", ""] {
        assert_eq!(Panna::parse(bad), None, "{bad}");
    }
    assert_eq!(Panna::of_digits([0, 9, 1]).map(|p| p.to_string()), Some("190".into()));
}

#[test]
fn a_result_reads_open_panna_jodi_close_panna() {
    let (open, close) = (p("134"), p("479"));
    assert_eq!((open.digit(), close.digit()), (8, 0));
    let wins = |bid: BidType, n: &str, s: Session| Pick::parse(bid, n).unwrap().wins(s, open, Some(close)).unwrap();
    assert!(wins(BidType::SingleDigit, "8", Session::Open));
    assert!(wins(BidType::SingleDigit, "0", Session::Close));
    assert!(!wins(BidType::SingleDigit, "8", Session::Close));
    assert!(wins(BidType::Jodi, "80", Session::Close));
    assert!(!wins(BidType::Jodi, "08", Session::Close));
    assert!(wins(BidType::SinglePanna, "134", Session::Open));
    assert!(wins(BidType::SinglePanna, "479", Session::Close));
    assert!(!wins(BidType::SinglePanna, "479", Session::Open));
    assert!(wins(BidType::HalfSangam, "8-479", Session::Close));
    assert!(wins(BidType::HalfSangam, "134-0", Session::Close));
    assert!(!wins(BidType::HalfSangam, "134-1", Session::Close));
    assert!(wins(BidType::FullSangam, "134-479", Session::Close));
    assert!(!wins(BidType::FullSangam, "479-134", Session::Close));
    // A close bid is undecided until the close result.
    assert_eq!(Pick::Digit(0).wins(Session::Close, open, None), None);
    assert_eq!(Pick::Jodi(8, 0).wins(Session::Close, open, None), None);
    let doubles = (p("558"), p("999"));
    assert!(Pick::parse(BidType::DoublePanna, "558").unwrap().wins(Session::Open, doubles.0, Some(doubles.1)).unwrap());
    assert!(
        Pick::parse(BidType::TriplePanna, "999").unwrap().wins(Session::Close, doubles.0, Some(doubles.1)).unwrap()
    );
}

#[test]
fn a_number_must_be_valid_for_its_type() {
    for (bid, n) in [
        (BidType::SingleDigit, "10"),
        (BidType::SingleDigit, "x"),
        (BidType::Jodi, "7"),
        (BidType::Jodi, "100"),
        (BidType::SinglePanna, "550"),
        (BidType::SinglePanna, "192"),
        (BidType::DoublePanna, "128"),
        (BidType::TriplePanna, "112"),
        (BidType::HalfSangam, "8-4790"),
        (BidType::HalfSangam, "134-479"),
        (BidType::FullSangam, "134-0"),
    ] {
        assert_eq!(Pick::parse(bid, n), None, "{bid:?} {n}");
    }
    assert_eq!(Pick::parse(BidType::Jodi, "07").map(Pick::text), Some("07".into()));
    assert_eq!(BidType::parse("TRIPPLE PANNA"), Some(BidType::TriplePanna));
    assert_eq!(BidType::parse("jodi digit"), Some(BidType::Jodi));
    assert_eq!(BidType::parse("half_sangam"), Some(BidType::HalfSangam));
}

#[test]
fn sessions_follow_the_markets_phase() {
    use BidType::*;
    assert_eq!(check_session(Phase::Open, SingleDigit, Session::Open), Ok(()));
    assert_eq!(check_session(Phase::Open, Jodi, Session::Close), Ok(()));
    assert_eq!(check_session(Phase::Close, SingleDigit, Session::Close), Ok(()));
    assert_eq!(check_session(Phase::Close, SinglePanna, Session::Open), Err(BidRefusal::SessionClosed));
    assert_eq!(check_session(Phase::Close, Jodi, Session::Close), Err(BidRefusal::NeedsBoth));
    assert_eq!(check_session(Phase::Close, FullSangam, Session::Close), Err(BidRefusal::NeedsBoth));
    assert_eq!(check_session(Phase::Closed, SingleDigit, Session::Close), Err(BidRefusal::MarketClosed));
}

/// Exhaustive over the 10⁶ equally likely (open, close) draws: each type's return equals its rate × its chance, and
/// the default rates keep an edge on every number of every type.
#[test]
fn default_rates_keep_an_edge_on_every_number() {
    let rates = Rates::default();
    assert_eq!(rates.check(), Ok(()));
    assert_eq!(rates.worst_rtp(BidType::SingleDigit).as_f64(), 0.95);
    assert_eq!(rates.worst_rtp(BidType::Jodi).as_f64(), 0.95);
    assert!((rates.worst_rtp(BidType::SinglePanna).as_f64() - 0.90).abs() < 1e-12);
    assert!((rates.worst_rtp(BidType::TriplePanna).as_f64() - 0.90).abs() < 1e-12);
    // Enumerate the draws of the open panna for every panna bid: wins / 1000 = ways / 1000.
    let all = Panna::all();
    let mut hits = std::collections::HashMap::new();
    for n in 0..1000u16 {
        let drawn = Panna::of_digits([(n / 100) as u8, (n / 10 % 10) as u8, (n % 10) as u8]).unwrap();
        *hits.entry(drawn).or_insert(0u32) += 1;
    }
    for panna in &all {
        assert_eq!(hits[panna], panna.ways(), "{panna}");
    }
    assert!(Rates { triple_panna: 100_000, ..rates }.check().is_err(), "TP 1000× has no edge under iid digits");
    assert!(Rates { full_sangam: 2_800_000, ..rates }.check().is_err());
}

/// 10⁵ drawn pannas: digits come out uniformly (χ², 9 degrees of freedom, 40 is exceeded with probability < 10⁻⁵).
#[test]
fn drawn_digits_are_uniform() {
    let seed = ServerSeed(rand::random());
    println!("seed {}", seed.to_hex());
    let mut counts = [0u32; 10];
    for round in 0..100_000 {
        counts[usize::from(Panna::draw(&mut Dice::new(&seed, "matka", round)).digit())] += 1;
    }
    let chi2: f64 = counts.iter().map(|c| (f64::from(*c) - 10_000.0).powi(2) / 10_000.0).sum();
    println!("chi2 {chi2:.1}");
    assert!(chi2 < 40.0, "{counts:?}");
}
