//! Hold, pure: what each game's settled bets kept against what its rules say it should keep, the band the number of
//! bets allows, and the players whose return is too good to be luck. No IO, no clock.
//!
//! - **Realised hold** = GGR ÷ turnover, GGR = turnover − payouts (stakes in, stake-inclusive payouts out).
//! - **Theoretical hold** = Σ e ÷ covered turnover, where `e` is what the house expects to keep from a bet: its stake ×
//!   the hold per rupee of its price class (Aviator's and Mines' edge; a round game's line, a Matka bid from the payout
//!   and the exact chance of its pick), or the exchange bet's own `expected_hold`. Bets with no expectation (Aar Par
//!   Parchi, exchange bets placed before `expected_hold` existed) count in turnover but not in the covered turnover.
//! - **Units.** Bets decided by the same draw are not independent (every line on red wins together), so deviations are
//!   taken per unit: an Aviator round, a round game's round (per side for Andar Bahar), a Mines game, a Matka draw's
//!   number, an exchange market, a Parchi match — and per player within it for a player's figures.
//! - **Variance** of the covered GGR: `max(Σ δ², Σ exact)`, δ = a unit's house result − its expectation (the sample
//!   variance of the units' results about their theoretical mean), `exact` = a bet's exact variance where the rules give
//!   it (a single-outcome bet: stake² × (m·rtp − rtp²), m its payout multiple; an exchange bet: `(e + win) × (risk − e)`)
//!   and its units' `δ²` where they do not (Aviator, Mines: a bet's variance depends on the player's target).
//!   The sample term covers bets that move together; the exact term keeps a short run without a rare big win from
//!   looking impossibly steady. With equal independent stakes this is the textbook `σ/√n`.
//! - **Band** = theoretical ± z·se, se = √variance ÷ covered turnover (z = 2.5758: 99 %). A game is **out of band** when
//!   its covered realised hold is outside it and it has at least [`MIN_UNITS`] units.
//! - **Player flag**: a player with at least [`PLAYER_MIN_BETS`] covered bets whose return is at least [`PLAYER_Z`] standard
//!   errors above expectation; the player's variance is the exact one where the rules give it, else `Σ δ²` over their units.

use crate::fair::Rtp;
use crate::matka::rules::{BidType, Pick, Rates};
use crate::table::game::RoundRules;

/// India Standard Time is UTC+5:30, no daylight saving.
pub const IST_OFFSET_MS: i64 = 19_800_000;
pub const DAY_MS: i64 = 86_400_000;
/// The two-sided 99 % normal quantile.
pub const Z_99: f64 = 2.575_829_303_548_901;
/// Fewer units than this and a game gets no band (and is never out of band).
pub const MIN_UNITS: i64 = 30;
/// A player is judged only over at least this many covered bets.
pub const PLAYER_MIN_BETS: i64 = 50;
/// Standard errors above expectation that flag a player.
pub const PLAYER_Z: f64 = 4.0;

/// Every game and exchange market type the report shows, in its order. `exchange` is Match Odds.
pub const GAMES: &[&str] = {
    macro_rules! games {
        ([] $(($name:ident, $Variant:ident, $Rules:path))*) => {
            &["aviator", $(<$Rules as RoundRules>::NAME,)* "mines", "matka", "parchi", "exchange", "bookmaker", "fancy"]
        };
    }
    crate::round_games!(games!)
};

/// Sums over the settled bets of one price class, as the store reads them. A unit's result is `x = S − P` (stakes
/// minus payouts of its bets); `sxx`, `sxs`, `sss` sum `x²`, `x·S`, `S²` over units; `bet_stake2` sums each bet's
/// stake² (for the exact variance).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Agg {
    pub units: i64,
    pub bets: i64,
    /// Paise.
    pub stake: i64,
    /// Paise, stake included.
    pub payout: i64,
    pub sxx: f64,
    pub sxs: f64,
    pub sss: f64,
    pub bet_stake2: f64,
}

