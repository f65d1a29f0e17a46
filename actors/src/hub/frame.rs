//! The one Socket.IO frame shape the domain needs to produce: an EVENT on the main namespace.
//!
//! `42["name",payload]` is Engine.IO `4` (message) + Socket.IO `2` (EVENT). The gateway's codec produces the same
//! bytes for the same event (it has a test for that); this copy exists so `actors` never depends on `http`.

use serde_json::Value;
use std::sync::Arc;

/// Encode a server → client event as a websocket text frame, once, for sharing among all recipients.
pub fn encode_event(name: &str, payload: &Value) -> Arc<str> {
    // Serialising a `&str` and a `Value` cannot fail (no maps with non-string keys, no I/O).
    let name = Value::String(name.to_owned());
    let mut out = String::with_capacity(16 + name.as_str().map_or(0, str::len));
    out.push_str("42[");
    out.push_str(&name.to_string());
    out.push(',');
    out.push_str(&payload.to_string());
    out.push(']');
    Arc::from(out)
}

/// A typed server → client event: its name, and its payload as its serde form (see each game's `wire.rs`).
pub trait ServerEvent: serde::Serialize {
    fn name(&self) -> std::borrow::Cow<'static, str>;
}

/// Encode a typed event as a websocket text frame (the same bytes as [`encode_event`] of its JSON).
pub fn encode<E: ServerEvent>(event: &E) -> Arc<str> {
    let mut out = String::with_capacity(64);
    out.push_str("42[");
    out.push_str(&Value::String(event.name().into_owned()).to_string());
    out.push(',');
    // Serialising plain data (no maps with non-string keys, no I/O) cannot fail.
    out.push_str(&serde_json::to_string(event).unwrap_or_else(|_| "null".into()));
    out.push(']');
    Arc::from(out)
}
