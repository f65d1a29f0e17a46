//! The Aviator swarm: prepare funded players (bettors, and viewers and reconnectors when the scenario mixes them),
//! run one task per player over the real Socket.IO protocol, then check every player's money against the server (a
//! viewer's must not have moved) and write the reports (the run's shape: `common::swarm`).

pub mod bettor;
pub mod curve;
pub mod history;
pub mod money;
pub mod protocol;
pub mod report;

use crate::common::money::Reconciliation;
use crate::common::progress::Watch;
use crate::common::report::{Latency, ServerMeter, Stats};
use crate::common::swarm::{self, SwarmArgs};
use anyhow::Result;
use bettor::Shared;
use report::Report;
use std::sync::Arc;

#[derive(clap::Args, Debug, Clone)]
pub struct AviatorArgs {
    #[command(flatten)]
    pub swarm: SwarmArgs,
}

/// Run the whole swarm and return its report (already printed and written).
pub async fn run(args: AviatorArgs) -> Result<Report> {
    let args = args.swarm;
    let prepared = swarm::prepare("aviator swarm", &args).await?;
    let start_balance = args.start_balance()?;

    let stats = Arc::new(Stats::default());
    let shared = Arc::new(Shared {
        ws_urls: prepared.ws_urls.clone(),
        rounds: args.rounds,
        mix: prepared.mix,
        stats: Arc::clone(&stats),
    });
    let mut meter = ServerMeter::start(&args.server_pid);
    let (bets, acks, cashouts) = (Arc::clone(&stats), Arc::clone(&stats), Arc::clone(&stats));
    let watch = Watch::new("bets", move || Stats::load(&bets.bets))
        .p99("bet ack", move || acks.summary(Latency::BetAck).p99)
        .p99("cash-out ack", move || cashouts.summary(Latency::CashoutAck).p99)
        .server(&args.server_pid);
    let (ledgers, duration_secs) =
        swarm::play(&prepared, &stats, args.ramp_up_secs, watch, |player, kind, rng, start_at| {
            bettor::run(Arc::clone(&shared), player, kind, rng, start_at)
        })
        .await;
    meter.stop();
    swarm::settle(duration_secs, args.settle_secs).await;

    let (http, base) = (&prepared.http, prepared.base.as_str());
    let money = swarm::check_money(&prepared.players, &ledgers, args.check_concurrency, |player, ledger| async move {
        match history::server_view(http, base, player).await {
            Ok(view) => money::reconcile(start_balance, ledger, &view),
            Err(e) => Reconciliation::unreadable(&e),
        }
    })
    .await;
    Stats::add(&stats.wins, money.filled_wins);

    let mut report = Report::from_stats(&stats);
    report.seed = prepared.seed;
    report.bettors = args.bettors as u64;
    report.rounds = args.rounds;
    report.money_mismatches = money.mismatches;
    report.payouts_filled_from_history = money.filled_from_history;
    report.players_by_kind = swarm::by_kind(&prepared.kinds, &stats, &money);
    report.server = meter.figures(args.bettors, report.messages_received);
    report.server_nodes = meter.nodes();
    report.prepare_secs = prepared.prepare_secs;
    report.duration_secs = duration_secs;
    swarm::write_report(&report, &report.table(), &args.report, &report.page(&stats))?;
    Ok(report)
}
