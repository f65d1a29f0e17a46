//! The Socket.IO events as an AsyncAPI 3.0 document (`/api/asyncapi.json`, `docs/asyncapi.json`) and as a
//! generated page for people (`docs/EVENTS.md`). Each event names the Rust type its payload is serialized from
//! (mostly in a game's `wire.rs`), so the schemas come from the same types the server sends and reads. The
//! catalogue itself is [`crate::socket_events`].
//!
//! Channels are the rooms a connection joins (`aviator`, `titli`, `event:{id}`, …) plus `user:{id}` (the events sent
//! to one player's connections) and `connection` (what any connection may send without joining a room). From the
//! server's side, `send` is an event the server emits and `receive` one it takes, answered by an ack (`reply`).

use crate::openapi::ErrorBody;
use actix_web::{HttpResponse, get};
use serde_json::{Map, Value, json};
use std::borrow::Cow;
use std::sync::OnceLock;

pub use casino_actors::hub::catalogue::{Payload, Schemas, list, or_null, payload, payload_of, payload_of2};

/// An ack that is `success` or the shared error body `{success: false, error, message}`.
pub fn or_error(schemas: &mut Schemas, success: Payload) -> Value {
    json!({ "oneOf": [success(schemas), crate::asyncapi::payload::<ErrorBody>(schemas)] })
}

/// An ack that is `T` or the shared error body.
pub fn payload_or_error<T: utoipa::ToSchema>(schemas: &mut Schemas) -> Value {
    or_error(schemas, payload::<T>)
}

/// An event without a payload: whatever the client sends is ignored.
pub fn nothing(_: &mut Schemas) -> Value {
    json!({ "description": "No payload (anything sent is ignored)" })
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    /// The server emits it.
    ToClient,
    /// A client sends it; `ack` is the acknowledgement's payload.
    ToServer,
}

pub struct Event {
    /// The [`Channel::name`] it belongs to.
    pub channel: &'static str,
    /// The Socket.IO event name.
    pub name: Cow<'static, str>,
    pub direction: Direction,
    pub summary: Cow<'static, str>,
    pub payload: Payload,
    /// The ack's payload (client → server events).
    pub ack: Option<Payload>,
}

impl Event {
    /// An event the server sends to `channel`.
    pub fn to_client(
        channel: &'static str,
        name: impl Into<Cow<'static, str>>,
        summary: impl Into<Cow<'static, str>>,
        payload: Payload,
    ) -> Event {
        Event {
            channel,
            name: name.into(),
            direction: Direction::ToClient,
            summary: summary.into(),
            payload,
            ack: None,
        }
    }
}

pub struct Channel {
    /// The room's name as the hub knows it (`{id}` for a part that varies), or `connection`.
    pub name: &'static str,
    /// What it carries and how a connection joins it.
    pub description: &'static str,
}

/// A key as AsyncAPI allows it in components (`^[a-zA-Z0-9.\-_]+$`): `parchi:{id}` → `parchi_id`.
fn key_of(name: &str) -> String {
    name.replace(['{', '}'], "")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' })
        .collect()
}

fn message_id(e: &Event) -> String {
    format!("{}.{}", key_of(e.channel), key_of(&e.name))
}

/// The `{…}` parameters of a channel's address.
fn parameters(address: &str) -> Map<String, Value> {
    let mut out = Map::new();
    for part in address.split('{').skip(1) {
        if let Some((name, _)) = part.split_once('}') {
            out.insert(name.to_string(), json!({ "description": "The id in the room's name" }));
        }
    }
    out
}

/// A channel's events: what clients send first, then what the server emits, each in the catalogue's order.
fn in_channel<'a>(events: &'a [Event], channel: &Channel) -> Vec<&'a Event> {
    let of = |d: Direction| events.iter().filter(move |e| e.channel == channel.name && e.direction == d);
    of(Direction::ToServer).chain(of(Direction::ToClient)).collect()
}

/// The component schemas `doc` refers to, directly or through other schemas; the rest are dropped (a generic's
/// argument may be collected though its schema is inlined).
fn referenced(doc: &Value, schemas: Map<String, Value>) -> Map<String, Value> {
    fn refs(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(o) => {
                for (k, x) in o {
                    match (k.as_str(), x.as_str()) {
                        ("$ref", Some(r)) => out.extend(r.strip_prefix("#/components/schemas/").map(String::from)),
                        _ => refs(x, out),
                    }
                }
            }
            Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
            _ => {}
        }
    }
    let mut todo = Vec::new();
    refs(doc, &mut todo);
    let mut kept = Map::new();
    while let Some(name) = todo.pop() {
        if kept.contains_key(&name) {
            continue;
        }
        if let Some(schema) = schemas.get(&name) {
            refs(schema, &mut todo);
            kept.insert(name, schema.clone());
        }
    }
    kept
}