/// What a class's bets are expected to keep.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Basis {
    /// Every bet keeps `hold` of its stake on average; a single-outcome bet also knows its variance per rupee².
    PerRupee { hold: f64, var_per_rupee2: Option<f64> },
    /// The bets carry their own expectation: `e` = Σ per unit, `sxe` = Σ x·e, `see` = Σ e², `exact` = Σ per bet.
    Summed { e: f64, sxe: f64, see: f64, exact: f64 },
    /// No theoretical hold.
    Unknown,
}

/// The hold per rupee of a single-outcome bet paying `payout` hundredths with return `rtp`, and its variance
/// per rupee²: `m·rtp − rtp²` (the payout is `m` with chance `rtp/m`, else nothing).
fn single_outcome(payout_hundredths: i64, rtp: Rtp) -> Basis {
    let rtp = rtp.as_f64();
    let m = payout_hundredths as f64 / 100.0;
    Basis::PerRupee { hold: 1.0 - rtp, var_per_rupee2: Some((m * rtp - rtp * rtp).max(0.0)) }
}

/// Aviator and Mines: the edge in basis points is the hold of every way of playing (any cash-out point, an Aviator cap's
/// forced cash-out included, returns 1 − edge on average; rounding down to the paisa only adds to the hold).
pub fn edge_basis(edge_bp: i64) -> Basis {
    if (0..10_000).contains(&edge_bp) {
        Basis::PerRupee { hold: edge_bp as f64 / 10_000.0, var_per_rupee2: None }
    } else {
        Basis::Unknown
    }
}

/// A round game's ticket from the round's settings (the JSON the round recorded when it opened) and its pick as text
/// (Andar Bahar's side, `"Andar"` / `"Bahar"`; empty when the ticket's lines are not on one pick). A game that pays
/// every pick alike (Titli Par, Color) needs no pick; a Titli ticket of several lines gets the variance of one line
/// of its whole stake, an upper bound.
pub fn round_basis(game: &str, settings: &str, pick: &str) -> Basis {
    macro_rules! by_game {
        ([] $(($name:ident, $Variant:ident, $Rules:path))*) => {
            match game {
                $(g if g == <$Rules as RoundRules>::NAME => basis_of::<$Rules>(settings, pick),)*
                _ => Basis::Unknown,
            }
        };
    }
    crate::round_games!(by_game!)
}

fn basis_of<G: RoundRules>(settings: &str, pick: &str) -> Basis {
    let Ok(s) = serde_json::from_str::<G::Settings>(settings) else { return Basis::Unknown };
    let price = |p: G::Pick| (G::pays(&s, p), G::rtp(&s, p));
    let picks = G::picks();
    let pick = match serde_json::from_value::<G::Pick>(serde_json::Value::String(pick.into())) {
        Ok(p) => Some(p),
        Err(_) if picks.iter().all(|&p| price(p) == price(picks[0])) => picks.first().copied(),
        Err(_) => None,
    };
    match pick.map(price) {
        Some((payout, rtp)) => single_outcome(payout, rtp),
        None => Basis::Unknown,
    }
}

/// A Matka bid: its rate × the exact chance of its number (three independent digits per panna).
pub fn matka_basis(bid_type: &str, number: &str, rate: i64) -> Basis {
    let Some(bid) = BidType::parse(bid_type) else { return Basis::Unknown };
    let Some(pick) = Pick::parse(bid, number) else { return Basis::Unknown };
    let rates = Rates {
        single_digit: rate,
        jodi: rate,
        single_panna: rate,
        double_panna: rate,
        triple_panna: rate,
        half_sangam: rate,
        full_sangam: rate,
    };
    single_outcome(rate, rates.rtp(bid, pick))
}

