//! The game-server binary's library: configuration, telemetry, start-up and operator commands.

pub mod cli;
pub mod config;
pub mod games;
pub mod startup;
pub mod telemetry;
