//! `load-tests`: swarms of simulated players speaking the real protocol. Thin: parse the command line, build a
//! small tokio runtime (one worker by default, so the server under test keeps the CPU), run the scenario. Every swarm
//! prints a progress line a second to stderr and writes `report.json` with `report.html` next to it (charts of its
//! latencies, connections and the server over the run: `common::html`).

mod aviator;
mod common;
mod edge;
mod flood;
mod floor;
mod mines;
mod rounds;
mod sports;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "load-tests", about = "Load-test swarms against the casino server")]
struct Cli {
    /// Tokio worker threads for the swarm.
    #[arg(long, global = true, default_value_t = 1, env = "LOAD_WORKERS")]
    workers: usize,
    #[command(subcommand)]
    scenario: Scenario,
}

#[derive(Subcommand, Debug)]
enum Scenario {
    /// Aviator: bettors place, auto and manual cash-out, reconnect (`--viewers` / `--reconnectors` mix in players
    /// that only watch or that reconnect); then every wallet is reconciled.
    Aviator(aviator::AviatorArgs),
    /// Round games (Titli Par, Andar Bahar, Color Prediction): bettors join, bet over R rounds, reconnect (mixed with
    /// `--viewers` / `--reconnectors` as Aviator); then every wallet and ticket history is reconciled.
    Rounds(rounds::RoundsArgs),
    /// Mines over REST: players play G games each (random mines, stakes and tiles; cash-outs, mines, a reveal and a
    /// cash-out at once, reloads mid-game); then every wallet and game history is reconciled.
    Mines(mines::MinesArgs),
    /// Sports viewers: each subscribes to a live cricket match and checks its deltas arrive in order; reports the
    /// broadcast lag and the server's CPU.
    Sports(sports::SportsArgs),
    /// The floor: one pre-encoded websocket frame written to N loopback sockets, and its CPU per frame.
    Floor(floor::FloorArgs),
    /// The house's edge on the simulated cricket: the quote auditor over many published quote sets, and a bettor who
    /// takes every quote over many matches (no server: the pricing code itself).
    Edge(edge::EdgeArgs),
    /// The hostile flood: failing logins, lookups and password changes from many addresses while a normal player
    /// logs in; reports its login latency and the server's memory growth.
    Flood(flood::FloodArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = || {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(cli.workers.max(1))
            .enable_all()
            .build()
            .map_err(|e| anyhow::anyhow!("cannot start the tokio runtime: {e}"))
    };
    let outcome = match cli.scenario {
        // The floor runs on plain threads: no runtime between it and the sockets.
        Scenario::Floor(args) => return exit_code("floor", floor::run(args).map(|()| true)),
        Scenario::Edge(args) => return exit_code("edge", edge::run(args)),
        Scenario::Aviator(args) => runtime().and_then(|rt| rt.block_on(aviator::run(args)).map(|r| r.passed())),
        Scenario::Rounds(args) => runtime().and_then(|rt| rt.block_on(rounds::run(args)).map(|r| r.passed())),
        Scenario::Mines(args) => runtime().and_then(|rt| rt.block_on(mines::run(args)).map(|r| r.passed())),
        Scenario::Sports(args) => runtime().and_then(|rt| rt.block_on(sports::run(args)).map(|r| r.passed())),
        Scenario::Flood(args) => runtime().and_then(|rt| rt.block_on(flood::run(args)).map(|r| r.passed())),
    };
    exit_code("load test", outcome)
}

/// 0 when it passed, 1 when it ran and failed its checks, 2 when it could not run.
fn exit_code(what: &str, outcome: anyhow::Result<bool>) -> ExitCode {
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("{what} aborted: {e:#}");
            ExitCode::from(2)
        }
    }
}