/// Additive figures of a set of settled bets (a game, a day, a player). `covered_*` and the variance terms count only
/// bets with a theoretical expectation.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Sums {
    pub bets: i64,
    pub units: i64,
    pub turnover: i64,
    pub payouts: i64,
    pub covered_bets: i64,
    pub covered_units: i64,
    pub covered_turnover: i64,
    pub covered_payouts: i64,
    /// Σ e over covered bets, paise.
    pub expected: f64,
    /// Σ δ² over covered units.
    pub dev2: f64,
    /// Σ S² over covered units.
    pub unit_stake2: f64,
    /// Σ exact variance over covered bets whose rules give it.
    pub exact: f64,
    /// Σ δ² over covered units whose rules give no exact variance.
    pub dev2_unmodelled: f64,
}

impl Sums {
    pub fn of(a: &Agg, basis: Basis) -> Sums {
        let mut s = Sums { bets: a.bets, units: a.units, turnover: a.stake, payouts: a.payout, ..Sums::default() };
        let (expected, dev2, exact) = match basis {
            Basis::Unknown => return s,
            Basis::PerRupee { hold, var_per_rupee2 } => (
                hold * a.stake as f64,
                a.sxx - 2.0 * hold * a.sxs + hold * hold * a.sss,
                var_per_rupee2.map(|v| v * a.bet_stake2),
            ),
            Basis::Summed { e, sxe, see, exact } => (e, a.sxx - 2.0 * sxe + see, Some(exact)),
        };
        let dev2 = dev2.max(0.0);
        s.covered_bets = a.bets;
        s.covered_units = a.units;
        s.covered_turnover = a.stake;
        s.covered_payouts = a.payout;
        s.expected = expected;
        s.dev2 = dev2;
        s.unit_stake2 = a.sss;
        match exact {
            Some(v) => s.exact = v.max(0.0),
            None => s.dev2_unmodelled = dev2,
        }
        s
    }

    pub fn add(&mut self, o: &Sums) {
        self.bets += o.bets;
        self.units += o.units;
        self.turnover += o.turnover;
        self.payouts += o.payouts;
        self.covered_bets += o.covered_bets;
        self.covered_units += o.covered_units;
        self.covered_turnover += o.covered_turnover;
        self.covered_payouts += o.covered_payouts;
        self.expected += o.expected;
        self.dev2 += o.dev2;
        self.unit_stake2 += o.unit_stake2;
        self.exact += o.exact;
        self.dev2_unmodelled += o.dev2_unmodelled;
    }

    pub fn ggr(&self) -> i64 {
        self.turnover - self.payouts
    }

    /// Σ δ over covered units: the covered GGR above its expectation, paise.
    fn excess(&self) -> f64 {
        (self.covered_turnover - self.covered_payouts) as f64 - self.expected
    }
}

/// The figures the console and the gauges show for a set of bets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hold {
    /// GGR ÷ turnover; `None` without turnover.
    pub realised: Option<f64>,
    /// GGR ÷ turnover over the covered bets only (equal to `realised` when every bet is covered).
    pub realised_covered: Option<f64>,
    pub theoretical: Option<f64>,
    /// The standard deviation of one rupee's result (`se · √effective_bets`).
    pub sigma: Option<f64>,
    /// `(Σ S)² ÷ Σ S²` over units: the number of equal independent stakes as informative as these.
    pub effective_bets: Option<f64>,
    /// Theoretical ± z·se; `None` below [`MIN_UNITS`] units.
    pub band: Option<(f64, f64)>,
    /// (realised − theoretical) ÷ se, over the covered bets.
    pub z: Option<f64>,
    pub out_of_band: bool,
}

fn ratio(num: f64, den: i64) -> Option<f64> {
    (den > 0).then(|| num / den as f64)
}

