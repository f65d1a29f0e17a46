//! One live match as an actor: it plays its provider on its own timer, owns the match's state and markets, and
//! broadcasts every delta to its room `event:{id}` (`match:delta`, and the spec's `updateOdds` when prices move). It
//! tells the desk when what lists show has changed, the exchange when a market is decided, and the three-card game
//! how a cricket match's players stand.
//!
//! What it publishes is audited first: before a delta goes out, the quotes open after it are given to the quote
//! auditor (`exchange::audit`), and a set that some bets could beat in every outcome is never shown — the delta goes
//! out with every market suspended, the refusal is logged and counted (`casino_exchange_quote_sets_refused_total`).
//! The published state (what the exchange takes bets against) is kept apart from the provider's own.
//!
//! A provider fed from elsewhere that falls silent for longer than its source allows (its [`Liveness`]) is stale:
//! every market is suspended at once (no bet is taken on prices that may be out of date, and the screens say so)
//! and opens again with the provider's next image of it.
//!
//! A recorded match (`store.rs`) is written down before it publishes anything, and its step count after each step,
//! so a node that takes it over replays it ([`MatchActor::replayed`]) and goes on where it was.

use super::desk::{Listed, Summary};
use super::feed::{Delta, Fancy, Liveness, MarketStatus, MatchState, MatchStatus, PlayerRuns, Provider, Update};
use super::store::{self, Recorded};
use super::wire::OddsFeed;
use crate::clock::{EpochMs, SharedClock};
use crate::exchange::desk::Decided;
use crate::exchange::store::Outcome;
use crate::store::Db;
use crate::table::outbox::RoomOutbox;
use crate::wallet::intents::retry_transient;
use actix::prelude::*;
use std::time::Duration;

/// With nothing else to say for this long, a match says it is alive.
const HEARTBEAT_MS: EpochMs = 10_000;

crate::server_event!(
    Delta = "match:delta" in "event:{id}",
    "The match's next changes (a heartbeat after 10 s with nothing else to say)"
);

pub struct MatchActor {
    feed: Box<dyn Provider>,
    /// The match as published: the provider's deltas, audited.
    published: MatchState,
    outbox: RoomOutbox,
    clock: SharedClock,
    step: Duration,
    desk: Recipient<Listed>,
    listeners: Listeners,
    last_sent: EpochMs,
    /// Played only when asked (`Play`), never by the timer: a test's match (`CASINO_TEST_HOOKS=1`).
    manual: bool,
    /// The provider's source has been silent too long, and every market was suspended for it.
    stale: bool,
    /// Where the match is recorded, and what: `None` for a match that does not survive a restart (tests).
    record: Option<Record>,
    /// Markets decided in the steps replayed at start, told to the exchange again once started (it settles once).
    replayed: Vec<Decided>,
}

/// Where a match is recorded: `recorded.steps` is how far a restart replays it, at least the `played` steps
/// published.
struct Record {
    db: Db,
    recorded: Recorded,
    played: u32,
}

/// How far a match's record runs ahead of its last published step: one write per this many steps.
const STEPS_AHEAD: u32 = 10;

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
        if let Some((db, m)) = self.record.as_ref().map(|r| (r.db.clone(), r.recorded)) {
            // Nothing is published (nor any bet priced) before the match is recorded.
            let now = self.clock.now_ms();
            let write = async move {
                if let Err(e) = retry_transient("recording a match", || store::launched(&db, &m, now)).await {
                    tracing::error!(match_id = m.match_id, error = %e, "a match could not be recorded: it will not survive a restart");
                }
            };
            ctx.wait(write.into_actor(self));
        }
        if let Some(results) = &self.listeners.results {
            for d in self.replayed.drain(..) {
                results.do_send(d);
            }
        }
        self.tell_news();
        if !self.manual {
            ctx.run_interval(self.step, |act, ctx| act.play(1, ctx));
        }
    }
}

impl MatchActor {
    pub fn new(
        feed: Box<dyn Provider>,
        outbox: RoomOutbox,
        clock: SharedClock,
        step: Duration,
        desk: Recipient<Listed>,
        listeners: Listeners,
    ) -> Self {
        let last_sent = clock.now_ms();
        let published = feed.snapshot().clone();
        MatchActor {
            feed,
            published,
            outbox,
            clock,
            step,
            desk,
            listeners,
            last_sent,
            manual: false,
            stale: false,
            record: None,
            replayed: Vec::new(),
        }
    }

