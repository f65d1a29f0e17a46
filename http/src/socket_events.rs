//! The catalogue of Socket.IO events: every room a connection can be in, every event the server emits and every
//! event it accepts, each with the Rust type of its payload (and of its ack). [`crate::asyncapi`] turns it into the
//! AsyncAPI document and `docs/EVENTS.md`.
//!
//! What clients send is listed by the types that read it ([`ClientRequest`]: [`crate::client_events`]), what the
//! server sends by the types it sends ([`Catalogued`]: each `wire.rs`'s `server_events!` / `server_event!`, the
//! round tables' `TableEvent`, the operators' `ops_actors`), so every event either way is documented. The gateway's
//! few answers to one connection ahead of an ack (`bet_placed`, `titli:nextImage`, …) are listed beside the code
//! that sends them, under the same names.

use crate::asyncapi::{Channel, Event};
use crate::rounds::{WirePick, each_game};
use crate::socket_requests::ClientRequest;
use casino_actors::aviator::wire as aviator;
use casino_actors::hub::Catalogued;
use casino_actors::table::wire::TableEvent;
use casino_actors::{matka, parchi, sports, wallet};

/// The channel of what a connection sends outside any room.
pub const CONNECTION: &str = "connection";

/// Every room, the round games' from their [`WirePick::ROOM`] after Aviator's.
pub fn channels() -> Vec<Channel> {
    let mut out = Vec::from(ROOMS);
    let rounds = each_game!(round_room);
    out.splice(3..3, rounds);
    out
}

fn round_room<G: WirePick>() -> Channel {
    Channel { name: G::NAME, description: G::ROOM }
}

const ROOMS: [Channel; 8] = [
    Channel {
        name: CONNECTION,
        description: "Not a room: what any connection may send at any time, answered to that connection alone.",
    },
    Channel {
        name: "user:{id}",
        description: "The player's own room: every connection of theirs joins it at CONNECT (`{id}` is the user's id). \
                      What concerns one player reaches all their connections, whatever rooms they are in.",
    },
    Channel {
        name: "aviator",
        description: "Aviator's table: joined with `aviator:join` (or the spec's `authenticate`), left with \
                      `aviator:leave`. Betting needs no room; the table's events reach the room.",
    },
    Channel { name: "matka", description: "The Matka market list: joined with `matka:join`, left with `matka:leave`." },
    Channel {
        name: "parchi:{id}",
        description: "One match's three-card game (Aar Par Parchi), `{id}` the match's id: joined with \
                      `parchi:join {match}`, left with `parchi:leave {match}`.",
    },
    Channel {
        name: "matches",
        description: "The live cricket list: joined with `getMatches`, left with `leaveMatches`.",
    },
    Channel {
        name: "event:{id}",
        description: "One sports match, `{id}` its event id: joined with `subscribe {eventId}`, left with \
                      `leave {eventId}`. Deltas are numbered one by one after the detail's `seq`: apply each in \
                      order, skip one already applied, ask for the detail again on a gap.",
    },
    Channel {
        name: "ops",
        description: "Operators watching the live actors: joined with `ops_watch`, left with `ops_unwatch`; a \
                      player is refused and joins nothing.",
    },
];

/// Every event `E` can be, as the catalogue lists it.
fn sent<E: Catalogued>() -> Vec<Event> {
    E::catalogue().into_iter().map(|l| Event::to_client(l.room, l.name, l.summary, l.payload)).collect()
}

/// Every event a round table sends, then the game's own ([`WirePick::more_events`]).
fn round_events<G: WirePick>() -> Vec<Event> {
    let mut out = sent::<TableEvent<G>>();
    out.extend(G::more_events());
    out
}

