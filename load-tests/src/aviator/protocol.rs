//! Frames in and out of one bettor's websocket. Control packets and acks go through the shared codec
//! (`casino_http::socketio::codec`); the hot path — `42["event",{…}]` broadcasts, ten per second per bettor while
//! flying — is deserialised straight into typed events without building a `serde_json::Value` tree, and falls
//! back to the codec (for its precise error) when that fails.

use casino_http::socketio::codec::{CodecError, EioPacket, MAIN_NAMESPACE, SioPacket};
use serde::de::{self, IgnoredAny, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::{Number, Value, json};
use std::fmt;

/// The Engine.IO pong answering the server's ping.
pub const PONG: &str = "3";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Countdown,
    Flying,
    Crashed,
}

/// `aviator_game_state`, only the fields a bettor acts on.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameState {
    pub phase: Phase,
    pub round_id: i64,
    #[serde(default)]
    pub countdown_ms: Option<i64>,
    #[serde(default)]
    pub elapsed: Option<i64>,
    pub server_time: i64,
    #[serde(default)]
    pub multiplier: Option<Number>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameResult {
    pub round_id: i64,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CashOutSuccess {
    pub total_winnings: Number,
    pub slot: u8,
    pub round_id: i64,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BetResult {
    pub round_id: i64,
    pub slot: u8,
    pub win: bool,
    pub winnings: Number,
}

/// A server → client event.
#[derive(Debug, Clone, PartialEq)]
pub enum ServerEvent {
    GameState(GameState),
    BetUpdate,
    GameResult(GameResult),
    BetPlaced,
    CashOutSuccess(CashOutSuccess),
    BetCancelled,
    BetResult(BetResult),
    BalanceUpdate,
    Other,
}

/// One inbound websocket text frame, decoded.
#[derive(Debug, Clone, PartialEq)]
pub enum Inbound {
    Open,
    Ping,
    Close,
    /// `40{"sid":…}`
    Connected,
    /// `44{"message":…}`
    Refused(String),
    /// `41`
    Disconnected,
    Event(ServerEvent),
    Ack {
        id: u64,
        body: AckBody,
    },
    /// Pong, noop, upgrade: nothing to do.
    Ignored,
}

/// The first argument of an ack (`43<id>[{…}]`) to place_bet or cash_out.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AckBody {
    pub success: bool,
    #[serde(default)]
    pub error: Option<String>,
    #[serde(default)]
    pub amount: Option<Number>,
    #[serde(default)]
    pub total_winnings: Option<Number>,
    #[serde(default)]
    pub slot: Option<u8>,
    #[serde(default)]
    pub round_id: Option<i64>,
}

/// Why a frame could not be used.
#[derive(Debug, Clone, PartialEq)]
pub enum DecodeError {
    Codec(CodecError),
    /// A well-formed packet whose payload does not have the expected shape.
    Shape(String),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Codec(e) => write!(f, "codec: {e}"),
            DecodeError::Shape(e) => write!(f, "shape: {e}"),
        }
    }
}

/// Decode one text frame.
pub fn decode(frame: &str) -> Result<Inbound, DecodeError> {
    if let Some(array) = frame.strip_prefix("42[") {
        // Fast path: the array is `["name",payload…]`; re-include the bracket.
        let text = &frame[2..];
        debug_assert!(text.len() == array.len() + 1);
        if let Ok(event) = serde_json::from_str::<ServerEvent>(text) {
            return Ok(Inbound::Event(event));
        }
    }
    match EioPacket::parse(frame).map_err(DecodeError::Codec)? {
        EioPacket::Open(_) => Ok(Inbound::Open),
        EioPacket::Close => Ok(Inbound::Close),
        EioPacket::Ping { .. } => Ok(Inbound::Ping),
        EioPacket::Pong { .. } | EioPacket::Upgrade | EioPacket::Noop => Ok(Inbound::Ignored),
        EioPacket::Message(packet) => match packet {
            SioPacket::Connect { .. } => Ok(Inbound::Connected),
            SioPacket::ConnectError { message, .. } => Ok(Inbound::Refused(message)),
            SioPacket::Disconnect { .. } => Ok(Inbound::Disconnected),
            SioPacket::Ack { ack, mut args, .. } => {
                if args.is_empty() {
                    return Err(DecodeError::Shape(format!("ack {ack} without arguments")));
                }
                let body = serde_json::from_value(args.swap_remove(0))
                    .map_err(|e| DecodeError::Shape(format!("ack {ack}: {e}")))?;
                Ok(Inbound::Ack { id: ack, body })
            }
            SioPacket::Event { name, .. } => {
                // The fast path refused it, so a known event has an unexpected payload.
                Err(DecodeError::Shape(format!("event {name} has an unexpected payload")))
            }
        },
    }
}