    /// A match recorded in `db` as `m`, its recorded steps replayed first (silently: the rooms heard them, or they
    /// passed while no node played the match),
    /// the markets they decided told to the exchange again once it starts. What it shows starts suspended and opens
    /// with the next step's audited quotes.
    pub fn replayed(mut self, db: Db, m: Recorded) -> Self {
        let at = self.clock.now_ms().max(self.feed.snapshot().starts_at);
        let mut played = 0;
        while played < m.steps {
            let Some(delta) = self.feed.tick(at) else { break };
            played += 1;
            self.replayed.extend(decided(self.feed.snapshot(), &delta));
        }
        let mut state = self.feed.snapshot().clone();
        if m.steps > 0 && state.status != MatchStatus::Finished {
            for u in suspend_all(&state) {
                state.apply_update(&u);
            }
        }
        self.published = state;
        self.record = Some(Record { db, recorded: m, played });
        self
    }

    /// The match as it publishes it.
    pub fn published(&self) -> &MatchState {
        &self.published
    }

    /// A match that moves only when asked (`Play`).
    pub fn manual(self) -> Self {
        MatchActor { manual: true, ..self }
    }

    /// The match's players and status to the three-card game (cricket only: the others have no players).
    fn tell_news(&self) {
        let state = &self.published;
        if let Some(news) = self.listeners.news.as_ref().filter(|_| !state.players.is_empty()) {
            news.do_send(MatchNews::of(state));
        }
    }

    /// The next delta due now: the provider's next step (`true`), or a heartbeat (also when the feed falls stale).
    fn next(&mut self, now: EpochMs) -> Option<(Delta, bool)> {
        let next = self.feed.tick(now);
        let stale = self.feed.liveness().is_some_and(|l: Liveness| l.stale(now));
        let falls_stale = stale && !self.stale;
        self.stale = stale;
        let delta = match next {
            Some(d) => (d, true),
            None if falls_stale || now - self.last_sent >= HEARTBEAT_MS => (self.feed.heartbeat(now), false),
            None => return None,
        };
        self.last_sent = now;
        if falls_stale {
            tracing::warn!(
                match_id = self.published.match_id,
                "the feed is silent past its allowance; every market suspended"
            );
            metrics::counter!("casino_sports_feed_stale_total").increment(1);
        }
        Some(delta)
    }

    /// Plays what is due now: the deltas `ticks` ticks give, published once the steps among them are covered by the
    /// record. The record runs ahead of the match ([`STEPS_AHEAD`] steps past the last one published when it is
    /// written), so a resumed match never replays less than its players saw — nobody sees a step before it happens
    /// again — and may go on a few steps nobody saw, as a match does while its feed is down.
    fn play(&mut self, ticks: u32, ctx: &mut Context<Self>) {
        let now = self.clock.now_ms();
        let due: Vec<(Delta, bool)> = (0..ticks).filter_map(|_| self.next(now)).collect();
        let stepped = due.iter().filter(|(_, step)| *step).count() as u32;
        let write = self.record.as_mut().filter(|_| stepped > 0).and_then(|r| {
            r.played += stepped;
            let beyond = r.played > r.recorded.steps;
            if beyond {
                r.recorded.steps = r.played + STEPS_AHEAD;
            }
            beyond.then(|| (r.db.clone(), r.recorded.match_id, r.recorded.steps))
        });
        let publish = move |act: &mut Self| {
            for (delta, _) in due {
                act.publish(delta, now);
            }
        };
        let Some((db, id, steps)) = write else { return publish(self) };
        let write = async move {
            if let Err(e) = retry_transient("recording a match's step", || store::played(&db, id, steps)).await {
                tracing::error!(match_id = id, steps, error = %e, "a match's step could not be recorded");
            }
        };
        ctx.wait(write.into_actor(self).map(move |_, act, _| publish(act)));
    }

    /// Audits the quotes `delta` leaves open, suspends every market if some bets at them would win in every outcome
    /// or the feed is stale, and sends it on.
    fn publish(&mut self, mut delta: Delta, now: EpochMs) {
        let mut next = self.published.clone();
        if next.apply(&delta).is_err() {
            // Out of step with the provider (it cannot happen with ours): take its state as it is, audited below.
            next = self.feed.snapshot().clone();
        }
        next.fair = self.feed.snapshot().fair.clone();
        let (event, quotes) = crate::exchange::audit::open_quotes(&next);
        if let Some(found) = crate::exchange::audit::audit(&event, &quotes) {
            let bets: Vec<String> = found
                .stakes
                .iter()
                .map(|(i, x)| format!("{:.3} on {} {:?}", x, quotes[*i].market_id, quotes[*i].bet))
                .collect();
            tracing::warn!(
                match_id = next.match_id,
                seq = delta.seq,
                bets = bets.join("; "),
                worst = found.worst,
                best = found.best,
                "quote auditor: these quotes could be beaten in every outcome; every market suspended instead"
            );
            metrics::counter!("casino_exchange_quote_sets_refused_total").increment(1);
            suspend(&mut delta, &mut next);
        } else if self.stale {
            suspend(&mut delta, &mut next);
        }
        self.published = next;
        self.last_sent = now;
        self.outbox.queue(&delta);
        let state = &self.published;
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
        MessageResult(self.published.clone())
    }
}

