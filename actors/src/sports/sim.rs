//! The built-in provider: a simulated T20 match that produces the feed's snapshot and deltas, pure (its randomness is
//! its own seeded generator; time comes in from the caller). Each ball takes two steps: the ball is bowled (bookmaker
//! and fancy markets suspend), then its result is in (the score moves, every market is repriced and reopens). Between
//! innings the markets suspend (the fancy ones close); at the end everything closes and the match settles.

use super::cricket::game::{CricketGame, Stage};
use super::cricket::model::{Delivery, Innings};
use super::cricket::price::{self, LineChances, SESSION_OVERS, SessionLine};
use super::cricket::runs::{self, FirstInnings};
use super::cricket::squads::pick_teams;
use super::cricket::win::WinModel;
use super::feed::*;
use crate::clock::EpochMs;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

pub const CRICKET: i64 = 4;
/// The house's margin on every quote: each bet is worth at most `−MARGIN/2` a rupee staked against the model.
pub const MARGIN: f64 = 0.04;

/// The models every simulated match prices from (built once).
pub struct Models {
    pub win: WinModel,
    pub first: FirstInnings,
    /// Session lines already priced, by innings state (see `session_lines`).
    lines: Mutex<HashMap<(u32, u32, u32), Lines>>,
}

/// Each open session's line (`None`: not quotable) and its chances, its runs counted from the innings' runs now.
pub type Lines = Arc<Vec<(usize, Option<(SessionLine, LineChances)>)>>;

/// Priced states kept (each a few dozen bytes); past this the memo starts again.
const MEMO: usize = 400_000;

impl Models {
    pub fn build() -> Arc<Models> {
        Arc::new(Models { win: WinModel::build(), first: FirstInnings::build(), lines: Mutex::default() })
    }

    /// The lines of `innings`' open sessions. What is to come depends on the balls, the wickets and (a chase) the
    /// runs still needed, not on the runs made, so each such state is priced once and its lines moved by the runs.
    pub fn session_lines(&self, innings: &Innings) -> Lines {
        let need = innings.target.map_or(0, |t| t.saturating_sub(innings.runs));
        let key = (innings.balls, innings.wickets, need);
        if let Some(l) = self.lines.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return l;
        }
        let from_zero = Innings { runs: 0, target: innings.target.map(|_| need), ..*innings };
        let dists: Vec<(usize, runs::RunsDist)> = if innings.target.is_some() {
            runs::chase(&from_zero)
        } else {
            (0..SESSION_OVERS.len()).filter_map(|h| Some((h, self.first.session(h, &from_zero)?))).collect()
        };
        let lines: Lines =
            Arc::new(dists.iter().map(|(h, d)| (*h, price::session_line(SESSION_OVERS[*h], d, MARGIN))).collect());
        if let Ok(mut m) = self.lines.lock() {
            if m.len() >= MEMO {
                m.clear();
            }
            m.insert(key, lines.clone());
        }
        lines
    }

    /// One set for the whole process (the tables are the same every time).
    pub fn shared() -> Arc<Models> {
        static MODELS: std::sync::OnceLock<Arc<Models>> = std::sync::OnceLock::new();
        MODELS.get_or_init(Models::build).clone()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// The next step bowls a ball.
    Bowl,
    /// The ball is in the air; the next step gives its result.
    Result,
    Break,
    Done,
}

pub struct SimMatch {
    game: CricketGame,
    state: MatchState,
    rng: ChaCha8Rng,
    models: Arc<Models>,
    step: Step,
    /// The batter who scored off the last ball, if one did.
    scorer: Option<String>,
    /// The innings' recent balls, for the scoreboard.
    recent: VecDeque<BallRecord>,
    /// The time of the step being played.
    now: EpochMs,
}

/// A fancy market's id: `f.{match}.{innings 1 or 2}.{overs}`.
fn fancy_id(match_id: i64, innings: usize, overs: u32) -> String {
    format!("f.{match_id}.{}.{overs}", innings + 1)
}

fn runner_id(match_id: i64, team: usize) -> i64 {
    match_id * 10 + team as i64 + 1
}