/// The AsyncAPI 3.0 document.
pub fn document() -> Value {
    let events = crate::socket_events::events();
    let mut schemas: Schemas = Vec::new();
    let mut channels = Map::new();
    let mut operations = Map::new();
    let mut messages = Map::new();
    for ch in &crate::socket_events::channels() {
        let channel = key_of(ch.name);
        let mut refs = Map::new();
        for e in in_channel(&events, ch) {
            let id = message_id(e);
            let message_key = key_of(&e.name);
            let message = json!({
                "name": e.name,
                "title": e.name,
                "summary": e.summary,
                "payload": (e.payload)(&mut schemas),
            });
            messages.insert(id.clone(), message);
            refs.insert(message_key.clone(), json!({ "$ref": format!("#/components/messages/{id}") }));
            let mut op = json!({
                "action": if e.direction == Direction::ToClient { "send" } else { "receive" },
                "channel": { "$ref": format!("#/channels/{channel}") },
                "summary": e.summary,
                "messages": [{ "$ref": format!("#/channels/{channel}/messages/{message_key}") }],
            });
            if let Some(ack) = e.ack {
                let ack_id = format!("{id}.ack");
                let ack_key = format!("{message_key}.ack");
                messages.insert(
                    ack_id.clone(),
                    json!({
                        "name": format!("{} ack", e.name),
                        "title": format!("{} ack", e.name),
                        "summary": format!("The acknowledgement of {}", e.name),
                        "payload": ack(&mut schemas),
                    }),
                );
                refs.insert(ack_key.clone(), json!({ "$ref": format!("#/components/messages/{ack_id}") }));
                op["reply"] = json!({ "messages": [{ "$ref": format!("#/channels/{channel}/messages/{ack_key}") }] });
            }
            operations.insert(id, op);
        }
        let mut c = json!({ "address": ch.name, "description": ch.description, "messages": refs });
        let params = parameters(ch.name);
        if !params.is_empty() {
            c["parameters"] = Value::Object(params);
        }
        if ch.name == crate::socket_events::CONNECTION {
            // Not a room: no address to subscribe to.
            c["address"] = Value::Null;
        }
        channels.insert(channel, c);
    }
    let mut components = Map::new();
    for (name, schema) in schemas {
        components.entry(name).or_insert_with(|| serde_json::to_value(schema).unwrap_or(Value::Null));
    }
    let components = referenced(&json!([channels, messages]), components);
    json!({
        "asyncapi": "3.0.0",
        "info": {
            "title": "Casino platform Socket.IO events",
            "version": "1",
            "description": "Engine.IO v4 / Socket.IO v5 at /socket.io/ (main namespace). Connect with auth {token} or \
                            the session cookie; every connection is in its player's room user:{id}, and joins a \
                            game's room with its join event. Transport, limits and errors: docs/API.md. Every \
                            client → server event is acknowledged (when the client asks for an ack) with its reply \
                            message: mostly {success: true, …} or {success: false, error, message}.",
        },
        "defaultContentType": "application/json",
        "servers": {
            "gateway": {
                "host": "localhost:8080",
                "pathname": "/socket.io/",
                "protocol": "ws",
                "description": "The game server's Socket.IO gateway (websocket or HTTP long-polling)",
            }
        },
        "channels": channels,
        "operations": operations,
        "components": { "messages": messages, "schemas": components },
    })
}

/// The document as pretty JSON, built once (what `/api/asyncapi.json` serves and `docs/asyncapi.json` holds).
pub fn document_json() -> &'static str {
    static DOC: OnceLock<String> = OnceLock::new();
    DOC.get_or_init(|| serde_json::to_string_pretty(&document()).unwrap_or_default())
}

#[utoipa::path(
    responses((status = 200, description = "The Socket.IO events as an AsyncAPI 3.0 document", content_type = "application/json", body = Object))
)]
#[get("/api/asyncapi.json")]
pub async fn asyncapi_json() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(document_json())
}

