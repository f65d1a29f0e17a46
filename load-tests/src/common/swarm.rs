//! The shape every swarm run has: the shared command-line options, funded fixture players, one bettor task per
//! player started over a ramp (each with its own stream of the run's seed), progress lines, a pause for the last
//! settlements, the per-player money check at bounded concurrency, and the JSON report written at the end.

use crate::common::fixture::{self, Player};
use crate::common::money::Reconciliation;
use crate::common::report::{self, Stats};
use anyhow::{Context, Result, bail};
use futures_util::StreamExt;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::time::Instant;

/// Money mismatches printed in full; the rest are only counted.
const SHOW_MISMATCHES: usize = 5;

/// Options every swarm takes, whatever it plays: the server, the operator and the fixture players' funds, the
/// ramp, the seed, the report, and the money check.
#[derive(clap::Args, Debug, Clone)]
pub struct RunArgs {
    /// Base URL of the game server (http only).
    #[arg(long, env = "LOAD_URL", default_value = "http://127.0.0.1:8080")]
    pub url: String,
    /// Where to write the JSON report.
    #[arg(long, default_value = "report.json")]
    pub report: PathBuf,
    /// Spread connection starts evenly over this many seconds.
    #[arg(long, default_value_t = 0.0)]
    pub ramp_up_secs: f64,
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
    /// Server process id, to report its peak memory (VmHWM) and CPU.
    #[arg(long)]
    pub server_pid: Option<u32>,
    /// Wait this long after the last bettor finishes before reading wallets.
    #[arg(long, default_value_t = 2.0)]
    pub settle_secs: f64,
    /// Concurrent REST requests during the money check.
    #[arg(long, default_value_t = 32)]
    pub check_concurrency: usize,
}

impl RunArgs {
    /// Each player's starting balance in paise.
    pub fn start_balance(&self) -> Result<i64> {
        Ok(i64::try_from(self.balance).context("--balance too large")?.saturating_mul(100))
    }
}

/// Options of the websocket swarms (Aviator, round games): bettors over rounds, on top of [`RunArgs`] (read
/// through, so `args.url` is `args.run.url`).
#[derive(clap::Args, Debug, Clone)]
pub struct SwarmArgs {
    /// Number of simulated bettors (one websocket and one fixture player each).
    #[arg(long, default_value_t = 100)]
    pub bettors: usize,
    /// Rounds each bettor plays after the first round whose betting it sees.
    #[arg(long, default_value_t = 3)]
    pub rounds: u64,
    /// Probability per round that a bettor drops its websocket and reconnects.
    #[arg(long, default_value_t = 0.0)]
    pub reconnect_rate: f64,
    /// Probability per round that a bettor bets at all.
    #[arg(long, default_value_t = 0.9)]
    pub bet_probability: f64,
    #[command(flatten)]
    pub run: RunArgs,
}

impl std::ops::Deref for SwarmArgs {
    type Target = RunArgs;

    fn deref(&self) -> &RunArgs {
        &self.run
    }
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

pub fn check_probability(name: &str, p: f64) -> Result<()> {
    if !(0.0..=1.0).contains(&p) {
        bail!("{name} must be between 0 and 1, got {p}");
    }
    Ok(())
}

/// A swarm ready to play: the seed, the HTTP client and URLs, and the funded players.
pub struct Prepared {
    pub seed: u64,
    pub base: String,
    pub ws_url: String,
    pub http: reqwest::Client,
    pub players: Vec<Arc<Player>>,
    pub prepare_secs: f64,
}

/// Check the options, print `{title}: seed …`, and create the funded players.
pub async fn prepare(title: &str, args: &SwarmArgs) -> Result<Prepared> {
    check_probability("--reconnect-rate", args.reconnect_rate)?;
    check_probability("--bet-probability", args.bet_probability)?;
    if args.bettors == 0 || args.rounds == 0 {
        bail!("--bettors and --rounds must be at least 1");
    }
    let headline = |seed| format!("{title}: seed {seed}, {} bettors, {} rounds", args.bettors, args.rounds);
    prepare_players(&args.run, args.bettors, args.bettors, headline).await
}

/// Pick the seed, print `headline(seed)`, warn when the open-file limit is below `sockets` (the connections the
/// swarm may hold at once) + 100, and create `count` funded players.
pub async fn prepare_players(
    args: &RunArgs,
    count: usize,
    sockets: usize,
    headline: impl FnOnce(u64) -> String,
) -> Result<Prepared> {
    let seed = args.seed.unwrap_or_else(random_seed);
    println!("{}", headline(seed));
    match report::open_file_limit() {
        Some(limit) if limit < sockets as u64 + 100 => eprintln!(
            "warning: open-file limit is {limit}, below sockets+100 = {}; raise it with `ulimit -n {}`",
            sockets + 100,
            sockets + 1_000
        ),
        _ => {}
    }
    let base = args.url.trim_end_matches('/').to_owned();
    let ws_url = ws_url(&base)?;
    let http = reqwest::Client::builder().timeout(Duration::from_secs(120)).build().context("HTTP client")?;

    let prepare = Instant::now();
    let operator = fixture::operator_login(&http, &base, &args.operator_user_no, &args.operator_password).await?;
    let players = fixture::create_players(&http, &base, &operator, count, args.balance).await?;
    let prepare_secs = prepare.elapsed().as_secs_f64();
    println!("prepared {} funded players in {prepare_secs:.1}s", players.len());
    let players = players.into_iter().map(Arc::new).collect();
    Ok(Prepared { seed, base, ws_url, http, players, prepare_secs })
}

/// Run one bettor task per player — `bettor(player, rng, start_at)`, its start spread over `ramp_up_secs` — and
/// collect what each returns (its default for a task that panicked, counted as an error). Returns them in player
/// order with the seconds the bettors took. `wins` names the wins counter in the progress lines.
pub async fn play<T, F, Fut>(
    prepared: &Prepared,
    stats: &Arc<Stats>,
    ramp_up_secs: f64,
    wins: &'static str,
    bettor: F,
) -> (Vec<T>, f64)
where
    T: Default + Send + 'static,
    F: Fn(Arc<Player>, ChaCha8Rng, Instant) -> Fut,
    Fut: Future<Output = T> + Send + 'static,
{
    let started = Instant::now();
    let ramp = Duration::from_secs_f64(ramp_up_secs.max(0.0));
    let count = prepared.players.len() as u32;
    let mut handles = Vec::with_capacity(prepared.players.len());
    for (i, player) in prepared.players.iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(prepared.seed);
        rng.set_stream(i as u64);
        let start_at = started + ramp * (i as u32) / count;
        handles.push(tokio::spawn(bettor(Arc::clone(player), rng, start_at)));
    }
    let progress = tokio::spawn(print_progress(Arc::clone(stats), started, wins));
    let mut out: Vec<T> = Vec::with_capacity(handles.len());
    for handle in handles {
        match handle.await {
            Ok(t) => out.push(t),
            Err(e) => {
                stats.error("task_failed", &e);
                out.push(T::default());
            }
        }
    }
    progress.abort();
    (out, started.elapsed().as_secs_f64())
}

