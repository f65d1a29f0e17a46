#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    game_server::telemetry::init_logs();
    // Fault injection builds only (`--features failpoints`): failpoints from the FAILPOINTS variable.
    #[cfg(feature = "failpoints")]
    let _failpoints = fail::FailScenario::setup();
    game_server::cli::run(game_server::cli::Cli::from_env_and_args()).await
}
