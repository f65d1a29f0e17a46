//! The Aviator swarm: prepare funded players, run one bettor task per player over the real Socket.IO protocol,
//! then check every player's money against the server and write the report.

pub mod bettor;
pub mod curve;
pub mod fixture;
pub mod money;
pub mod protocol;
pub mod report;

use anyhow::{Context, Result, bail};
use bettor::Shared;
use fixture::Player;
use futures_util::StreamExt;
use money::{BetRecord, Reconciliation};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use report::{Report, Stats};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::time::Instant;

/// Money mismatches printed in full; the rest are only counted.
const SHOW_MISMATCHES: usize = 5;

#[derive(clap::Args, Debug, Clone)]
pub struct AviatorArgs {
    /// Base URL of the game server (http only).
    #[arg(long, env = "LOAD_URL", default_value = "http://127.0.0.1:8080")]
    pub url: String,
    /// Number of simulated bettors (one websocket and one fixture player each).
    #[arg(long, default_value_t = 100)]
    pub bettors: usize,
    /// Rounds each bettor plays after the first round whose countdown it sees.
    #[arg(long, default_value_t = 3)]
    pub rounds: u64,
    /// Where to write the JSON report.
    #[arg(long, default_value = "report.json")]
    pub report: PathBuf,
    /// Spread connection starts evenly over this many seconds.
    #[arg(long, default_value_t = 0.0)]
    pub ramp_up_secs: f64,
    /// Probability per round that a bettor drops its websocket and reconnects.
    #[arg(long, default_value_t = 0.0)]
    pub reconnect_rate: f64,
    /// Probability per round that a bettor bets at all.
    #[arg(long, default_value_t = 0.9)]
    pub bet_probability: f64,
    /// Seed of all randomness (printed at start); random when absent.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Operator login used to create the fixture players.
    #[arg(long, env = "LOAD_OPERATOR_USER_NO")]
    pub operator_user_no: String,
    #[arg(long, env = "LOAD_OPERATOR_PASSWORD")]
    pub operator_password: String,
    /// Starting balance of each fixture player, in rupees.
    #[arg(long, default_value_t = 100_000)]
    pub balance: u64,
    /// Server process id, to report its peak memory (VmHWM).
    #[arg(long)]
    pub server_pid: Option<u32>,
    /// Wait this long after the last bettor finishes before reading wallets.
    #[arg(long, default_value_t = 2.0)]
    pub settle_secs: f64,
    /// Concurrent REST requests during the money check.
    #[arg(long, default_value_t = 32)]
    pub check_concurrency: usize,
}

/// `http://host:port` → `ws://host:port/socket.io/?EIO=4&transport=websocket`.
pub fn ws_url(base: &str) -> Result<String> {
    let Some(rest) = base.strip_prefix("http://") else {
        bail!("--url must start with http:// (this build has no TLS): {base}");
    };
    Ok(format!("ws://{}/socket.io/?EIO=4&transport=websocket", rest.trim_end_matches('/')))
}

fn random_seed() -> u64 {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ (u64::from(std::process::id()) << 32)
}

fn check_probability(name: &str, p: f64) -> Result<()> {
    if !(0.0..=1.0).contains(&p) {
        bail!("{name} must be between 0 and 1, got {p}");
    }
    Ok(())
}

