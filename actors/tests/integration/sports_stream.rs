//! The stream feed end to end against a local replay server (a `TcpListener` on 127.0.0.1:0, no network) that speaks
//! the Betfair stream's handshake and serves recorded messages (`tests/fixtures/stream/*.jsonl`, one a line) when the
//! test says: the client connects, authenticates, subscribes and fills the cache; the provider prices our match from
//! it. Nothing is decided by a sleep: each step waits (up to a generous limit) for the cache to hold the `clk` of the
//! last message served, then ticks the provider; the feed's clock is a manual one.
//!
//! Over TLS too (a self-signed certificate made by the test, trusted as `CASINO_STREAM_CA_FILE` would make it), and
//! refused when the certificate is not trusted. The last test runs the whole desk: the sports desk following the
//! replay server over TLS, and the exchange taking bets on the mapped match with the feed's bet delay.

use crate::{common, stream_replay};

use casino_actors::clock::{self, Clock};
use casino_actors::exchange::audit;
use casino_actors::exchange::desk::{Deps, ExchangeAddr, ExchangeConfig, ExchangeDesk, Place};
use casino_actors::exchange::place::{Order, Target, Team};
use casino_actors::exchange::rules::Side;
use casino_actors::exchange::wire::MarketType;
use casino_actors::hub::Hub;
use casino_actors::ids::UserId;
use casino_actors::money::Paise;
use casino_actors::sports::cricket::price;
use casino_actors::sports::desk::{
    Detail, MapFeedMarket, NewFeedMarket, SportsAddr, SportsConfig, SportsDesk, StreamSettings,
};
use casino_actors::sports::feed::{MarketStatus, MatchState, MatchStatus, Provider};
use casino_actors::sports::match_actor::Listeners;
use casino_actors::sports::stream::cache;
use casino_actors::sports::stream::client::Roots;
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};
use stream_replay::{Cmd, Feed, MARGIN, Options, Replay, TestCert};

/// The chances the feed's best (back, lay) pairs imply: the middle of each pair, normalised.
fn chances(best: &[(f64, f64)]) -> Vec<f64> {
    let mids: Vec<f64> = best.iter().map(|(b, l)| (1.0 / b + 1.0 / l) / 2.0).collect();
    let total: f64 = mids.iter().sum();
    mids.iter().map(|m| m / total).collect()
}

/// The house's quotes are exactly `back_lay` of the feed's chances, below and above each fair price, and the book
/// keeps the margin: the backs' overround at least `1 / (1 − m/2)`, the backs' and lays' round trip at least `m`.
fn assert_quoted_from(feed: &Feed, best: &[(f64, f64)]) {
    let quotes = feed.quotes();
    let chances = chances(best);
    for ((back, lay), q) in quotes.iter().zip(&chances) {
        assert_eq!(Some((*back, *lay)), price::back_lay(*q, MARGIN), "chance {q}");
        assert!(*back < 1.0 / q && *lay > 1.0 / q, "around the fair price {}", 1.0 / q);
    }
    let backs: f64 = quotes.iter().map(|(b, _)| 1.0 / b).sum();
    let lays: f64 = quotes.iter().map(|(_, l)| 1.0 / l).sum();
    assert!(backs >= 1.0 / (1.0 - MARGIN / 2.0), "overround {backs}");
    assert!(backs - lays >= MARGIN, "round trip {}", backs - lays);
    let (event, open) = audit::open_quotes(feed.state());
    assert_eq!(open.len(), 6, "a back and a lay a runner");
    assert!(audit::audit(&event, &open).is_none(), "the match actor's auditor finds no sure win");
}

/// The feed's best (back, lay) in our runner order (home, draw, away) after `image`, and after `deltas`.
const IMAGED: [(f64, f64); 3] = [(2.5, 2.52), (3.3, 3.35), (3.4, 3.45)];
const MOVED: [(f64, f64); 3] = [(2.3, 2.32), (3.5, 3.55), (3.8, 3.85)];

