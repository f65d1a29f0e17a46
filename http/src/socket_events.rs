//! The catalogue of Socket.IO events: every room a connection can be in, every event the server emits and every
//! event it accepts, each with the Rust type of its payload (and of its ack). [`crate::asyncapi`] turns it into the
//! AsyncAPI document and `docs/EVENTS.md`; a test ties it to the code both ways (every name the code emits or
//! dispatches on is here, and every name here is in the code).
//!
//! Where the events come from: the dispatcher [`crate::aviator::socket`] (Aviator, Matka, the three-card game,
//! sports, the operators' room) and [`crate::rounds::socket`] (the round games); the rooms' pushes from the actors
//! (`casino_actors::aviator::table`, `table::actor`, `matka::desk`, `parchi::table`, `sports::{desk, match_actor}`),
//! the operators' sampler ([`crate::ops::actors`]) and the wallet's observer (`game-server`'s `balance_update`).

use crate::asyncapi::{self, Channel, Direction, Event, Schemas, list, nothing, or_error, or_null, payload};
use crate::aviator::socket::SportsRoomRequest;
use crate::aviator::socket::{AviatorBetRef, AviatorBetRequest, AviatorJoined, Done, ParchiRoomRequest, Pong};
use crate::rounds::socket::{BetRequest, TitliNextImage};
use casino_actors::andar_bahar::rules::Side;
use casino_actors::aviator::wire as aviator;
use casino_actors::color::rules::Colour;
use casino_actors::table::wire::WinResult;
use casino_actors::table::wire::{BetAccepted, FeedRow, GameState, RevealResult, RevealStep, RoundStart, TimerUpdate};
use casino_actors::titli::rules::Picture;
use casino_actors::{andar_bahar, color, matka, parchi, sports, titli, wallet};
use serde_json::Value;

/// The channel of what a connection sends outside any room.
pub const CONNECTION: &str = "connection";