impl<'de> Deserialize<'de> for ServerEvent {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(EventVisitor)
    }
}

struct EventVisitor;

impl<'de> Visitor<'de> for EventVisitor {
    type Value = ServerEvent;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Socket.IO event array [name, payload]")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ServerEvent, A::Error> {
        let name: &str = seq.next_element()?.ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let missing = || de::Error::invalid_length(1, &EventVisitor);
        let event = match name {
            "aviator_game_state" => ServerEvent::GameState(seq.next_element()?.ok_or_else(missing)?),
            "aviator_game_result" => ServerEvent::GameResult(seq.next_element()?.ok_or_else(missing)?),
            "cash_out_success" => ServerEvent::CashOutSuccess(seq.next_element()?.ok_or_else(missing)?),
            "bet_result" => ServerEvent::BetResult(seq.next_element()?.ok_or_else(missing)?),
            "aviator_bet_update" => ServerEvent::BetUpdate,
            "bet_placed" => ServerEvent::BetPlaced,
            "bet_cancelled" => ServerEvent::BetCancelled,
            "balance_update" => ServerEvent::BalanceUpdate,
            _ => ServerEvent::Other,
        };
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(event)
    }
}

/// `40{"token":…}`
pub fn connect_frame(token: &str) -> String {
    let mut data = serde_json::Map::new();
    data.insert("token".into(), Value::String(token.into()));
    SioPacket::Connect { nsp: MAIN_NAMESPACE.into(), data: Some(data) }.to_frame()
}

/// Rupees in paise as a JSON number with at most 2 decimals, built from its decimal text.
fn rupees_json(paise: i64) -> Value {
    if paise % 100 == 0 {
        Value::from(paise / 100)
    } else {
        let text = crate::aviator::money::fmt_paise(paise);
        serde_json::from_str(&text).unwrap_or(Value::Null)
    }
}

fn event_frame(ack: u64, name: &str, payload: Value) -> String {
    SioPacket::Event { nsp: MAIN_NAMESPACE.into(), ack: Some(ack), name: name.into(), args: vec![payload] }.to_frame()
}

/// `42<ack>["place_bet",{…}]`; `auto_cashout` in hundredths.
pub fn place_bet_frame(
    ack: u64,
    user_id: i64,
    stake: i64,
    round_id: i64,
    slot: u8,
    auto_cashout: Option<i64>,
) -> String {
    let mut payload = json!({
        "userId": user_id,
        "amount": rupees_json(stake),
        "roundId": round_id,
        "slot": slot,
    });
    if let (Some(target), Value::Object(map)) = (auto_cashout, &mut payload) {
        map.insert("autoCashout".into(), rupees_json(target));
    }
    event_frame(ack, "place_bet", payload)
}

