//! One live match as an actor: it plays its provider on its own timer, owns the match's state and markets, and
//! broadcasts every delta to its room `event:{id}` (`match:delta`, and the spec's `updateOdds` when prices move). It
//! tells the desk when what lists show has changed, the exchange when a market is decided, and the three-card game
//! how a cricket match's players stand.

use super::desk::{Listed, SportsDesk, Summary};
use super::feed::{Delta, MatchState, MatchStatus, PlayerRuns, Provider, Update};
use super::wire::OddsFeed;
use crate::clock::{EpochMs, SharedClock};
use crate::exchange::desk::Decided;
use crate::exchange::store::Outcome;
use crate::hub::ServerEvent;
use crate::table::outbox::RoomOutbox;
use actix::prelude::*;
use std::borrow::Cow;
use std::time::Duration;

/// With nothing else to say for this long, a match says it is alive.
const HEARTBEAT_MS: EpochMs = 10_000;

impl ServerEvent for Delta {
    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed("match:delta")
    }
}

pub struct MatchActor {
    feed: Box<dyn Provider>,
    outbox: RoomOutbox,
    clock: SharedClock,
    step: Duration,
    desk: Addr<SportsDesk>,
    listeners: Listeners,
    last_sent: EpochMs,
    /// Played only when asked (`Play`), never by the timer: a test's match (`CASINO_TEST_HOOKS=1`).
    manual: bool,
}

/// Who else hears of a match: the exchange (decided markets) and the three-card game (a cricket match's players).
#[derive(Clone, Default)]
pub struct Listeners {
    pub results: Option<Recipient<Decided>>,
    pub news: Option<Recipient<MatchNews>>,
}

/// A cricket match as the three-card game needs it: sent when the match actor starts and after every delta that moves
/// its score, players or status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchNews {
    pub match_id: i64,
    pub name: String,
    pub status: MatchStatus,
    pub teams: [String; 2],
    pub players: Vec<PlayerRuns>,
    /// "12.3": the current innings' overs.
    pub overs: String,
    pub second_innings: bool,
}
impl Message for MatchNews {
    type Result = ();
}

impl MatchNews {
    pub fn of(s: &MatchState) -> MatchNews {
        MatchNews {
            match_id: s.match_id,
            name: s.name.clone(),
            status: s.status,
            teams: s.teams.clone(),
            players: s.players.clone(),
            overs: s.score.overs.clone(),
            second_innings: s.score.first_innings.is_some(),
        }
    }
}

impl Actor for MatchActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        self.tell_news();
        if !self.manual {
            ctx.run_interval(self.step, |act, _| act.tick());
        }
    }
}

impl MatchActor {
    pub fn new(
        feed: Box<dyn Provider>,
        outbox: RoomOutbox,
        clock: SharedClock,
        step: Duration,
        desk: Addr<SportsDesk>,
        listeners: Listeners,
    ) -> Self {
        let last_sent = clock.now_ms();
        MatchActor { feed, outbox, clock, step, desk, listeners, last_sent, manual: false }
    }

    /// A match that moves only when asked (`Play`).
    pub fn manual(self) -> Self {
        MatchActor { manual: true, ..self }
    }

    /// The match's players and status to the three-card game (cricket only: the others have no players).
    fn tell_news(&self) {
        let state = self.feed.snapshot();
        if let Some(news) = self.listeners.news.as_ref().filter(|_| !state.players.is_empty()) {
            news.do_send(MatchNews::of(state));
        }
    }

    fn tick(&mut self) {
        let now = self.clock.now_ms();
        let delta = match self.feed.tick(now) {
            Some(d) => d,
            None if now - self.last_sent >= HEARTBEAT_MS => self.feed.heartbeat(now),
            None => return,
        };
        self.last_sent = now;
        self.outbox.queue(&delta);
        let state = self.feed.snapshot();
        if delta.updates.iter().any(|u| matches!(u, Update::Bookmaker(_) | Update::Fancy(_))) {
            self.outbox.queue(&OddsFeed::of(state));
        }
        self.outbox.flush();
        if delta.updates.iter().any(|u| matches!(u, Update::Status(_) | Update::Settled { .. } | Update::Score(_))) {
            self.desk.do_send(Listed(Summary::of(state, now)));
        }
        if let Some(results) = &self.listeners.results {
            for d in decided(state, &delta) {
                results.do_send(d);
            }
        }
        let moved = |u: &Update| {
            matches!(u, Update::Status(_) | Update::Settled { .. } | Update::Score(_) | Update::PlayerRuns(_))
        };
        if delta.updates.iter().any(moved) {
            self.tell_news();
        }
    }
}

/// The markets a delta decides: the match's winner settles Match Odds and Bookmaker (a tie voids them); a fancy
/// result settles its line.
fn decided(s: &MatchState, delta: &Delta) -> Vec<Decided> {
    let mut out = Vec::new();
    for u in &delta.updates {
        match u {
            Update::Settled { winner } => {
                let odds = winner.and_then(|w| s.market.runners.iter().position(|r| r.selection_id == w));
                let book = winner.and_then(|w| s.bookmaker.selections.iter().position(|x| x.id == w));
                for (market_id, at) in [(&s.market.market_id, odds), (&s.bookmaker.market_id, book)] {
                    let outcome = at.map_or(Outcome::Void, Outcome::Winner);
                    out.push(Decided { match_id: s.match_id, market_id: market_id.clone(), outcome });
                }
            }
            Update::FancyResult(r) => out.push(Decided {
                match_id: s.match_id,
                market_id: r.market_id.clone(),
                outcome: r.runs.map_or(Outcome::Void, Outcome::Runs),
            }),
            _ => {}
        }
    }
    out
}

/// A match's whole state now.
pub struct Snapshot;
impl Message for Snapshot {
    type Result = MatchState;
}

impl Handler<Snapshot> for MatchActor {
    type Result = MessageResult<Snapshot>;
    fn handle(&mut self, _: Snapshot, _: &mut Self::Context) -> Self::Result {
        MessageResult(self.feed.snapshot().clone())
    }
}

/// Plays the next `n` steps of the match now (a test's manual match); answers the match as it then is.
pub struct Play(pub u32);
impl Message for Play {
    type Result = MatchState;
}

impl Handler<Play> for MatchActor {
    type Result = MessageResult<Play>;
    fn handle(&mut self, Play(steps): Play, _: &mut Self::Context) -> Self::Result {
        for _ in 0..steps {
            self.tick();
        }
        MessageResult(self.feed.snapshot().clone())
    }
}
