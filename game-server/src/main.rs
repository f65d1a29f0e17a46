use clap::Parser;

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    game_server::telemetry::init_logs();
    game_server::cli::run(game_server::cli::Cli::parse()).await
}
