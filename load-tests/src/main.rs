//! `load-tests`: swarms of simulated players speaking the real protocol. Thin: parse the command line, build a
//! small tokio runtime (one worker by default, so the server under test keeps the CPU), run the scenario.

mod aviator;
mod floor;

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
    /// Aviator: bettors place, auto and manual cash-out, reconnect; then every wallet is reconciled.
    Aviator(aviator::AviatorArgs),
    /// The floor: one pre-encoded websocket frame written to N loopback sockets, and its CPU per frame.
    Floor(floor::FloorArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Scenario::Floor(args) = cli.scenario {
        return match floor::run(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("floor aborted: {e:#}");
                ExitCode::from(2)
            }
        };
    }
    let runtime =
        match tokio::runtime::Builder::new_multi_thread().worker_threads(cli.workers.max(1)).enable_all().build() {
            Ok(rt) => rt,
            Err(e) => {
                eprintln!("cannot start the tokio runtime: {e}");
                return ExitCode::from(2);
            }
        };
    let outcome = runtime.block_on(async {
        match cli.scenario {
            Scenario::Aviator(args) => aviator::run(args).await,
            Scenario::Floor(_) => unreachable!("run above"),
        }
    });
    match outcome {
        Ok(report) if report.passed() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(1),
        Err(e) => {
            eprintln!("load test aborted: {e:#}");
            ExitCode::from(2)
        }
    }
}
