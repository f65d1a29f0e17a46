//! The round-game swarm (`load-tests rounds --game titli|andar_bahar|color`): funded players, one task each joining
//! the game's room and, by its kind (`common::mix`), betting, betting and reconnecting, or only watching over R
//! rounds; then every player's money checked against the server's wallet and ticket history (a viewer's must not
//! have moved), and the reports (the run's shape: `common::swarm`).

pub mod bettor;
pub mod money;
pub mod protocol;
pub mod report;

use crate::common::money::Reconciliation;
use crate::common::progress::Watch;
use crate::common::report::{Latency, ServerMeter, Stats};
use crate::common::swarm::{self, SwarmArgs};
use anyhow::{Context, Result, bail};
use bettor::{MAX_BETS_PER_ROUND, Shared};
use protocol::Game;
use report::Report;
use std::sync::Arc;

#[derive(clap::Args, Debug, Clone)]
pub struct RoundsArgs {
    /// The round game to play.
    #[arg(long, value_enum)]
    pub game: Game,
    #[command(flatten)]
    pub swarm: SwarmArgs,
}

/// Run the whole swarm and return its report (already printed and written).
pub async fn run(args: RoundsArgs) -> Result<Report> {
    let game = args.game;
    let args = args.swarm;
    if args.rounds.saturating_mul(MAX_BETS_PER_ROUND as u64) > money::HISTORY_LIMIT as u64 {
        bail!(
            "--rounds at most {}: a bettor places up to {MAX_BETS_PER_ROUND} bets a round and the money check reads \
             at most {} tickets per player",
            money::HISTORY_LIMIT / MAX_BETS_PER_ROUND,
            money::HISTORY_LIMIT
        );
    }
    let prepared = swarm::prepare(&format!("rounds swarm ({game})"), &args).await?;
    let start_balance = args.start_balance()?;
    let payouts = money::payouts(&prepared.http, &prepared.base, game).await.context("the published payouts")?;

    let stats = Arc::new(Stats::default());
    let shared = Arc::new(Shared {
        ws_urls: prepared.ws_urls.clone(),
        game,
        rounds: args.rounds,
        mix: prepared.mix,
        stats: Arc::clone(&stats),
    });
    let mut meter = ServerMeter::start(&args.server_pid);
    let (bets, acks, lag) = (Arc::clone(&stats), Arc::clone(&stats), Arc::clone(&stats));
    let watch = Watch::new("bets", move || Stats::load(&bets.bets))
        .p99("bet ack", move || acks.summary(Latency::BetAck).p99)
        .p99("broadcast lag", move || lag.summary(Latency::BroadcastLag).p99)
        .server(&args.server_pid);
    let (ledgers, duration_secs) =
        swarm::play(&prepared, &stats, args.ramp_up_secs, watch, |player, kind, rng, start_at| {
            bettor::run(Arc::clone(&shared), player, kind, rng, start_at)
        })
        .await;
    meter.stop();
    swarm::settle(duration_secs, args.settle_secs).await;

    let (http, base, payouts) = (&prepared.http, prepared.base.as_str(), &payouts);
    let money = swarm::check_money(&prepared.players, &ledgers, args.check_concurrency, |player, tickets| async move {
        match money::server_view(http, base, game, player).await {
            Ok(view) => money::reconcile(start_balance, tickets, &view, game, payouts),
            Err(e) => Reconciliation::unreadable(&e),
        }
    })
    .await;
    Stats::add(&stats.wins, money.filled_wins);

    let mut report = Report::from_stats(game.name(), &stats);
    report.seed = prepared.seed;
    report.bettors = args.bettors as u64;
    report.rounds = args.rounds;
    report.lines = ledgers.iter().flatten().map(|t| t.lines.len() as u64).sum();
    report.money_mismatches = money.mismatches;
    report.payouts_filled_from_history = money.filled_from_history;
    report.players_by_kind = swarm::by_kind(&prepared.kinds, &stats, &money);
    report.server = meter.figures(args.bettors, report.messages_received);
    report.prepare_secs = prepared.prepare_secs;
    report.duration_secs = duration_secs;
    swarm::write_report(&report, &report.table(), &args.report, &report.page(&stats))?;
    Ok(report)
}
