//! The shape every swarm run has: the shared command-line options, funded fixture players (of the kinds the
//! scenario mixes, `mix`), one task per player started over a ramp (each with its own stream of the run's seed), the
//! progress line every second (`progress`), a pause for the last settlements, the per-player money check at bounded
//! concurrency, and the reports written at the end: `report.json` and, next to it, `report.html` (`html`).

use crate::common::fixture::{self, Player};
use crate::common::html::{Page, Table};
use crate::common::mix::{Mix, PlayerKind};
use crate::common::money::Reconciliation;
use crate::common::progress::{Ticker, Watch};
use crate::common::report::{self, Stats};
use anyhow::{Context, Result, bail};
use futures_util::StreamExt;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::collections::BTreeMap;
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
    /// Base URL of the game server (http only). Several, comma-separated (the nodes of a cluster): the players'
    /// sockets are spread over them round-robin; preparation and the money check use the first.
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
    /// Server process id, to report its peak memory (VmHWM) and CPU. Several, comma-separated (a cluster's nodes):
    /// the figures are their sums (the Aviator report adds each one's).
    #[arg(long, value_delimiter = ',')]
    pub server_pid: Vec<u32>,
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

    /// The base URLs of `--url`, without trailing slashes (at least one).
    pub fn urls(&self) -> Result<Vec<String>> {
        let urls: Vec<String> =
            self.url.split(',').map(|u| u.trim().trim_end_matches('/').to_owned()).filter(|u| !u.is_empty()).collect();
        if urls.is_empty() {
            bail!("--url names no server");
        }
        Ok(urls)
    }
}

/// Options of the websocket swarms (Aviator, round games): players over rounds, of the kinds the scenario mixes,
/// on top of [`RunArgs`] (read through, so `args.url` is `args.run.url`).
#[derive(clap::Args, Debug, Clone)]
pub struct SwarmArgs {
    /// Number of simulated players of every kind (one websocket and one fixture player each).
    #[arg(long, default_value_t = 100)]
    pub bettors: usize,
    /// Rounds each player plays after the first round whose betting it sees.
    #[arg(long, default_value_t = 3)]
    pub rounds: u64,
    /// Probability per round that a reconnecting player drops its websocket and reconnects (every bettor, unless
    /// `--reconnectors` names a share of them).
    #[arg(long, default_value_t = 0.0)]
    pub reconnect_rate: f64,
    /// Probability per round that a bettor bets at all.
    #[arg(long, default_value_t = 0.9)]
    pub bet_probability: f64,
    /// Share of the players (0–1) that only watch: they connect and join the room, never bet, and are measured
    /// (broadcast lag, frames received); their balance must not move.
    #[arg(long, default_value_t = 0.0)]
    pub viewers: f64,
    /// Share of the players (0–1) that bet and drop / reconnect at `--reconnect-rate`; the rest of the bettors then
    /// keep their socket. Absent: every bettor reconnects at `--reconnect-rate`, as before mixes.
    #[arg(long)]
    pub reconnectors: Option<f64>,
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

/// The websocket URL of each node, in `--url` order; a player's sockets go to its own (`Player::node`).
#[derive(Debug, Clone)]
pub struct WsUrls(Vec<String>);

impl WsUrls {
    /// The websocket URLs of these base URLs (at least one).
    pub fn new(bases: &[String]) -> Result<WsUrls> {
        if bases.is_empty() {
            bail!("--url names no server");
        }
        Ok(WsUrls(bases.iter().map(|b| ws_url(b)).collect::<Result<_>>()?))
    }

    /// Where `player`'s sockets connect.
    pub fn of(&self, player: &Player) -> &str {
        self.failover(player, 0)
    }

    /// Where `player` reconnects on its `attempt`-th try: its own node first, then the next ones, as a client
    /// behind a load balancer lands on another node when its own is down.
    pub fn failover(&self, player: &Player, attempt: usize) -> &str {
        &self.0[(player.node + attempt) % self.0.len()]
    }
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

/// A swarm ready to play: the seed, the HTTP client and URLs, the funded players and each one's kind.
pub struct Prepared {
    pub seed: u64,
    /// The first `--url`: fixture players, settings and the money check.
    pub base: String,
    /// Every `--url`'s websocket, the players spread over them.
    pub ws_urls: WsUrls,
    pub http: reqwest::Client,
    pub players: Vec<Arc<Player>>,
    /// By player: what each does (all bettors unless the scenario mixes kinds).
    pub kinds: Vec<PlayerKind>,
    pub mix: Mix,
    pub prepare_secs: f64,
}

/// Check the options, print `{title}: seed …`, and create the funded players of the mix.
pub async fn prepare(title: &str, args: &SwarmArgs) -> Result<Prepared> {
    check_probability("--reconnect-rate", args.reconnect_rate)?;
    check_probability("--bet-probability", args.bet_probability)?;
    if args.bettors == 0 || args.rounds == 0 {
        bail!("--bettors and --rounds must be at least 1");
    }
    let mix = Mix::new(args.bettors, args.viewers, args.reconnectors, args.bet_probability, args.reconnect_rate)?;
    let players = if mix.is_plain() {
        format!("{} bettors", args.bettors)
    } else {
        format!("{} players ({})", args.bettors, mix.describe())
    };
    let headline = |seed| format!("{title}: seed {seed}, {players}, {} rounds", args.rounds);
    let mut prepared = prepare_players(&args.run, args.bettors, args.bettors, headline).await?;
    prepared.kinds = mix.kinds(prepared.seed);
    prepared.mix = mix;
    Ok(prepared)
}

/// Pick the seed, print `headline(seed)`, warn when the open-file limit is below `sockets` (the connections the
/// swarm may hold at once) + 100, and create `count` funded players, assigned round-robin to the `--url`s.
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
    let urls = args.urls()?;
    let ws_urls = WsUrls::new(&urls)?;
    let base = urls[0].clone();
    if urls.len() > 1 {
        println!("players spread over {} nodes: {}", urls.len(), urls.join(", "));
    }
    let http = reqwest::Client::builder().timeout(Duration::from_secs(120)).build().context("HTTP client")?;

