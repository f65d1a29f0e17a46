//! The Socket.IO gateway's black-box tests, one test binary for all: a raw Engine.IO v4 / Socket.IO v5 client over
//! websockets and long-polling, the gateway's limits, and the official `socket.io-client` (tests/js).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

mod gateway;
mod limits;
mod official_client;
mod polling;
mod protocol;