#[tokio::test]
async fn an_image_then_deltas_move_the_house_prices_with_its_margin() {
    let mut feed = Feed::start().await;
    let first = feed.subscribed().await;
    assert_eq!(first.request["marketFilter"]["marketIds"], json!(["1.200"]));
    assert_eq!(first.request["marketDataFilter"]["fields"], json!(["EX_BEST_OFFERS", "EX_MARKET_DEF"]));
    assert!(first.request.get("clk").is_none() && first.request.get("initialClk").is_none(), "a fresh subscription");
    feed.tick();
    assert_eq!(feed.state().market.status, MarketStatus::Suspended, "nothing heard yet");

    feed.serve("image").await;
    assert_eq!((feed.state().market.status, feed.state().status), (MarketStatus::Open, MatchStatus::Upcoming));
    assert_quoted_from(&feed, &IMAGED);

    feed.serve("deltas").await;
    assert_eq!(feed.state().market.status, MarketStatus::Open);
    assert_quoted_from(&feed, &MOVED);
    let home = &feed.state().market.runners[0].ex.available_to_back;
    assert_eq!((home[0].size, home[1].size), (150.0, 300.0), "the feed's depth, its third level removed");
    assert!(feed.deltas.len() >= 2);
}

#[tokio::test]
async fn a_suspended_market_suspends_ours_and_it_opens_again_with_the_feed() {
    let mut feed = Feed::start().await;
    feed.subscribed().await;
    feed.serve("image").await;
    feed.serve("suspend").await;
    assert_eq!(feed.state().market.status, MarketStatus::Suspended);
    feed.serve("reopen").await;
    assert_eq!(feed.state().market.status, MarketStatus::Open);
    assert_quoted_from(&feed, &IMAGED);
}

#[tokio::test]
async fn in_play_on_the_feed_puts_our_match_in_play() {
    let mut feed = Feed::start().await;
    feed.subscribed().await;
    feed.serve("image").await;
    assert_eq!(feed.state().status, MatchStatus::Upcoming);
    feed.serve("inplay").await;
    assert_eq!((feed.state().status, feed.state().market.status), (MatchStatus::InPlay, MarketStatus::Open));
}

#[tokio::test]
async fn a_dropped_connection_resubscribes_where_it_left_off_and_the_prices_go_on() {
    let mut feed = Feed::start().await;
    feed.subscribed().await;
    feed.serve("image").await;
    feed.serve("deltas").await;
    feed.cmds.send(Cmd::Drop).unwrap();
    let again = feed.subscribed().await;
    let (initial, clk) = (again.request["initialClk"].as_str(), again.request["clk"].as_str());
    assert_eq!((initial, clk), (again.last_sent.0.as_deref(), again.last_sent.1.as_deref()), "the last tokens sent");
    assert_eq!((initial, clk), (Some("AAA"), Some("AAD")));
    feed.tick();
    assert_eq!(feed.state().market.status, MarketStatus::Suspended, "suspended while the stream is not live");

    feed.serve("resub").await;
    // The resubscription's delta moved only the home side, on top of what the first connection left.
    let chances_after = [(2.1, 2.12), MOVED[1], MOVED[2]];
    assert_eq!(feed.state().market.status, MarketStatus::Open);
    assert_quoted_from(&feed, &chances_after);
    assert_eq!(cache::lock(&feed.cache).ignored, 0);
}

#[tokio::test]
async fn a_closed_market_settles_once_with_our_winner() {
    let mut feed = Feed::start().await;
    feed.subscribed().await;
    feed.serve("image").await;
    feed.serve("settle").await;
    assert_eq!(feed.settlements(), vec![Some(9001)]);
    assert_eq!((feed.state().status, feed.state().market.status), (MatchStatus::Finished, MarketStatus::Closed));
    feed.serve("inplay").await;
    feed.serve("settle").await;
    assert_eq!(feed.settlements(), vec![Some(9001)], "exactly once");
}

#[tokio::test]
async fn a_closed_market_with_every_runner_removed_is_void() {
    let mut feed = Feed::start().await;
    feed.subscribed().await;
    feed.serve("image").await;
    feed.serve("void").await;
    assert_eq!(feed.settlements(), vec![None]);
    assert_eq!(feed.state().status, MatchStatus::Finished);
}

#[tokio::test]
async fn silence_past_the_heartbeat_allowance_is_stale_until_the_next_image() {
    let mut feed = Feed::start().await;
    feed.subscribed().await;
    feed.serve("image").await;
    let published = feed.deltas.len();
    feed.serve("heartbeats").await;
    assert_eq!(feed.deltas.len(), published, "heartbeats move nothing");
    let live = feed.provider.liveness().unwrap();
    assert_eq!(live.allowance_ms, 1_500, "three of the server's 500 ms heartbeats");
    assert!(!live.stale(feed.clock.now_ms()));
    assert_eq!(feed.state().market.status, MarketStatus::Open);

    feed.clock.advance(live.allowance_ms + 1);
    assert!(feed.provider.liveness().unwrap().stale(feed.clock.now_ms()), "silent past the allowance");
    feed.tick();
    assert_eq!(feed.state().market.status, MarketStatus::Suspended);

    feed.serve("image").await;
    assert!(!feed.provider.liveness().unwrap().stale(feed.clock.now_ms()));
    assert_eq!(feed.state().market.status, MarketStatus::Open);
    assert_quoted_from(&feed, &IMAGED);
}

