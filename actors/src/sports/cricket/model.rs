//! A T20 innings, ball by ball, pure: what each delivery does, from a probabilistic model calibrated to real T20
//! rates (about 1.3 runs a legal ball with extras, a wicket about every 20 balls, a harder last five overs, a chase
//! that takes more risk as the asking rate climbs). The caller brings the randomness.

use rand::Rng;

pub const OVERS: u32 = 20;
pub const BALLS: u32 = OVERS * 6;
pub const WICKETS: u32 = 10;

/// What a legal delivery can do: 0, 1, 2, 3, 4 or 6 runs off the bat, or a wicket.
pub const RUNS: [u32; 6] = [0, 1, 2, 3, 4, 6];
pub const OUTCOMES: usize = 7;
/// Index of the wicket in an outcome distribution.
pub const WICKET: usize = 6;
/// A wide or a no-ball: one run, and the ball is bowled again.
pub const EXTRA: f64 = 0.04;

/// The chances of each outcome of a legal delivery (`RUNS`, then the wicket), summing to 1.
pub type Outcomes = [f64; OUTCOMES];

/// The outcome chances of the legal ball `ball` (0-based) with `wickets` down; `asking` is the runs a ball the
/// chasing side still needs (`None` in the first innings).
pub fn outcomes(ball: u32, wickets: u32, asking: Option<f64>) -> Outcomes {
    // Middle overs: about 1.25 runs off the bat a ball, a wicket every 22.
    let mut o: Outcomes = [0.35, 0.37, 0.08, 0.005, 0.11, 0.035, 0.045];
    let over = ball / 6;
    let (boundary, risk) = match over {
        0..=5 => (1.15, 0.95), // the powerplay: field up
        6..=14 => (1.0, 1.0),
        _ => (1.45, 1.55), // the last five overs: swing hard, lose wickets
    };
    // A tail bats more carefully with few wickets left.
    let care = if wickets >= 7 { 0.8 } else { 1.0 };
    // A chase behind the asking rate takes more risk; one ahead of it plays as usual.
    let push = asking.map_or(1.0, |a| (a / 1.35).clamp(1.0, 2.0));
    // (Without a push the powers are all 1: skipped, since the pricing asks this for every state of a chase.)
    let (four, six, out) = if push == 1.0 { (1.0, 1.0, 1.0) } else { (push.powf(0.5), push.powf(0.8), push.powf(1.5)) };
    o[4] *= boundary * care * four;
    o[5] *= boundary * care * six;
    o[WICKET] *= risk * out;
    let rest: f64 = o[1..].iter().sum();
    o[0] = (1.0 - rest).max(0.05);
    let total: f64 = o.iter().sum();
    o.map(|p| p / total)
}

/// What one delivery did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// A wide or a no-ball: one run, not a legal ball.
    Extra,
    Runs(u32),
    Wicket,
}

impl Delivery {
    pub fn runs(self) -> u32 {
        match self {
            Delivery::Extra => 1,
            Delivery::Runs(r) => r,
            Delivery::Wicket => 0,
        }
    }

    /// The scoreboard's mark: `Wd`, `0`–`6`, `W`.
    pub fn mark(self) -> String {
        match self {
            Delivery::Extra => "Wd".into(),
            Delivery::Runs(r) => r.to_string(),
            Delivery::Wicket => "W".into(),
        }
    }
}

/// One innings as it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Innings {
    pub runs: u32,
    pub wickets: u32,
    /// Legal balls bowled.
    pub balls: u32,
    /// The runs to win, in a chase.
    pub target: Option<u32>,
}

impl Innings {
    pub fn chase(target: u32) -> Innings {
        Innings { target: Some(target), ..Innings::default() }
    }

    pub fn over(&self) -> bool {
        self.balls >= BALLS || self.wickets >= WICKETS || self.target.is_some_and(|t| self.runs >= t)
    }

    /// Runs a ball still needed (a chase).
    pub fn asking(&self) -> Option<f64> {
        let t = self.target?;
        let left = BALLS.saturating_sub(self.balls).max(1);
        Some(f64::from(t.saturating_sub(self.runs)) / f64::from(left))
    }

    /// Bowls one delivery.
    pub fn bowl<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Delivery {
        if rng.random_bool(EXTRA) {
            self.runs += 1;
            return Delivery::Extra;
        }
        let o = outcomes(self.balls, self.wickets, self.asking());
        let mut x: f64 = rng.random();
        let mut pick = WICKET;
        for (i, p) in o.iter().enumerate() {
            if x < *p {
                pick = i;
                break;
            }
            x -= p;
        }
        self.balls += 1;
        if pick == WICKET {
            self.wickets += 1;
            Delivery::Wicket
        } else {
            self.runs += RUNS[pick];
            Delivery::Runs(RUNS[pick])
        }
    }

    /// "12.3" overs.
    pub fn overs_text(&self) -> String {
        format!("{}.{}", self.balls / 6, self.balls % 6)
    }
}
