//! Prices from the model, pure: match odds on the exchange price ladder (three back and three lay levels with sizes),
//! a bookmaker market's rates ×100 (lagai / khai), and fancy session lines (runs after 6, 10, 15 and 20 overs).

use super::model::{BALLS, EXTRA, Innings, RUNS, WICKET, WICKETS, outcomes};
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

/// One runner's book from its win chance `q`: the best back below the fair price and the best lay above it, `margin`
/// apart at least (e.g. 0.04), each best price followed by two worse ticks; sizes from `salt`.
pub fn book(q: f64, margin: f64, salt: u64) -> Book {
    let q = q.clamp(0.001, 0.999);
    let back = ladder_down(1.0 / (q * (1.0 + margin / 2.0)));
    let lay = ladder_up(1.0 / (q * (1.0 - margin / 2.0))).max(next_up(back));
    let backs = [back, next_down(back), next_down(next_down(back))];
    let lays = [lay, next_up(lay), next_up(next_up(lay))];
    Book {
        available_to_back: std::array::from_fn(|i| Level { price: backs[i], size: size(salt, i as u64) }),
        available_to_lay: std::array::from_fn(|i| Level { price: lays[i], size: size(salt, 10 + i as u64) }),
    }
}

/// The two runners' books from the first runner's win chance `p`.
pub fn match_odds(p: f64, margin: f64, salt: u64) -> [Book; 2] {
    [book(p, margin, salt), book(1.0 - p, margin, salt ^ (1 << 32))]
}

/// A bookmaker market's rates ×100 for each runner, `(lagai, khai)`: lagai `r` wins `r/100` a rupee (decimal odds
/// `1 + r/100`) below the fair price, khai the next rate up.
pub fn bookmaker(p: f64, margin: f64) -> [(u32, u32); 2] {
    let rates = |q: f64| {
        let q = q.clamp(0.01, 0.99);
        let lagai = ((1.0 / (q * (1.0 + margin)) - 1.0) * 100.0).floor().max(1.0) as u32;
        (lagai, lagai + 2)
    };
    [rates(p), rates(1.0 - p)]
}

/// A fancy session: runs of the innings in play after `overs` overs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionLine {
    pub overs: u32,
    /// A NO bet wins if the innings has fewer than `no` runs then; a YES bet if it has `yes` or more.
    pub no: u32,
    pub yes: u32,
    /// Rates ×100 (100 is even money).
    pub no_rate: u32,
    pub yes_rate: u32,
}

pub const SESSION_OVERS: [u32; 4] = [6, 10, 15, 20];

/// Expected runs still to come in an innings, ball by ball, to each session's horizon.
pub struct Sessions {
    /// `expected[h][ball * 11 + wickets]`: runs expected from `ball` (legal balls bowled) to the end of session `h`.
    expected: Vec<Vec<f64>>,
}

impl Sessions {
    pub fn build() -> Sessions {
        let w = WICKETS as usize + 1;
        let expected = SESSION_OVERS
            .iter()
            .map(|overs| {
                let horizon = (overs * 6) as usize;
                let mut e = vec![0.0; (BALLS as usize + 1) * w];
                for ball in (0..horizon).rev() {
                    for wk in 0..WICKETS as usize {
                        let p = outcomes(ball as u32, wk as u32, None);
                        let mut x = EXTRA / (1.0 - EXTRA) + p[WICKET] * e[(ball + 1) * w + wk + 1];
                        for (k, runs) in RUNS.iter().enumerate() {
                            x += p[k] * (f64::from(*runs) + e[(ball + 1) * w + wk]);
                        }
                        e[ball * w + wk] = x;
                    }
                }
                e
            })
            .collect();
        Sessions { expected }
    }

    /// The lines still open for `innings`: NO at the expected total rounded down, YES one run above, at even rates.
    pub fn lines(&self, innings: &Innings) -> Vec<SessionLine> {
        SESSION_OVERS
            .iter()
            .enumerate()
            .filter(|(_, overs)| innings.balls < *overs * 6 && !innings.over())
            .map(|(h, overs)| {
                let at = innings.balls as usize * (WICKETS as usize + 1) + innings.wickets as usize;
                let mean = f64::from(innings.runs) + self.expected[h][at];
                let no = mean.floor() as u32;
                SessionLine { overs: *overs, no, yes: no + 1, no_rate: 100, yes_rate: 100 }
            })
            .collect()
    }
}
