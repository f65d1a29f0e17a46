//! The catalogue of Socket.IO events: every room a connection can be in, every event the server emits and every
//! event it accepts, each with the Rust type of its payload (and of its ack). [`crate::asyncapi`] turns it into the
//! AsyncAPI document and `docs/EVENTS.md`.
//!
//! What clients send is listed by the types that read it ([`ClientRequest`]: [`crate::client_events`]), so an
//! accepted event is always documented. What the server emits is listed here; a test ties it to the code both ways
//! (every name the code emits is here, and every name here is emitted). Where they come from: the rooms' pushes
//! from the actors
//! (`casino_actors::aviator::table`, `table::actor`, `matka::desk`, `parchi::table`, `sports::{desk, match_actor}`),
//! the operators' sampler ([`crate::ops::actors`]) and the wallet's observer (`game-server`'s `balance_update`).

use crate::asyncapi::{self, Channel, Event, list, or_null, payload};
use crate::rounds::{WirePick, each_game};
use crate::socket_requests::ClientRequest;
use casino_actors::aviator::wire as aviator;
use casino_actors::table::wire::{FeedRow, GameState, RevealResult, RoundStart, TimerUpdate, WinResult};
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

fn to_client(channel: &'static str, name: &'static str, summary: &'static str, payload: asyncapi::Payload) -> Event {
    Event::to_client(channel, name, summary, payload)
}

/// The events every round table sends (its room is its name and their prefix), then its own ([`WirePick::more_events`]).
fn round_events<G: WirePick>() -> Vec<Event> {
    let event = |event: &str, summary: &'static str, payload: asyncapi::Payload| {
        Event::to_client(G::NAME, format!("{}:{event}", G::NAME), summary, payload)
    };
    let mut out = vec![
        event(
            "gameState",
            "The whole table: when a round opens and when its reveal starts (and as the join's ack)",
            asyncapi::payload_of2::<GameState<G::Pick, G::Shown>, G::Pick, G::Shown>,
        ),
        event("roundStart", "A round opened for bets (its commitment and client seed)", payload::<RoundStart>),
        event("timerUpdate", "Once a second, and when betting closes", payload::<TimerUpdate>),
        event(
            "revealResult",
            "The round's outcome and the server seed that decided it",
            asyncapi::payload_of::<RevealResult<G::Shown>, G::Shown>,
        ),
        event("bets", "The round's real bets, newest 20, names masked: when they change, at most once a second", |s| {
            list(s, asyncapi::payload_of::<FeedRow<G::Pick>, G::Pick>)
        }),
    ];
    out.extend(G::more_events());
    out
}

/// A round game's `winResult`, to the player's room.
fn win_result<G: WirePick>() -> Event {
    Event::to_client(
        "user:{id}",
        format!("{}:winResult", G::NAME),
        format!("{}: a ticket settled, once its money moved (`payout` 0: lost)", G::TITLE),
        asyncapi::payload_of2::<WinResult<G::Pick, G::Shown>, G::Pick, G::Shown>,
    )
}