    let prepare = Instant::now();
    let operator = fixture::operator_login(&http, &base, &args.operator_user_no, &args.operator_password).await?;
    let players = fixture::create_players(&http, &base, &operator, count, args.balance).await?;
    let prepare_secs = prepare.elapsed().as_secs_f64();
    println!("prepared {} funded players in {prepare_secs:.1}s", players.len());
    let players: Vec<Arc<Player>> =
        players.into_iter().enumerate().map(|(i, p)| Arc::new(Player { node: i % urls.len(), ..p })).collect();
    let kinds = vec![PlayerKind::Bettor; players.len()];
    let mix = Mix::new(players.len(), 0.0, None, 1.0, 0.0)?;
    Ok(Prepared { seed, base, ws_urls, http, players, kinds, mix, prepare_secs })
}

/// Run one task per player — `bettor(player, kind, rng, start_at)`, its start spread over `ramp_up_secs` — and
/// collect what each returns (its default for a task that panicked, counted as an error), printing the progress
/// line `watch` describes every second meanwhile. Returns them in player order with the seconds the players took.
pub async fn play<T, F, Fut>(
    prepared: &Prepared,
    stats: &Arc<Stats>,
    ramp_up_secs: f64,
    watch: Watch,
    bettor: F,
) -> (Vec<T>, f64)
where
    T: Default + Send + 'static,
    F: Fn(Arc<Player>, PlayerKind, ChaCha8Rng, Instant) -> Fut,
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
        let kind = prepared.kinds.get(i).copied().unwrap_or(PlayerKind::Bettor);
        handles.push(tokio::spawn(bettor(Arc::clone(player), kind, rng, start_at)));
    }
    let ticker = Ticker::start(Arc::clone(stats), watch);
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
    ticker.stop();
    (out, started.elapsed().as_secs_f64())
}

/// Say the bettors are done and give the server `settle_secs` to finish moving money.
pub async fn settle(duration_secs: f64, settle_secs: f64) {
    println!("all bettors finished after {duration_secs:.1}s; settling for {settle_secs}s");
    tokio::time::sleep(Duration::from_secs_f64(settle_secs.max(0.0))).await;
}

/// What the money check found over all players.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoneyCheck {
    /// Players with at least one problem.
    pub mismatches: u64,
    /// Their indices in the players.
    pub mismatched: Vec<usize>,
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
            out.mismatched.push(*i);
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

/// One kind of player's figures in a mixed run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct KindFigures {
    pub players: u64,
    pub messages_received: u64,
    pub money_mismatches: u64,
}

/// Players, frames received and money mismatches by kind (`bettors`, `viewers`, `reconnectors`; only kinds present).
pub fn by_kind(kinds: &[PlayerKind], stats: &Stats, money: &MoneyCheck) -> BTreeMap<String, KindFigures> {
    let mut out = BTreeMap::new();
    for kind in PlayerKind::ALL {
        let players = kinds.iter().filter(|k| **k == kind).count() as u64;
        if players == 0 {
            continue;
        }
        let money_mismatches =
            money.mismatched.iter().filter(|i| kinds.get(**i).is_some_and(|k| *k == kind)).count() as u64;
        let figures = KindFigures { players, messages_received: stats.kind_messages(kind), money_mismatches };
        out.insert(kind.plural().to_owned(), figures);
    }
    out
}

/// The printed rows of [`by_kind`] (nothing for a run of bettors only).
pub fn kind_rows(s: &mut String, kinds: &BTreeMap<String, KindFigures>) {
    if kinds.len() == 1 && kinds.contains_key(PlayerKind::Bettor.plural()) {
        return;
    }
    for (kind, f) in kinds {
        s.push_str(&format!(
            "  {kind:<20} {:>10} players {:>8} frames {:>4} mismatches\n",
            f.players, f.messages_received, f.money_mismatches
        ));
    }
}

