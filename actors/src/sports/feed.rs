//! The feed a provider gives, pure: a match's whole state (a snapshot) and the numbered deltas that move it on —
//! score, market prices and status, settlement, void, heartbeat. A real data feed plugs in by producing these; the
//! built-in simulator (`sim.rs`) produces them from its own matches. Applying a snapshot and then every delta in
//! order gives the provider's state exactly; a gap or a repeat is refused, so a consumer knows to ask for a snapshot.
//! Shapes follow the spec's match detail (`ex.availableToBack` / `availableToLay`, bookmaker selections, fancy
//! `odds {yes, no}` and `runValue {yes, no}`).

use super::cricket::price::Level;
use crate::clock::EpochMs;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsMarketStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum MarketStatus {
    Open,
    Suspended,
    Closed,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsPriceLadder)]
#[serde(rename_all = "camelCase")]
pub struct Exchange {
    pub available_to_back: Vec<Level>,
    pub available_to_lay: Vec<Level>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsRunner)]
#[serde(rename_all = "camelCase")]
pub struct Runner {
    pub selection_id: i64,
    pub runner_name: String,
    pub status: String,
    pub ex: Exchange,
}

/// What the house's exchange takes on a market, as the feed's market shows it: stakes in rupees, the bet delay in
/// whole seconds (the price is checked again that long after a bet arrives). The built-in providers show the
/// exchange's own terms; a market priced from an exchange's stream shows the feed's delay when it is the longer. The
/// exchange waits the longer of its own delay and the one shown (`ExchangeConfig::delay`): the delay shown is the
/// delay applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    pub min_stake: u32,
    pub max_stake: u32,
    pub bet_delay: u32,
}

impl Terms {
    /// A closed market under these terms.
    pub fn market(&self, market_id: String, market_name: String) -> Market {
        Market {
            market_id,
            market_name,
            status: MarketStatus::Suspended,
            min_stake: self.min_stake,
            max_stake: self.max_stake,
            bet_delay: self.bet_delay,
            runners: Vec::new(),
        }
    }
}

/// The main market (Match Odds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsMarket)]
#[serde(rename_all = "camelCase")]
pub struct Market {
    pub market_id: String,
    pub market_name: String,
    pub status: MarketStatus,
    pub min_stake: u32,
    pub max_stake: u32,
    pub bet_delay: u32,
    pub runners: Vec<Runner>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsSelection)]
#[serde(rename_all = "camelCase")]
pub struct Selection {
    pub id: i64,
    pub name: String,
    pub status: MarketStatus,
    /// Rates ×100 (lagai and khai).
    pub back_odds: u32,
    pub lay_odds: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsBookmaker)]
#[serde(rename_all = "camelCase")]
pub struct Bookmaker {
    pub market_id: String,
    pub market_name: String,
    pub status: MarketStatus,
    pub selections: Vec<Selection>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsYesNo)]
pub struct YesNo {
    pub yes: u32,
    pub no: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsFancy)]
#[serde(rename_all = "camelCase")]
pub struct Fancy {
    pub market_id: String,
    pub market_name: String,
    pub status: MarketStatus,
    /// Rates ×100.
    pub odds: YesNo,
    pub run_value: YesNo,
}

/// A player of the match (either squad), and the runs they have made in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsPlayerRuns)]
#[serde(rename_all = "camelCase")]
pub struct PlayerRuns {
    pub name: String,
    /// 0 or 1, as `MatchState::teams`.
    pub team: usize,
    pub runs: u32,
}

/// A fancy market's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsFancyResult)]
#[serde(rename_all = "camelCase")]
pub struct FancyResult {
    pub market_id: String,
    /// The innings' runs at the line's over; `null`: void (the innings ended short of it).
    pub runs: Option<u32>,
}

/// The scoreboard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, utoipa::ToSchema)]
#[schema(as = SportsScore)]
#[serde(rename_all = "camelCase")]
pub struct Score {
    pub batting: String,
    pub runs: u32,
    pub wickets: u32,
    /// "12.3".
    pub overs: String,
    pub target: Option<u32>,
    /// The first innings' "145/6 (20.0)", once it is over.
    pub first_innings: Option<String>,
    pub last_six: Vec<String>,
    /// The innings' recent balls, oldest first (at most [`RECENT_BALLS`]): the 'Ball By Ball Result' popup.
    #[serde(default)]
    pub balls: Vec<BallRecord>,
    pub striker: String,
    pub striker_runs: u32,
    pub striker_balls: u32,
    pub non_striker: String,
    pub non_striker_runs: u32,
    pub non_striker_balls: u32,
    pub bowler: String,
    /// What happened, for a ticker: "FOUR", "WICKET", "Innings break", "Mumbai Mariners won by 12 runs".
    pub comment: String,
}