fn suspended_bookmaker(b: &Bookmaker) -> Bookmaker {
    let selections = b.selections.iter().map(|x| Selection { status: MarketStatus::Suspended, ..x.clone() }).collect();
    Bookmaker { status: MarketStatus::Suspended, selections, ..b.clone() }
}

impl SimMatch {
    pub fn new(
        match_id: i64,
        starts_at: EpochMs,
        seed: u64,
        competition: &str,
        models: Arc<Models>,
        terms: Terms,
    ) -> SimMatch {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (a, b) = pick_teams(&mut rng);
        let teams = [a.name.clone(), b.name.clone()];
        let players = [&a, &b]
            .iter()
            .enumerate()
            .flat_map(|(team, s)| s.players.iter().map(move |name| PlayerRuns { name: name.clone(), team, runs: 0 }))
            .collect();
        let game = CricketGame::new([a, b], (seed % 2) as usize);
        let closed = |name: &str, id: String| terms.market(id, name.into());
        let fixture = Fixture {
            match_id,
            sport_id: CRICKET,
            name: format!("{} v {}", teams[0], teams[1]),
            competition: competition.into(),
            starts_at,
            teams,
        };
        let mut state = MatchState::upcoming(fixture, closed("Match Odds", format!("1.{match_id}")));
        state.bookmaker.status = MarketStatus::Suspended;
        state.players = players;
        let mut sim = SimMatch {
            game,
            state,
            rng,
            models,
            step: Step::Bowl,
            scorer: None,
            recent: VecDeque::new(),
            now: starts_at,
        };
        for u in sim.quotes(MarketStatus::Suspended) {
            match u {
                Update::Market(m) => sim.state.market = m,
                Update::Bookmaker(b) => sim.state.bookmaker = b,
                _ => {}
            }
        }
        sim.state.score = sim.score("Starts soon");
        sim
    }

    pub fn game(&self) -> &CricketGame {
        &self.game
    }

    /// The chance that the first team (runner 0) wins.
    fn first_team_wins(&self) -> f64 {
        let i = self.game.current();
        let inn = if self.game.stage == Stage::InningsBreak {
            Innings::chase(self.game.innings[0].runs + 1)
        } else {
            self.game.innings[i]
        };
        let batting =
            if self.game.stage == Stage::InningsBreak { self.game.batting_team(1) } else { self.game.batting_team(i) };
        let p = self.models.win.batting(&inn);
        if batting == 0 { p } else { 1.0 - p }
    }

    /// Every market repriced from the model, each `status` where it can be quoted with the margin and suspended where
    /// it cannot (a decided or nearly decided outcome); the chances behind them are kept in the state's `fair`.
    fn quotes(&mut self, status: MarketStatus) -> [Update; 3] {
        let p = self.first_team_wins();
        let id = self.state.match_id;
        let salt = self.state.seq ^ id as u64;
        let market = match price::match_odds(p, MARGIN, salt) {
            Some(books) => {
                let runners = books
                    .iter()
                    .enumerate()
                    .map(|(t, b)| Runner {
                        selection_id: runner_id(id, t),
                        runner_name: self.state.teams[t].clone(),
                        status: "ACTIVE".into(),
                        ex: Exchange {
                            available_to_back: b.available_to_back.to_vec(),
                            available_to_lay: b.available_to_lay.to_vec(),
                        },
                    })
                    .collect();
                Market { status, runners, ..self.state.market.clone() }
            }
            None => Market { status: MarketStatus::Suspended, ..self.state.market.clone() },
        };
        let bookmaker = match price::bookmaker(p, MARGIN) {
            Some(rates) => {
                let selections = rates
                    .iter()
                    .enumerate()
                    .map(|(t, (back, lay))| Selection {
                        id: runner_id(id, t),
                        name: self.state.teams[t].clone(),
                        status,
                        back_odds: *back,
                        lay_odds: *lay,
                    })
                    .collect();
                Bookmaker { status, selections, ..self.state.bookmaker.clone() }
            }
            None => suspended_bookmaker(&self.state.bookmaker),
        };
        let (fancy, chances) = self.fancy(status);
        self.state.fair = Fair { runners: vec![p, 1.0 - p], fancy: chances };
        [Update::Market(market), Update::Bookmaker(bookmaker), Update::Fancy(fancy)]
    }