pub const CHANNELS: &[Channel] = &[
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
    Channel {
        name: "titli",
        description: "Titli Par's table: joined with `titli:join`, left with `titli:leave`. Picks are picture \
                      numbers 1–12.",
    },
    Channel {
        name: "andar_bahar",
        description: "Andar Bahar's table: joined with `andar_bahar:join`, left with `andar_bahar:leave`. Picks are \
                      `Andar` or `Bahar`; the deal is revealed a card a second.",
    },
    Channel {
        name: "color",
        description: "Color Prediction's table: joined with `color:join`, left with `color:leave`. Picks are `red`, \
                      `green` or `blue`.",
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
    Event { channel, name, direction: Direction::ToClient, summary, payload, ack: None }
}

fn to_server(
    channel: &'static str,
    name: &'static str,
    summary: &'static str,
    payload: asyncapi::Payload,
    ack: asyncapi::Payload,
) -> Event {
    Event { channel, name, direction: Direction::ToServer, summary, payload, ack: Some(ack) }
}

/// `{success: true}`, or the error body.
fn done_or_error(s: &mut Schemas) -> Value {
    or_error(s, payload::<Done>)
}

/// The events every round table shares: `$game` is the room and the events' prefix, `$pick` and `$shown` the
/// game's pick and result types.
macro_rules! round_game {
    ($game:literal, $title:literal, $pick:ty, $shown:ty) => {
        [
            to_server(
                $game,
                concat!($game, ":join"),
                concat!("Joins the room; the ack is the table's state (", $title, ")"),
                nothing,
                |s| or_error(s, asyncapi::payload_of2::<GameState<$pick, $shown>, $pick, $shown>),
            ),
            to_server($game, concat!($game, ":leave"), "Leaves the room", nothing, payload::<Done>),
            to_server(
                $game,
                concat!($game, ":placeBet"),
                "Places a bet on the round in play; acked once the wallet committed the hold (a refused bet moves \
                 nothing)",
                asyncapi::payload_of::<BetRequest<$pick>, $pick>,
                |s| or_error(s, asyncapi::payload_of::<BetAccepted<$pick>, $pick>),
            ),
            to_client(
                $game,
                concat!($game, ":gameState"),
                "The whole table: when a round opens and when its reveal starts (and as the join's ack)",
                asyncapi::payload_of2::<GameState<$pick, $shown>, $pick, $shown>,
            ),
            to_client(
                $game,
                concat!($game, ":roundStart"),
                "A round opened for bets (its commitment and client seed)",
                payload::<RoundStart>,
            ),
            to_client(
                $game,
                concat!($game, ":timerUpdate"),
                "Once a second, and when betting closes",
                payload::<TimerUpdate>,
            ),
            to_client(
                $game,
                concat!($game, ":revealResult"),
                "The round's outcome and the server seed that decided it",
                asyncapi::payload_of::<RevealResult<$shown>, $shown>,
            ),
            to_client(
                $game,
                concat!($game, ":bets"),
                "The round's real bets, newest 20, names masked: when they change, at most once a second",
                |s| list(s, asyncapi::payload_of::<FeedRow<$pick>, $pick>),
            ),
        ]
    };
}

/// A round game's `winResult`, to the player's room.
macro_rules! win_result {
    ($game:literal, $title:literal, $pick:ty, $shown:ty) => {
        to_client(
            "user:{id}",
            concat!($game, ":winResult"),
            concat!($title, ": a ticket settled, once its money moved (`payout` 0: lost)"),
            asyncapi::payload_of2::<WinResult<$pick, $shown>, $pick, $shown>,
        )
    };
}

/// Every event, by channel in the order of [`CHANNELS`].
pub fn events() -> Vec<Event> {
    let mut out = vec![
        // connection
        to_server(
            CONNECTION,
            "ping",
            "Is the server there? (a `userId`, when sent, must be the caller's; a `slot`, when sent, 0 or 1)",
            nothing,
            |s| or_error(s, payload::<Pong>),
        ),
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
        win_result!("titli", "Titli Par", Picture, titli::wire::Shown),
        win_result!("andar_bahar", "Andar Bahar", Side, andar_bahar::wire::Shown),
        win_result!("color", "Color Prediction", Colour, color::wire::Shown),
        // aviator
        to_server(
            "aviator",
            "aviator:join",
            "Joins the room; `aviator_game_state` arrives just before the ack",
            nothing,
            payload::<AviatorJoined>,
        ),
        to_server(
            "aviator",
            "authenticate",
            "The spec's name for `aviator:join` (the connection is already authenticated at CONNECT)",
            nothing,
            payload::<AviatorJoined>,
        ),
        to_server("aviator", "aviator:leave", "Leaves the room", nothing, payload::<Done>),
        to_server(
            "aviator",
            "place_bet",
            "Places a bet on the round in countdown; acked once the wallet committed the hold",
            payload::<AviatorBetRequest>,
            |s| or_error(s, payload::<aviator::BetPlaced>),
        ),
        to_server(
            "aviator",
            "cancel_bet",
            "Cancels a bet while the round counts down; `pending` if the refund has not committed within 3 s \
             (`bet_cancelled` follows to the player's room)",
            payload::<AviatorBetRef>,
            |s| or_error(s, payload::<aviator::BetCancelled>),
        ),
        to_server(
            "aviator",
            "cash_out",
            "Cashes a bet out at the multiplier of the server's clock on receipt; `pending` if the payment has not \
             committed within 3 s (`cash_out_success` and `bet_result` follow to the player's room)",
            payload::<AviatorBetRef>,
            |s| or_error(s, payload::<aviator::CashOutSuccess>),
        ),
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
    ];
    out.extend(round_game!("titli", "Titli Par", Picture, titli::wire::Shown));
    out.extend([
        to_server(
            "titli",
            "titli:requestNextImage",
            "The latest revealed picture; also sent as `titli:nextImage` just before the ack",
            nothing,
            payload::<TitliNextImage>,
        ),
        to_client(
            "titli",
            "titli:nextImage",
            "To the connection that sent `titli:requestNextImage` alone, just before its ack (the same body)",
            payload::<TitliNextImage>,
        ),
    ]);
    out.extend(round_game!("andar_bahar", "Andar Bahar", Side, andar_bahar::wire::Shown));
    out.push(to_client(
        "andar_bahar",
        "andar_bahar:revealStep",
        "A card dealt, a card a second until the matching one",
        asyncapi::payload_of::<RevealStep<andar_bahar::wire::Step>, andar_bahar::wire::Step>,
    ));
    out.extend(round_game!("color", "Color Prediction", Colour, color::wire::Shown));
    out.extend([
        // matka
        to_server("matka", "matka:join", "Joins the room; the ack is the market list", nothing, |s| {
            or_error(s, payload::<matka::wire::MarketList>)
        }),
        to_server("matka", "matka:leave", "Leaves the room", nothing, payload::<Done>),
        to_client(
            "matka",
            "matka:status",
            "The markets, when one opens, closes or has a result",
            payload::<matka::wire::Status>,
        ),
        // parchi:{id}
        to_server(
            "parchi:{id}",
            "parchi:join",
            "Joins the match's room; the ack is the board",
            payload::<ParchiRoomRequest>,
            |s| or_error(s, payload::<parchi::wire::BoardView>),
        ),
        to_server(
            "parchi:{id}",
            "parchi:leave",
            "Leaves the match's room",
            payload::<ParchiRoomRequest>,
            done_or_error,
        ),
        to_client(
            "parchi:{id}",
            "parchi:board",
            "The board: whenever a play is taken, a card's total moves, plays close or the game ends",
            payload::<parchi::wire::BoardView>,
        ),
        // matches
        to_server(
            "matches",
            "getMatches",
            "Joins the room; the ack is the live list (not an object: `null` while the sports desk is \
             unavailable), also sent as `updateMatches` just before it",
            nothing,
            |s| or_null(s, payload::<sports::wire::LiveList>),
        ),
        to_server("matches", "leaveMatches", "Leaves the room", nothing, payload::<Done>),
        to_client(
            "matches",
            "updateMatches",
            "The live list, whenever the matches in play change (and to the connection that sent `getMatches`, \
             `null` while the sports desk is unavailable)",
            |s| or_null(s, payload::<sports::wire::LiveList>),
        ),
        // event:{id}
        to_server(
            "event:{id}",
            "subscribe",
            "Joins the match's room; the ack is the match detail, whose `seq` the deltas follow",
            payload::<SportsRoomRequest>,
            |s| or_error(s, payload::<sports::wire::MatchDetail>),
        ),
        to_server("event:{id}", "leave", "Leaves the match's room", payload::<SportsRoomRequest>, done_or_error),
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
        to_server("ops", "ops_watch", "Joins the room (operators only)", nothing, done_or_error),
        to_server("ops", "ops_unwatch", "Leaves the room (operators only)", nothing, done_or_error),
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
    use super::{CHANNELS, events};
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

    /// Every event name the server emits, as the code writes it: `Emit::new("…")`, `encode_event("…")`, the
    /// Aviator table's `queue("…")` and `to_user(…, &[("…", …)])`, a typed event's `ServerEvent::name`, the
    /// announcements of the dispatchers (`=> Some("…")`), and the round tables' `{game}:{event}` (each game's
    /// `RoundRules::NAME` with each `TableEvent` arm; `revealStep` only for a game whose reveal has steps).
    fn emitted(sources: &[(PathBuf, String)]) -> BTreeSet<String> {
        let mut names = BTreeSet::new();
        let mut table_events = BTreeSet::new();
        let mut games = Vec::new();
        let to_user = Regex::new(r"to_user\(\s*\w+,\s*&\[([^\]]*)\]").unwrap();
        let game = Regex::new(r#"impl RoundRules for \w+ \{\s*const NAME: &'static str = "([^"]+)""#).unwrap();
        let stepless = Regex::new(r"fn reveal_steps\([^)]*\) -> u32 \{\s*0\s*\}").unwrap();
        for (path, text) in sources {
            captures(r#"Emit::new\(\s*"([^"]+)""#, text, &mut names);
            captures(r#"encode_event\(\s*"([^"]+)""#, text, &mut names);
            captures(r#"\bqueue\(\s*"([^"]+)""#, text, &mut names);
            captures(
                r#"impl ServerEvent for [^{]+\{\s*fn name\(&self\) -> Cow<'static, str> \{\s*Cow::Borrowed\("([^"]+)"\)"#,
                text,
                &mut names,
            );
            for call in to_user.captures_iter(text).filter_map(|c| c.get(1)) {
                captures(r#"\(\s*"([^"]+)""#, call.as_str(), &mut names);
            }
            if is_dispatcher(path, text) {
                captures(r#"=>\s*Some\(\s*"([^"]+)"\s*\)"#, text, &mut names);
            }
            captures(r#"TableEvent::\w+\(_\) => "([^"]+)""#, text, &mut table_events);
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

    /// A file that answers client events (not the gateway itself, which only carries them).
    fn is_dispatcher(path: &Path, text: &str) -> bool {
        path.starts_with(root().join("http/src"))
            && !path.components().any(|c| c.as_os_str() == "socketio")
            && text.contains("EventReply")
    }

    /// What the dispatchers match event names on: literals in match arms and or-patterns (`"ping" =>`,
    /// `"a" | "b"`, `"x" if …`), tuple arms (`("getMatches", _)`), `matches!(…, "a" | "b")` lists, and the prefixes
    /// they strip (`strip_prefix("parchi:")`, answered as `parchi`). Arms may be whole names or the parts of a
    /// `{prefix}:{action}` name.
    fn dispatched(sources: &[(PathBuf, String)]) -> BTreeSet<String> {
        let mut literals = BTreeSet::new();
        let list = Regex::new(r#"matches!\([^,]+,\s*((?:"[^"]+"\s*\|?\s*)+)\)"#).unwrap();
        let dispatchers: Vec<_> = sources.iter().filter(|(p, t)| is_dispatcher(p, t)).collect();
        assert!(dispatchers.len() >= 2, "dispatchers: {:?}", dispatchers.iter().map(|(p, _)| p).collect::<Vec<_>>());
        for (_, text) in dispatchers {
            captures(r#""([^"]+)"\s*(?:=>|\||if\b)"#, text, &mut literals);
            captures(r#"\(\s*"([^"]+)",\s*(?:_|Some\()"#, text, &mut literals);
            for l in list.captures_iter(text).filter_map(|c| c.get(1)) {
                captures(r#""([^"]+)""#, l.as_str(), &mut literals);
            }
            let mut prefixes = BTreeSet::new();
            captures(r#"strip_prefix\(\s*"([^"]+):"\s*\)"#, text, &mut prefixes);
            literals.extend(prefixes);
        }
        literals
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

    /// Every name the dispatchers match on is an accepted event (or a part of one), and every accepted event in the
    /// catalogue is matched on: as a whole, or as a prefix (a game, `parchi`, `matka`) and an action.
    #[test]
    fn the_catalogue_has_every_event_the_server_accepts() {
        let arms = dispatched(&all_sources());
        let listed = catalogue(Direction::ToServer);
        assert!(arms.len() > 15, "the scan found only {} dispatched names: {arms:?}", arms.len());
        let covered = |arm: &String| {
            listed.iter().any(|n| n == arm || n.strip_suffix(arm.as_str()).is_some_and(|p| p.ends_with(':')))
                || listed.iter().any(|n| n.strip_prefix(arm.as_str()).is_some_and(|a| a.starts_with(':')))
        };
        let missing: Vec<_> = arms.iter().filter(|a| !covered(a)).collect();
        assert!(missing.is_empty(), "matched on by a dispatcher but not in socket_events.rs: {missing:?}");
        let dispatched = |name: &String| match name.split_once(':') {
            _ if arms.contains(name) => true,
            Some((prefix, action)) => arms.contains(prefix) && arms.contains(action),
            None => false,
        };
        let stale: Vec<_> = listed.iter().filter(|n| !dispatched(n)).collect();
        assert!(stale.is_empty(), "in socket_events.rs but no dispatcher matches on them: {stale:?}");
    }

    #[test]
    fn every_event_is_in_a_channel_once_and_every_channel_has_events() {
        let events = events();
        for e in &events {
            assert!(CHANNELS.iter().any(|c| c.name == e.channel), "{}: no channel {}", e.name, e.channel);
            assert_eq!(
                e.ack.is_some(),
                e.direction == Direction::ToServer,
                "{}: an ack goes with a client event",
                e.name
            );
            let same = events.iter().filter(|o| o.channel == e.channel && o.name == e.name).count();
            assert_eq!(same, 1, "{} is listed {same} times in {}", e.name, e.channel);
        }
        for c in CHANNELS {
            assert!(events.iter().any(|e| e.channel == c.name), "channel {} has no events", c.name);
        }
        let names: BTreeSet<_> = CHANNELS.iter().map(|c| c.name).collect();
        assert_eq!(names.len(), CHANNELS.len(), "a channel is listed twice");
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
