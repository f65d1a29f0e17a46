//! Command line: `serve` (the default), operator commands, removing load-test fixtures, and the Socket.IO protocol
//! test app.

pub mod fixtures;

use crate::config::Config;
use crate::startup::Application;
use casino_actors::accounts::Role;
use casino_actors::accounts::{Accounts, NoNotifier, User};
use casino_actors::clock;
use casino_actors::store::Db;
use clap::{Parser, Subcommand};
use std::sync::Arc;

#[derive(Parser)]
#[command(name = "game-server", about = "Real-time betting and casino server")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Run the platform (HTTP API, Socket.IO gateway, game tables, web client).
    Serve,
    /// Manage operator accounts.
    Operator {
        #[command(subcommand)]
        action: OperatorAction,
    },
    /// Run only the Socket.IO gateway, set up as the Socket.IO protocol test suite's reference server (ping interval
    /// 300 ms, timeout 200 ms; the main and `/custom` namespaces; `auth` echoed, `message` → `message-back`,
    /// `message-with-ack` acknowledged), so the official protocol test suites can be pointed at it.
    ProtocolTestApp {
        #[arg(long, default_value = "127.0.0.1:3000")]
        bind: String,
    },
    /// Print the OpenAPI 3.1 document of the REST API (what `/api/openapi.json` serves) and exit.
    Openapi,
    /// Print the AsyncAPI 3.0 document of the Socket.IO events (what `/api/asyncapi.json` serves) and exit.
    Asyncapi {
        /// Print the events as a markdown page (`docs/EVENTS.md`) instead.
        #[arg(long)]
        markdown: bool,
    },
    /// Load-test fixture players (created by the swarm with CASINO_LOAD_TEST=1).
    Fixtures {
        #[command(subcommand)]
        action: FixturesAction,
    },
}

#[derive(Subcommand)]
pub enum FixturesAction {
    /// Delete every fixture player with their sessions, wallet, ledger rows (and the house / load-test rows
    /// written against them), bets and intents, in one transaction; the books still balance. Run it on a
    /// stopped server or a load-test database. Prints what it removed; the last line is the number of players.
    Remove,
}

#[derive(Subcommand)]
pub enum OperatorAction {
    /// Create an operator; prints the user number on the last line.
    Create {
        #[arg(long)]
        name: String,
        #[arg(long)]
        phone: String,
        #[arg(long)]
        password: String,
    },
}

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    let config = Config::from_env();
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => Application::build(config).await?.run_until_stopped().await,
        Command::Openapi => {
            println!("{}", casino_http::openapi::document_json());
            Ok(())
        }
        Command::Asyncapi { markdown } => {
            if markdown {
                print!("{}", casino_http::asyncapi::markdown());
            } else {
                println!("{}", casino_http::asyncapi::document_json());
            }
            Ok(())
        }
        Command::Operator { action: OperatorAction::Create { name, phone, password } } => {
            let user = create_operator(&config, &name, &phone, &password).await?;
            println!("operator created: {} (id {})", user.name, user.id);
            println!("{}", user.user_no);
            Ok(())
        }
        Command::ProtocolTestApp { bind } => {
            let listener = std::net::TcpListener::bind(&bind)?;
            tracing::info!(bind, "protocol test app listening");
            Ok(casino_http::socketio::test_app::server(listener)?.await?)
        }
        Command::Fixtures { action: FixturesAction::Remove } => {
            let db = Db::connect(&config.database_url, 2).await?;
            let removed = fixtures::remove(&db).await?;
            println!("{}", fixtures::report(&removed));
            Ok(())
        }
    }
}

/// Creates an operator directly in the database; safe while a server runs (it moves no money).
pub async fn create_operator(config: &Config, name: &str, phone: &str, password: &str) -> anyhow::Result<User> {
    let db = Db::connect(&config.database_url, 2).await?;
    let accounts = Accounts::new(db, clock::system(), Arc::new(NoNotifier));
    Ok(accounts.register(phone, name, password, Role::Operator).await?)
}
