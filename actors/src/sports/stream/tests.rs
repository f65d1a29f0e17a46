//! The cache (image, delta, removed levels, definitions, segments, deltas before an image), the provider over it
//! (prices with the margin, suspension, settlement once, void, a removed runner, the feed's bet delay), and the
//! client's TLS settings (addresses, extra roots), with no socket.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::cache::{Cache, lock, shared};
use super::protocol::{ChangeType, FeedMarketStatus, MarketChangeMessage, Response, RunnerStatus, SegmentType};
use super::provider::{Mapping, RunnerMap, StreamMatch};
use crate::sports::cricket::price::Level;
use crate::sports::feed::{MarketStatus, MatchStatus, Provider, Terms, Update};

fn mcm(json: &str) -> MarketChangeMessage {
    match Response::parse(json).unwrap() {
        Response::Mcm(m) => m,
        other => panic!("not an mcm: {other:?}"),
    }
}

const IMAGE: &str = r#"{"op":"mcm","id":2,"ct":"SUB_IMAGE","initialClk":"i1","clk":"c1","heartbeatMs":500,"mc":[{"id":"1.5","img":true,
  "marketDefinition":{"status":"OPEN","inPlay":false,"betDelay":0,"runners":[{"id":11,"status":"ACTIVE","sortPriority":1},{"id":22,"status":"ACTIVE","sortPriority":2}]},
  "rc":[{"id":11,"batb":[[0,1.9,100],[1,1.89,50]],"batl":[[0,1.92,80],[1,1.93,40]]},
        {"id":22,"batb":[[0,2.08,70]],"batl":[[0,2.12,60]],"atb":[[2.08,70],[2.06,10]]}]}]}"#;

fn imaged() -> Cache {
    let mut c = Cache::default();
    assert_eq!(c.apply(mcm(IMAGE), 100), vec!["1.5".to_string()]);
    c
}

#[test]
fn an_image_fills_the_market_and_keeps_the_resume_tokens() {
    let c = imaged();
    let m = c.market("1.5").unwrap();
    assert_eq!(m.definition.as_ref().unwrap().status, FeedMarketStatus::Open);
    assert_eq!(m.runners[&11].backs(), vec![Level { price: 1.9, size: 100.0 }, Level { price: 1.89, size: 50.0 }]);
    assert_eq!(m.runners[&22].lays()[0], Level { price: 2.12, size: 60.0 });
    assert_eq!((c.initial_clk.as_deref(), c.clk.as_deref(), c.heartbeat_ms), (Some("i1"), Some("c1"), Some(500)));
    assert_eq!((c.last_heard, m.changed_at, c.live), (Some(100), 100, true));
}

#[test]
fn a_delta_moves_levels_and_a_zero_size_removes_one() {
    let mut c = imaged();
    c.apply(
        mcm(r#"{"op":"mcm","clk":"c2","mc":[{"id":"1.5","rc":[{"id":11,"batb":[[0,1.95,20],[1,0,0]],"ltp":1.95},
        {"id":22,"atb":[[2.06,0]]}]}]}"#),
        200,
    );
    let m = c.market("1.5").unwrap();
    assert_eq!(m.runners[&11].backs(), vec![Level { price: 1.95, size: 20.0 }], "level 1 removed");
    assert_eq!(m.runners[&11].lays().len(), 2, "untouched");
    assert_eq!(m.runners[&11].ltp, Some(1.95));
    assert_eq!(m.runners[&22].atb.len(), 1, "price 2.06 removed from the full depth");
    assert_eq!((c.clk.as_deref(), c.initial_clk.as_deref(), m.changed_at), (Some("c2"), Some("i1"), 200));
}