#[tokio::test]
async fn a_refused_login_is_tried_again_and_the_feed_then_flows() {
    let mut feed = Feed::refusing(2).await;
    let first = feed.subscribed().await;
    assert_eq!(first.logins, 3, "two refusals, then a login that took");
    feed.serve("image").await;
    assert_eq!(feed.state().market.status, MarketStatus::Open);
}

#[tokio::test]
async fn over_tls_an_image_deltas_a_resumption_and_a_settle_price_and_settle_the_match() {
    let cert = Arc::new(TestCert::new());
    let mut feed = Feed::over_tls(cert.clone(), cert.roots()).await;
    feed.subscribed().await;
    feed.serve("image").await;
    assert_eq!((feed.state().market.status, feed.state().status), (MarketStatus::Open, MatchStatus::Upcoming));
    assert_quoted_from(&feed, &IMAGED);
    feed.serve("deltas").await;
    assert_quoted_from(&feed, &MOVED);

    // A new TLS connection resumes where the last one left off.
    feed.cmds.send(Cmd::Drop).unwrap();
    let again = feed.subscribed().await;
    assert_eq!((again.request["initialClk"].as_str(), again.request["clk"].as_str()), (Some("AAA"), Some("AAD")));
    feed.serve("resub").await;
    assert_quoted_from(&feed, &[(2.1, 2.12), MOVED[1], MOVED[2]]);

    feed.serve("inplay").await;
    assert_eq!(feed.state().status, MatchStatus::InPlay);
    feed.serve("settle").await;
    assert_eq!(feed.settlements(), vec![Some(9001)]);
    assert_eq!((feed.state().status, feed.state().market.status), (MatchStatus::Finished, MarketStatus::Closed));
    assert_eq!(feed.replay.attempts.load(std::sync::atomic::Ordering::SeqCst), 2, "two connections, both trusted");
}

/// A server whose certificate the client does not trust (another CA's roots, or the public ones alone): every
/// handshake is refused, the client keeps trying, and the match stays suspended and goes stale; nothing crashes.
#[tokio::test]
async fn a_certificate_the_client_does_not_trust_is_refused_and_tried_again_while_the_market_stays_suspended() {
    let cert = Arc::new(TestCert::new());
    for roots in [TestCert::new().roots(), Roots::default()] {
        let mut feed = Feed::over_tls(cert.clone(), roots).await;
        feed.replay.attempted(3).await;
        assert!(feed.replay.try_subscribed().is_none(), "no handshake passed, so no login nor subscription");
        {
            let c = cache::lock(&feed.cache);
            assert!(!c.live && c.market("1.200").is_none() && c.last_heard.is_none());
        }
        feed.tick();
        assert_eq!(feed.state().market.status, MarketStatus::Suspended);
        let live = feed.provider.liveness().unwrap();
        feed.clock.advance(live.allowance_ms + 1);
        assert!(feed.provider.liveness().unwrap().stale(feed.clock.now_ms()), "silent past the allowance");
        feed.tick();
        assert_eq!(feed.state().market.status, MarketStatus::Suspended);
        assert!(feed.deltas.is_empty(), "nothing to publish");
        // Still trying, and the server still serving.
        let tried = feed.replay.attempts.load(std::sync::atomic::Ordering::SeqCst);
        feed.replay.attempted(tried + 2).await;
    }
}

