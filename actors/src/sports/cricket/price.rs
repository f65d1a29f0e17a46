//! Prices from the model, pure: match odds on the exchange price ladder (three back and three lay levels with sizes),
//! a bookmaker market's rates ×100 (lagai / khai), and fancy session lines (runs after 6, 10, 15 and 20 overs).
//!
//! Every quote carries the house's margin `m` on the player's wrong side against the model's own probability `q` of
//! what it backs: a back (lagai, YES, or NO's winning side) pays decimal odds of at most `(1 − m/2) / q`, a lay
//! (khai) charges at least `(1 + m/2) / q`, so each bet's expectation is at most `−m/2` a rupee staked, and two
//! quotes of one event, priced from one model, can never be combined into a win in every outcome (the model is a
//! probability under which every bet loses on average; `audit.rs` checks the quote sets all the same). Where the
//! ladder or the rates cannot express such a price (an outcome decided or nearly so), there is no quote: the market
//! is suspended.

use super::runs::RunsDist;
use serde::{Deserialize, Serialize};

/// The exchange ladder: (up to this price, tick).
const LADDER: [(f64, f64); 10] = [
    (2.0, 0.01),
    (3.0, 0.02),
    (4.0, 0.05),
    (6.0, 0.1),
    (10.0, 0.2),
    (20.0, 0.5),
    (30.0, 1.0),
    (50.0, 2.0),
    (100.0, 5.0),
    (1000.0, 10.0),
];
pub const MIN_PRICE: f64 = 1.01;
pub const MAX_PRICE: f64 = 1000.0;

fn tick_above(price: f64) -> f64 {
    LADDER.iter().find(|(top, _)| price < *top - 1e-9).map_or(10.0, |(_, t)| *t)
}

fn tick_below(price: f64) -> f64 {
    LADDER.iter().find(|(top, _)| price <= *top + 1e-9).map_or(10.0, |(_, t)| *t)
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The highest ladder price at or below `p`.
pub fn ladder_down(p: f64) -> f64 {
    let p = p.clamp(MIN_PRICE, MAX_PRICE);
    let mut base = 1.0;
    for (top, tick) in LADDER {
        if p <= top + 1e-9 {
            return round2(base + ((p - base + 1e-9) / tick).floor() * tick).max(MIN_PRICE);
        }
        base = top;
    }
    MAX_PRICE
}

/// The lowest ladder price at or above `p`.
pub fn ladder_up(p: f64) -> f64 {
    let down = ladder_down(p);
    if down + 1e-9 >= p.clamp(MIN_PRICE, MAX_PRICE) { down } else { next_up(down) }
}

pub fn next_up(p: f64) -> f64 {
    round2((p + tick_above(p)).min(MAX_PRICE))
}

pub fn next_down(p: f64) -> f64 {
    round2((p - tick_below(p)).max(MIN_PRICE))
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsPriceLevel)]
pub struct Level {
    pub price: f64,
    /// Rupees available at this price.
    pub size: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Book {
    pub available_to_back: [Level; 3],
    pub available_to_lay: [Level; 3],
}

/// A size that looks like a market's depth: deterministic from `salt`, growing away from the best price.
fn size(salt: u64, level: u64) -> f64 {
    let h = salt.wrapping_add(level).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17);
    (500 + (h % 40_000) * (level + 1)) as f64
}

/// Guards rounding: a price is moved this far toward the house before it is floored or ceiled.
const EPS: f64 = 1e-9;

/// The best back and lay for an outcome of chance `q`: the highest ladder price at most `(1 − m/2) / q` and the lowest
/// at least `(1 + m/2) / q`; `None` when either is off the ladder (1.01 to 1000).
pub fn back_lay(q: f64, margin: f64) -> Option<(f64, f64)> {
    if !(q > 0.0 && q < 1.0) {
        return None;
    }
    let (back, lay) = ((1.0 - margin / 2.0) / q, (1.0 + margin / 2.0) / q);
    if back < MIN_PRICE || lay > MAX_PRICE {
        return None;
    }
    let b = ladder_down(back - EPS);
    let l = ladder_up(lay + EPS);
    (b <= back && l >= lay).then_some((b, l))
}

/// One runner's book from its win chance `q`: the best back and lay (`back_lay`), each followed by two worse ticks;
/// sizes from `salt`. `None`: the runner cannot be quoted with the margin.
pub fn book(q: f64, margin: f64, salt: u64) -> Option<Book> {
    let (back, lay) = back_lay(q, margin)?;
    let backs = [back, next_down(back), next_down(next_down(back))];
    let lays = [lay, next_up(lay), next_up(next_up(lay))];
    Some(Book {
        available_to_back: std::array::from_fn(|i| Level { price: backs[i], size: size(salt, i as u64) }),
        available_to_lay: std::array::from_fn(|i| Level { price: lays[i], size: size(salt, 10 + i as u64) }),
    })
}