/// How many balls [`Score::balls`] keeps: four overs and their extras.
pub const RECENT_BALLS: usize = 30;

/// One ball as the popup lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsBall)]
#[serde(rename_all = "camelCase")]
pub struct BallRecord {
    /// The innings' overs after the ball: "12.3" (an extra keeps the count).
    pub over: String,
    pub runs: u32,
    pub wicket: bool,
    /// As `lastSix` shows it: "4", "W", "Wd".
    pub mark: String,
    /// When it was bowled (epoch ms).
    pub at: EpochMs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsMatchStatus)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    Upcoming,
    InPlay,
    Finished,
}

/// A match as a feed has it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchState {
    pub match_id: i64,
    pub sport_id: i64,
    pub name: String,
    pub competition: String,
    pub starts_at: EpochMs,
    pub status: MatchStatus,
    pub teams: [String; 2],
    pub score: Score,
    pub market: Market,
    pub bookmaker: Bookmaker,
    pub fancy: Vec<Fancy>,
    /// The winning runner's selection id, once settled (`None` and `Finished`: void).
    pub winner: Option<i64>,
    /// The fancy markets decided so far.
    pub fancy_results: Vec<FancyResult>,
    /// Both squads (cricket), with each player's runs.
    pub players: Vec<PlayerRuns>,
    /// The last delta applied.
    pub seq: u64,
    /// The provider's own chances behind its quotes, never shown to players (the match detail leaves it out): what
    /// the house expects to keep from each bet. Set by the provider with every reprice, not carried by deltas.
    #[serde(default)]
    pub fair: Fair,
}

/// Who plays, in what, and when: what every provider's match starts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixture {
    pub match_id: i64,
    pub sport_id: i64,
    pub name: String,
    pub competition: String,
    pub starts_at: EpochMs,
    pub teams: [String; 2],
}

impl MatchState {
    /// The match of `f` before it starts: its main `market` as given, a closed Bookmaker with no selections (a sport
    /// without one never fills it), no fancy lines, no players.
    pub fn upcoming(f: Fixture, market: Market) -> MatchState {
        MatchState {
            bookmaker: Bookmaker {
                market_id: format!("bm.{}", f.match_id),
                market_name: "Bookmaker".into(),
                status: MarketStatus::Closed,
                selections: Vec::new(),
            },
            match_id: f.match_id,
            sport_id: f.sport_id,
            name: f.name,
            competition: f.competition,
            starts_at: f.starts_at,
            status: MatchStatus::Upcoming,
            teams: f.teams,
            score: Score::default(),
            market,
            fancy: Vec::new(),
            winner: None,
            fancy_results: Vec::new(),
            players: Vec::new(),
            seq: 0,
            fair: Fair::default(),
        }
    }
}

/// The chances a provider priced its open quotes from (`Fair::default()`: none known, as from a feed without a model).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Fair {
    /// Each runner's chance of winning (Match Odds and Bookmaker, in runner order).
    pub runners: Vec<f64>,
    /// Each fancy line's chances, when decided.
    pub fancy: Vec<FancyFair>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FancyFair {
    pub market_id: String,
    /// NO wins (fewer runs than its line) and YES wins (its line or more), given the line is decided.
    pub no: f64,
    pub yes: f64,
}

impl Fair {
    /// The chance that a bet on `market_id` wins, given it is decided: a runner's (`runner`) or a fancy side's.
    pub fn chance(&self, market_id: &str, runner: Option<usize>, back: bool) -> Option<f64> {
        match runner {
            Some(i) => self.runners.get(i).map(|q| if back { *q } else { 1.0 - q }),
            None => self.fancy.iter().find(|f| f.market_id == market_id).map(|f| if back { f.yes } else { f.no }),
        }
    }
}