/// Ends `delta` with every market of `next` suspended, and applies that to `next`.
fn suspend(delta: &mut Delta, next: &mut MatchState) {
    for u in suspend_all(next) {
        next.apply_update(&u);
        delta.updates.push(u);
    }
}

/// Every market of `s` as it is, suspended.
fn suspend_all(s: &MatchState) -> [Update; 3] {
    let mut market = s.market.clone();
    market.status = MarketStatus::Suspended;
    let mut bookmaker = s.bookmaker.clone();
    bookmaker.status = MarketStatus::Suspended;
    for x in &mut bookmaker.selections {
        x.status = MarketStatus::Suspended;
    }
    let fancy = s.fancy.iter().map(|f| Fancy { status: MarketStatus::Suspended, ..f.clone() }).collect();
    [Update::Market(market), Update::Bookmaker(bookmaker), Update::Fancy(fancy)]
}

/// Plays the next `n` steps of the match now (a test's manual match); answers the match as it then is.
pub struct Play(pub u32);
impl Message for Play {
    type Result = MatchState;
}

impl Handler<Play> for MatchActor {
    type Result = ResponseActFuture<Self, MatchState>;
    fn handle(&mut self, Play(steps): Play, ctx: &mut Self::Context) -> Self::Result {
        self.play(steps, ctx);
        // Answered once what the steps publish is out: the steps' record holds the actor until then.
        Box::pin(actix::fut::ready(()).map(|_, act: &mut Self, _| act.published.clone()))
    }
}

/// A test's quotes (`CASINO_TEST_HOOKS=1`): sent out as the provider's next delta and audited like any other, so a
/// test can show that a quote set some bets would beat is never published, or build positions step by step.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[schema(as = TestHookQuotes)]
#[serde(rename_all = "camelCase")]
pub struct TestQuotes {
    /// Each runner's best back and lay, as decimal odds (Match Odds).
    pub match_odds: Option<Vec<[f64; 2]>>,
    /// Each runner's lagai and khai rates ×100 (Bookmaker).
    pub bookmaker: Option<Vec<[u32; 2]>>,
    /// The innings' fancy lines (replacing its list).
    pub fancy: Option<Vec<TestLine>>,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[schema(as = TestHookLine)]
#[serde(rename_all = "camelCase")]
pub struct TestLine {
    pub overs: u32,
    pub no: u32,
    pub yes: u32,
    pub no_rate: u32,
    pub yes_rate: u32,
}

impl TestQuotes {
    /// The updates that show these quotes open on `s`.
    fn updates(&self, s: &MatchState) -> Vec<Update> {
        use super::cricket::price::Level;
        use super::feed::YesNo;
        let mut out = Vec::new();
        if let Some(prices) = &self.match_odds {
            let mut m = s.market.clone();
            m.status = MarketStatus::Open;
            for (r, [back, lay]) in m.runners.iter_mut().zip(prices) {
                r.ex.available_to_back = vec![Level { price: *back, size: 1_000.0 }];
                r.ex.available_to_lay = vec![Level { price: *lay, size: 1_000.0 }];
            }
            out.push(Update::Market(m));
        }
        if let Some(rates) = &self.bookmaker {
            let mut b = s.bookmaker.clone();
            b.status = MarketStatus::Open;
            for (x, [lagai, khai]) in b.selections.iter_mut().zip(rates) {
                (x.status, x.back_odds, x.lay_odds) = (MarketStatus::Open, *lagai, *khai);
            }
            out.push(Update::Bookmaker(b));
        }
        if let Some(lines) = &self.fancy {
            let innings = if s.score.first_innings.is_some() { 2 } else { 1 };
            let fancy = lines
                .iter()
                .map(|l| Fancy {
                    market_id: format!("f.{}.{innings}.{}", s.match_id, l.overs),
                    market_name: format!("{} overs runs {}", l.overs, s.score.batting),
                    status: MarketStatus::Open,
                    odds: YesNo { yes: l.yes_rate, no: l.no_rate },
                    run_value: YesNo { yes: l.yes, no: l.no },
                })
                .collect();
            out.push(Update::Fancy(fancy));
        }
        out
    }
}

/// Publishes a test's quotes now; answers the match as published (the quotes suspended if the auditor refused them).
pub struct Quotes(pub TestQuotes);
impl Message for Quotes {
    type Result = MatchState;
}

impl Handler<Quotes> for MatchActor {
    type Result = MessageResult<Quotes>;
    fn handle(&mut self, Quotes(q): Quotes, _: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        let delta = self.feed.push(now, q.updates(&self.published));
        self.publish(delta, now);
        MessageResult(self.published.clone())
    }
}