/// The HTML report's header figures: the players, each kind's count, then the swarm's own `rest`.
pub fn figures(players: u64, kinds: &BTreeMap<String, KindFigures>, rest: &[(&str, String)]) -> Vec<(String, String)> {
    let mut figures = vec![("players".to_string(), players.to_string())];
    figures.extend(kinds.iter().map(|(kind, f)| (kind.clone(), f.players.to_string())));
    figures.extend(rest.iter().map(|(k, v)| (k.to_string(), v.clone())));
    figures
}

/// [`by_kind`] as a table of the HTML report.
pub fn kind_table(kinds: &BTreeMap<String, KindFigures>) -> Table {
    Table {
        title: "Players by kind".into(),
        head: ["kind", "players", "frames received", "money mismatches"].map(String::from).to_vec(),
        rows: kinds
            .iter()
            .map(|(k, f)| {
                vec![k.clone(), f.players.to_string(), f.messages_received.to_string(), f.money_mismatches.to_string()]
            })
            .collect(),
    }
}

/// Where the HTML report goes: the JSON report's path with `.html`.
pub fn html_path(json: &Path) -> PathBuf {
    json.with_extension("html")
}

/// Print the table, write the JSON report and, next to it, the HTML page.
pub fn write_report<R: Serialize>(report: &R, table: &str, path: &Path, page: &Page) -> Result<()> {
    print!("{table}");
    let json = serde_json::to_string_pretty(report).context("serialise report")?;
    std::fs::write(path, json).with_context(|| format!("write {}", path.display()))?;
    let html = html_path(path);
    std::fs::write(&html, page.render()).with_context(|| format!("write {}", html.display()))?;
    println!("report written to {} and {}", path.display(), html.display());
    Ok(())
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
    fn several_urls_spread_players_round_robin() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            run: RunArgs,
        }
        let parse = |args: &[&str]| {
            let base = ["t", "--operator-user-no", "1", "--operator-password", "p"];
            Cli::try_parse_from(base.iter().chain(args)).unwrap().run
        };
        let one = parse(&["--url", "http://a:1/", "--server-pid", "7"]);
        assert_eq!(one.urls().unwrap(), ["http://a:1"]);
        assert_eq!(one.server_pid, [7]);
        let three = parse(&["--url", "http://a:1, http://b:2/,http://c:3", "--server-pid", "7,8,9"]);
        assert_eq!(three.server_pid, [7, 8, 9]);
        let urls = three.urls().unwrap();
        assert_eq!(urls, ["http://a:1", "http://b:2", "http://c:3"]);
        let ws = WsUrls::new(&urls).unwrap();
        let player = |node| Player { id: 1, user_no: 1, token: String::new(), node };
        assert_eq!(ws.of(&player(0)), ws_url("http://a:1").unwrap());
        assert_eq!(ws.of(&player(4)), ws_url("http://b:2").unwrap());
        assert!(parse(&["--url", " , "]).urls().is_err());
        assert!(parse(&[]).server_pid.is_empty());
    }

    #[test]
    fn figures_by_kind_count_players_frames_and_mismatches_of_each() {
        use PlayerKind::{Bettor, Reconnector, Viewer};
        let kinds = [Bettor, Viewer, Viewer, Reconnector, Bettor];
        let stats = Stats::default();
        stats.message(Viewer);
        stats.message(Viewer);
        stats.message(Bettor);
        let money = MoneyCheck { mismatches: 2, mismatched: vec![2, 4], ..MoneyCheck::default() };
        let figures = by_kind(&kinds, &stats, &money);
        let f = |k: &str| figures.get(k).copied().unwrap_or_default();
        assert_eq!(f("bettors"), KindFigures { players: 2, messages_received: 1, money_mismatches: 1 });
        assert_eq!(f("viewers"), KindFigures { players: 2, messages_received: 2, money_mismatches: 1 });
        assert_eq!(f("reconnectors").players, 1);
        let mut rows = String::new();
        kind_rows(&mut rows, &figures);
        assert_eq!(rows.lines().count(), 3);
        assert_eq!(kind_table(&figures).rows.len(), 3);
        // A run of bettors only prints no kind rows.
        let plain = by_kind(&[Bettor, Bettor], &stats, &MoneyCheck::default());
        let mut rows = String::new();
        kind_rows(&mut rows, &plain);
        assert!(rows.is_empty());
    }

    #[test]
    fn the_html_report_sits_next_to_the_json_one() {
        assert_eq!(html_path(Path::new("target/swarm-report.json")), PathBuf::from("target/swarm-report.html"));
        assert_eq!(html_path(Path::new("out/titli")), PathBuf::from("out/titli.html"));
    }

    #[test]
    fn probabilities_must_be_between_zero_and_one() {
        assert!(check_probability("--p", 0.0).is_ok());
        assert!(check_probability("--p", 1.0).is_ok());
        assert!(check_probability("--p", 1.5).is_err());
        assert!(check_probability("--p", -0.1).is_err());
    }
}
