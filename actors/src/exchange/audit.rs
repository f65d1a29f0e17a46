//! The quote auditor, pure: given every quote the house shows on one event, is there a set of bets at those quotes
//! that wins in every outcome (≥ 0 in each, > 0 in one)? The event's outcomes are enumerated exactly — which runner
//! wins, and the innings' runs at each open fancy session (or the session void) — and a small linear program looks
//! for stakes that never lose: maximise the total over the outcomes of the book's P/L, each outcome's P/L ≥ 0, each
//! stake between 0 and 1. A positive optimum is a sure win, and its stakes say how.
//!
//! Runs only matter at the quoted lines, so each session's runs take one value per stretch between lines (the
//! innings' runs now, and each line above them). Sessions of one innings end in order (`runs` never fall), and once
//! an innings ends every later session is void. In a chase the runs also decide the winner: a session decided at or
//! past the target ends the chase won (a chase can pass its target by five at most, with a six), a last session
//! (20 overs) decided below `target − 1` is lost, and level scores go to a super over, either way.
//!
//! The same outcomes judge a player's open bets on the event (`sure_position`): ≥ 0 in every outcome and > 0 in one
//! is a position that cannot lose, which the desk flags for the operators.

use super::rules::{FancyBet, RunnerBet, Side};
use crate::money::Paise;
use crate::sports::feed::{MarketStatus, MatchState};
use microlp::{ComparisonOp, OptimizationDirection, Problem};

/// A quote as a bet of one rupee could be placed at it.
#[derive(Debug, Clone, PartialEq)]
pub enum Bet {
    /// Back (`Lagai`) runner `runner` to win `w/100` a rupee, or lay (`Khai`) it to lose `w/100` a rupee if it wins.
    Runner { runner: usize, side: Side, w: u32 },
    /// YES (`Lagai`) wins `w/100` a rupee at `line` runs or more; NO (`Khai`) wins a rupee below it and loses `w/100`
    /// at or above it. `session` indexes `Event::sessions`.
    Fancy { session: usize, side: Side, line: u32, w: u32 },
}

/// A quote and where it is shown (for the log when a set is refused).
#[derive(Debug, Clone, PartialEq)]
pub struct Quote {
    pub market_id: String,
    pub bet: Bet,
}

/// What decides the bets of one event.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// How many runners the winner markets have (2 for cricket).
    pub runners: usize,
    /// The innings' runs now.
    pub runs: u32,
    /// The open sessions' overs, ascending (each decided after its `overs × 6`-th legal ball).
    pub sessions: Vec<u32>,
    pub chase: Option<Chase>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chase {
    pub target: u32,
    /// The chasing runner.
    pub chaser: usize,
}

/// The innings' last over: a session at it decides the match in a chase.
const LAST_OVER: u32 = 20;

/// One way the event can end: the winner, and each session's runs (`None`: void).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub winner: usize,
    pub runs: Vec<Option<u32>>,
}

fn pays(bet: &Bet, o: &Outcome) -> f64 {
    let w = |w: u32| f64::from(w) / 100.0;
    match *bet {
        Bet::Runner { runner, side: Side::Lagai, w: r } => {
            if o.winner == runner {
                w(r)
            } else {
                -1.0
            }
        }
        Bet::Runner { runner, side: Side::Khai, w: r } => {
            if o.winner == runner {
                -w(r)
            } else {
                1.0
            }
        }
        Bet::Fancy { session, side, line, w: r } => match (o.runs.get(session).copied().flatten(), side) {
            (None, _) => 0.0,
            (Some(x), Side::Lagai) => {
                if x >= line {
                    w(r)
                } else {
                    -1.0
                }
            }
            (Some(x), Side::Khai) => {
                if x < line {
                    1.0
                } else {
                    -w(r)
                }
            }
        },
    }
}

/// Every way the event can end, as far as `lines` (each session's quoted lines) can tell them apart.
pub fn outcomes(event: &Event, lines: &[u32]) -> Vec<Outcome> {
    let mut values: Vec<u32> = std::iter::once(event.runs).chain(lines.iter().copied()).collect();
    if let Some(c) = event.chase {
        values.extend([c.target.saturating_sub(1), c.target]);
        values.retain(|v| *v <= c.target + 5);
    }
    values.retain(|v| *v >= event.runs);
    values.sort_unstable();
    values.dedup();
    let mut runs = Vec::new();
    sequences(event, &values, &mut Vec::new(), &mut runs);
    let mut out = Vec::new();
    for seq in runs {
        for winner in winners(event, &seq) {
            out.push(Outcome { winner, runs: seq.clone() });
        }
    }
    out
}