/// Text for a markdown table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// `docs/EVENTS.md`: per channel, each event with its direction, summary, payload and ack, the payloads' fields
/// listed from the same schemas.
pub fn markdown() -> String {
    let doc = document();
    let schemas = &doc["components"]["schemas"];
    let events = crate::socket_events::events();
    let mut out = String::from(
        "# Socket.IO events\n\nGenerated by `scripts/gen-api.sh` from the server's event catalogue \
         (`http/src/socket_events.rs`) and the payload types in each game's `wire.rs`; the same content as \
         `docs/asyncapi.json` (AsyncAPI 3.0, also served at `/api/asyncapi.json`). Transport, auth, limits and the \
         error codes: `docs/API.md`.\n\nA client → server event is answered through its Socket.IO ack (when the \
         client asks for one); an event listed for a room reaches every connection in it.\n",
    );
    for ch in &crate::socket_events::channels() {
        out.push_str(&format!(
            "\n## `{}`\n\n{}\n\n| event | direction | payload | ack | what |\n|---|---|---|---|---|\n",
            ch.name, ch.description
        ));
        for e in in_channel(&events, ch) {
            let mut scratch = Vec::new();
            let payload = type_name(&(e.payload)(&mut scratch));
            let ack = e.ack.map(|a| type_name(&a(&mut scratch))).unwrap_or_default();
            let dir = if e.direction == Direction::ToClient { "server → client" } else { "client → server" };
            out.push_str(&format!(
                "| `{}` | {dir} | {} | {} | {} |\n",
                e.name,
                cell(&payload),
                cell(&ack),
                cell(&e.summary)
            ));
        }
    }
    out.push_str("\n## Payloads\n");
    for (name, schema) in schemas.as_object().into_iter().flatten() {
        out.push_str(&format!("\n### {name}\n\n"));
        if let Some(d) = schema["description"].as_str() {
            out.push_str(&format!("{d}\n\n"));
        }
        match schema["properties"].as_object() {
            Some(_) => out.push_str(&fields(schema)),
            None => match schema["oneOf"].as_array() {
                Some(variants) if variants.iter().any(|v| v["properties"].is_object()) => {
                    out.push_str("One of:\n\n");
                    for v in variants {
                        let what = v["description"].as_str().map(|d| format!(" — {}", d.replace('\n', " ")));
                        out.push_str(&format!("- {}{}\n", inline(v), what.unwrap_or_default()));
                    }
                }
                _ => out.push_str(&format!("{}\n", type_name(schema))),
            },
        }
    }
    out
}

/// An object schema's fields as a table.
fn fields(schema: &Value) -> String {
    let required: Vec<&str> = schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    let mut out = String::from("| field | type | |\n|---|---|---|\n");
    for (field, p) in schema["properties"].as_object().into_iter().flatten() {
        let opt = if required.contains(&field.as_str()) { "" } else { " (optional)" };
        let what = p["description"].as_str().unwrap_or("");
        out.push_str(&format!("| `{field}`{opt} | {} | {} |\n", cell(&type_name(p)), cell(what)));
    }
    out
}

/// An object in one line: `{type: "status", data: SportsMatchStatus}`.
fn inline(s: &Value) -> String {
    let Some(props) = s["properties"].as_object() else { return type_name(s) };
    let required: Vec<&str> = s["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    let parts: Vec<String> = props
        .iter()
        .map(|(field, p)| {
            let opt = if required.contains(&field.as_str()) { "" } else { "?" };
            format!("`{field}`{opt}: {}", type_name(p))
        })
        .collect();
    format!("{{{}}}", parts.join(", "))
}

/// A schema in a few words: a link to a named payload, `T[]`, an enum's values, or its JSON type.
fn type_name(s: &Value) -> String {
    if let Some(r) = s["$ref"].as_str() {
        let name = r.rsplit('/').next().unwrap_or(r);
        return format!("[{name}](#{})", name.to_lowercase());
    }
    if let Some(values) = s["enum"].as_array() {
        return values.iter().map(|v| format!("`{v}`")).collect::<Vec<_>>().join(" / ");
    }
    if let Some(one) = s["oneOf"].as_array().or(s["anyOf"].as_array()).or(s["allOf"].as_array()) {
        return one.iter().map(type_name).collect::<Vec<_>>().join(" or ");
    }
    if s["properties"].is_object() {
        return inline(s);
    }
    match &s["type"] {
        Value::String(t) if t == "array" => format!("{}[]", type_name(&s["items"])),
        Value::String(t) => t.clone(),
        Value::Array(ts) if ts.iter().any(|t| t == "array") => format!("{}[] or null", type_name(&s["items"])),
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(" or "),
        _ if s.get("description").is_some() && s.as_object().is_some_and(|o| o.len() == 1) => "—".into(),
        _ => "any".into(),
    }
}
