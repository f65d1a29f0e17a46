//! One live match as an actor: it plays its provider on its own timer, owns the match's state and markets, and
//! broadcasts every delta to its room `event:{id}` (`match:delta`, and the spec's `updateOdds` when prices move). It
//! tells the desk when what lists show has changed.

use super::desk::{Listed, SportsDesk, Summary};
use super::feed::{Delta, MatchState, Provider, Update};
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
    /// Where decided markets go (the exchange), if anywhere.
    results: Option<Recipient<Decided>>,
    last_sent: EpochMs,
}

impl Actor for MatchActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        ctx.run_interval(self.step, |act, _| act.tick());
    }
}

impl MatchActor {
    pub fn new(
        feed: Box<dyn Provider>,
        outbox: RoomOutbox,
        clock: SharedClock,
        step: Duration,
        desk: Addr<SportsDesk>,
        results: Option<Recipient<Decided>>,
    ) -> Self {
        let last_sent = clock.now_ms();
        MatchActor { feed, outbox, clock, step, desk, results, last_sent }
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
        if let Some(results) = &self.results {
            for d in decided(state, &delta) {
                results.do_send(d);
            }
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
