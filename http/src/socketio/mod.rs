//! The Socket.IO gateway: our own Engine.IO v4 / Socket.IO v5 server over actix-web's websocket codec.
//!
//! - [`codec`]: packets as typed values, parse and encode (pure).
//! - [`route`]: the HTTP endpoint and the shared [`SocketState`].
//! - `session`: one connection as an actor (heartbeat, CONNECT handshake, events, acks, hub delivery).
//! - `writer`: the ordered, bounded outgoing queue; its consumer is the websocket response body.
//! - `ws`: the upgrade, and the client's frames decoded into whole messages.
//! - [`app`]: the [`SocketApp`] trait through which the application authenticates and handles events.
//! - `polling`: HTTP long-polling and the upgrade to a websocket.
//! - [`test_app`]: the gateway as the Socket.IO protocol test suite's reference server.
//!
//! Both transports are served: a websocket from the start, or HTTP long-polling with the upgrade to a websocket
//! (`polling`). The application names the namespaces it serves (the platform: the main one). Broadcasts go through
//! [`casino_actors::hub::Hub`]; a client that cannot keep up is disconnected.
//!
//! A socket never outlives its login session: logout, password reset and an operator's block close it through
//! the hub ([`end_session_sockets`], [`end_user_sockets`]); it closes itself when its session expires, and
//! re-checks the session every `session_check_interval`. Connections are capped per address and per user.

pub mod app;
pub mod codec;
pub mod config;
mod limits;
mod polling;
pub mod route;
mod session;
pub mod test_app;
mod writer;
mod ws;

pub use app::{ClientEvent, ConnectPlan, Credentials, Emit, EventReply, Principal, SocketApp, SocketHandle};
pub use config::SocketConfig;
pub use route::{
    SESSION_COOKIE, SocketState, configure, end_session_sockets, end_session_sockets_by_key, end_user_sockets,
    socketio_route,
};
