//! What a client sends over the socket, parsed once: each area's events are one enum declared with
//! [`client_events!`], whose variants carry their typed payloads (serde types: the lenient numbers and aliases the
//! spec's client sends are the types' own serde attributes). The same declaration gives the parser and the
//! catalogue entries [`crate::asyncapi`] documents, so an event cannot be accepted and undocumented, or documented
//! and refused.
//!
//! A payload that does not read is refused with the code its type gives the field that failed
//! ([`Refuses::refusal`]): the first bad field decides, and nothing is done.

use crate::asyncapi::{self, Direction, Event, Payload, Schemas};
use crate::user_ref::UserRef;
use casino_actors::ErrorCode;
use casino_actors::ids::UserId;
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::borrow::Cow;

/// Why an event is refused before anything is done: its ack's `error` and `message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: Cow<'static, str>,
}

impl Refusal {
    pub const fn new(code: ErrorCode, message: &'static str) -> Refusal {
        Refusal { code, message: Cow::Borrowed(message) }
    }

    pub fn ack(&self) -> Vec<Value> {
        crate::aviator::socket::refuse(self.code, self.message.clone())
    }
}

pub const UNKNOWN_EVENT: Refusal = Refusal::new(ErrorCode::UnknownEvent, "Unknown event");

/// A payload type: how it is read, how a field that does not read is refused, and the payload's schema in the
/// AsyncAPI document.
pub trait Refuses: DeserializeOwned {
    /// The refusal for the field `field` (the first that failed; `""` when the payload as a whole is not readable).
    fn refusal(field: &str) -> Refusal;
    /// The payload's schema.
    const SCHEMA: Payload;
    /// Reads the payload: an object (a missing payload reads as `{}`, every field absent; anything else is refused
    /// as the whole payload, `""`).
    fn read(payload: Value) -> Result<Self, Refusal> {
        let payload = match payload {
            Value::Null => Value::Object(Default::default()),
            Value::Object(o) => Value::Object(o),
            _ => return Err(Self::refusal("")),
        };
        serde_path_to_error::deserialize(payload).map_err(|e| {
            let field = e.path().iter().next().map(|s| s.to_string()).unwrap_or_default();
            Self::refusal(&field)
        })
    }
}

/// An event without a payload: whatever the client sends is ignored.
pub struct Nothing;

impl<'de> Deserialize<'de> for Nothing {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        IgnoredAny::deserialize(d).map(|_| Nothing)
    }
}

impl Refuses for Nothing {
    fn refusal(_: &str) -> Refusal {
        UNKNOWN_EVENT
    }
    const SCHEMA: Payload = asyncapi::nothing;
    fn read(_: Value) -> Result<Self, Refusal> {
        Ok(Nothing)
    }
}

/// Reads `payload` as `T`.
pub fn parse<T: Refuses>(payload: Value) -> Result<T, Refusal> {
    T::read(payload)
}

/// Declares an area's client events: an enum whose variants carry their payloads, their names (`NAMES`), its
/// parser (`parse(name, payload)`) and its catalogue entries
/// (`catalogue()`), each with the variant's doc as the summary and the ack's schema.
macro_rules! client_events {
    (
        $(#[$meta:meta])*
        pub enum $name:ident in $channel:literal {
            $(
                $(#[doc = $summary:literal])+
                $variant:ident($payload:ty) = $event:literal, ack $ack:expr;
            )*
        }
    ) => {
        $(#[$meta])*
        pub enum $name {
            $( $(#[doc = $summary])+ $variant($payload), )*
        }

        impl $name {
            /// The names of these events.
            pub const NAMES: &'static [&'static str] = &[$($event),*];

            /// Whether `name` is one of these events.
            pub fn accepts(name: &str) -> bool {
                Self::NAMES.contains(&name)
            }

            /// The event `name` with its payload read (`unknown_event` when `name` is none of these events).
            pub fn parse(name: &str, payload: serde_json::Value) -> Result<Self, $crate::client_events::Refusal> {
                match name {
                    $( $event => $crate::client_events::parse::<$payload>(payload).map(Self::$variant), )*
                    _ => Err($crate::client_events::UNKNOWN_EVENT),
                }
            }

            /// These events as the catalogue lists them.
            pub fn catalogue() -> Vec<$crate::asyncapi::Event> {
                vec![$(
                    $crate::client_events::entry(
                        $channel,
                        $event,
                        concat!($($summary),+).trim(),
                        <$payload as $crate::client_events::Refuses>::SCHEMA,
                        $ack,
                    ),
                )*]
            }
        }
    };
}
pub(crate) use client_events;

/// A catalogue entry of a client event.
pub fn entry(
    channel: &'static str,
    name: impl Into<Cow<'static, str>>,
    summary: impl Into<Cow<'static, str>>,
    payload: Payload,
    ack: Payload,
) -> Event {
    Event {
        channel,
        name: name.into(),
        direction: Direction::ToServer,
        summary: summary.into(),
        payload,
        ack: Some(ack),
    }
}

/// `{success: true}`, or the error body.
pub fn done_or_error(s: &mut Schemas) -> Value {
    asyncapi::payload_or_error::<crate::aviator::socket::Done>(s)
}

/// A whole number as the spec's client sends it: a JSON integer or the text of one (blanks around it allowed).
pub fn int<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        Value::Number(n) => n.as_i64().map(Some).ok_or_else(|| serde::de::Error::custom("not a whole number")),
        Value::String(s) => s.trim().parse().map(Some).map_err(serde::de::Error::custom),
        _ => Err(serde::de::Error::custom("not a number")),
    }
}

/// A payload's `userId` or `user`: the user it names (see [`UserRef::from_json`]), if any.
#[derive(Debug, Clone, Copy, Default)]
pub struct UserField(Option<UserRef>);

impl<'de> Deserialize<'de> for UserField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        UserRef::from_json(&v).map(UserField).map_err(|e| serde::de::Error::custom(e.message))
    }
}