    /// The innings in play's open sessions, each priced from the exact distribution of its runs.
    fn fancy(&self, status: MarketStatus) -> (Vec<Fancy>, Vec<FancyFair>) {
        let i = self.game.current();
        let team = &self.state.teams[self.game.batting_team(i)];
        let inn = &self.game.innings[i];
        if inn.over() {
            return (Vec::new(), Vec::new());
        }
        let mut chances = Vec::new();
        let lines = self
            .models
            .session_lines(inn)
            .iter()
            .map(|(h, priced)| {
                let overs = SESSION_OVERS[*h];
                let market_id = fancy_id(self.state.match_id, i, overs);
                let market_name = format!("{overs} overs runs {team}");
                let moved = priced.map(|(l, c)| (SessionLine { no: l.no + inn.runs, yes: l.yes + inn.runs, ..l }, c));
                match moved {
                    Some((l, c)) => {
                        chances.push(FancyFair { market_id: market_id.clone(), no: c.no, yes: c.yes });
                        Fancy {
                            market_id,
                            market_name,
                            status,
                            odds: YesNo { yes: l.yes_rate, no: l.no_rate },
                            run_value: YesNo { yes: l.yes, no: l.no },
                        }
                    }
                    // Nearly decided: shown as it last was, suspended.
                    None => {
                        let last = self.state.fancy.iter().find(|f| f.market_id == market_id);
                        Fancy {
                            market_id,
                            market_name,
                            status: MarketStatus::Suspended,
                            odds: last.map_or(YesNo { yes: 0, no: 0 }, |f| f.odds),
                            run_value: last.map_or(YesNo { yes: 0, no: 0 }, |f| f.run_value),
                        }
                    }
                }
            })
            .collect();
        (lines, chances)
    }

    /// The markets as they are, every one suspended (a ball in the air, an innings break).
    fn suspended(&self) -> [Update; 3] {
        let fancy = self.state.fancy.iter().map(|f| Fancy { status: MarketStatus::Suspended, ..f.clone() }).collect();
        [
            Update::Market(Market { status: MarketStatus::Suspended, ..self.state.market.clone() }),
            Update::Bookmaker(suspended_bookmaker(&self.state.bookmaker)),
            Update::Fancy(fancy),
        ]
    }

    fn score(&self, comment: &str) -> Score {
        let g = &self.game;
        let i = g.current();
        let bat = g.batting_team(i);
        let inn = &g.innings[i];
        let players = &g.teams[bat].players;
        let (s, n) = (g.batters[i][g.striker], g.batters[i][g.non_striker]);
        let first = &g.innings[0];
        Score {
            batting: self.state.teams[bat].clone(),
            runs: inn.runs,
            wickets: inn.wickets,
            overs: inn.overs_text(),
            target: inn.target,
            first_innings: (i == 1 || g.stage == Stage::InningsBreak)
                .then(|| format!("{}/{} ({})", first.runs, first.wickets, first.overs_text())),
            last_six: g.last_six.iter().cloned().collect(),
            balls: self.recent.iter().cloned().collect(),
            striker: players[g.striker].clone(),
            striker_runs: s.runs,
            striker_balls: s.balls,
            non_striker: players[g.non_striker].clone(),
            non_striker_runs: n.runs,
            non_striker_balls: n.balls,
            bowler: g.teams[1 - bat].players[g.bowler].clone(),
            comment: comment.into(),
        }
    }

    /// The ball's result, and the fancy markets it decides.
    fn result(&mut self) -> Vec<Update> {
        let i = self.game.current();
        let before = self.game.innings[i].balls;
        let mut updates = self.ball();
        if let Some(p) = self.scorer.take().and_then(|name| self.batter_runs(i, name)) {
            updates.push(Update::PlayerRuns(p));
        }
        let inn = &self.game.innings[i];
        for overs in SESSION_OVERS {
            let at = overs * 6;
            let runs = if before >= at {
                continue;
            } else if inn.balls >= at {
                Some(inn.runs)
            } else if inn.over() {
                None // the innings ended short of the session's over: void
            } else {
                continue;
            };
            updates.push(Update::FancyResult(FancyResult { market_id: fancy_id(self.state.match_id, i, overs), runs }));
        }
        updates
    }