/// A game's hold against its theory, with the band at `z` standard errors.
pub fn hold(s: &Sums, z: f64) -> Hold {
    let realised = ratio(s.ggr() as f64, s.turnover);
    let realised_covered = ratio((s.covered_turnover - s.covered_payouts) as f64, s.covered_turnover);
    let theoretical = ratio(s.expected, s.covered_turnover);
    let variance = s.dev2.max(s.exact + s.dev2_unmodelled);
    let se = ratio(variance.sqrt(), s.covered_turnover);
    let effective_bets = (s.unit_stake2 > 0.0).then(|| (s.covered_turnover as f64).powi(2) / s.unit_stake2);
    let sigma = se.zip(effective_bets).map(|(se, n)| se * n.sqrt());
    let band = match (theoretical, se) {
        (Some(t), Some(se)) if s.covered_units >= MIN_UNITS => Some((t - z * se, t + z * se)),
        _ => None,
    };
    let zscore = match (realised_covered, theoretical, se) {
        (Some(r), Some(t), Some(se)) if se > 0.0 => Some((r - t) / se),
        _ => None,
    };
    let out_of_band = match (band, realised_covered) {
        (Some((low, high)), Some(r)) => r < low || r > high,
        _ => false,
    };
    Hold { realised, realised_covered, theoretical, sigma, effective_bets, band, z: zscore, out_of_band }
}

/// A player's return above expectation in standard errors (their result − their expected result, ÷ its standard
/// error); `None` without covered bets or variance.
pub fn player_z(s: &Sums) -> Option<f64> {
    let variance = s.exact + s.dev2_unmodelled;
    (s.covered_turnover > 0 && variance > 0.0).then(|| -s.excess() / variance.sqrt())
}

/// A player judged too lucky: enough covered bets and a return at least [`PLAYER_Z`] standard errors above expectation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayerFlag {
    pub bets: i64,
    pub turnover: i64,
    pub payouts: i64,
    /// Payouts ÷ turnover.
    pub return_ratio: f64,
    /// 1 − theoretical hold.
    pub expected_return: f64,
    pub z: f64,
}

/// The sums of each game of [`GAMES`], in that order (a game without bets has empty sums).
pub fn per_game<'a>(lines: impl IntoIterator<Item = (&'a str, &'a Sums)>) -> Vec<(&'static str, Sums)> {
    let mut out: Vec<(&'static str, Sums)> = GAMES.iter().map(|g| (*g, Sums::default())).collect();
    for (game, sums) in lines {
        if let Some((_, s)) = out.iter_mut().find(|(g, _)| *g == game) {
            s.add(sums);
        }
    }
    out
}

/// The flagged players among `(user, sums)` lines (a player's lines summed over games and days), highest z first.
pub fn flags<'a>(lines: impl IntoIterator<Item = (i64, &'a Sums)>) -> Vec<(i64, PlayerFlag)> {
    let mut per_user: std::collections::BTreeMap<i64, Sums> = std::collections::BTreeMap::new();
    for (user, sums) in lines {
        per_user.entry(user).or_default().add(sums);
    }
    let mut out: Vec<(i64, PlayerFlag)> = per_user.iter().filter_map(|(u, s)| flag(s).map(|f| (*u, f))).collect();
    out.sort_by(|a, b| b.1.z.total_cmp(&a.1.z).then(a.0.cmp(&b.0)));
    out
}

pub fn flag(s: &Sums) -> Option<PlayerFlag> {
    if s.covered_bets < PLAYER_MIN_BETS {
        return None;
    }
    let z = player_z(s).filter(|z| *z >= PLAYER_Z)?;
    let turnover = s.covered_turnover as f64;
    Some(PlayerFlag {
        bets: s.covered_bets,
        turnover: s.covered_turnover,
        payouts: s.covered_payouts,
        return_ratio: s.covered_payouts as f64 / turnover,
        expected_return: 1.0 - s.expected / turnover,
        z,
    })
}

/// The IST day (days since 1970-01-01 in IST) holding `at`.
pub fn ist_day(at: i64) -> i64 {
    (at + IST_OFFSET_MS).div_euclid(DAY_MS)
}