#[test]
fn a_new_image_replaces_everything_known() {
    let mut c = imaged();
    c.apply(mcm(r#"{"op":"mcm","clk":"c3","mc":[{"id":"1.5","img":true,"marketDefinition":{"status":"SUSPENDED","runners":[{"id":11,"status":"ACTIVE"}]},"rc":[{"id":11,"batl":[[0,3.0,5]]}]}]}"#), 300);
    let m = c.market("1.5").unwrap();
    assert!(m.runners[&11].backs().is_empty() && !m.runners.contains_key(&22));
    assert_eq!(m.definition.as_ref().unwrap().status, FeedMarketStatus::Suspended);
}

#[test]
fn a_definition_replaces_the_last_and_shows_settlement_and_removal() {
    let mut c = imaged();
    c.apply(mcm(r#"{"op":"mcm","mc":[{"id":"1.5","marketDefinition":{"status":"SUSPENDED","inPlay":true,"runners":[{"id":11,"status":"ACTIVE"},{"id":22,"status":"REMOVED"}]}}]}"#), 400);
    let def = c.market("1.5").unwrap().definition.clone().unwrap();
    assert_eq!(
        (def.status, def.in_play, def.runners[1].status),
        (FeedMarketStatus::Suspended, true, RunnerStatus::Removed)
    );
    assert_eq!(c.market("1.5").unwrap().runners[&11].backs()[0].price, 1.9, "ladders kept");
    c.apply(mcm(r#"{"op":"mcm","mc":[{"id":"1.5","marketDefinition":{"status":"CLOSED","inPlay":true,"runners":[{"id":11,"status":"WINNER"},{"id":22,"status":"LOSER"}]}}]}"#), 500);
    let def = c.market("1.5").unwrap().definition.clone().unwrap();
    assert_eq!((def.status, def.runners[0].status), (FeedMarketStatus::Closed, RunnerStatus::Winner));
}

#[test]
fn a_delta_for_a_market_never_imaged_is_ignored() {
    let mut c = Cache::default();
    let changed = c.apply(mcm(r#"{"op":"mcm","clk":"x","mc":[{"id":"1.9","rc":[{"id":1,"batb":[[0,2,1]]}]}]}"#), 10);
    assert!(changed.is_empty() && c.market("1.9").is_none());
    assert_eq!((c.ignored, c.last_heard), (1, Some(10)), "still heard");
}

#[test]
fn segments_are_applied_together_once_the_last_arrives() {
    let mut c = Cache::default();
    let start = r#"{"op":"mcm","ct":"SUB_IMAGE","segmentType":"SEG_START","initialClk":"i","mc":[{"id":"1.5","img":true,"marketDefinition":{"status":"OPEN","runners":[{"id":11,"status":"ACTIVE"}]}}]}"#;
    assert!(c.apply(mcm(start), 1).is_empty());
    assert!(c.apply(mcm(r#"{"op":"mcm","segmentType":"SEG","mc":[{"id":"1.6","img":true}]}"#), 2).is_empty());
    assert!(c.market("1.5").is_none() && c.initial_clk.is_none(), "nothing applied yet");
    let changed = c.apply(
        mcm(r#"{"op":"mcm","segmentType":"SEG_END","clk":"k","mc":[{"id":"1.5","rc":[{"id":11,"batb":[[0,2,1]]}]}]}"#),
        3,
    );
    assert_eq!(changed, vec!["1.5".to_string(), "1.6".into(), "1.5".into()]);
    assert_eq!(c.market("1.5").unwrap().runners[&11].backs()[0].price, 2.0);
    assert_eq!((c.initial_clk.as_deref(), c.clk.as_deref()), (Some("i"), Some("k")));
    // A segment whose start was lost (a reconnection between them) is dropped, and so is what follows it.
    c.disconnected();
    assert!(
        c.apply(mcm(r#"{"op":"mcm","segmentType":"SEG_END","clk":"z","mc":[{"id":"1.5","img":true}]}"#), 4).is_empty()
    );
    assert_eq!(c.clk.as_deref(), Some("k"));
    assert_eq!(mcm(start).segment_type, Some(SegmentType::SegStart));
}

#[test]
fn heartbeats_and_latency_are_noted() {
    let mut c = imaged();
    c.apply(mcm(r#"{"op":"mcm","ct":"HEARTBEAT","clk":"c9","pt":5}"#), 900);
    assert_eq!((c.last_heard, c.clk.as_deref(), c.market("1.5").unwrap().changed_at), (Some(900), Some("c9"), 100));
    assert_eq!(mcm(r#"{"op":"mcm","ct":"HEARTBEAT"}"#).ct, Some(ChangeType::Heartbeat));
    c.apply(mcm(r#"{"op":"mcm","status":503,"mc":[]}"#), 901);
    assert!(c.latency);
    c.apply(mcm(r#"{"op":"mcm","mc":[]}"#), 902);
    assert!(!c.latency);
}

const MARGIN: f64 = 0.04;

fn provider(now: i64) -> (StreamMatch, super::cache::SharedCache) {
    let cache = shared();
    let mapping = Mapping {
        match_id: 7,
        sport_id: 1,
        name: "A v B".into(),
        competition: "League".into(),
        starts_at: 0,
        teams: ["A".into(), "B".into()],
        market_id: "1.5".into(),
        runners: vec![
            RunnerMap { selection_id: 71, feed_id: 11, name: "A".into() },
            RunnerMap { selection_id: 72, feed_id: 22, name: "B".into() },
        ],
    };
    let terms = Terms { min_stake: 100, max_stake: 50_000, bet_delay: 5 };
    (StreamMatch::new(mapping, terms, MARGIN, cache.clone(), now), cache)
}

#[test]
fn the_house_quotes_below_the_feed_with_its_margin_and_suspends_what_it_cannot_price() {
    let (mut p, cache) = provider(0);
    assert!(p.tick(50).is_none(), "nothing imaged yet");
    lock(&cache).apply(mcm(IMAGE), 100);
    let d = p.tick(100).unwrap();
    assert!(matches!(d.updates[..], [Update::Market(_)]), "{d:?}");
    let m = p.snapshot().market.clone();
    assert_eq!(m.status, MarketStatus::Open);
    let fair = &p.snapshot().fair.runners;
    assert!((fair.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    for (r, q) in m.runners.iter().zip(fair) {
        let (back, lay) = (r.ex.available_to_back[0].price, r.ex.available_to_lay[0].price);
        assert!(back <= (1.0 - MARGIN / 2.0) / q && lay >= (1.0 + MARGIN / 2.0) / q, "{r:?} {q}");
    }
    assert_eq!(m.runners[0].ex.available_to_back[0].size, 100.0, "the feed's depth");
    let (event, quotes) = crate::exchange::audit::open_quotes(p.snapshot());
    assert!(!quotes.is_empty() && crate::exchange::audit::audit(&event, &quotes).is_none(), "no sure win");
    assert!(p.tick(101).is_none(), "nothing moved");
    // A crossed book (a back above the lay) is not read.
    lock(&cache).apply(mcm(r#"{"op":"mcm","mc":[{"id":"1.5","rc":[{"id":11,"batb":[[0,1.95,5]]}]}]}"#), 101);
    p.tick(101).unwrap();
    assert_eq!(p.snapshot().market.status, MarketStatus::Suspended);
    lock(&cache).apply(mcm(r#"{"op":"mcm","mc":[{"id":"1.5","rc":[{"id":11,"batb":[[0,1.9,100]]}]}]}"#), 101);
    p.tick(101).unwrap();
    assert_eq!(p.snapshot().market, m, "as before");
    // A runner loses its lay: suspended, last prices kept.
    lock(&cache).apply(mcm(r#"{"op":"mcm","mc":[{"id":"1.5","rc":[{"id":22,"batl":[[0,0,0]]}]}]}"#), 102);
    p.tick(102).unwrap();
    assert_eq!(p.snapshot().market.status, MarketStatus::Suspended);
    assert_eq!(p.snapshot().market.runners, m.runners);
}

#[test]
fn settles_once_with_our_winner_and_a_removed_runner_is_not_priced() {
    let (mut p, cache) = provider(0);
    lock(&cache).apply(mcm(IMAGE), 100);
    p.tick(100).unwrap();
    lock(&cache).apply(mcm(r#"{"op":"mcm","mc":[{"id":"1.5","marketDefinition":{"status":"OPEN","inPlay":true,"runners":[{"id":11,"status":"ACTIVE"},{"id":22,"status":"REMOVED"}]}}]}"#), 200);
    let d = p.tick(200).unwrap();
    assert_eq!(d.updates[0], Update::Status(MatchStatus::InPlay));
    let m = &p.snapshot().market;
    assert_eq!((m.runners[1].status.as_str(), m.runners[1].ex.available_to_back.len()), ("REMOVED", 0));
    assert_eq!(m.status, MarketStatus::Suspended, "a sole runner at chance 1 cannot be quoted");
    lock(&cache).apply(mcm(r#"{"op":"mcm","mc":[{"id":"1.5","marketDefinition":{"status":"CLOSED","inPlay":true,"runners":[{"id":11,"status":"WINNER"},{"id":22,"status":"REMOVED"}]}}]}"#), 300);
    let d = p.tick(300).unwrap();
    assert_eq!(d.updates.last(), Some(&Update::Settled { winner: Some(71) }));
    assert_eq!((p.snapshot().status, p.snapshot().market.status), (MatchStatus::Finished, MarketStatus::Closed));
    lock(&cache).apply(mcm(r#"{"op":"mcm","mc":[{"id":"1.5","img":true}]}"#), 400);
    assert!(p.tick(400).is_none(), "settled once");
}

#[test]
fn a_closed_market_without_a_winner_is_void() {
    let (mut p, cache) = provider(0);
    lock(&cache).apply(mcm(r#"{"op":"mcm","ct":"SUB_IMAGE","mc":[{"id":"1.5","img":true,"marketDefinition":{"status":"CLOSED","runners":[{"id":11,"status":"REMOVED"},{"id":22,"status":"REMOVED"}]}}]}"#), 10);
    let d = p.tick(10).unwrap();
    assert_eq!(d.updates.last(), Some(&Update::Settled { winner: None }));
    assert_eq!(p.snapshot().status, MatchStatus::Finished);
}

#[test]
fn silence_past_the_allowance_suspends_and_the_next_message_reopens() {
    let (mut p, cache) = provider(0);
    lock(&cache).apply(mcm(IMAGE), 100);
    p.tick(100).unwrap();
    let allowance = p.liveness().unwrap().allowance_ms;
    assert_eq!(allowance, 1_500, "three heartbeats of 500 ms");
    assert!(p.tick(100 + allowance).is_none(), "within it");
    p.tick(101 + allowance).unwrap();
    assert!(p.liveness().unwrap().stale(101 + allowance));
    assert_eq!(p.snapshot().market.status, MarketStatus::Suspended);
    lock(&cache).apply(mcm(IMAGE), 2_000);
    p.tick(2_000).unwrap();
    assert_eq!(p.snapshot().market.status, MarketStatus::Open);
    lock(&cache).apply(mcm(r#"{"op":"mcm","status":503,"clk":"late"}"#), 2_001);
    p.tick(2_001).unwrap();
    assert_eq!(p.snapshot().market.status, MarketStatus::Suspended, "the server says its data may be late");
    lock(&cache).apply(mcm(r#"{"op":"mcm","ct":"HEARTBEAT","clk":"ok"}"#), 2_002);
    p.tick(2_002).unwrap();
    assert_eq!(p.snapshot().market.status, MarketStatus::Open);
    lock(&cache).disconnected();
    p.tick(2_003).unwrap();
    assert_eq!(p.snapshot().market.status, MarketStatus::Suspended, "a lost connection suspends at once");
}

#[test]
fn the_market_shows_the_longer_of_our_delay_and_the_feeds() {
    let (mut p, cache) = provider(0);
    lock(&cache).apply(mcm(IMAGE), 100);
    p.tick(100).unwrap();
    assert_eq!(p.snapshot().market.bet_delay, 5, "ours: the feed's is 0");
    let def = |delay: u32| {
        format!(
            r#"{{"op":"mcm","mc":[{{"id":"1.5","marketDefinition":{{"status":"OPEN","inPlay":true,"betDelay":{delay},
            "runners":[{{"id":11,"status":"ACTIVE"}},{{"id":22,"status":"ACTIVE"}}]}}}}]}}"#
        )
    };
    lock(&cache).apply(mcm(&def(8)), 200);
    let d = p.tick(200).unwrap();
    let shown = d.updates.iter().find_map(|u| if let Update::Market(m) = u { Some(m.bet_delay) } else { None });
    assert_eq!(shown, Some(8), "the feed's, longer, in the delta: {d:?}");
    lock(&cache).apply(mcm(&def(3)), 300);
    p.tick(300).unwrap();
    assert_eq!(p.snapshot().market.bet_delay, 5, "ours again");
}

mod tls {
    use super::super::client::{Roots, Tls, host, port, tls_by_default};

    #[test]
    fn an_address_names_its_host_and_port_and_443_is_tls() {
        assert_eq!(
            (host("stream-api.betfair.com:443"), port("stream-api.betfair.com:443")),
            ("stream-api.betfair.com", Some(443))
        );
        assert_eq!((host(" 127.0.0.1:4000 "), port("127.0.0.1:4000")), ("127.0.0.1", Some(4000)));
        assert_eq!((host("[::1]:443"), port("[::1]:443")), ("::1", Some(443)));
        assert_eq!((host("::1"), port("::1")), ("::1", None));
        assert_eq!((host("relay"), port("relay"), port("relay:x")), ("relay", None, None));
        assert!(tls_by_default("stream-api-integration.betfair.com:443") && tls_by_default("[::1]:443"));
        assert!(!tls_by_default("127.0.0.1:4000") && !tls_by_default("relay"));
    }

    #[test]
    fn extra_roots_must_be_readable_certificates() {
        let missing = Roots::from_pem_file(std::path::Path::new("/nonexistent/ca.pem")).unwrap_err();
        assert!(missing.starts_with("cannot read /nonexistent/ca.pem"), "{missing}");
        let empty = Roots::from_pem(b"just text\n", "x.pem").unwrap_err();
        assert!(empty.contains("no certificate"), "{empty}");
        let garbage = b"-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n";
        let bad = Roots::from_pem(garbage, "x.pem").unwrap_err();
        assert!(bad.contains("cannot be a root"), "{bad}");
    }

    #[test]
    fn tls_needs_a_host_a_certificate_can_name() {
        assert!(Tls::new("stream-api.betfair.com:443", &Roots::default()).is_ok());
        assert!(Tls::new("127.0.0.1:4000", &Roots::default()).is_ok());
        let bad = Tls::new("not a host:443", &Roots::default()).unwrap_err();
        assert!(bad.contains("\"not a host\""), "{bad}");
    }
}
