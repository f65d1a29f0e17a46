//! Socket.IO frames in and out of a bettor's websocket, for any game. Control packets and acks go through the
//! shared codec (`casino_http::socketio::codec`); the hot path — `42["event",{…}]` broadcasts — is deserialised
//! straight into the scenario's typed event `E` without building a `serde_json::Value` tree, and falls back to the
//! codec (for its precise error) when that fails. Acks' first argument becomes the scenario's `A`.

use casino_http::socketio::codec::{CodecError, EioPacket, MAIN_NAMESPACE, SioPacket};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::fmt;

/// The Engine.IO pong answering the server's ping.
pub const PONG: &str = "3";

/// One inbound websocket text frame, decoded: `E` a server → client event, `A` an ack's first argument.
#[derive(Debug, Clone, PartialEq)]
pub enum Inbound<E, A> {
    Open,
    Ping,
    Close,
    /// `40{"sid":…}`
    Connected,
    /// `44{"message":…}`
    Refused(String),
    /// `41`
    Disconnected,
    Event(E),
    Ack {
        id: u64,
        body: A,
    },
    /// Pong, noop, upgrade: nothing to do.
    Ignored,
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

/// Decode one text frame. `E` deserialises from the whole event array `["name", payload…]`.
pub fn decode<E: DeserializeOwned, A: DeserializeOwned>(frame: &str) -> Result<Inbound<E, A>, DecodeError> {
    if let Some(array) = frame.strip_prefix("42[") {
        // Fast path: the array is `["name",payload…]`; re-include the bracket.
        let text = &frame[2..];
        debug_assert!(text.len() == array.len() + 1);
        if let Ok(event) = serde_json::from_str::<E>(text) {
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
            // The games send no binary attachments; a swarm's player never expects one.
            SioPacket::BinaryEvent { name, attachments, .. } => {
                Err(DecodeError::Shape(format!("binary event {name} with {attachments} attachment(s)")))
            }
            SioPacket::BinaryAck { ack, attachments, .. } => {
                Err(DecodeError::Shape(format!("binary ack {ack} with {attachments} attachment(s)")))
            }
        },
    }
}

/// `40{"token":…}`
pub fn connect_frame(token: &str) -> String {
    let mut data = serde_json::Map::new();
    data.insert("token".into(), Value::String(token.into()));
    SioPacket::Connect { nsp: MAIN_NAMESPACE.into(), data: Some(data) }.to_frame()
}

/// `42<ack>["name",payload]`
pub fn event_frame(ack: u64, name: &str, payload: Value) -> String {
    SioPacket::Event { nsp: MAIN_NAMESPACE.into(), ack: Some(ack), name: name.into(), args: vec![payload] }.to_frame()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::IgnoredAny;

    type Any = Inbound<IgnoredAny, Value>;

    #[test]
    fn control_packets_and_acks_go_through_the_codec() {
        assert_eq!(decode::<IgnoredAny, Value>("2"), Ok(Any::Ping));
        assert_eq!(decode::<IgnoredAny, Value>(r#"40{"sid":"abc"}"#), Ok(Any::Connected));
        assert_eq!(
            decode::<IgnoredAny, Value>(r#"44{"message":"unauthorized"}"#),
            Ok(Any::Refused("unauthorized".into()))
        );
        let open = r#"0{"sid":"x","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}"#;
        assert_eq!(decode::<IgnoredAny, Value>(open), Ok(Any::Open));
        assert_eq!(
            decode::<IgnoredAny, Value>(r#"437[{"success":true}]"#),
            Ok(Any::Ack { id: 7, body: serde_json::json!({"success": true}) })
        );
        assert_eq!(decode::<IgnoredAny, Value>(r#"42["anything",{"a":1}]"#), Ok(Any::Event(IgnoredAny)));
    }

    #[test]
    fn binary_packets_are_not_what_a_player_expects() {
        let event = decode::<IgnoredAny, Value>(r#"451-["upload",{"_placeholder":true,"num":0}]"#);
        assert!(matches!(event, Err(DecodeError::Shape(ref e)) if e.contains("binary event upload")), "{event:?}");
        let ack = decode::<IgnoredAny, Value>(r#"461-4[{"_placeholder":true,"num":0}]"#);
        assert!(matches!(ack, Err(DecodeError::Shape(ref e)) if e.contains("binary ack 4")), "{ack:?}");
    }

    #[test]
    fn malformed_frames_are_codec_errors() {
        assert!(matches!(decode::<IgnoredAny, Value>(""), Err(DecodeError::Codec(_))));
        assert!(matches!(decode::<IgnoredAny, Value>("43[{}]"), Err(DecodeError::Codec(_))));
        assert!(matches!(decode::<IgnoredAny, Value>("43"), Err(DecodeError::Codec(_))));
    }

    #[test]
    fn outgoing_frames_are_what_the_codec_reads_back() {
        assert_eq!(connect_frame("t0k"), r#"40{"token":"t0k"}"#);
        let frame = event_frame(3, "titli:join", serde_json::json!({}));
        assert_eq!(frame, r#"423["titli:join",{}]"#);
    }
}