/// Every event: what clients send (read by [`ClientRequest`], which lists them), then what the server emits.
pub fn events() -> Vec<Event> {
    let mut out = ClientRequest::catalogue();
    out.extend([
        // user:{id}
        to_client(
            "user:{id}",
            "balance_update",
            "After every committed change to the player's wallet (bets, wins, refunds, deposits, withdrawals)",
            payload::<wallet::wire::BalanceUpdate>,
        ),
        to_client(
            "user:{id}",
            "cash_out_success",
            "An Aviator bet cashed out (by the player, by its auto cash-out or at the cap), once the payment \
             committed; `bet_result` follows",
            payload::<aviator::CashOutSuccess>,
        ),
        to_client(
            "user:{id}",
            "bet_result",
            "An Aviator bet's outcome, once the wallet committed it",
            payload::<aviator::BetResult>,
        ),
        to_client(
            "user:{id}",
            "bet_cancelled",
            "An Aviator cancellation whose ack said `pending`: the refund has now committed",
            payload::<aviator::BetCancelled>,
        ),
    ]);
    out.extend(each_game!(win_result));
    out.extend([
        // aviator
        to_client(
            "aviator",
            "aviator_game_state",
            "The table: at every phase change, once a second in flight, and to a connection that joins (draw the \
             curve locally from `elapsed` and the time since `serverTime`)",
            payload::<aviator::GameState>,
        ),
        to_client(
            "aviator",
            "aviator_bet_update",
            "The round's latest 20 bets, names masked: when they change, at most once a second",
            |s| list(s, payload::<aviator::FeedBet>),
        ),
        to_client("aviator", "aviator_game_result", "The round crashed", payload::<aviator::GameResult>),
        to_client(
            "aviator",
            "bet_placed",
            "To the connection that placed a bet alone, just before its ack (the same body)",
            payload::<aviator::BetPlaced>,
        ),
        to_client(
            "aviator",
            "bet_cancelled",
            "To the connection that cancelled a bet alone, just before its ack (the same body)",
            payload::<aviator::BetCancelled>,
        ),
    ]);
    out.extend(each_game!(round_events).into_iter().flatten());
    out.extend([
        // matka
        to_client(
            "matka",
            "matka:status",
            "The markets, when one opens, closes or has a result",
            payload::<matka::wire::Status>,
        ),
        // parchi:{id}
        to_client(
            "parchi:{id}",
            "parchi:board",
            "The board: whenever a play is taken, a card's total moves, plays close or the game ends",
            payload::<parchi::wire::BoardView>,
        ),
        // matches
        to_client(
            "matches",
            "updateMatches",
            "The live list, whenever the matches in play change (and to the connection that sent `getMatches`, \
             `null` while the sports desk is unavailable)",
            |s| or_null(s, payload::<sports::wire::LiveList>),
        ),
        // event:{id}
        to_client(
            "event:{id}",
            "match:delta",
            "The match's next changes (a heartbeat after 10 s with nothing else to say)",
            payload::<sports::feed::Delta>,
        ),
        to_client(
            "event:{id}",
            "updateOdds",
            "The bookmaker and fancy prices, when they move",
            payload::<sports::wire::OddsFeed>,
        ),
        // ops
        to_client(
            "ops",
            "ops_actors",
            "Every live actor's row, about four times a second",
            payload::<crate::ops::actors::Actors<'static>>,
        ),
    ]);
    out
}

