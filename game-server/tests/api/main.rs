//! Black-box API tests: each test spawns the real server on a random port with a fresh database.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod accounting;
mod accounts;
mod admin;
mod aviator;
mod binary;
mod cashier;
mod cluster;
mod edge;
mod exchange;
mod feed;
mod fixtures;
mod helpers;
mod hold;
mod matka;
mod metrics;
mod mines;
mod openapi;
mod operators;
mod parchi;
mod play;
mod real_mode;
mod restart;
mod rg;
mod rounds;
mod sessions;
mod slow_bodies;
mod socket;
mod sports;
mod sports_restart;