/// Each session's runs in order: never falling, void from the first void on, and (a chase) void after the target.
fn sequences(event: &Event, values: &[u32], prefix: &mut Vec<Option<u32>>, out: &mut Vec<Vec<Option<u32>>>) {
    if prefix.len() == event.sessions.len() {
        out.push(prefix.clone());
        return;
    }
    let last = prefix.last().copied();
    let ended = match (last, event.chase) {
        (Some(None), _) => true,
        (Some(Some(r)), Some(c)) => r >= c.target,
        _ => false,
    };
    prefix.push(None);
    sequences(event, values, prefix, out);
    prefix.pop();
    if ended {
        return;
    }
    let floor = last.flatten().unwrap_or(event.runs);
    for v in values.iter().copied().filter(|v| *v >= floor) {
        prefix.push(Some(v));
        sequences(event, values, prefix, out);
        prefix.pop();
    }
}

/// Who can win given the sessions' runs.
fn winners(event: &Event, runs: &[Option<u32>]) -> Vec<usize> {
    let all: Vec<usize> = (0..event.runners).collect();
    let Some(c) = event.chase else { return all };
    let defender = (0..event.runners).find(|r| *r != c.chaser).unwrap_or(0);
    if runs.iter().flatten().any(|r| *r >= c.target) {
        return vec![c.chaser];
    }
    match (event.sessions.last(), runs.last()) {
        (Some(&LAST_OVER), Some(Some(r))) if *r + 1 < c.target => vec![defender],
        _ => all,
    }
}

/// A sure win: the stakes (a rupee at most on each quote) and what the book then pays at worst and at best.
#[derive(Debug, Clone, PartialEq)]
pub struct SureWin {
    pub stakes: Vec<(usize, f64)>,
    pub worst: f64,
    pub best: f64,
}

/// P/L below this (per rupee) is rounding, not a win.
const TOLERANCE: f64 = 1e-7;

/// Whether some bets at `quotes` win in every outcome of `event`: the stakes that do (indexes into `quotes`), or
/// `None`. Outside a chase the winner and the runs are independent (every pairing can happen), and then a book over
/// both wins for sure only if its winner part or its runs part does alone (were both parts able to lose, their sum
/// could), so the two are audited apart: two small programs instead of one over every pairing.
pub fn audit(event: &Event, quotes: &[Quote]) -> Option<SureWin> {
    let (runner, fancy): (Vec<usize>, Vec<usize>) =
        (0..quotes.len()).partition(|i| matches!(quotes[*i].bet, Bet::Runner { .. }));
    if event.chase.is_some() || runner.is_empty() || fancy.is_empty() {
        return solve(event, quotes);
    }
    let winners = Event { sessions: Vec::new(), ..event.clone() };
    let runs = Event { runners: 1, ..event.clone() };
    for (e, part) in [(winners, runner), (runs, fancy)] {
        let qs: Vec<Quote> = part.iter().map(|i| quotes[*i].clone()).collect();
        if let Some(found) = solve(&e, &qs) {
            let stakes = found.stakes.iter().map(|(i, x)| (part[*i], *x)).collect();
            return Some(SureWin { stakes, ..found });
        }
    }
    None
}

/// The linear program over every outcome of `event`.
fn solve(event: &Event, quotes: &[Quote]) -> Option<SureWin> {
    if quotes.is_empty() {
        return None;
    }
    let lines: Vec<u32> = quotes
        .iter()
        .filter_map(|q| match q.bet {
            Bet::Fancy { line, .. } => Some(line),
            Bet::Runner { .. } => None,
        })
        .collect();
    let mut rows: Vec<Vec<f64>> =
        outcomes(event, &lines).iter().map(|o| quotes.iter().map(|q| pays(&q.bet, o)).collect()).collect();
    rows.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    rows.dedup();
    let mut lp = Problem::new(OptimizationDirection::Maximize);
    let vars: Vec<_> = (0..quotes.len()).map(|i| lp.add_var(rows.iter().map(|r| r[i]).sum(), (0.0, 1.0))).collect();
    for r in &rows {
        let terms: Vec<_> = vars.iter().zip(r).map(|(v, a)| (*v, *a)).collect();
        lp.add_constraint(terms.as_slice(), ComparisonOp::Ge, 0.0);
    }
    let solution = lp.solve().ok()?;
    if solution.objective() <= TOLERANCE {
        return None;
    }
    let stakes: Vec<(usize, f64)> =
        vars.iter().enumerate().map(|(i, v)| (i, solution[*v])).filter(|(_, x)| *x > TOLERANCE).collect();
    let pl = |r: &Vec<f64>| stakes.iter().map(|(i, x)| r[*i] * x).sum::<f64>();
    let worst = rows.iter().map(pl).fold(f64::INFINITY, f64::min);
    let best = rows.iter().map(pl).fold(f64::NEG_INFINITY, f64::max);
    // The solver's own rounding: a "win" whose worst case is a loss is none.
    (worst >= -TOLERANCE && best > TOLERANCE).then_some(SureWin { stakes, worst, best })
}

