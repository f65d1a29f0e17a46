//! Matka, pure: pannas, results, bid types and sessions, what a bid wins. No clock, no IO, no randomness.
//!
//! - A panna is three digits in the game's order: ascending, with 0 ranked above 9 (`128`, `190`, `550`). There are
//!   220: 120 single (three different digits), 90 double (two alike), 10 triple (all alike).
//! - A panna's digit is the sum of its digits mod 10. A result is `open panna – jodi – close panna`, e.g.
//!   `134-80-479`: the jodi is the open digit followed by the close digit.
//! - A drawn result takes three independent uniform digits per panna (then ordered), so a digit comes with
//!   chance 1/10, a jodi 1/100, a given single panna 6/1000, double 3/1000, triple 1/1000.

use crate::fair::{Dice, Rtp};
use serde::{Deserialize, Serialize};

/// A digit's rank in the game's order: 1 < 2 < … < 9 < 0.
fn rank(d: u8) -> u8 {
    if d == 0 { 10 } else { d }
}

/// A panna, as its three digits in the game's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Panna([u8; 3]);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PannaKind {
    Single,
    Double,
    Triple,
}

impl Panna {
    /// Any three digits, put in the game's order.
    pub fn of_digits(mut d: [u8; 3]) -> Option<Panna> {
        if d.iter().any(|x| *x > 9) {
            return None;
        }
        d.sort_by_key(|x| rank(*x));
        Some(Panna(d))
    }

    /// Three digits written as the game writes them (`"128"`, `"550"`); any other order is not a panna.
    pub fn parse(text: &str) -> Option<Panna> {
        let t = text.trim().as_bytes();
        if t.len() != 3 || !t.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let d = [t[0] - b'0', t[1] - b'0', t[2] - b'0'];
        Panna::of_digits(d).filter(|p| p.0 == d)
    }

    pub fn digit(self) -> u8 {
        self.0.iter().map(|d| u32::from(*d)).sum::<u32>() as u8 % 10
    }

    pub fn kind(self) -> PannaKind {
        let [a, b, c] = self.0;
        if a == b && b == c {
            PannaKind::Triple
        } else if a == b || b == c || a == c {
            PannaKind::Double
        } else {
            PannaKind::Single
        }
    }

    /// In how many of the 1,000 equally likely draws of three digits this panna comes out.
    pub fn ways(self) -> u32 {
        match self.kind() {
            PannaKind::Single => 6,
            PannaKind::Double => 3,
            PannaKind::Triple => 1,
        }
    }

    /// Every panna, in the game's order.
    pub fn all() -> Vec<Panna> {
        let mut all: Vec<Panna> = (0..1000u16)
            .filter_map(|n| Panna::of_digits([(n / 100) as u8, (n / 10 % 10) as u8, (n % 10) as u8]))
            .collect();
        all.sort_by_key(|p| p.0.map(rank));
        all.dedup();
        all
    }

    /// A panna drawn from three independent digits of the dice.
    pub fn draw(dice: &mut Dice) -> Panna {
        let d = [dice.below(10) as u8, dice.below(10) as u8, dice.below(10) as u8];
        Panna::of_digits(d).unwrap_or(Panna([0; 3]))
    }
}

impl std::fmt::Display for Panna {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}{}", self.0[0], self.0[1], self.0[2])
    }
}

/// Which half of a market's day a bid is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MatkaSession)]
#[serde(rename_all = "snake_case")]
pub enum Session {
    Open,
    Close,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MatkaBidType)]
#[serde(rename_all = "snake_case")]
pub enum BidType {
    SingleDigit,
    Jodi,
    SinglePanna,
    DoublePanna,
    TriplePanna,
    /// Open digit and close panna, or open panna and close digit (`8-479`, `134-0`).
    HalfSangam,
    /// Open panna and close panna (`134-479`).
    FullSangam,
}

impl BidType {
    pub const ALL: [BidType; 7] = [
        BidType::SingleDigit,
        BidType::Jodi,
        BidType::SinglePanna,
        BidType::DoublePanna,
        BidType::TriplePanna,
        BidType::HalfSangam,
        BidType::FullSangam,
    ];

    /// Whether the bid needs both results (and so closes when the open result is out).
    pub fn needs_both(self) -> bool {
        matches!(self, BidType::Jodi | BidType::HalfSangam | BidType::FullSangam)
    }

    /// From the spec's and our names (`single_digit`, `SINGLE DIGIT`, `jodi digit`, `tripple panna`, …).
    pub fn parse(text: &str) -> Option<BidType> {
        let t: String = text.trim().to_ascii_lowercase().chars().filter(char::is_ascii_alphabetic).collect();
        Some(match t.as_str() {
            "singledigit" | "single" | "digit" => BidType::SingleDigit,
            "jodi" | "jodidigit" => BidType::Jodi,
            "singlepanna" | "singlepana" => BidType::SinglePanna,
            "doublepanna" | "doublepana" => BidType::DoublePanna,
            "triplepanna" | "tripplepanna" | "triplepana" | "tripplepana" => BidType::TriplePanna,
            "halfsangam" => BidType::HalfSangam,
            "fullsangam" => BidType::FullSangam,
            _ => return None,
        })
    }
}

