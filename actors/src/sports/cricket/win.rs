//! Who wins, under the ball model: exact probabilities by dynamic programming over (balls left, wickets down, runs),
//! so the odds the platform prices from are calibrated to the simulator by construction. Built once (a few MB).

use super::model::{BALLS, EXTRA, Innings, RUNS, WICKET, WICKETS, outcomes};

/// Scores beyond this are treated as this (a first innings of 400 all but wins).
const MAX_RUNS: usize = 400;
const B: usize = BALLS as usize + 1;
const W: usize = WICKETS as usize + 1;
const R: usize = MAX_RUNS + 2;

pub struct WinModel {
    /// `chase[b][w][r]`: the chasing side wins with `b` legal balls left, `w` wickets down, `r` runs still needed
    /// (a tie counts half: a super over).
    chase: Vec<f64>,
    /// `first[b][w][s]`: the side batting first wins with `b` balls left, `w` down and `s` scored.
    first: Vec<f64>,
}

fn at(b: usize, w: usize, r: usize) -> usize {
    (b * W + w) * R + r.min(R - 1)
}

impl WinModel {
    pub fn build() -> WinModel {
        let mut chase = vec![0.0; B * W * R];
        for b in 0..B {
            for w in 0..W {
                for r in 0..R {
                    chase[at(b, w, r)] = if r == 0 {
                        1.0
                    } else if b == 0 || w == WICKETS as usize {
                        if r == 1 { 0.5 } else { 0.0 }
                    } else {
                        let ball = BALLS - b as u32;
                        let p = outcomes(ball, w as u32, Some(r as f64 / b as f64));
                        let mut legal = p[WICKET] * chase[at(b - 1, w + 1, r)];
                        for (k, runs) in RUNS.iter().enumerate() {
                            legal += p[k] * chase[at(b - 1, w, r.saturating_sub(*runs as usize))];
                        }
                        EXTRA * chase[at(b, w, r - 1)] + (1.0 - EXTRA) * legal
                    };
                }
            }
        }
        let full = |target: usize| chase[at(B - 1, 0, target)];
        let mut first = vec![0.0; B * W * R];
        for b in 0..B {
            for w in 0..W {
                for s in (0..R).rev() {
                    first[at(b, w, s)] = if b == 0 || w == WICKETS as usize {
                        1.0 - full(s + 1)
                    } else if s == R - 1 {
                        1.0 - full(R - 1)
                    } else {
                        let p = outcomes(BALLS - b as u32, w as u32, None);
                        let mut legal = p[WICKET] * first[at(b - 1, w + 1, s)];
                        for (k, runs) in RUNS.iter().enumerate() {
                            legal += p[k] * first[at(b - 1, w, s + *runs as usize)];
                        }
                        EXTRA * first[at(b, w, s + 1)] + (1.0 - EXTRA) * legal
                    };
                }
            }
        }
        WinModel { chase, first }
    }

    /// The chance that the side batting in `innings` wins the match.
    pub fn batting(&self, innings: &Innings) -> f64 {
        let b = BALLS.saturating_sub(innings.balls) as usize;
        let w = innings.wickets.min(WICKETS) as usize;
        match innings.target {
            Some(t) => self.chase[at(b, w, t.saturating_sub(innings.runs) as usize)],
            None => self.first[at(b, w, innings.runs as usize)],
        }
    }
}
