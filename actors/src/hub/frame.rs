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
