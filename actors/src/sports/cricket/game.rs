//! A whole simulated T20 match, pure: two squads, two innings ball by ball, who is on strike, who bowls (four overs
//! at most each, never two overs running), each batter's runs, the last six balls, and the result.

use super::model::{BALLS, Delivery, Innings};
use super::squads::Squad;
use rand::Rng;
use serde::Serialize;
use std::collections::VecDeque;

/// A bowler bowls at most this many legal balls.
const BOWLER_BALLS: u32 = 24;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Batter {
    pub runs: u32,
    pub balls: u32,
    pub out: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum Stage {
    FirstInnings,
    InningsBreak,
    SecondInnings,
    /// `winner`: the index of the winning team, `None` for a tie.
    Finished {
        winner: Option<usize>,
    },
}

/// What one delivery did, for the feed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ball {
    /// 0 or 1.
    pub innings: usize,
    pub delivery: Delivery,
    pub striker: String,
    pub bowler: String,
    pub over_done: bool,
    pub innings_done: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CricketGame {
    /// `teams[batting_first]` bats first.
    pub teams: [Squad; 2],
    pub batting_first: usize,
    pub stage: Stage,
    pub innings: [Innings; 2],
    pub batters: [[Batter; 11]; 2],
    /// Legal balls each player of the bowling side has bowled, per innings.
    bowled: [[u32; 11]; 2],
    pub striker: usize,
    pub non_striker: usize,
    next_in: usize,
    pub bowler: usize,
    last_bowler: Option<usize>,
    pub last_six: VecDeque<String>,
    /// The scores finished level and a super over decided the match (the win model counts a tie half to each side,
    /// so match odds are never void on one).
    pub super_over: bool,
}

impl CricketGame {
    pub fn new(teams: [Squad; 2], batting_first: usize) -> CricketGame {
        CricketGame {
            teams,
            batting_first,
            stage: Stage::FirstInnings,
            innings: [Innings::default(), Innings::default()],
            batters: [[Batter::default(); 11]; 2],
            bowled: [[0; 11]; 2],
            striker: 0,
            non_striker: 1,
            next_in: 2,
            bowler: 10,
            last_bowler: None,
            last_six: VecDeque::new(),
            super_over: false,
        }
    }

    /// The innings in play (or just finished): 0 or 1.
    pub fn current(&self) -> usize {
        match self.stage {
            Stage::FirstInnings | Stage::InningsBreak => 0,
            _ => 1,
        }
    }

    /// The team batting in innings `i`.
    pub fn batting_team(&self, i: usize) -> usize {
        if i == 0 { self.batting_first } else { 1 - self.batting_first }
    }

    pub fn innings_now(&self) -> &Innings {
        &self.innings[self.current()]
    }

    /// Starts the second innings after the break.
    pub fn start_chase(&mut self) {
        if self.stage == Stage::InningsBreak {
            self.innings[1] = Innings::chase(self.innings[0].runs + 1);
            self.stage = Stage::SecondInnings;
            self.striker = 0;
            self.non_striker = 1;
            self.next_in = 2;
            self.bowler = 10;
            self.last_bowler = None;
            self.last_six.clear();
        }
    }

    /// The next bowler: of the bowling order, the one with the fewest balls who has overs left and did not bowl
    /// the last over (anyone else if none can).
    fn next_bowler(&self, i: usize) -> usize {
        let can = |b: usize| self.bowled[i][b] < BOWLER_BALLS && Some(b) != self.last_bowler;
        let order = self.teams[1 - self.batting_team(i)].bowlers();
        order
            .iter()
            .copied()
            .filter(|b| can(*b))
            .min_by_key(|b| self.bowled[i][*b])
            .or_else(|| (0..11).rev().find(|b| can(*b)))
            .unwrap_or(10)
    }

    /// Bowls one delivery of the innings in play; `None` when no innings is in play.
    pub fn bowl<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Ball> {
        let i = match self.stage {
            Stage::FirstInnings => 0,
            Stage::SecondInnings => 1,
            _ => return None,
        };
        let bat = self.batting_team(i);
        let (striker, bowler) =
            (self.teams[bat].players[self.striker].clone(), self.teams[1 - bat].players[self.bowler].clone());
        let delivery = self.innings[i].bowl(rng);
        let b = &mut self.batters[i][self.striker];
        match delivery {
            Delivery::Extra => {}
            Delivery::Runs(r) => {
                b.runs += r;
                b.balls += 1;
            }
            Delivery::Wicket => {
                b.balls += 1;
                b.out = true;
            }
        }
        if delivery != Delivery::Extra {
            self.bowled[i][self.bowler] += 1;
        }
        self.last_six.push_back(delivery.mark());
        if self.last_six.len() > 6 {
            self.last_six.pop_front();
        }
        match delivery {
            Delivery::Runs(r) if r % 2 == 1 => std::mem::swap(&mut self.striker, &mut self.non_striker),
            Delivery::Wicket if self.next_in < 11 => {
                self.striker = self.next_in;
                self.next_in += 1;
            }
            _ => {}
        }
        let inn = self.innings[i];
        let over_done = delivery != Delivery::Extra && inn.balls.is_multiple_of(6) && inn.balls < BALLS;
        if over_done {
            std::mem::swap(&mut self.striker, &mut self.non_striker);
            self.last_bowler = Some(self.bowler);
            self.bowler = self.next_bowler(i);
        }
        let innings_done = inn.over();
        if innings_done {
            self.stage = if i == 0 {
                Stage::InningsBreak
            } else {
                let first = self.innings[0].runs;
                let winner = match inn.runs.cmp(&first) {
                    std::cmp::Ordering::Greater => self.batting_team(1),
                    std::cmp::Ordering::Less => self.batting_team(0),
                    std::cmp::Ordering::Equal => {
                        self.super_over = true;
                        if rng.random_bool(0.5) { 0 } else { 1 }
                    }
                };
                let winner = Some(winner);
                Stage::Finished { winner }
            };
        }
        Some(Ball { innings: i, delivery, striker, bowler, over_done, innings_done })
    }

    /// Each player's runs in the match (the three-card game's totals): `(team, player, runs)`.
    pub fn runs_of(&self, team: usize, player: usize) -> u32 {
        let i = if self.batting_team(0) == team { 0 } else { 1 };
        self.batters[i][player].runs
    }
}
