//! The exact distribution of an innings' runs at each fancy session's over, from the ball model: the chance of every
//! score the innings can have when its `overs × 6`-th legal ball is bowled, and the chance that the line is void
//! (the innings ends short of that ball: all out, or a chase won early). Fancy lines are priced from it
//! (`price::session_line`), so a line is as fair as the model and the margin is on the player's wrong side exactly.
//!
//! Settlement follows the simulator: a line is decided by the runs after its over's last legal ball, even when that
//! ball ends the innings (a wicket, or the winning runs); extras bowled after it count for the next ball. A wide
//! that wins a chase before the ball is bowled ends the innings, so the line is void.
//!
//! First innings: the runs still to come do not depend on the runs so far, so the distribution of runs *added* from
//! every (legal balls, wickets) to each horizon is built once, backwards (`FirstInnings`). A chase depends on the runs
//! still needed too, so it is computed forwards from the state in play (`chase`), a few hundred microseconds.

use super::model::{BALLS, EXTRA, Innings, RUNS, WICKET, WICKETS, outcomes};
use super::price::SESSION_OVERS;

/// Runs added to an innings are cut here (their chance beyond it is far below 1e-30).
const MAX_ADDED: usize = 420;
const W: usize = WICKETS as usize;
/// Mass below this is dropped from a forward step (it cannot move a price).
const NEGLIGIBLE: f64 = 1e-18;

/// The runs of an innings at one session's over.
#[derive(Debug, Clone, PartialEq)]
pub struct RunsDist {
    /// The runs `p[0]` stands for.
    pub from: u32,
    /// `p[k]`: the chance the line is decided with `from + k` runs.
    pub p: Vec<f64>,
}

impl RunsDist {
    /// The chance the line is decided at all (not void).
    pub fn settled(&self) -> f64 {
        self.p.iter().sum()
    }

    /// The chance it is decided with at least `runs`.
    pub fn at_least(&self, runs: u32) -> f64 {
        let k = runs.saturating_sub(self.from) as usize;
        self.p.iter().skip(k).sum()
    }

    /// The chance it is decided with fewer than `runs`.
    pub fn below(&self, runs: u32) -> f64 {
        self.settled() - self.at_least(runs)
    }

    /// The expected runs when decided.
    pub fn mean(&self) -> f64 {
        let s = self.settled();
        self.p.iter().enumerate().map(|(k, p)| (f64::from(self.from) + k as f64) * p).sum::<f64>() / s.max(1e-300)
    }
}

/// `into[k + shift] += scale · from[k]`, cut at `MAX_ADDED`.
fn add_shifted(into: &mut [f64], from: &[f64], shift: usize, scale: f64) {
    if scale == 0.0 {
        return;
    }
    for (k, p) in from.iter().enumerate() {
        let Some(slot) = into.get_mut(k + shift) else { break };
        *slot += scale * p;
    }
}

/// The runs a first innings adds from each state to each session's over, built once (about 20 MB).
pub struct FirstInnings {
    /// `added[h][b * W + w]`: from `b` legal balls bowled and `w` down, the chance of adding each number of runs by
    /// session `h`'s last ball (and it deciding the line); empty past the horizon.
    added: Vec<Vec<Vec<f64>>>,
}

impl FirstInnings {
    pub fn build() -> FirstInnings {
        let added = SESSION_OVERS.iter().map(|overs| Self::horizon((overs * 6) as usize)).collect();
        FirstInnings { added }
    }

