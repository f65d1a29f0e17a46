//! Aviator's frames: its typed server events (decoded on the shared fast path, `common::protocol`), the ack of
//! place_bet and cash_out, and the two requests a bettor sends.

use crate::common::money::rupees_json;
use crate::common::protocol::{self, DecodeError, event_frame};
use casino_http::socketio::codec::{MAIN_NAMESPACE, SioPacket};
use serde::de::{self, IgnoredAny, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::{Number, Value, json};
use std::fmt;

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

/// One inbound websocket text frame, decoded.
pub type Inbound = protocol::Inbound<ServerEvent, AckBody>;

/// Decode one text frame.
pub fn decode(frame: &str) -> Result<Inbound, DecodeError> {
    protocol::decode(frame)
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

/// `42["authenticate",{}]`, without an ack id: the spec's "Aviator screen opened" (the server joins the connection
/// to the table's room and sends `aviator_game_state`). No answer is awaited: a peer that puts every connection in
/// the room at connect may drop an event that arrives before its handlers are registered.
pub fn authenticate_frame() -> String {
    SioPacket::Event { nsp: MAIN_NAMESPACE.into(), ack: None, name: "authenticate".into(), args: vec![json!({})] }
        .to_frame()
}

/// `42<ack>["cash_out",{…}]`
pub fn cash_out_frame(ack: u64, user_id: i64, round_id: i64, slot: u8) -> String {
    event_frame(ack, "cash_out", json!({ "userId": user_id, "roundId": round_id, "slot": slot }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use casino_http::socketio::codec::{EioPacket, SioPacket};

    #[test]
    fn game_state_broadcast_decodes_on_the_fast_path() {
        let frame = r#"42["aviator_game_state",{"phase":"flying","countdown":0,"countdownMs":0,"multiplier":1.37,"roundId":42,"isActive":true,"elapsed":5300,"serverTime":1700000000123}]"#;
        let Ok(Inbound::Event(ServerEvent::GameState(s))) = decode(frame) else { panic!("not a state: {frame}") };
        assert_eq!(s.phase, Phase::Flying);
        assert_eq!(s.round_id, 42);
        assert_eq!(s.elapsed, Some(5300));
        assert_eq!(s.server_time, 1_700_000_000_123);
        assert_eq!(s.multiplier.as_ref().and_then(crate::common::money::number_hundredths), Some(137));
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
        assert_eq!(crate::common::money::number_hundredths(&c.total_winnings), Some(2050));
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
        assert_eq!(event(&authenticate_frame()), Some((None, "authenticate".to_owned(), vec![json!({})])));
    }
}