/// Every event: what clients send (read by [`ClientRequest`], which lists them), then what the server sends (listed
/// by the types it sends: [`Catalogued`]), in the order each room shows them.
pub fn events() -> Vec<Event> {
    let mut out = ClientRequest::catalogue();
    out.extend(sent::<wallet::wire::BalanceUpdate>());
    out.extend(sent::<aviator::TableEvent>());
    out.extend(crate::aviator::socket::echoes());
    out.extend(each_game!(round_events).into_iter().flatten());
    out.extend(sent::<matka::wire::Status>());
    out.extend(sent::<parchi::wire::BoardView>());
    out.extend(sent::<sports::wire::LiveList>());
    out.extend(sent::<sports::feed::Delta>());
    out.extend(sent::<sports::wire::OddsFeed>());
    out.extend(sent::<crate::ops::actors::Actors<'static>>());
    out
}

#[cfg(test)]
mod tests {
    use super::{ClientRequest, channels, events};
    use crate::asyncapi::{self, Direction};
    use casino_actors::ErrorCode;
    use serde_json::Value;
    use std::collections::BTreeSet;

    fn catalogue(direction: Direction) -> BTreeSet<String> {
        events().into_iter().filter(|e| e.direction == direction).map(|e| e.name.to_string()).collect()
    }

    /// Every event the catalogue says a client may send is read by [`ClientRequest`] (whatever its payload, it is
    /// not an unknown event), and an event it does not list is unknown.
    #[test]
    fn every_listed_client_event_is_read_and_no_other() {
        let listed = catalogue(Direction::ToServer);
        assert!(listed.len() > 25, "only {} client events", listed.len());
        for name in &listed {
            let read = ClientRequest::parse(name, Value::Null);
            assert!(
                read.as_ref().err().is_none_or(|r| r.code != ErrorCode::UnknownEvent),
                "{name} is listed but unknown"
            );
        }
        for name in ["titli:cashOut", "color:requestNextImage", "aviator:placeBet", "Ping", "subscribe ", ""] {
            let read = ClientRequest::parse(name, Value::Null);
            assert!(read.err().is_some_and(|r| r.code == ErrorCode::UnknownEvent), "{name} is read but not listed");
        }
    }

    #[test]
    fn every_event_is_in_a_channel_once_and_every_channel_has_events() {
        let events = events();
        for e in &events {
            assert!(channels().iter().any(|c| c.name == e.channel), "{}: no channel {}", e.name, e.channel);
            assert_eq!(
                e.ack.is_some(),
                e.direction == Direction::ToServer,
                "{}: an ack goes with a client event",
                e.name
            );
            let same = events.iter().filter(|o| o.channel == e.channel && o.name == e.name).count();
            assert_eq!(same, 1, "{} is listed {same} times in {}", e.name, e.channel);
        }
        let channels = channels();
        for c in &channels {
            assert!(events.iter().any(|e| e.channel == c.name), "channel {} has no events", c.name);
        }
        let names: BTreeSet<_> = channels.iter().map(|c| c.name).collect();
        assert_eq!(names.len(), channels.len(), "a channel is listed twice");
    }

    /// Every `$ref` in the document points at something in it.
    #[test]
    fn every_reference_resolves() {
        fn refs(v: &Value, out: &mut Vec<String>) {
            match v {
                Value::Object(o) => {
                    for (k, x) in o {
                        match (k.as_str(), x.as_str()) {
                            ("$ref", Some(r)) => out.push(r.to_string()),
                            _ => refs(x, out),
                        }
                    }
                }
                Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
                _ => {}
            }
        }
        let doc = asyncapi::document();
        let mut all = Vec::new();
        refs(&doc, &mut all);
        assert!(all.len() > 100, "only {} references", all.len());
        for r in all {
            let pointer = r.strip_prefix('#').unwrap_or_default();
            assert!(r.starts_with("#/") && doc.pointer(pointer).is_some(), "{r} does not resolve");
        }
    }

    /// `docs/asyncapi.json` and `docs/EVENTS.md` are what the code makes.
    #[test]
    fn the_checked_in_documents_are_current() {
        for (file, now) in
            [("docs/asyncapi.json", asyncapi::document_json().to_string()), ("docs/EVENTS.md", asyncapi::markdown())]
        {
            let checked_in =
                std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(file))
                    .unwrap_or_default();
            assert!(
                checked_in.trim_end() == now.trim_end(),
                "{file} is out of date: run scripts/gen-api.sh and commit what it changes"
            );
        }
    }
}
