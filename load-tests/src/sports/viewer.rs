//! One simulated viewer of live cricket: its own websocket, `getMatches` for the live list, `subscribe` to one match
//! (its snapshot's sequence number), then every `match:delta` of that match checked to follow the last one with no
//! gap or repeat and timed from the delta's `at` to its receipt, until the run's end. One tokio task per viewer; all
//! waiting is on the socket or the run's deadline.

use crate::common::fixture::Player;
use crate::common::protocol::{self, DecodeError, Inbound};
use crate::common::report::{Latency, Stats};
use crate::common::session::{self, Failure, Ws, close_reason, failure};
use crate::common::swarm::WsUrls;
use futures_util::{SinkExt, StreamExt};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;
use serde::de::{self, Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde_json::{Value, json};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::time::{Instant, timeout_at};
use tokio_tungstenite::tungstenite::Message;

/// An ack that has not arrived within this is an error.
const ACK_TIMEOUT: Duration = Duration::from_secs(15);
/// Fewer matches in play than the run asks for after this long is an error.
const LIVE_TIMEOUT: Duration = Duration::from_secs(60);

/// What every viewer shares.
pub struct Shared {
    /// Each node's websocket; the viewer's socket goes to its own.
    pub ws_urls: WsUrls,
    pub until: Instant,
    /// A viewer waits until the live list has at least this many matches before it picks one.
    pub min_live: usize,
    pub stats: Arc<Stats>,
    /// Deltas out of order (a gap or a repeat after the snapshot), and `updateOdds` received.
    pub out_of_order: AtomicU64,
    pub odds: AtomicU64,
}

/// What one viewer saw.
#[derive(Debug, Clone, Copy, Default)]
pub struct Watched {
    pub event_id: i64,
    pub deltas: u64,
}

/// `match:delta`'s numbering (the updates themselves are not read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeltaHead {
    pub match_id: i64,
    pub seq: u64,
    pub at: i64,
}

/// An entry of the live list (`updateMatches`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LiveRef {
    pub event_id: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Delta(DeltaHead),
    Live(Vec<LiveRef>),
    Odds,
    Other,
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(EventVisitor)
    }
}

struct EventVisitor;

impl<'de> Visitor<'de> for EventVisitor {
    type Value = Event;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Socket.IO event array [name, payload]")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Event, A::Error> {
        let name: &str = seq.next_element()?.ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let missing = || de::Error::invalid_length(1, &EventVisitor);
        let event = match name {
            "match:delta" => Event::Delta(seq.next_element()?.ok_or_else(missing)?),
            "updateMatches" => Event::Live(seq.next_element()?.ok_or_else(missing)?),
            "updateOdds" => Event::Odds,
            _ => Event::Other,
        };
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(event)
    }
}

fn decode(frame: &str) -> Result<Inbound<Event, Value>, DecodeError> {
    protocol::decode(frame)
}

fn epoch_us() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
}

/// Run one viewer until the run's end; what it watched (a default for a viewer that could not start).
pub async fn run(shared: Arc<Shared>, player: Arc<Player>, mut rng: ChaCha8Rng, start_at: Instant) -> Watched {
    tokio::time::sleep_until(start_at).await;
    match watch(&shared, &player, &mut rng).await {
        Ok(w) => w,
        Err(Failure(kind, detail)) => {
            shared.stats.error(kind, &detail);
            Watched::default()
        }
    }
}

async fn watch(shared: &Shared, player: &Player, rng: &mut ChaCha8Rng) -> Result<Watched, Failure> {
    let mut ws = session::open(shared.ws_urls.of(player), &player.token).await?;
    let _connected = Stats::connect(&shared.stats);
    // Too few in play (the server has just started): the list's room pushes it again as matches start, and the list
    // is asked again every second without a push (an answer can arrive after a newer push).
    let by = Instant::now() + LIVE_TIMEOUT;
    let mut id = 0;
    let mut live: Vec<i64> = Vec::new();
    let mut ask_at = Instant::now();
    while live.len() < shared.min_live {
        if Instant::now() >= ask_at {
            id += 1;
            let list = ask(&mut ws, shared, id, "getMatches", json!({}), &mut Vec::new()).await?;
            live = list.as_array().into_iter().flatten().filter_map(|m| m["eventId"].as_i64()).collect();
            ask_at = Instant::now() + Duration::from_secs(1);
            continue;
        }
        if Instant::now() >= by {
            return Err(failure("too_few_live", format!("{} in play after {LIVE_TIMEOUT:?}", live.len())));
        }
        if let Some(msg) = next(&mut ws, ask_at.min(by)).await?
            && let Some(Event::Live(l)) = frame(shared, &mut ws, msg).await?
        {
            live = l.iter().map(|m| m.event_id).collect();
        }
    }
    let event_id = live[rng.random_range(0..live.len())];
    // Deltas that arrive between the join and the snapshot are held, then those already in it dropped.
    let mut early = Vec::new();
    let snapshot = ask(&mut ws, shared, id + 1, "subscribe", json!({ "eventId": event_id }), &mut early).await?;
    let Some(mut seq) = snapshot["seq"].as_u64() else {
        return Err(failure("wrong_answer", format!("subscribe answered without a seq: {snapshot}")));
    };
    let mut watched = Watched { event_id, deltas: 0 };
    let from = seq;
    for d in early.into_iter().filter(|d| d.seq > from) {
        seen(shared, &mut watched, &mut seq, d);
    }
    while let Some(msg) = next(&mut ws, shared.until).await? {
        match frame(shared, &mut ws, msg).await? {
            // A delta the snapshot already holds (broadcast while the subscribe was answered): stale, skipped as a
            // client does. Every later one must follow the last.
            Some(Event::Delta(d)) if d.match_id == event_id && d.seq <= from => {}
            Some(Event::Delta(d)) if d.match_id == event_id => seen(shared, &mut watched, &mut seq, d),
            Some(Event::Odds) => Stats::add(&shared.odds, 1),
            _ => {}
        }
    }
    let _ = ws.close(None).await;
    Ok(watched)
}