#[cfg(test)]
mod tests {
    use super::{ClientRequest, channels, events};
    use crate::asyncapi::{self, Direction};
    use regex::Regex;
    use serde_json::Value;
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    /// The Rust sources under `dir`, each without its `#[cfg(test)]` part (tests may name anything) and without the
    /// test files; the protocol test suite's reference app is no part of the platform.
    fn sources(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
            if path.is_dir() {
                sources(&path, out);
            } else if name.ends_with(".rs")
                && name != "tests.rs"
                && !name.ends_with("_tests.rs")
                && name != "test_app.rs"
            {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                let code = text.split("#[cfg(test)]").next().unwrap_or_default().to_string();
                out.push((path, code));
            }
        }
    }

    fn all_sources() -> Vec<(PathBuf, String)> {
        let mut out = Vec::new();
        for dir in ["http/src", "actors/src", "game-server/src"] {
            sources(&root().join(dir), &mut out);
        }
        assert!(out.len() > 100, "the scan found only {} source files", out.len());
        out
    }

    fn captures(re: &str, text: &str, out: &mut BTreeSet<String>) {
        let re = Regex::new(re).unwrap();
        out.extend(re.captures_iter(text).filter_map(|c| c.get(1)).map(|m| m.as_str().to_string()));
    }

    /// Every event name the server emits, as the code writes it: `Emit::new("…")`, `encode_event("…")`, a typed
    /// event's `ServerEvent::name` (one name, or a `match self` of names: Aviator's `TableEvent`), and the round
    /// tables' `{game}:{event}` (each game's `RoundRules::NAME` with each arm of the shared `TableEvent`'s
    /// `let event = match self`; `revealStep` only for a game whose reveal has steps).
    fn emitted(sources: &[(PathBuf, String)]) -> BTreeSet<String> {
        let mut names = BTreeSet::new();
        let mut table_events = BTreeSet::new();
        let mut games = Vec::new();
        let named = r#"impl ServerEvent for [^{]+\{\s*fn name\(&self\) -> Cow<'static, str> \{\s*"#;
        let one = Regex::new(&format!(r#"{named}Cow::Borrowed\("([^"]+)"\)"#)).unwrap();
        let arms = Regex::new(&format!(r#"{named}Cow::Borrowed\(match self \{{([^}}]*)\}}"#)).unwrap();
        let round_arms = Regex::new(r"let event = match self \{([^}]*)\}").unwrap();
        let game = Regex::new(r#"impl RoundRules for \w+ \{\s*const NAME: &'static str = "([^"]+)""#).unwrap();
        let stepless = Regex::new(r"fn reveal_steps\([^)]*\) -> u32 \{\s*0\s*\}").unwrap();
        let arm = r#"=> "([^"]+)""#;
        for (_, text) in sources {
            captures(r#"Emit::new\(\s*"([^"]+)""#, text, &mut names);
            captures(r#"encode_event\(\s*"([^"]+)""#, text, &mut names);
            names.extend(one.captures_iter(text).filter_map(|c| c.get(1)).map(|m| m.as_str().to_string()));
            for block in arms.captures_iter(text).filter_map(|c| c.get(1)) {
                captures(arm, block.as_str(), &mut names);
            }
            for block in round_arms.captures_iter(text).filter_map(|c| c.get(1)) {
                captures(arm, block.as_str(), &mut table_events);
            }
            if let Some(name) = game.captures(text).and_then(|c| c.get(1)) {
                games.push((name.as_str().to_string(), stepless.is_match(text)));
            }
        }
        assert!(games.len() >= 3 && table_events.len() >= 7, "round games {games:?}, table events {table_events:?}");
        for (game, stepless) in games {
            for event in &table_events {
                if !(stepless && event == "revealStep") {
                    names.insert(format!("{game}:{event}"));
                }
            }
        }
        names
    }

    fn catalogue(direction: Direction) -> BTreeSet<String> {
        events().into_iter().filter(|e| e.direction == direction).map(|e| e.name.to_string()).collect()
    }

    /// Every event the code emits is in the catalogue, and every event the catalogue says the server emits is
    /// emitted somewhere.
    #[test]
    fn the_catalogue_has_every_event_the_server_emits() {
        let code = emitted(&all_sources());
        let listed = catalogue(Direction::ToClient);
        assert!(code.len() > 25, "the scan found only {} emitted events: {code:?}", code.len());
        let missing: Vec<_> = code.difference(&listed).collect();
        let stale: Vec<_> = listed.difference(&code).collect();
        assert!(missing.is_empty(), "emitted by the code but not in socket_events.rs: {missing:?}");
        assert!(stale.is_empty(), "in socket_events.rs but emitted nowhere: {stale:?}");
    }

    /// Every event the catalogue says a client may send is read by [`ClientRequest`] (whatever its payload, it is
    /// not an unknown event), and an event it does not list is unknown.
    #[test]
    fn every_listed_client_event_is_read_and_no_other() {
        let listed = catalogue(Direction::ToServer);
        assert!(listed.len() > 25, "only {} client events", listed.len());
        for name in &listed {
            let read = ClientRequest::parse(name, Value::Null);
            assert!(read.as_ref().err().is_none_or(|r| r.code != "unknown_event"), "{name} is listed but unknown");
        }
        for name in ["titli:cashOut", "color:requestNextImage", "aviator:placeBet", "Ping", "subscribe ", ""] {
            let read = ClientRequest::parse(name, Value::Null);
            assert!(read.err().is_some_and(|r| r.code == "unknown_event"), "{name} is read but not listed");
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
            let checked_in = std::fs::read_to_string(root().join(file)).unwrap_or_default();
            assert!(
                checked_in.trim_end() == now.trim_end(),
                "{file} is out of date: run scripts/gen-api.sh and commit what it changes"
            );
        }
    }
}