/// `42<ack>["cash_out",{…}]`
pub fn cash_out_frame(ack: u64, user_id: i64, round_id: i64, slot: u8) -> String {
    event_frame(ack, "cash_out", json!({ "userId": user_id, "roundId": round_id, "slot": slot }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_state_broadcast_decodes_on_the_fast_path() {
        let frame = r#"42["aviator_game_state",{"phase":"flying","countdown":0,"countdownMs":0,"multiplier":1.37,"roundId":42,"isActive":true,"elapsed":5300,"serverTime":1700000000123}]"#;
        let Ok(Inbound::Event(ServerEvent::GameState(s))) = decode(frame) else { panic!("not a state: {frame}") };
        assert_eq!(s.phase, Phase::Flying);
        assert_eq!(s.round_id, 42);
        assert_eq!(s.elapsed, Some(5300));
        assert_eq!(s.server_time, 1_700_000_000_123);
        assert_eq!(s.multiplier.as_ref().and_then(crate::aviator::money::number_hundredths), Some(137));
    }

    #[test]
    fn settlement_events_and_unknown_events_decode() {
        let r =
            decode(r#"42["bet_result",{"roundId":7,"slot":1,"win":false,"amount":10,"winnings":0,"multiplier":null}]"#);
        assert!(matches!(
            r,
            Ok(Inbound::Event(ServerEvent::BetResult(BetResult { round_id: 7, slot: 1, win: false, .. })))
        ));
        let r = decode(
            r#"42["cash_out_success",{"success":true,"totalWinnings":20.5,"multiplier":2.05,"slot":0,"roundId":7}]"#,
        );
        let Ok(Inbound::Event(ServerEvent::CashOutSuccess(c))) = r else { panic!("{r:?}") };
        assert_eq!(crate::aviator::money::number_hundredths(&c.total_winnings), Some(2050));
        assert_eq!(
            decode(r#"42["aviator_bet_update",[{"username":"a","amount":1}]]"#),
            Ok(Inbound::Event(ServerEvent::BetUpdate))
        );
        assert_eq!(decode(r#"42["something_new",1,2]"#), Ok(Inbound::Event(ServerEvent::Other)));
    }

    #[test]
    fn control_packets_and_acks_go_through_the_codec() {
        assert_eq!(decode("2"), Ok(Inbound::Ping));
        assert_eq!(decode(r#"40{"sid":"abc"}"#), Ok(Inbound::Connected));
        assert_eq!(decode(r#"44{"message":"unauthorized"}"#), Ok(Inbound::Refused("unauthorized".into())));
        let open = r#"0{"sid":"x","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}"#;
        assert_eq!(decode(open), Ok(Inbound::Open));
        let Ok(Inbound::Ack { id: 12, body }) = decode(r#"4312[{"success":false,"error":"too_late","message":"x"}]"#)
        else {
            panic!("ack")
        };
        assert!(!body.success);
        assert_eq!(body.error.as_deref(), Some("too_late"));
    }

    #[test]
    fn malformed_frames_and_bad_payloads_are_errors() {
        assert!(matches!(decode(""), Err(DecodeError::Codec(_))));
        assert!(matches!(decode("42[\"aviator_game_state\",{\"phase\":\"boom\"}]"), Err(DecodeError::Shape(_))));
        assert!(matches!(decode("43[{}]"), Err(DecodeError::Codec(_))));
    }

    #[test]
    fn outgoing_frames_are_what_the_codec_reads_back() {
        let event = |frame: &str| match EioPacket::parse(frame) {
            Ok(EioPacket::Message(SioPacket::Event { ack, name, args, .. })) => Some((ack, name, args)),
            _ => None,
        };
        let frame = place_bet_frame(3, 9, 12_345, 77, 1, Some(250));
        assert!(frame.starts_with("423[\"place_bet\","), "{frame}");
        let want = json!({"userId": 9, "amount": 123.45, "roundId": 77, "slot": 1, "autoCashout": 2.5});
        assert_eq!(event(&frame), Some((Some(3), "place_bet".to_owned(), vec![want])));
        let manual = place_bet_frame(5, 9, 1_000, 77, 0, None);
        let want = json!({"userId": 9, "amount": 10, "roundId": 77, "slot": 0});
        assert_eq!(event(&manual), Some((Some(5), "place_bet".to_owned(), vec![want])));
        let want = json!({"userId": 9, "roundId": 77, "slot": 0});
        assert_eq!(event(&cash_out_frame(4, 9, 77, 0)), Some((Some(4), "cash_out".to_owned(), vec![want])));
        assert_eq!(connect_frame("t0k"), r#"40{"token":"t0k"}"#);
    }
}
