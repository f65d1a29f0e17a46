//! Engine.IO v4 and Socket.IO v5 packets as typed values: `parse` from a websocket text frame, `encode` back to the
//! exact wire string. Pure: no IO, no clocks.
//!
//! Over the websocket transport every text frame is one Engine.IO packet: a type digit and an optional payload.
//! A `4` (message) carries one Socket.IO packet: `<type>[<attachments>-][<nsp>,][<ack id>][<json>]`. A binary event
//! or ack (types 5 and 6) names how many binary attachments follow it (websocket binary frames, or `b<base64>`
//! packets over long-polling); its JSON holds a `{"_placeholder":true,"num":n}` where each goes.
//!
//! Parsing is strict: anything the reference implementation would not produce is an error, including ack ids with
//! leading zeros and event names that are not strings. For every `p` that parses, `parse(encode(p)) == p`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt::Write as _;

/// The main namespace, the only one the gateway serves.
pub const MAIN_NAMESPACE: &str = "/";

/// Event names that Socket.IO reserves for its own use; a client may not emit them.
pub const RESERVED_EVENTS: [&str; 6] =
    ["connect", "connect_error", "disconnect", "disconnecting", "newListener", "removeListener"];

/// Engine.IO handshake data, sent by the server in the open packet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Handshake {
    pub sid: String,
    pub upgrades: Vec<String>,
    pub ping_interval: u64,
    pub ping_timeout: u64,
    pub max_payload: u64,
}

/// One Engine.IO packet.
#[derive(Debug, Clone, PartialEq)]
pub enum EioPacket {
    /// `0{json}`
    Open(Handshake),
    /// `1`
    Close,
    /// `2`, or `2probe` during a transport upgrade.
    Ping { probe: bool },
    /// `3`, or `3probe`.
    Pong { probe: bool },
    /// `4<socket.io packet>`
    Message(SioPacket),
    /// `5`
    Upgrade,
    /// `6`
    Noop,
}

/// An acknowledgement id: a non-negative integer chosen by the emitter.
pub type AckId = u64;

/// One Socket.IO packet. `nsp` is the namespace; `"/"` is written without a prefix.
#[derive(Debug, Clone, PartialEq)]
pub enum SioPacket {
    /// `0[/nsp,][{json}]`: from the client with optional auth, from the server with `{"sid":…}`.
    Connect { nsp: String, data: Option<Map<String, Value>> },
    /// `1[/nsp,]`
    Disconnect { nsp: String },
    /// `2[/nsp,][id]["name",args…]`
    Event { nsp: String, ack: Option<AckId>, name: String, args: Vec<Value> },
    /// `3[/nsp,]id[args…]`
    Ack { nsp: String, ack: AckId, args: Vec<Value> },
    /// `4[/nsp,]{"message":…[,"data":…]}`
    ConnectError { nsp: String, message: String, data: Option<Value> },
    /// `5<n>-[/nsp,][id]["name",args…]`: an event whose `n` binary attachments follow it.
    BinaryEvent { nsp: String, ack: Option<AckId>, name: String, args: Vec<Value>, attachments: u64 },
    /// `6<n>-[/nsp,]id[args…]`
    BinaryAck { nsp: String, ack: AckId, args: Vec<Value>, attachments: u64 },
}

/// Why a frame is not a packet we accept.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodecError {
    #[error("empty packet")]
    Empty,
    #[error("unknown Engine.IO packet type {0:?}")]
    UnknownEngineType(char),
    #[error("unknown Socket.IO packet type {0:?}")]
    UnknownSocketType(char),
    #[error("invalid binary attachment count")]
    InvalidAttachments,
    #[error("unexpected payload after packet type")]
    UnexpectedPayload,
    #[error("missing payload")]
    MissingPayload,
    #[error("invalid namespace")]
    InvalidNamespace,
    #[error("invalid ack id")]
    InvalidAckId,
    #[error("invalid JSON: {0}")]
    InvalidJson(String),
    #[error("invalid payload: {0}")]
    InvalidPayload(&'static str),
}

impl EioPacket {
    /// Parse one websocket text frame.
    pub fn parse(frame: &str) -> Result<Self, CodecError> {
        let mut chars = frame.chars();
        let kind = chars.next().ok_or(CodecError::Empty)?;
        let rest = chars.as_str();
        let no_payload = |p: EioPacket| {
            if rest.is_empty() { Ok(p) } else { Err(CodecError::UnexpectedPayload) }
        };
        match kind {
            '0' => serde_json::from_str(rest).map(EioPacket::Open).map_err(json_error),
            '1' => no_payload(EioPacket::Close),
            '2' => Ok(EioPacket::Ping { probe: probe(rest)? }),
            '3' => Ok(EioPacket::Pong { probe: probe(rest)? }),
            '4' => SioPacket::parse(rest).map(EioPacket::Message),
            '5' => no_payload(EioPacket::Upgrade),
            '6' => no_payload(EioPacket::Noop),
            other => Err(CodecError::UnknownEngineType(other)),
        }
    }