/// What a bid is on, checked against its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pick {
    Digit(u8),
    Jodi(u8, u8),
    Panna(Panna),
    /// Open digit, close panna.
    DigitPanna(u8, Panna),
    /// Open panna, close digit.
    PannaDigit(Panna, u8),
    Pannas(Panna, Panna),
}

fn digit(text: &str) -> Option<u8> {
    let t = text.trim();
    (t.len() == 1).then(|| t.as_bytes()[0]).filter(u8::is_ascii_digit).map(|b| b - b'0')
}

impl Pick {
    /// A number as written for its type: `7`, `80`, `128`, `8-479`, `134-0`, `134-479`. A number that is not valid
    /// for its type (`129` is no panna; `550` is not a single panna) is `None`.
    pub fn parse(bid: BidType, number: &str) -> Option<Pick> {
        let n = number.trim();
        let panna_of = |kind: PannaKind| Panna::parse(n).filter(|p| p.kind() == kind).map(Pick::Panna);
        match bid {
            BidType::SingleDigit => digit(n).map(Pick::Digit),
            BidType::Jodi => {
                let b = n.as_bytes();
                (b.len() == 2 && b.iter().all(u8::is_ascii_digit)).then(|| Pick::Jodi(b[0] - b'0', b[1] - b'0'))
            }
            BidType::SinglePanna => panna_of(PannaKind::Single),
            BidType::DoublePanna => panna_of(PannaKind::Double),
            BidType::TriplePanna => panna_of(PannaKind::Triple),
            BidType::HalfSangam => {
                let (a, b) = n.split_once('-')?;
                match (digit(a), Panna::parse(b), Panna::parse(a), digit(b)) {
                    (Some(d), Some(p), _, _) => Some(Pick::DigitPanna(d, p)),
                    (_, _, Some(p), Some(d)) => Some(Pick::PannaDigit(p, d)),
                    _ => None,
                }
            }
            BidType::FullSangam => {
                let (a, b) = n.split_once('-')?;
                Some(Pick::Pannas(Panna::parse(a)?, Panna::parse(b)?))
            }
        }
    }

    /// The number as the game writes it.
    pub fn text(self) -> String {
        match self {
            Pick::Digit(d) => d.to_string(),
            Pick::Jodi(a, b) => format!("{a}{b}"),
            Pick::Panna(p) => p.to_string(),
            Pick::DigitPanna(d, p) => format!("{d}-{p}"),
            Pick::PannaDigit(p, d) => format!("{p}-{d}"),
            Pick::Pannas(a, b) => format!("{a}-{b}"),
        }
    }

    /// Whether the bid wins on the result of its session: the open panna for an open bid, the close panna for a
    /// close bid; bids that need both read both (`open` is then always known).
    pub fn wins(self, session: Session, open: Panna, close: Option<Panna>) -> Option<bool> {
        let mine = match session {
            Session::Open => open,
            Session::Close => close?,
        };
        Some(match self {
            Pick::Digit(d) => mine.digit() == d,
            Pick::Panna(p) => mine == p,
            Pick::Jodi(a, b) => open.digit() == a && close?.digit() == b,
            Pick::DigitPanna(d, p) => open.digit() == d && close? == p,
            Pick::PannaDigit(p, d) => open == p && close?.digit() == d,
            Pick::Pannas(a, b) => open == a && close? == b,
        })
    }

    /// In how many of the equally likely draws this pick wins: out of 1,000 for a digit or a panna (one panna
    /// drawn), out of 1,000,000 for a jodi and the sangams (two pannas drawn).
    pub fn ways(self) -> (u64, u64) {
        match self {
            Pick::Digit(_) => (100, 1_000),
            Pick::Panna(p) => (u64::from(p.ways()), 1_000),
            Pick::Jodi(..) => (10_000, 1_000_000),
            Pick::DigitPanna(_, p) | Pick::PannaDigit(p, _) => (100 * u64::from(p.ways()), 1_000_000),
            Pick::Pannas(a, b) => (u64::from(a.ways()) * u64::from(b.ways()), 1_000_000),
        }
    }
}

/// Which sessions a bid may be placed for now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Before the open result: open and close bids.
    Open,
    /// The open result is due or out: close bids only (no jodi, no sangam).
    Close,
    /// The close result is due or out: no bids.
    Closed,
}

/// Why a bid is refused. Nothing moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum BidRefusal {
    #[error("Bids for this market are closed")]
    MarketClosed,
    #[error("The open session is closed: bid for the close session")]
    SessionClosed,
    #[error("Jodi and sangam bids need both results: they close with the open session")]
    NeedsBoth,
}

/// Whether a bid of `bid` for `session` may be taken in `phase`. Jodi and sangams take no session of their own
/// (they are settled on the close result) and need the open session still open.
pub fn check_session(phase: Phase, bid: BidType, session: Session) -> Result<(), BidRefusal> {
    match phase {
        Phase::Closed => Err(BidRefusal::MarketClosed),
        Phase::Close if bid.needs_both() => Err(BidRefusal::NeedsBoth),
        Phase::Close if session == Session::Open => Err(BidRefusal::SessionClosed),
        _ => Ok(()),
    }
}