/// One change: `type` names it, `data` carries it (`heartbeat` has no `data`).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[schema(as = SportsUpdate)]
#[serde(rename_all = "camelCase", tag = "type", content = "data")]
pub enum Update {
    Status(MatchStatus),
    Score(Score),
    Market(Market),
    Bookmaker(Bookmaker),
    /// The fancy markets as they now are (opened, repriced, suspended or closed).
    Fancy(Vec<Fancy>),
    /// The match is settled: `winner`, or void (`None`, a tie).
    Settled {
        winner: Option<i64>,
    },
    /// A fancy market is decided: the innings' runs at its over, or void (`None`: the innings ended short of it).
    FancyResult(FancyResult),
    /// A player's runs in the match now (the three-card game adds them up).
    PlayerRuns(PlayerRuns),
    Heartbeat,
}

/// Changes to one match, numbered from 1 after its snapshot's `seq`.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[schema(as = SportsDelta)]
#[serde(rename_all = "camelCase")]
pub struct Delta {
    pub match_id: i64,
    /// One more than the last delta's (the detail's `seq` before the first).
    pub seq: u64,
    /// Epoch milliseconds.
    #[schema(value_type = i64)]
    pub at: EpochMs,
    pub updates: Vec<Update>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    #[error("delta {got} after {have}: a gap (ask for a snapshot)")]
    Gap { have: u64, got: u64 },
    #[error("delta {got} after {have}: already applied")]
    Repeat { have: u64, got: u64 },
    #[error("a delta for another match")]
    OtherMatch,
}

/// One match from a provider: its whole state, and the next delta when one is due. A real data feed implements it
/// over its own connection (snapshot on subscribe, deltas as they arrive); the simulators implement it from their
/// models. A match actor plays any provider the same way.
/// How a provider fed from elsewhere (a stream) stands: when it last heard from its source (any message, a
/// heartbeat included), and how long a silence its source allows before what it shows may be out of date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Liveness {
    pub last_heard: EpochMs,
    pub allowance_ms: EpochMs,
}

impl Liveness {
    /// Silent for longer than its source allows: its markets must not be bet on.
    pub fn stale(&self, now: EpochMs) -> bool {
        now - self.last_heard > self.allowance_ms
    }
}

pub trait Provider: Send {
    /// The match as it is now.
    fn snapshot(&self) -> &MatchState;
    /// How its source stands; `None` for a provider that is its own source (the simulators), never stale.
    fn liveness(&self) -> Option<Liveness> {
        None
    }
    /// The next delta, if one is due at `now`.
    fn tick(&mut self, now: EpochMs) -> Option<Delta>;
    /// The provider's own next delta carrying `updates` (a test's quotes; a heartbeat).
    fn push(&mut self, now: EpochMs, updates: Vec<Update>) -> Delta;
    /// A delta that changes nothing, to show the feed is alive when nothing moves.
    fn heartbeat(&mut self, now: EpochMs) -> Delta {
        self.push(now, vec![Update::Heartbeat])
    }
}

impl MatchState {
    /// The provider's own next delta: numbered after this state and applied to it.
    pub fn advance(&mut self, now: EpochMs, updates: Vec<Update>) -> Delta {
        let d = Delta { match_id: self.match_id, seq: self.seq + 1, at: now, updates };
        // Numbered after this state and for this match, it always applies.
        let _ = self.apply(&d);
        d
    }

    /// Applies the next delta, or refuses it (a gap, a repeat, another match) and changes nothing.
    pub fn apply(&mut self, d: &Delta) -> Result<(), ApplyError> {
        if d.match_id != self.match_id {
            return Err(ApplyError::OtherMatch);
        }
        if d.seq <= self.seq {
            return Err(ApplyError::Repeat { have: self.seq, got: d.seq });
        }
        if d.seq != self.seq + 1 {
            return Err(ApplyError::Gap { have: self.seq, got: d.seq });
        }
        for u in &d.updates {
            self.apply_update(u);
        }
        self.seq = d.seq;
        Ok(())
    }

    /// One update of a delta (numbering is the delta's business).
    pub fn apply_update(&mut self, u: &Update) {
        match u {
            Update::Status(s) => self.status = *s,
            Update::Score(s) => self.score = s.clone(),
            Update::Market(m) => self.market = m.clone(),
            Update::Bookmaker(b) => self.bookmaker = b.clone(),
            Update::Fancy(f) => self.fancy = f.clone(),
            Update::Settled { winner } => {
                self.winner = *winner;
                self.status = MatchStatus::Finished;
            }
            Update::FancyResult(r) => self.fancy_results.push(r.clone()),
            Update::PlayerRuns(p) => match self.players.iter_mut().find(|x| x.name == p.name) {
                Some(x) => *x = p.clone(),
                None => self.players.push(p.clone()),
            },
            Update::Heartbeat => {}
        }
    }
}
