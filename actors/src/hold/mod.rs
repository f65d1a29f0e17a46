//! Realised against expected hold, per game and exchange market type: `rules.rs` (pure: the theory of each game's
//! bets, the band, the player check, IST days and ranges), `store.rs` (the settled bets summed in SQL), `sampler.rs`
//! (the `casino_hold_*` gauges, refreshed every minute). The console's `GET /api/admin/hold` and `/hold/daily` read
//! [`report`] and [`daily`]; `docs/OPERATORS.md` ("Hold") explains the figures.

pub mod rules;
pub mod sampler;
pub mod store;

use crate::store::Db;
use rules::{Hold, Sums};

/// One game's (or exchange market type's) figures with its hold against theory.
#[derive(Debug, Clone, PartialEq)]
pub struct GameHold {
    pub game: &'static str,
    pub sums: Sums,
    pub hold: Hold,
}

fn game_holds(totals: Vec<(&'static str, Sums)>) -> Vec<GameHold> {
    totals.into_iter().map(|(game, sums)| GameHold { game, hold: rules::hold(&sums, rules::Z_99), sums }).collect()
}

/// The most flagged players a report lists.
pub const MOST_FLAGGED: usize = 100;

#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Every game of [`rules::GAMES`], in order.
    pub games: Vec<GameHold>,
    /// Players flagged over the range, highest z first (at most [`MOST_FLAGGED`]).
    pub players: Vec<store::Flagged>,
}

/// The settled bets of `[from, to)`: each game's hold, and the players whose return is too good to be luck.
pub async fn report(db: &Db, from: i64, to: i64) -> Result<Report, sqlx::Error> {
    let lines = store::lines(db, from, to, false).await?;
    let games = game_holds(rules::per_game(lines.iter().map(|l| (l.game, &l.sums))));
    let per_player = store::lines(db, from, to, true).await?;
    let players = store::flagged(db, &per_player, MOST_FLAGGED).await?;
    Ok(Report { games, players })
}

/// One IST day of a daily report: the games that settled bets that day.
#[derive(Debug, Clone, PartialEq)]
pub struct Day {
    /// Days since 1970-01-01, IST.
    pub day: i64,
    pub games: Vec<GameHold>,
}

/// Every IST day that `[from, to)` touches, oldest first, each with the games that settled bets in it (a partial
/// first or last day counts only its part in the range).
pub async fn daily(db: &Db, from: i64, to: i64) -> Result<Vec<Day>, sqlx::Error> {
    let lines = store::lines(db, from, to, false).await?;
    Ok((rules::ist_day(from)..=rules::ist_day(to - 1))
        .map(|day| {
            let totals = rules::per_game(lines.iter().filter(|l| l.day == day).map(|l| (l.game, &l.sums)));
            let games = game_holds(totals.into_iter().filter(|(_, s)| s.bets > 0).collect());
            Day { day, games }
        })
        .collect())
}