/// The two runners' books from the first runner's win chance `p`; `None` when either cannot be quoted.
pub fn match_odds(p: f64, margin: f64, salt: u64) -> Option<[Book; 2]> {
    Some([book(p, margin, salt)?, book(1.0 - p, margin, salt ^ (1 << 32))?])
}

/// The largest rate ×100 a bookmaker or fancy market quotes (decimal odds 1000, as the ladder's top).
pub const MAX_RATE: u32 = 99_900;

/// A back's rate ×100 for a chance `q` of winning: it wins `rate/100` a rupee, at most `(1 − m/2)/q − 1`.
fn back_rate(q: f64, margin: f64) -> Option<u32> {
    let r = ((1.0 - margin / 2.0) / q - 1.0) * 100.0;
    let r = (r - EPS).floor();
    (q > 0.0 && (1.0..=f64::from(MAX_RATE)).contains(&r)).then_some(r as u32)
}

/// A lay's rate ×100 when the backed side wins with chance `q`: it loses `rate/100` a rupee then, at least
/// `(1 + m/2)/q − 1`.
fn lay_rate(q: f64, margin: f64) -> Option<u32> {
    let r = ((1.0 + margin / 2.0) / q - 1.0) * 100.0;
    let r = (r + EPS).ceil().max(1.0);
    (q > 0.0 && q < 1.0 && r <= f64::from(MAX_RATE)).then_some(r as u32)
}

/// A bookmaker market's rates ×100 for each runner, `(lagai, khai)` from the first runner's chance `p`: lagai `r` wins
/// `r/100` a rupee if the runner wins (below the fair rate), khai `r` loses `r/100` a rupee if it wins (above it).
/// `None` when a rate cannot be quoted with the margin.
pub fn bookmaker(p: f64, margin: f64) -> Option<[(u32, u32); 2]> {
    let rates = |q: f64| Some((back_rate(q, margin)?, lay_rate(q, margin)?));
    Some([rates(p)?, rates(1.0 - p)?])
}

/// A fancy session: runs of the innings in play after `overs` overs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionLine {
    pub overs: u32,
    /// A NO bet wins if the innings has fewer than `no` runs then; a YES bet if it has `yes` or more.
    pub no: u32,
    pub yes: u32,
    /// Rates ×100 (100 is even money): YES wins `yes_rate/100` a rupee; NO loses `no_rate/100` a rupee.
    pub no_rate: u32,
    pub yes_rate: u32,
}

/// The model's chances behind a session line, given that it is decided (a void line refunds): NO's and YES's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineChances {
    pub no: f64,
    pub yes: f64,
}

pub const SESSION_OVERS: [u32; 4] = [6, 10, 15, 20];

/// A line is not quoted when it is this likely to be void, or a side this unlikely to win: nearly decided.
const MIN_CHANCE: f64 = 0.05;

/// A session's line from the distribution of its runs: YES at the lowest score it reaches with a chance (when decided)
/// of at most `(1 − m/2)/2`, NO at the highest it stays under with at most that chance, so the two lines straddle
/// the middle and neither side is worth even money; each side's rate then puts it exactly `m/2` or more below fair.
/// `None` when the line is too likely void or a side too unlikely to win.
pub fn session_line(overs: u32, dist: &RunsDist, margin: f64) -> Option<(SessionLine, LineChances)> {
    let settled = dist.settled();
    if settled < MIN_CHANCE {
        return None;
    }
    let half = (1.0 - margin / 2.0) / 2.0;
    // below[k]: the chance of fewer than `from + k` runs, when decided; k = 0 ..= len.
    let mut below = Vec::with_capacity(dist.p.len() + 1);
    let mut acc = 0.0;
    below.push(0.0);
    for p in &dist.p {
        acc += p;
        below.push(acc / settled);
    }
    let at_least = |k: usize| 1.0 - below[k];
    let yes = (0..below.len()).find(|k| at_least(*k) <= half)?;
    let no = (0..below.len()).rev().find(|k| below[*k] <= half)?;
    let chances = LineChances { no: below[no], yes: at_least(yes) };
    if chances.no < MIN_CHANCE || chances.yes < MIN_CHANCE || no >= yes {
        return None;
    }
    let line = SessionLine {
        overs,
        no: dist.from + no as u32,
        yes: dist.from + yes as u32,
        no_rate: lay_rate(1.0 - chances.no, margin)?,
        yes_rate: back_rate(chances.yes, margin)?,
    };
    Some((line, chances))
}
