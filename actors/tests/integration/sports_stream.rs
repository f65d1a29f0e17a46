//! The stream feed end to end against a local replay server (a `TcpListener` on 127.0.0.1:0, no network) that speaks
//! the Betfair stream's handshake and serves recorded messages (`tests/fixtures/stream/*.jsonl`, one a line) when the
//! test says: the client connects, authenticates, subscribes and fills the cache; the provider prices our match from
//! it. Nothing is decided by a sleep: each step waits (up to a generous limit) for the cache to hold the `clk` of the
//! last message served, then ticks the provider; the feed's clock is a manual one.


use crate::stream_replay;

use casino_actors::clock::Clock;
use casino_actors::exchange::audit;
use casino_actors::sports::cricket::price;
use casino_actors::sports::feed::{MarketStatus, MatchStatus, Provider};
use casino_actors::sports::stream::cache;
use serde_json::json;
use stream_replay::{Cmd, Feed, MARGIN};

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
