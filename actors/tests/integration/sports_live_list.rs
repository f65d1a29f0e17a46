//! The live list's room: every change of the matches in play is pushed, and pushed once more a second later, so a
//! screen whose `getMatches` answer was overtaken by a newer push (the answer goes through the connection, the push
//! through the hub) is put right without asking again.

use actix::prelude::*;
use casino_actors::clock;
use casino_actors::hub::{ConnId, Frames, Hub, Join, Member, Offer, Outbox, Overflow, SessionEnded};
use casino_actors::observe::Registry;
use casino_actors::sports::desk::{LIST_ROOM, SportsConfig, SportsDesk};
use casino_actors::sports::match_actor::Listeners;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A connection that records every frame it is offered.
#[derive(Default)]
struct Recorder(Mutex<Vec<Arc<str>>>);

impl Outbox for Recorder {
    fn offer(&self, frames: &Frames) -> Offer {
        self.0.lock().unwrap().extend(frames.iter().cloned());
        Offer::Queued
    }
}

struct Ignore;
impl Actor for Ignore {
    type Context = Context<Self>;
}
impl Handler<Overflow> for Ignore {
    type Result = ();
    fn handle(&mut self, _: Overflow, _: &mut Self::Context) {}
}
impl Handler<SessionEnded> for Ignore {
    type Result = ();
    fn handle(&mut self, _: SessionEnded, _: &mut Self::Context) {}
}

#[actix_rt::test]
async fn each_change_of_the_live_list_is_pushed_twice_a_second_apart() {
    let hub = Hub::start_unmeasured();
    let recorder = Arc::new(Recorder::default());
    let ignore = Ignore.start();
    let member = Member {
        outbox: recorder.clone(),
        overflow: ignore.clone().recipient(),
        owner: None,
        ended: ignore.recipient(),
    };
    hub.send(Join { conn: ConnId(1), room: LIST_ROOM.into(), member }).await.unwrap();

    let config = SportsConfig { ball_ms: 100, live: 2, upcoming: 0, others: 0, ..SportsConfig::default() };
    let listeners = Listeners { results: None, news: None };
    let url = casino_actors::store::fresh_database_url("sports_live_list").await.unwrap();
    let db = casino_actors::store::Db::connect(&url, 4).await.unwrap();
    let _desk = SportsDesk::start(config, db, hub, clock::system(), &Registry::new(false), listeners).await.unwrap();

    // Both matches go in play within their first step; the list with both is then pushed, and again a second later.
    let by = Instant::now() + Duration::from_secs(20);
    let both = loop {
        let frames = recorder.0.lock().unwrap().clone();
        let full: Vec<&Arc<str>> =
            frames.iter().filter(|f| f.contains("updateMatches") && f.matches("eventId").count() == 2).collect();
        if let Some(first) = full.first()
            && full.len() >= 2
        {
            break (first.to_string(), full[1].to_string());
        }
        assert!(Instant::now() < by, "the list of two matches was not pushed twice: {frames:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(both.0, both.1, "the repeat is the same list");
}