    /// The exact wire string.
    pub fn encode(&self) -> String {
        match self {
            EioPacket::Open(hs) => format!("0{}", json_string(hs)),
            EioPacket::Close => "1".into(),
            EioPacket::Ping { probe } => if *probe { "2probe" } else { "2" }.into(),
            EioPacket::Pong { probe } => if *probe { "3probe" } else { "3" }.into(),
            EioPacket::Message(p) => {
                let mut out = String::from("4");
                p.encode_into(&mut out);
                out
            }
            EioPacket::Upgrade => "5".into(),
            EioPacket::Noop => "6".into(),
        }
    }
}

fn probe(rest: &str) -> Result<bool, CodecError> {
    match rest {
        "" => Ok(false),
        "probe" => Ok(true),
        _ => Err(CodecError::UnexpectedPayload),
    }
}

fn json_error(e: serde_json::Error) -> CodecError {
    CodecError::InvalidJson(e.to_string())
}

/// Serialise a value that cannot fail to serialise (plain structs and `Value`s have string keys only).
fn json_string<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

impl SioPacket {
    /// Parse the Socket.IO packet carried by an Engine.IO message (without the leading `4`).
    pub fn parse(s: &str) -> Result<Self, CodecError> {
        let mut chars = s.chars();
        let kind = chars.next().ok_or(CodecError::Empty)?;
        if !matches!(kind, '0'..='6') {
            return Err(CodecError::UnknownSocketType(kind));
        }
        let (attachments, rest) =
            if matches!(kind, '5' | '6') { split_attachments(chars.as_str())? } else { (0, chars.as_str()) };
        let (nsp, rest) = split_namespace(rest)?;
        let (ack, json) = split_ack_id(rest)?;
        match kind {
            '0' => {
                no_ack(ack)?;
                let data = match json {
                    "" => None,
                    json => match parse_json(json)? {
                        Value::Object(map) => Some(map),
                        _ => {
                            return Err(CodecError::InvalidPayload("CONNECT payload must be an object"));
                        }
                    },
                };
                Ok(SioPacket::Connect { nsp, data })
            }
            '1' => {
                no_ack(ack)?;
                if json.is_empty() { Ok(SioPacket::Disconnect { nsp }) } else { Err(CodecError::UnexpectedPayload) }
            }
            '2' | '5' => {
                let mut args = parse_array(json)?.into_iter();
                let name = match args.next() {
                    Some(Value::String(name)) => name,
                    Some(_) => {
                        return Err(CodecError::InvalidPayload("event name must be a string"));
                    }
                    None => return Err(CodecError::InvalidPayload("EVENT needs an event name")),
                };
                if RESERVED_EVENTS.contains(&name.as_str()) {
                    return Err(CodecError::InvalidPayload("reserved event name"));
                }
                let args = args.collect();
                Ok(if kind == '2' {
                    SioPacket::Event { nsp, ack, name, args }
                } else {
                    SioPacket::BinaryEvent { nsp, ack, name, args, attachments }
                })
            }
            '3' | '6' => {
                let ack = ack.ok_or(CodecError::InvalidAckId)?;
                let args = parse_array(json)?;
                Ok(if kind == '3' {
                    SioPacket::Ack { nsp, ack, args }
                } else {
                    SioPacket::BinaryAck { nsp, ack, args, attachments }
                })
            }
            _ => {
                no_ack(ack)?;
                match parse_json(json)? {
                    Value::Object(mut map) => {
                        let message = match map.remove("message") {
                            Some(Value::String(m)) => m,
                            _ => {
                                return Err(CodecError::InvalidPayload("CONNECT_ERROR needs a message"));
                            }
                        };
                        let data = map.remove("data");
                        if !map.is_empty() {
                            return Err(CodecError::InvalidPayload("unknown CONNECT_ERROR field"));
                        }
                        Ok(SioPacket::ConnectError { nsp, message, data })
                    }
                    _ => Err(CodecError::InvalidPayload("CONNECT_ERROR payload must be an object")),
                }
            }
        }
    }

    /// The exact wire string of this packet inside an Engine.IO message (without the leading `4`).
    pub fn encode(&self) -> String {
        let mut out = String::new();
        self.encode_into(&mut out);
        out
    }

