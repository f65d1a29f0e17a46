//! A provider fed from elsewhere that falls silent past its source's allowance: every market is suspended at once
//! (the exchange takes no bet on prices that may be out of date), and opens again with the provider's next image.

use actix::prelude::*;
use casino_actors::clock::{ManualClock, SharedClock};
use casino_actors::hub::Hub;
use casino_actors::sports::desk::Listed;
use casino_actors::sports::desk::SportsConfig;
use casino_actors::sports::feed::{Delta, Liveness, MarketStatus, MatchState, Provider, Update};
use casino_actors::sports::match_actor::{Listeners, MatchActor, Play};
use casino_actors::sports::simple::{FOOTBALL, SimpleMatch};
use casino_actors::table::outbox::RoomOutbox;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::time::Duration;

const ALLOWANCE_MS: i64 = 5_000;

/// A simulated match relayed as a stream would be: `silent` stops what it hears, `heard` is when it last heard.
struct Relay {
    inner: SimpleMatch,
    silent: Arc<AtomicBool>,
    heard: Arc<AtomicI64>,
}

impl Provider for Relay {
    fn snapshot(&self) -> &MatchState {
        self.inner.snapshot()
    }
    fn tick(&mut self, now: i64) -> Option<Delta> {
        if self.silent.load(Ordering::SeqCst) {
            return None;
        }
        self.heard.store(now, Ordering::SeqCst);
        self.inner.tick(now)
    }
    fn push(&mut self, now: i64, updates: Vec<Update>) -> Delta {
        self.inner.push(now, updates)
    }
    fn liveness(&self) -> Option<Liveness> {
        Some(Liveness { last_heard: self.heard.load(Ordering::SeqCst), allowance_ms: ALLOWANCE_MS })
    }
}

/// Stands in for the sports desk.
struct Desk;
impl Actor for Desk {
    type Context = Context<Self>;
}
impl Handler<Listed> for Desk {
    type Result = ();
    fn handle(&mut self, _: Listed, _: &mut Self::Context) {}
}

fn statuses(s: &MatchState) -> (MarketStatus, MarketStatus) {
    (s.market.status, s.bookmaker.status)
}

#[actix_rt::test]
async fn a_silent_feed_suspends_every_market_and_its_next_image_opens_them() {
    let clock = ManualClock::at(1_000);
    let shared: SharedClock = Arc::new(clock.clone());
    let (silent, heard) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicI64::new(1_000)));
    let terms = SportsConfig::default().terms;
    let relay = Relay { inner: SimpleMatch::new(FOOTBALL, 9, 1_000, 7, terms), silent: silent.clone(), heard };
    let outbox = RoomOutbox::new(Hub::start_unmeasured(), "event:9");
    let desk = Desk.start().recipient();
    let step = Duration::from_secs(3600);
    let actor = MatchActor::new(Box::new(relay), outbox, shared, step, desk, Listeners::default()).manual().start();

    let state = actor.send(Play(2)).await.unwrap();
    assert_eq!(state.market.status, MarketStatus::Open, "in play, priced");

    // Silent, but within the allowance: nothing changes.
    silent.store(true, Ordering::SeqCst);
    clock.advance(ALLOWANCE_MS);
    let state = actor.send(Play(1)).await.unwrap();
    assert_eq!(state.market.status, MarketStatus::Open, "still within the allowance");

    // Past it: every market suspended, at once and once.
    clock.advance(1);
    let state = actor.send(Play(1)).await.unwrap();
    assert_eq!(statuses(&state), (MarketStatus::Suspended, MarketStatus::Suspended));
    assert!(state.fancy.iter().all(|f| f.status == MarketStatus::Suspended));
    let seq = state.seq;
    clock.advance(1_000);
    let state = actor.send(Play(3)).await.unwrap();
    assert_eq!((state.seq, state.market.status), (seq, MarketStatus::Suspended), "suspended once, and stays so");

    // The source speaks again: its next image of the market opens it.
    silent.store(false, Ordering::SeqCst);
    clock.advance(1);
    let state = actor.send(Play(1)).await.unwrap();
    assert_eq!(state.market.status, MarketStatus::Open, "{:?}", state.market);
    assert!(state.seq > seq);
}