/// Run the whole swarm and return its report (already printed and written).
pub async fn run(args: AviatorArgs) -> Result<Report> {
    check_probability("--reconnect-rate", args.reconnect_rate)?;
    check_probability("--bet-probability", args.bet_probability)?;
    if args.bettors == 0 || args.rounds == 0 {
        bail!("--bettors and --rounds must be at least 1");
    }
    let seed = args.seed.unwrap_or_else(random_seed);
    println!("aviator swarm: seed {seed}, {} bettors, {} rounds", args.bettors, args.rounds);
    match report::open_file_limit() {
        Some(limit) if limit < args.bettors as u64 + 100 => eprintln!(
            "warning: open-file limit is {limit}, below bettors+100 = {}; raise it with `ulimit -n {}`",
            args.bettors + 100,
            args.bettors + 1_000
        ),
        _ => {}
    }
    let base = args.url.trim_end_matches('/').to_owned();
    let ws_url = ws_url(&base)?;
    let http = reqwest::Client::builder().timeout(Duration::from_secs(120)).build().context("HTTP client")?;

    let prepare = Instant::now();
    let operator = fixture::operator_login(&http, &base, &args.operator_user_no, &args.operator_password).await?;
    let players = fixture::create_players(&http, &base, &operator, args.bettors, args.balance).await?;
    let prepare_secs = prepare.elapsed().as_secs_f64();
    println!("prepared {} funded players in {prepare_secs:.1}s", players.len());
    let players: Vec<Arc<Player>> = players.into_iter().map(Arc::new).collect();

    let stats = Arc::new(Stats::default());
    let shared = Arc::new(Shared {
        ws_url,
        rounds: args.rounds,
        reconnect_rate: args.reconnect_rate,
        bet_probability: args.bet_probability,
        stats: Arc::clone(&stats),
    });
    let rss_before = args.server_pid.and_then(report::resident_mb);
    let cpu_before = args.server_pid.and_then(report::cpu_secs);
    let started = Instant::now();
    let ramp = Duration::from_secs_f64(args.ramp_up_secs.max(0.0));
    let count = players.len() as u32;
    let mut handles = Vec::with_capacity(players.len());
    for (i, player) in players.iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(i as u64);
        let start_at = started + ramp * (i as u32) / count;
        handles.push(tokio::spawn(bettor::run(Arc::clone(&shared), Arc::clone(player), rng, start_at)));
    }
    let progress = tokio::spawn(print_progress(Arc::clone(&stats), started));
    let mut ledgers: Vec<Vec<BetRecord>> = Vec::with_capacity(handles.len());
    for handle in handles {
        match handle.await {
            Ok(ledger) => ledgers.push(ledger),
            Err(e) => {
                stats.error("task_failed", &e);
                ledgers.push(Vec::new());
            }
        }
    }
    progress.abort();
    let duration_secs = started.elapsed().as_secs_f64();
    let cpu_used = args.server_pid.and_then(report::cpu_secs).zip(cpu_before).map(|(after, before)| after - before);
    println!("all bettors finished after {duration_secs:.1}s; settling for {}s", args.settle_secs);
    tokio::time::sleep(Duration::from_secs_f64(args.settle_secs.max(0.0))).await;

    let start_balance = i64::try_from(args.balance).context("--balance too large")?.saturating_mul(100);
    let checks = futures_util::stream::iter(players.iter().zip(&ledgers).enumerate())
        .map(|(i, (player, ledger))| {
            let http = &http;
            let base = &base;
            async move {
                let result = match fixture::server_view(http, base, player).await {
                    Ok(view) => money::reconcile(start_balance, ledger, &view),
                    Err(e) => Reconciliation {
                        problems: vec![format!("could not read the server's view: {e:#}")],
                        ..Default::default()
                    },
                };
                (i, result)
            }
        })
        .buffer_unordered(args.check_concurrency.max(1))
        .collect::<Vec<_>>()
        .await;
    let mut checks = checks;
    checks.sort_by_key(|(i, _)| *i);
    let mut mismatches = 0u64;
    let mut filled = 0u64;
    for (i, r) in &checks {
        filled += r.filled_from_history;
        Stats::add(&stats.cashouts, r.filled_wins);
        if !r.problems.is_empty() {
            mismatches += 1;
            if mismatches as usize <= SHOW_MISMATCHES {
                let p = &players[*i];
                eprintln!("money mismatch: player id {} userNo {}:", p.id, p.user_no);
                for problem in &r.problems {
                    eprintln!("  - {problem}");
                }
            }
        }
    }

    let mut report = Report::from_stats(&stats);
    report.seed = seed;
    report.bettors = args.bettors as u64;
    report.rounds = args.rounds;
    report.money_mismatches = mismatches;
    report.payouts_filled_from_history = filled;
    report.server_peak_memory_mb = args.server_pid.and_then(report::peak_memory_mb);
    report.server_rss_before_mb = rss_before;
    report.server_kb_per_bettor = report
        .server_peak_memory_mb
        .zip(rss_before)
        .map(|(peak, before)| ((peak - before) * 1024.0 / args.bettors.max(1) as f64 * 10.0).round() / 10.0);
    report.server_cpu_secs = cpu_used;
    report.server_cpu_us_per_message = cpu_used
        .filter(|_| report.messages_received > 0)
        .map(|cpu| (cpu * 1e6 / report.messages_received as f64 * 10.0).round() / 10.0);
    report.prepare_secs = prepare_secs;
    report.duration_secs = duration_secs;
    print!("{}", report.table());
    let json = serde_json::to_string_pretty(&report).context("serialise report")?;
    std::fs::write(&args.report, json).with_context(|| format!("write {}", args.report.display()))?;
    println!("report written to {}", args.report.display());
    Ok(report)
}

async fn print_progress(stats: Arc<Stats>, started: Instant) {
    let mut tick = tokio::time::interval(Duration::from_secs(10));
    tick.tick().await;
    loop {
        tick.tick().await;
        let load = |c: &std::sync::atomic::AtomicU64| c.load(Ordering::Relaxed);
        eprintln!(
            "[{:>5.0}s] bets {} cashouts {} rejections {} errors {} reconnects {} messages {}",
            started.elapsed().as_secs_f64(),
            load(&stats.bets),
            load(&stats.cashouts),
            load(&stats.rejections),
            load(&stats.errors),
            load(&stats.reconnects),
            load(&stats.messages),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn websocket_url_is_derived_from_the_http_base() {
        assert_eq!(
            ws_url("http://127.0.0.1:8080/").ok().as_deref(),
            Some("ws://127.0.0.1:8080/socket.io/?EIO=4&transport=websocket")
        );
        assert!(ws_url("https://example.com").is_err());
    }
}