    /// This packet as a complete websocket text frame (`4…`).
    pub fn to_frame(&self) -> String {
        let mut out = String::from("4");
        self.encode_into(&mut out);
        out
    }

    fn encode_into(&self, out: &mut String) {
        let (kind, nsp) = match self {
            SioPacket::Connect { nsp, .. } => ('0', nsp),
            SioPacket::Disconnect { nsp } => ('1', nsp),
            SioPacket::Event { nsp, .. } => ('2', nsp),
            SioPacket::Ack { nsp, .. } => ('3', nsp),
            SioPacket::ConnectError { nsp, .. } => ('4', nsp),
            SioPacket::BinaryEvent { nsp, .. } => ('5', nsp),
            SioPacket::BinaryAck { nsp, .. } => ('6', nsp),
        };
        out.push(kind);
        if let SioPacket::BinaryEvent { attachments, .. } | SioPacket::BinaryAck { attachments, .. } = self {
            let _ = write!(out, "{attachments}-");
        }
        if nsp != MAIN_NAMESPACE {
            out.push_str(nsp);
            out.push(',');
        }
        match self {
            SioPacket::Connect { data, .. } => {
                if let Some(data) = data {
                    out.push_str(&json_string(data));
                }
            }
            SioPacket::Disconnect { .. } => {}
            SioPacket::Event { ack, name, args, .. } | SioPacket::BinaryEvent { ack, name, args, .. } => {
                if let Some(id) = ack {
                    let _ = write!(out, "{id}");
                }
                out.push('[');
                out.push_str(&json_string(name));
                for arg in args {
                    out.push(',');
                    out.push_str(&json_string(arg));
                }
                out.push(']');
            }
            SioPacket::Ack { ack, args, .. } | SioPacket::BinaryAck { ack, args, .. } => {
                let _ = write!(out, "{ack}");
                out.push_str(&json_string(args));
            }
            SioPacket::ConnectError { message, data, .. } => {
                let mut map = Map::new();
                map.insert("message".into(), Value::String(message.clone()));
                if let Some(data) = data {
                    map.insert("data".into(), data.clone());
                }
                out.push_str(&json_string(&map));
            }
        }
    }
}

/// `<n>-rest` → (`n`, `rest`): a binary packet's attachment count, canonical (no leading zeros), at least one.
fn split_attachments(s: &str) -> Result<(u64, &str), CodecError> {
    let (count, rest) = s.split_once('-').ok_or(CodecError::InvalidAttachments)?;
    let canonical = !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()) && !count.starts_with('0');
    let n = count.parse::<u64>().ok().filter(|_| canonical).ok_or(CodecError::InvalidAttachments)?;
    Ok((n, rest))
}

/// `/nsp,rest` → (`/nsp`, `rest`); a namespace without a comma runs to the end; anything else is the main one.
fn split_namespace(s: &str) -> Result<(String, &str), CodecError> {
    if !s.starts_with('/') {
        return Ok((MAIN_NAMESPACE.to_owned(), s));
    }
    let (nsp, rest) = match s.find(',') {
        Some(i) => (&s[..i], &s[i + 1..]),
        None => (s, ""),
    };
    // A namespace is a path; control characters or JSON/ack-looking content would make encoding ambiguous.
    if nsp.chars().any(|c| c.is_control() || c == '"') {
        return Err(CodecError::InvalidNamespace);
    }
    Ok((nsp.to_owned(), rest))
}

/// Leading decimal digits are the ack id: canonical (no leading zeros), fitting in `u64`.
fn split_ack_id(s: &str) -> Result<(Option<AckId>, &str), CodecError> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Ok((None, s));
    }
    let (id, rest) = s.split_at(digits);
    if digits > 1 && id.starts_with('0') {
        return Err(CodecError::InvalidAckId);
    }
    let id = id.parse::<AckId>().map_err(|_| CodecError::InvalidAckId)?;
    Ok((Some(id), rest))
}

fn no_ack(ack: Option<AckId>) -> Result<(), CodecError> {
    match ack {
        None => Ok(()),
        Some(_) => Err(CodecError::InvalidAckId),
    }
}

fn parse_json(json: &str) -> Result<Value, CodecError> {
    if json.is_empty() {
        return Err(CodecError::MissingPayload);
    }
    serde_json::from_str(json).map_err(json_error)
}

fn parse_array(json: &str) -> Result<Vec<Value>, CodecError> {
    match parse_json(json)? {
        Value::Array(items) => Ok(items),
        _ => Err(CodecError::InvalidPayload("payload must be an array")),
    }
}

#[cfg(test)]
mod tests;