/// The event behind a match's markets, and the sessions' market ids in `Event::sessions` order. Sessions come from
/// the fancy markets' ids (`f.{match}.{innings}.{overs}`); a fancy market named otherwise is left out.
pub fn event_of(s: &MatchState) -> (Event, Vec<String>) {
    let overs_of = |id: &str| id.rsplit('.').next().and_then(|o| o.parse::<u32>().ok());
    let mut sessions: Vec<(u32, String)> =
        s.fancy.iter().filter_map(|f| Some((overs_of(&f.market_id)?, f.market_id.clone()))).collect();
    sessions.sort();
    let runners = s.market.runners.len().max(s.bookmaker.selections.len()).max(2);
    let chase = s
        .score
        .target
        .map(|target| Chase { target, chaser: s.teams.iter().position(|t| *t == s.score.batting).unwrap_or(1) });
    let event = Event { runners, runs: s.score.runs, sessions: sessions.iter().map(|(o, _)| *o).collect(), chase };
    (event, sessions.into_iter().map(|(_, id)| id).collect())
}

/// Every quote a match shows open now: the best back and lay of each runner, each bookmaker rate, each fancy side.
pub fn open_quotes(s: &MatchState) -> (Event, Vec<Quote>) {
    let (event, sessions) = event_of(s);
    let mut quotes = Vec::new();
    if s.market.status == MarketStatus::Open {
        for (runner, r) in s.market.runners.iter().enumerate() {
            let best = |l: &[crate::sports::cricket::price::Level]| l.first().map(|x| (x.price * 100.0).round() as u32);
            for (side, price) in
                [(Side::Lagai, best(&r.ex.available_to_back)), (Side::Khai, best(&r.ex.available_to_lay))]
            {
                if let Some(p) = price.filter(|p| *p > 100) {
                    let bet = Bet::Runner { runner, side, w: p - 100 };
                    quotes.push(Quote { market_id: s.market.market_id.clone(), bet });
                }
            }
        }
    }
    if s.bookmaker.status == MarketStatus::Open {
        for (runner, x) in s.bookmaker.selections.iter().enumerate().filter(|(_, x)| x.status == MarketStatus::Open) {
            for (side, w) in [(Side::Lagai, x.back_odds), (Side::Khai, x.lay_odds)] {
                if w > 0 {
                    quotes
                        .push(Quote { market_id: s.bookmaker.market_id.clone(), bet: Bet::Runner { runner, side, w } });
                }
            }
        }
    }
    for f in s.fancy.iter().filter(|f| f.status == MarketStatus::Open) {
        let Some(session) = sessions.iter().position(|id| *id == f.market_id) else { continue };
        for (side, line, w) in [(Side::Lagai, f.run_value.yes, f.odds.yes), (Side::Khai, f.run_value.no, f.odds.no)] {
            if w > 0 {
                quotes.push(Quote { market_id: f.market_id.clone(), bet: Bet::Fancy { session, side, line, w } });
            }
        }
    }
    (event, quotes)
}

/// A player's open bet on one of the event's markets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Position {
    Runner(RunnerBet),
    /// On the session `Event::sessions[i]`.
    Fancy(usize, FancyBet),
}

/// Whether a player's open bets on an event are ≥ 0 in every outcome and > 0 in one (exact, in paise): the worst and
/// best case when they are.
pub fn sure_position(event: &Event, bets: &[Position]) -> Option<(Paise, Paise)> {
    if bets.is_empty() {
        return None;
    }
    let lines: Vec<u32> = bets
        .iter()
        .filter_map(|b| match b {
            Position::Fancy(_, f) => Some(f.line),
            Position::Runner(_) => None,
        })
        .collect();
    let pl = |o: &Outcome| -> i64 {
        bets.iter()
            .map(|b| match b {
                Position::Runner(r) => r.pl(o.winner),
                Position::Fancy(i, f) => o.runs.get(*i).copied().flatten().map_or(0, |x| f.pl(x)),
            })
            .sum()
    };
    let all: Vec<i64> = outcomes(event, &lines).iter().map(pl).collect();
    let (worst, best) = (*all.iter().min()?, *all.iter().max()?);
    (worst >= 0 && best > 0).then_some((Paise::new(worst), Paise::new(best)))
}

#[cfg(test)]
mod tests;