impl UserField {
    /// Whether it names someone other than the caller (`user_no`, the caller's number, when known).
    pub fn names_another(self, id: UserId, user_no: Option<i64>) -> bool {
        self.0.is_some_and(|r| !r.names(id, user_no.unwrap_or(id.0)))
    }
}

/// The refusal of a `userId` / `user` field that is not canonical.
pub const INVALID_USER_ID: Refusal =
    Refusal::new(ErrorCode::InvalidUserId, "A user id is the digits of a number: no blanks, signs or leading zeros");
/// The refusal of a `userId` / `user` field that names someone else.
pub const FORBIDDEN: Refusal = Refusal::new(ErrorCode::Forbidden, "You are not allowed to do this.");

/// Refuses a payload whose `userId` or `user` names someone other than the caller.
pub fn check_caller(fields: &[UserField], id: UserId, user_no: Option<i64>) -> Result<(), Refusal> {
    if fields.iter().any(|f| f.names_another(id, user_no)) { Err(FORBIDDEN) } else { Ok(()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Deserialize, Debug)]
    #[allow(non_snake_case)]
    struct Probe {
        #[serde(default, deserialize_with = "int")]
        roundId: Option<i64>,
        #[serde(default)]
        userId: UserField,
    }

    impl Refuses for Probe {
        fn refusal(field: &str) -> Refusal {
            match field {
                "userId" => INVALID_USER_ID,
                _ => Refusal::new(ErrorCode::WrongRound, "round"),
            }
        }
        const SCHEMA: Payload = asyncapi::nothing;
    }

    #[test]
    fn numbers_come_as_numbers_or_their_text_and_the_failing_field_names_the_refusal() {
        assert_eq!(parse::<Probe>(json!({"roundId": 7})).unwrap().roundId, Some(7));
        assert_eq!(parse::<Probe>(json!({"roundId": " 7 "})).unwrap().roundId, Some(7));
        assert_eq!(parse::<Probe>(Value::Null).unwrap().roundId, None);
        assert_eq!(parse::<Probe>(json!({"roundId": null})).unwrap().roundId, None);
        for bad in [json!(7.5), json!("7x"), json!(true), json!([7])] {
            assert_eq!(parse::<Probe>(json!({ "roundId": bad })).unwrap_err().code, ErrorCode::WrongRound, "{bad}");
        }
        assert_eq!(parse::<Probe>(json!({"userId": " 5"})).unwrap_err(), INVALID_USER_ID);
        let me = UserId(5);
        let p = parse::<Probe>(json!({"userId": {"id": "100005"}})).unwrap();
        assert!(!p.userId.names_another(me, Some(100005)));
        assert!(p.userId.names_another(me, None));
        assert!(check_caller(&[p.userId], me, None).is_err());
        assert!(parse::<Nothing>(json!([1, {"a": 2}])).is_ok());
        for not_an_object in [json!([7]), json!(7), json!("7")] {
            assert_eq!(parse::<Probe>(not_an_object).unwrap_err().code, ErrorCode::WrongRound);
        }
    }
}