async fn detail_until(sports: &SportsAddr, id: i64, what: &str, ready: impl Fn(&MatchState) -> bool) -> MatchState {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let state = sports.send(Detail(id)).await.unwrap();
        if let Some(s) = state.filter(|s| ready(s)) {
            return s;
        }
        assert!(Instant::now() < deadline, "{what}: never");
        actix_rt::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Backs ₹100 on the first runner at the price shown; answers how long the exchange took.
async fn back_first(exchange: &ExchangeAddr, state: &MatchState) -> Duration {
    let price = state.market.runners[0].ex.available_to_back[0].price;
    let order = Order {
        user: UserId(1),
        match_id: state.match_id,
        target: Target::Runner { market: MarketType::Exchange, team: Team::Index(0) },
        side: Side::Lagai,
        price_x100: (price * 100.0).round() as u32,
        stake: Paise::from_rupees(100),
    };
    let started = Instant::now();
    let placed = exchange.send(Place(order)).await.unwrap();
    assert!(placed.is_ok(), "{placed:?}");
    started.elapsed()
}

/// The desk follows the replay server over TLS (its CA given as `CASINO_STREAM_CA_FILE` gives it) for a mapped
/// market whose bet delay is 0 before the match and 5 s in play: the market shows our own delay (1 s), then the
/// feed's 5 s, and a bet waits what is shown; when the feed's delay falls back, the next bet waits our own again.
#[actix_rt::test]
async fn the_feeds_bet_delay_when_longer_than_ours_is_shown_and_applied_to_the_next_bet() {
    let cert = Arc::new(TestCert::new());
    let beat = Some(Duration::from_millis(200));
    let mut replay = Replay::start(Options { tls: Some(cert.clone()), beat, ..Options::default() }).await;
    let (db, wallet, registry) = common::faulty_wallet("sports_stream_delay").await;
    common::fund_player(&db, &wallet, 1, 1_000_000).await;
    let exchange_config = ExchangeConfig { bet_delay: Duration::from_secs(1), ..ExchangeConfig::default() };
    let ctx = actix::Context::<ExchangeDesk>::new();
    let results = actix::AsyncContext::address(&ctx).recipient();
    let terms = exchange_config.terms();
    let config = SportsConfig { live: 0, upcoming: 0, others: 0, terms, ..SportsConfig::default() };
    let stream = StreamSettings {
        addr: replay.addr.clone(),
        tls: Some(true),
        roots: Some(cert.roots()),
        app_key: "key".into(),
        session: "token".into(),
        ..StreamSettings::default()
    };
    let listeners = Listeners { results: Some(results), news: None };
    let sports = SportsDesk::start_streaming(
        config,
        stream,
        db.clone(),
        Hub::start_unmeasured(),
        clock::system(),
        &registry,
        listeners,
    )
    .await
    .unwrap();
    let deps = Deps {
        db,
        wallet,
        clock: clock::system(),
        sports: sports.clone(),
        config: exchange_config,
        locks: Default::default(),
    };
    let exchange = ExchangeDesk::start(ctx, deps, &registry).await.unwrap();

    let m = stream_replay::mapping();
    let new = NewFeedMarket {
        feed_market_id: m.market_id.clone(),
        sport_id: m.sport_id,
        name: m.name.clone(),
        competition: m.competition.clone(),
        starts_at: m.starts_at,
        teams: m.teams.clone(),
        runners: m.runners.iter().map(|r| (r.feed_id, r.name.clone())).collect(),
    };
    let id = sports.send(MapFeedMarket(new)).await.unwrap().unwrap();
    let subscribed = replay.subscribed().await;
    assert_eq!(subscribed.request["marketFilter"]["marketIds"], json!(["1.200"]));

    replay.cmds.send(Cmd::Serve("image")).unwrap();
    let open = detail_until(&sports, id, "imaged", |s| s.market.status == MarketStatus::Open).await;
    assert_eq!((open.status, open.market.bet_delay), (MatchStatus::Upcoming, 1), "our own delay: the feed's is 0");

    replay.cmds.send(Cmd::Serve("inplay")).unwrap();
    let in_play = |s: &MatchState| s.status == MatchStatus::InPlay && s.market.status == MarketStatus::Open;
    let state = detail_until(&sports, id, "in play", |s| in_play(s) && s.market.bet_delay == 5).await;
    let waited = back_first(&exchange, &state).await;
    assert!(waited >= Duration::from_secs(5) && waited < Duration::from_secs(5 + 3), "the feed's 5 s: {waited:?}");

    replay.cmds.send(Cmd::Serve("undelayed")).unwrap();
    let state = detail_until(&sports, id, "the feed's delay gone", |s| in_play(s) && s.market.bet_delay == 1).await;
    let waited = back_first(&exchange, &state).await;
    assert!(waited >= Duration::from_secs(1) && waited < Duration::from_secs(1 + 3), "our own 1 s: {waited:?}");
}
