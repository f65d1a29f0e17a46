//! Command line: `serve` (the default), operator commands, removing load-test fixtures, and the Socket.IO protocol
//! test app.

pub mod fixtures;

use crate::config::{Config, DatabaseUrl, ServeArgs};
use crate::startup::Application;
use casino_actors::accounts::Role;
use casino_actors::accounts::{Accounts, NoNotifier, User};
use casino_actors::clock;
use casino_actors::store::Db;
use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::sync::Arc;

#[derive(Parser)]
#[command(name = "game-server", about = "Real-time betting and casino server")]
pub struct Cli {
    /// `serve` when none is given.
    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Cli {
    /// The command line and the environment; exits on a bad value, naming its variable (status 2), or after `--help`.
    pub fn from_env_and_args() -> Cli {
        Cli::from_args(std::env::args_os()).unwrap_or_else(|e| e.exit())
    }

    /// `args` (the program's name first) and the environment; see [`crate::config::try_parse`].
    pub fn from_args(args: impl IntoIterator<Item = impl Into<OsString>>) -> Result<Cli, clap::Error> {
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        crate::config::try_parse(&args)
    }
}

#[derive(Subcommand)]
pub enum Command {
    /// Run the platform (HTTP API, Socket.IO gateway, game tables, web client); the default command.
    ///
    /// Every setting is an environment variable (or the flag beside it); nothing is required. A blank value means the
    /// default; a value that does not parse stops the start with a message naming the variable (exit status 2).
    Serve(Box<ServeArgs>),
    /// Manage operator accounts.
    Operator {
        #[command(flatten)]
        database: DatabaseUrl,
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
        #[command(flatten)]
        database: DatabaseUrl,
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
    // No command: `serve`, its settings from the environment alone.
    let command = cli.command.unwrap_or_else(|| Command::Serve(Box::new(ServeArgs::from_env())));
    match command {
        Command::Serve(args) => Application::build(Config::from(*args)).await?.run_until_stopped().await,
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
        Command::Operator { database, action: OperatorAction::Create { name, phone, password } } => {
            let user = create_operator(&database.database_url, &name, &phone, &password).await?;
            println!("operator created: {} (id {})", user.name, user.id);
            println!("{}", user.user_no);
            Ok(())
        }
        Command::ProtocolTestApp { bind } => {
            let listener = std::net::TcpListener::bind(&bind)?;
            tracing::info!(bind, "protocol test app listening");
            Ok(casino_http::socketio::test_app::server(listener)?.await?)
        }
        Command::Fixtures { database, action: FixturesAction::Remove } => {
            let db = Db::connect(&database.database_url, 2).await?;
            let removed = fixtures::remove(&db).await?;
            println!("{}", fixtures::report(&removed));
            Ok(())
        }
    }
}

/// Creates an operator directly in the database; safe while a server runs (it moves no money).
pub async fn create_operator(database_url: &str, name: &str, phone: &str, password: &str) -> anyhow::Result<User> {
    let db = Db::connect(database_url, 2).await?;
    let accounts = Accounts::new(db, clock::system(), Arc::new(NoNotifier));
    Ok(accounts.register(phone, name, password, Role::Operator, None).await?)
}