/// What each bid type pays, in hundredths of the stake (stake included: 950 is "10 Ka 95").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MatkaRates)]
#[serde(rename_all = "camelCase")]
pub struct Rates {
    pub single_digit: i64,
    pub jodi: i64,
    pub single_panna: i64,
    pub double_panna: i64,
    pub triple_panna: i64,
    pub half_sangam: i64,
    pub full_sangam: i64,
}

impl Default for Rates {
    /// The spec's single digit 9.5× and jodi 95× (95 % RTP); pannas at 90 %; sangams priced for their likeliest
    /// numbers (single pannas) at 84 % and 54 %.
    fn default() -> Self {
        Rates {
            single_digit: 950,
            jodi: 9_500,
            single_panna: 15_000,
            double_panna: 30_000,
            triple_panna: 90_000,
            half_sangam: 140_000,
            full_sangam: 1_500_000,
        }
    }
}

impl Rates {
    pub fn of(&self, bid: BidType) -> i64 {
        match bid {
            BidType::SingleDigit => self.single_digit,
            BidType::Jodi => self.jodi,
            BidType::SinglePanna => self.single_panna,
            BidType::DoublePanna => self.double_panna,
            BidType::TriplePanna => self.triple_panna,
            BidType::HalfSangam => self.half_sangam,
            BidType::FullSangam => self.full_sangam,
        }
    }

    /// The return to player of a bid on `pick`: its rate × its chance.
    pub fn rtp(&self, bid: BidType, pick: Pick) -> Rtp {
        let (ways, of) = pick.ways();
        Rtp { numerator: u128::from(ways) * self.of(bid) as u128, denominator: u128::from(of) * 100 }
    }

    /// The highest return over every number of `bid` (the sangams' likeliest numbers are on single pannas).
    pub fn worst_rtp(&self, bid: BidType) -> Rtp {
        let single = Panna::parse("128").unwrap_or(Panna([1, 2, 8]));
        let pick = match bid {
            BidType::SingleDigit => Pick::Digit(0),
            BidType::Jodi => Pick::Jodi(0, 0),
            BidType::SinglePanna => Pick::Panna(single),
            BidType::DoublePanna => Pick::Panna(Panna([1, 1, 2])),
            BidType::TriplePanna => Pick::Panna(Panna([1, 1, 1])),
            BidType::HalfSangam => Pick::DigitPanna(0, single),
            BidType::FullSangam => Pick::Pannas(single, single),
        };
        self.rtp(bid, pick)
    }

    /// Every type keeps an edge on every number, and pays at least the stake back on a win.
    pub fn check(&self) -> Result<(), String> {
        for bid in BidType::ALL {
            let r = self.worst_rtp(bid);
            if self.of(bid) < 100 || r.numerator >= r.denominator {
                return Err(format!("{bid:?} must pay at least 1× and keep the house an edge"));
            }
        }
        Ok(())
    }
}

/// What an operator may set for every market: the rates, and the points one number may carry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatkaSettings {
    pub rates: Rates,
    /// Paise, whole rupees.
    #[schema(value_type = i64, example = 1000)]
    pub min_points: crate::money::Paise,
    /// Paise, whole rupees.
    #[schema(value_type = i64, example = 1000000)]
    pub max_points: crate::money::Paise,
}

impl Default for MatkaSettings {
    fn default() -> Self {
        MatkaSettings {
            rates: Rates::default(),
            min_points: crate::money::Paise::from_rupees(10),
            max_points: crate::money::Paise::from_rupees(10_000),
        }
    }
}

impl MatkaSettings {
    pub fn check(&self) -> Result<(), String> {
        self.rates.check()?;
        let whole = |p: crate::money::Paise| p.get() % 100 == 0;
        if !self.min_points.is_positive()
            || self.max_points < self.min_points
            || !whole(self.min_points)
            || !whole(self.max_points)
        {
            return Err("points per number need 0 < minPoints ≤ maxPoints, in whole rupees".into());
        }
        Ok(())
    }
}

/// Why the points of a number are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum PointsRefusal {
    #[error("Please enter at least 1 valid bid.")]
    NotPositive,
    #[error("Points are whole rupees")]
    Fractional,
    #[error("A number takes at least {0} points")]
    BelowMinimum(crate::money::Paise),
    #[error("A number takes at most {0} points")]
    AboveMaximum(crate::money::Paise),
}

pub fn check_points(s: &MatkaSettings, points: crate::money::Paise) -> Result<(), PointsRefusal> {
    if !points.is_positive() {
        Err(PointsRefusal::NotPositive)
    } else if points.get() % 100 != 0 {
        Err(PointsRefusal::Fractional)
    } else if points < s.min_points {
        Err(PointsRefusal::BelowMinimum(s.min_points))
    } else if points > s.max_points {
        Err(PointsRefusal::AboveMaximum(s.max_points))
    } else {
        Ok(())
    }
}