/// Say the bettors are done and give the server `settle_secs` to finish moving money.
pub async fn settle(duration_secs: f64, settle_secs: f64) {
    println!("all bettors finished after {duration_secs:.1}s; settling for {settle_secs}s");
    tokio::time::sleep(Duration::from_secs_f64(settle_secs.max(0.0))).await;
}

/// What the money check found over all players.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoneyCheck {
    /// Players with at least one problem.
    pub mismatches: u64,
    pub filled_from_history: u64,
    pub filled_wins: u64,
}

/// Reconcile every player with `check(player, what its bettor returned)`, `concurrency` at a time; the first few
/// players with problems are printed in full.
pub async fn check_money<'a, T, F, Fut>(
    players: &'a [Arc<Player>],
    outcomes: &'a [T],
    concurrency: usize,
    check: F,
) -> MoneyCheck
where
    F: Fn(&'a Player, &'a T) -> Fut,
    Fut: Future<Output = Reconciliation> + 'a,
{
    let mut checks = futures_util::stream::iter(players.iter().zip(outcomes).enumerate())
        .map(|(i, (player, outcome))| {
            let fut = check(player, outcome);
            async move { (i, fut.await) }
        })
        .buffer_unordered(concurrency.max(1))
        .collect::<Vec<_>>()
        .await;
    checks.sort_by_key(|(i, _)| *i);
    let mut out = MoneyCheck::default();
    for (i, r) in &checks {
        out.filled_from_history += r.filled_from_history;
        out.filled_wins += r.filled_wins;
        if !r.problems.is_empty() {
            out.mismatches += 1;
            if out.mismatches as usize <= SHOW_MISMATCHES {
                let p = &players[*i];
                eprintln!("money mismatch: player id {} userNo {}:", p.id, p.user_no);
                for problem in &r.problems {
                    eprintln!("  - {problem}");
                }
            }
        }
    }
    out
}

/// Print the table and write the JSON report.
pub fn write_report<R: Serialize>(report: &R, table: &str, path: &Path) -> Result<()> {
    print!("{table}");
    let json = serde_json::to_string_pretty(report).context("serialise report")?;
    std::fs::write(path, json).with_context(|| format!("write {}", path.display()))?;
    println!("report written to {}", path.display());
    Ok(())
}

async fn print_progress(stats: Arc<Stats>, started: Instant, wins: &'static str) {
    let mut tick = tokio::time::interval(Duration::from_secs(10));
    tick.tick().await;
    loop {
        tick.tick().await;
        eprintln!(
            "[{:>5.0}s] bets {} {wins} {} rejections {} errors {} reconnects {} messages {}",
            started.elapsed().as_secs_f64(),
            Stats::load(&stats.bets),
            Stats::load(&stats.wins),
            Stats::load(&stats.rejections),
            Stats::load(&stats.errors),
            Stats::load(&stats.reconnects),
            Stats::load(&stats.messages),
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

    #[test]
    fn probabilities_must_be_between_zero_and_one() {
        assert!(check_probability("--p", 0.0).is_ok());
        assert!(check_probability("--p", 1.0).is_ok());
        assert!(check_probability("--p", 1.5).is_err());
        assert!(check_probability("--p", -0.1).is_err());
    }
}