/// The next websocket message, or `None` once `by` has passed.
async fn next(ws: &mut Ws, by: Instant) -> Result<Option<Message>, Failure> {
    match timeout_at(by, ws.next()).await {
        Err(_) => Ok(None),
        Ok(None) => Err(failure("closed", "the server closed the socket")),
        Ok(Some(Err(e))) => Err(failure("receive_failed", e)),
        Ok(Some(Ok(m))) => Ok(Some(m)),
    }
}

/// Count a delta, its lag, and whether it follows the last one.
fn seen(shared: &Shared, watched: &mut Watched, seq: &mut u64, d: DeltaHead) {
    if d.seq != *seq + 1 {
        Stats::add(&shared.out_of_order, 1);
        shared.stats.error("out_of_order", &format!("match {}: delta {} after {}", d.match_id, d.seq, seq));
    }
    *seq = (*seq).max(d.seq);
    watched.deltas += 1;
    Stats::add(&shared.stats.bets, 1);
    shared.stats.record(Latency::BroadcastLag, u64::try_from(epoch_us() - d.at * 1_000).unwrap_or(0));
}

/// One frame: pings answered, the close refused; an event returned.
async fn frame(shared: &Shared, ws: &mut Ws, msg: Message) -> Result<Option<Event>, Failure> {
    let text = match msg {
        Message::Text(t) => t,
        Message::Close(f) => return Err(failure("closed", close_reason(f.as_ref()))),
        _ => return Ok(None),
    };
    Stats::add(&shared.stats.messages, 1);
    match decode(text.as_str()).map_err(|e| failure("parse", format!("{e}: {}", text.as_str())))? {
        Inbound::Ping => session::pong(ws).await.map(|()| None),
        Inbound::Event(e) => Ok(Some(e)),
        Inbound::Close | Inbound::Disconnected => Err(failure("closed", "the server disconnected the socket")),
        _ => Ok(None),
    }
}

/// Emit `name` with ack `id` and wait for its answer; deltas that arrive meanwhile go to `early`.
async fn ask(
    ws: &mut Ws,
    shared: &Shared,
    id: u64,
    name: &str,
    payload: Value,
    early: &mut Vec<DeltaHead>,
) -> Result<Value, Failure> {
    ws.send(Message::text(protocol::event_frame(id, name, payload))).await.map_err(|e| failure("send_failed", e))?;
    let by = Instant::now() + ACK_TIMEOUT;
    loop {
        let Some(msg) = next(ws, by).await? else {
            return Err(failure("ack_timeout", format!("{name} was not answered")));
        };
        if let Message::Text(t) = &msg
            && let Ok(Inbound::Ack { id: got, body }) = decode(t.as_str())
            && got == id
        {
            Stats::add(&shared.stats.messages, 1);
            return Ok(body);
        }
        match frame(shared, ws, msg).await? {
            Some(Event::Delta(d)) => early.push(d),
            Some(Event::Odds) => Stats::add(&shared.odds, 1),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deltas_and_odds_are_read_from_their_frames() {
        let d = decode(r#"42["match:delta",{"matchId":7,"seq":12,"at":1000,"updates":[{"type":"heartbeat"}]}]"#);
        assert_eq!(d, Ok(Inbound::Event(Event::Delta(DeltaHead { match_id: 7, seq: 12, at: 1000 }))));
        assert_eq!(decode(r#"42["updateOdds",{"eventId":7}]"#), Ok(Inbound::Event(Event::Odds)));
        let live = decode(r#"42["updateMatches",[{"eventId":7,"matchName":"A v B"},{"eventId":8}]]"#);
        assert_eq!(live, Ok(Inbound::Event(Event::Live(vec![LiveRef { event_id: 7 }, LiveRef { event_id: 8 }]))));
        assert_eq!(decode(r#"42["balance_update",{}]"#), Ok(Inbound::Event(Event::Other)));
        assert!(matches!(decode(r#"431[[{"eventId":7}]]"#), Ok(Inbound::Ack { id: 1, .. })));
    }
}