/// When IST day `day` begins, epoch ms.
pub fn ist_day_start(day: i64) -> i64 {
    day * DAY_MS - IST_OFFSET_MS
}

/// A day number as `YYYY-MM-DD`.
pub fn date_text(day: i64) -> String {
    let (y, m, d) = crate::rg::rules::civil(day);
    format!("{y:04}-{m:02}-{d:02}")
}

fn number(text: &str) -> Option<i64> {
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

/// `YYYY-MM-DD` as a day number, if it is a real date.
pub fn date(text: &str) -> Option<i64> {
    let mut parts = text.split('-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let (y, m, d) = (number(y)?, number(m)?, number(d)?);
    let day = crate::rg::rules::days_from_civil(y, u32::try_from(m).ok()?, u32::try_from(d).ok()?);
    (date_text(day) == text).then_some(day)
}

/// An instant as the console writes it: an IST date `2026-03-01` (its IST midnight), or an ISO 8601 date and time with
/// `Z` or an offset (`2026-03-01T06:30:00Z`, `2026-03-01T12:00:00+05:30`; seconds and milliseconds optional).
pub fn parse_instant(text: &str) -> Option<i64> {
    let text = text.trim();
    let Some((d, rest)) = text.split_once(['T', 't', ' ']) else { return date(text).map(ist_day_start) };
    let day = date(d)?;
    let (clock, offset_ms) = if let Some(c) = rest.strip_suffix(['Z', 'z']) {
        (c, 0)
    } else {
        let at = rest.rfind(['+', '-'])?;
        let (c, off) = rest.split_at(at);
        let sign = if off.starts_with('-') { -1 } else { 1 };
        let (h, m) = off[1..].split_once(':')?;
        if h.len() != 2 || m.len() != 2 {
            return None;
        }
        let (h, m) = (number(h)?, number(m)?);
        if h > 23 || m > 59 {
            return None;
        }
        (c, sign * (h * 3_600_000 + m * 60_000))
    };
    let (hms, millis) = match clock.split_once('.') {
        Some((hms, frac)) if (1..=3).contains(&frac.len()) => (hms, number(frac)? * 10i64.pow(3 - frac.len() as u32)),
        Some(_) => return None,
        None => (clock, 0),
    };
    let fields: Vec<&str> = hms.split(':').collect();
    if !(2..=3).contains(&fields.len()) || fields.iter().any(|f| f.len() != 2) {
        return None;
    }
    let (h, m, s) = (number(fields[0])?, number(fields[1])?, fields.get(2).map_or(Some(0), |s| number(s))?);
    if h > 23 || m > 59 || s > 59 {
        return None;
    }
    Some(day * DAY_MS + h * 3_600_000 + m * 60_000 + s * 1000 + millis - offset_ms)
}

/// Why a range is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RangeError {
    /// `from` or `to` is not a date or an instant (the field's name).
    Unreadable(&'static str),
    /// `from` is not before `to`.
    Empty,
    /// Longer than the most days allowed.
    TooLong(i64),
}

/// `[from, to)` from the query: `from` defaults to the IST midnight that began the last `default_days` IST days
/// (1: today), `to` to `now`; at most `max_days` days.
pub fn range(
    from: Option<&str>,
    to: Option<&str>,
    now: i64,
    default_days: i64,
    max_days: i64,
) -> Result<(i64, i64), RangeError> {
    let read = |text: Option<&str>, name, default| match text.map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) => parse_instant(t).ok_or(RangeError::Unreadable(name)),
        None => Ok(default),
    };
    let from = read(from, "from", ist_day_start(ist_day(now) - (default_days - 1).max(0)))?;
    let to = read(to, "to", now)?;
    if from >= to {
        return Err(RangeError::Empty);
    }
    if to - from > max_days * DAY_MS {
        return Err(RangeError::TooLong(max_days));
    }
    Ok((from, to))
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