    /// Backwards from the horizon `h` (legal balls): `D(b, w) = E·shift₁ D(b, w) + (1 − E)·Σ p·shift D(next)`, the
    /// extras' geometric series solved along the runs.
    fn horizon(h: usize) -> Vec<Vec<f64>> {
        let mut d = vec![Vec::new(); (h + 1) * W];
        let delta = {
            let mut v = vec![0.0; MAX_ADDED];
            v[0] = 1.0;
            v
        };
        for w in 0..W {
            d[h * W + w] = delta.clone();
        }
        for b in (0..h).rev() {
            for w in 0..W {
                let p = outcomes(b as u32, w as u32, None);
                let mut x = vec![0.0; MAX_ADDED];
                for (k, runs) in RUNS.iter().enumerate() {
                    add_shifted(&mut x, &d[(b + 1) * W + w], *runs as usize, (1.0 - EXTRA) * p[k]);
                }
                // A wicket: the tenth ends the innings (void) unless it is the horizon's own ball.
                if w + 1 < W {
                    add_shifted(&mut x, &d[(b + 1) * W + w + 1], 0, (1.0 - EXTRA) * p[WICKET]);
                } else if b + 1 == h {
                    x[0] += (1.0 - EXTRA) * p[WICKET];
                }
                for k in 1..MAX_ADDED {
                    x[k] += EXTRA * x[k - 1];
                }
                d[b * W + w] = x;
            }
        }
        d
    }

    /// The distribution for session `h` (an index of `SESSION_OVERS`) of a first innings in `innings`' state.
    pub fn session(&self, h: usize, innings: &Innings) -> Option<RunsDist> {
        let horizon = SESSION_OVERS[h] * 6;
        if innings.balls >= horizon || innings.wickets >= WICKETS || innings.target.is_some() {
            return None;
        }
        let p = self.added[h][innings.balls as usize * W + innings.wickets as usize].clone();
        Some(RunsDist { from: innings.runs, p })
    }
}

/// The distributions of a chase in `innings`' state at the sessions still to come (`(index of SESSION_OVERS, dist)`),
/// forwards ball by ball over (wickets, runs), the asking rate read at each state.
pub fn chase(innings: &Innings) -> Vec<(usize, RunsDist)> {
    let Some(target) = innings.target else { return Vec::new() };
    if innings.over() {
        return Vec::new();
    }
    let open: Vec<usize> = (0..SESSION_OVERS.len()).filter(|h| innings.balls < SESSION_OVERS[*h] * 6).collect();
    let Some(last) = open.iter().map(|h| SESSION_OVERS[*h] * 6).max() else { return Vec::new() };
    let from = innings.runs;
    // Runs from `from` to `target + 5` (the last ball can overshoot by five at most).
    let span = (target + 6).saturating_sub(from) as usize;
    let need = |k: usize| target.saturating_sub(from + k as u32);
    let mut live = vec![vec![0.0; span]; W];
    live[innings.wickets as usize][0] = 1.0;
    let mut out: Vec<(usize, RunsDist)> = Vec::new();
    for b in innings.balls..last {
        let left = f64::from(BALLS - b);
        let mut next = vec![vec![0.0; span]; W];
        let mut decided = vec![0.0; span];
        for (w, row) in live.iter_mut().enumerate() {
            // Extras first: each wide adds a run; one that reaches the target ends the chase before the ball.
            for k in 1..span {
                if need(k) == 0 {
                    row[k] = 0.0;
                } else {
                    row[k] += EXTRA * row[k - 1];
                }
            }
            for (k, mass) in row.iter().enumerate() {
                let m = mass * (1.0 - EXTRA);
                if m < NEGLIGIBLE || need(k) == 0 {
                    continue;
                }
                let p = outcomes(b, w as u32, Some(f64::from(need(k)) / left));
                for (i, runs) in RUNS.iter().enumerate() {
                    let to = k + *runs as usize;
                    if to >= span {
                        continue;
                    }
                    decided[to] += m * p[i];
                    if need(to) > 0 && b + 1 < BALLS {
                        next[w][to] += m * p[i];
                    }
                }
                decided[k] += m * p[WICKET];
                if w + 1 < W && b + 1 < BALLS {
                    next[w + 1][k] += m * p[WICKET];
                }
            }
        }
        for h in &open {
            if SESSION_OVERS[*h] * 6 == b + 1 {
                out.push((*h, RunsDist { from, p: decided.clone() }));
            }
        }
        live = next;
    }
    out
}
