//! What the server sends, listed by the types that send it: every [`ServerEvent`] type also says, through
//! [`Catalogued`], each event it can be (its room, name, summary and payload schema). The gateway's AsyncAPI
//! document and `docs/EVENTS.md` are made from these lists, so an event the server can send is always documented.
//! [`server_events!`](crate::server_events) declares an enum of events and [`server_event!`](crate::server_event) a
//! single one, with both traits.

use serde_json::{Value, json};
use std::borrow::Cow;
use utoipa::ToSchema;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::Schema;

pub type Schemas = Vec<(String, RefOr<Schema>)>;

/// A payload's schema: collects the component schemas it needs and answers the schema (mostly a `$ref`).
/// Plain functions compose through non-capturing closures: `|s| asyncapi::or_error(s, asyncapi::payload::<T>)`.
pub type Payload = fn(&mut Schemas) -> Value;

/// `T` as the component `name`: its schema and those it refers to are collected, and a `$ref` answered.
fn component<T: ToSchema>(schemas: &mut Schemas, name: String) -> Value {
    T::schemas(schemas);
    schemas.push((name.clone(), T::schema()));
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

/// The schema of `T` (a `$ref` to its component).
pub fn payload<T: ToSchema>(schemas: &mut Schemas) -> Value {
    component::<T>(schemas, T::name().into_owned())
}

/// The generic `T<A>`, named as utoipa names it in the OpenAPI document (`BetAccepted_TitliPicture`). `T` may
/// refer to `A`'s component, which it does not collect itself.
pub fn payload_of<T: ToSchema, A: ToSchema>(schemas: &mut Schemas) -> Value {
    payload::<A>(schemas);
    component::<T>(schemas, format!("{}_{}", T::name(), A::name()))
}

/// The generic `T<A, B>`, named as utoipa names it (`RoundGameState_TitliPicture_TitliResult`).
pub fn payload_of2<T: ToSchema, A: ToSchema, B: ToSchema>(schemas: &mut Schemas) -> Value {
    payload::<A>(schemas);
    payload::<B>(schemas);
    component::<T>(schemas, format!("{}_{}_{}", T::name(), A::name(), B::name()))
}

/// An array of `item`.
pub fn list(schemas: &mut Schemas, item: Payload) -> Value {
    json!({ "type": "array", "items": item(schemas) })
}

/// `payload`, or `null`.
pub fn or_null(schemas: &mut Schemas, payload: Payload) -> Value {
    json!({ "oneOf": [payload(schemas), { "type": "null" }] })
}

/// An event the server sends, as the catalogue lists it.
pub struct Listed {
    /// Its room (`user:{id}` for one player's connections, `{id}` for the part that varies).
    pub room: &'static str,
    pub name: Cow<'static, str>,
    pub summary: Cow<'static, str>,
    pub payload: Payload,
}

impl Listed {
    pub fn new(
        room: &'static str,
        name: impl Into<Cow<'static, str>>,
        summary: impl Into<Cow<'static, str>>,
        payload: Payload,
    ) -> Listed {
        Listed { room, name: name.into(), summary: summary.into(), payload }
    }
}

/// A type of server events that lists every event it can be.
pub trait Catalogued: super::ServerEvent {
    fn catalogue() -> Vec<Listed>;
}

/// An enum of server events: each variant carries its payload and is declared with the const that names it, its
/// name, room and summary (and a payload schema when it is not the variant's type):
/// `GameState(GameState) = GAME_STATE: "aviator_game_state" in "aviator", "The table …";`.
/// The enum serializes as its payload; it implements [`ServerEvent`](super::ServerEvent) and [`Catalogued`].
#[macro_export]
macro_rules! server_events {
    (
        $(#[$meta:meta])*
        $vis:vis enum $Enum:ident {
            $(
                $(#[$vmeta:meta])*
                $Variant:ident($T:ty) = $NAME:ident: $name:literal in $room:literal, $summary:expr $(, $payload:expr)?;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(serde::Serialize)]
        #[serde(untagged)]
        $vis enum $Enum {
            $($(#[$vmeta])* $Variant($T),)*
        }

        impl $Enum {
            $(pub const $NAME: &'static str = $name;)*
        }

        impl $crate::hub::ServerEvent for $Enum {
            fn name(&self) -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed(match self {
                    $($Enum::$Variant(_) => $name,)*
                })
            }
        }

        impl $crate::hub::catalogue::Catalogued for $Enum {
            fn catalogue() -> Vec<$crate::hub::catalogue::Listed> {
                vec![$($crate::hub::catalogue::Listed::new(
                    $room,
                    $name,
                    $summary,
                    $crate::server_events!(@payload $T $(, $payload)?),
                ),)*]
            }
        }
    };
    (@payload $T:ty) => {
        $crate::hub::catalogue::payload::<$T>
    };
    (@payload $T:ty, $payload:expr) => {
        $payload
    };
}

/// A type that is one server event: `server_event!(Status = "matka:status" in "matka", "The markets …");` (a payload
/// schema may follow when it is not the type's own).
#[macro_export]
macro_rules! server_event {
    ($T:ty = $name:literal in $room:literal, $summary:expr $(, $payload:expr)?) => {
        impl $T {
            /// The event's name.
            pub const EVENT: &'static str = $name;
        }

        impl $crate::hub::ServerEvent for $T {
            fn name(&self) -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed($name)
            }
        }

        impl $crate::hub::catalogue::Catalogued for $T {
            fn catalogue() -> Vec<$crate::hub::catalogue::Listed> {
                vec![$crate::hub::catalogue::Listed::new(
                    $room,
                    $name,
                    $summary,
                    $crate::server_events!(@payload $T $(, $payload)?),
                )]
            }
        }
    };
}