    /// The runs now of `name`, a batter of innings `i`.
    fn batter_runs(&self, i: usize, name: String) -> Option<PlayerRuns> {
        let g = &self.game;
        let bat = g.batting_team(i);
        let at = g.teams[bat].players.iter().position(|p| *p == name)?;
        Some(PlayerRuns { team: bat, runs: g.batters[i][at].runs, name })
    }

    fn ball(&mut self) -> Vec<Update> {
        let Some(ball) = self.game.bowl(&mut self.rng) else {
            self.step = Step::Done;
            return Vec::new();
        };
        if matches!(ball.delivery, Delivery::Runs(r) if r > 0) {
            self.scorer = Some(ball.striker.clone());
        }
        let (runs, wicket) = match ball.delivery {
            Delivery::Runs(r) => (r, false),
            Delivery::Extra => (1, false),
            Delivery::Wicket => (0, true),
        };
        self.recent.push_back(BallRecord {
            over: self.game.innings_now().overs_text(),
            runs,
            wicket,
            mark: ball.delivery.mark(),
            at: self.now,
        });
        if self.recent.len() > RECENT_BALLS {
            self.recent.pop_front();
        }
        let comment = match ball.delivery {
            Delivery::Extra => "Wide".to_string(),
            Delivery::Wicket => format!("WICKET! {} is out", ball.striker),
            Delivery::Runs(4) => "FOUR".into(),
            Delivery::Runs(6) => "SIX".into(),
            Delivery::Runs(r) => format!("{r} run{}", if r == 1 { "" } else { "s" }),
        };
        match self.game.stage {
            Stage::InningsBreak => {
                self.step = Step::Break;
                let [market, bookmaker, _] = self.quotes(MarketStatus::Suspended);
                self.state.fair.fancy.clear();
                vec![
                    Update::Score(self.score(&format!("{comment}. Innings break"))),
                    market,
                    bookmaker,
                    Update::Fancy(Vec::new()),
                ]
            }
            Stage::Finished { winner } => {
                self.step = Step::Done;
                self.state.fair = Fair::default();
                let text = match winner {
                    Some(t) if self.game.super_over => {
                        format!("{comment}. The scores are level: {} won the super over", self.state.teams[t])
                    }
                    Some(t) => format!("{comment}. {} won", self.state.teams[t]),
                    None => format!("{comment}. The match is tied"),
                };
                vec![
                    Update::Score(self.score(&text)),
                    Update::Market(Market { status: MarketStatus::Closed, ..self.state.market.clone() }),
                    Update::Bookmaker(Bookmaker { status: MarketStatus::Closed, ..self.state.bookmaker.clone() }),
                    Update::Fancy(Vec::new()),
                    Update::Settled { winner: winner.map(|t| runner_id(self.state.match_id, t)) },
                ]
            }
            _ => {
                self.step = Step::Bowl;
                let mut updates = vec![Update::Score(self.score(&comment))];
                updates.extend(self.quotes(MarketStatus::Open));
                updates
            }
        }
    }
}

impl Provider for SimMatch {
    /// One step of the match, if it is due at `now`.
    fn tick(&mut self, now: EpochMs) -> Option<Delta> {
        self.now = now;
        if self.state.status == MatchStatus::Upcoming {
            if now < self.state.starts_at {
                return None;
            }
            let mut updates = vec![Update::Status(MatchStatus::InPlay), Update::Score(self.score("Play has started"))];
            updates.extend(self.quotes(MarketStatus::Open));
            return Some(self.state.advance(now, updates));
        }
        let updates = match self.step {
            Step::Done => return None,
            Step::Bowl => {
                self.step = Step::Result;
                let [_, bookmaker, fancy] = self.suspended();
                vec![bookmaker, fancy]
            }
            Step::Break => {
                self.game.start_chase();
                self.recent.clear();
                self.step = Step::Bowl;
                let mut updates = vec![Update::Score(self.score("Second innings under way"))];
                updates.extend(self.quotes(MarketStatus::Open));
                updates
            }
            Step::Result => self.result(),
        };
        Some(self.state.advance(now, updates))
    }

    fn snapshot(&self) -> &MatchState {
        &self.state
    }

    fn push(&mut self, now: EpochMs, updates: Vec<Update>) -> Delta {
        self.state.advance(now, updates)
    }
}
