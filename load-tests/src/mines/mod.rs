//! The Mines swarm (`load-tests mines`): funded players, one task each playing G games over REST (random mines,
//! stakes and tiles, a cash-out unless a mine ends it, now and then a reveal and a cash-out sent at once or a
//! reload mid-game), then every player's money checked against the wallet and the Mines history, and the report
//! (the run's shape: `common::swarm`). In the shared counters, `bets` are games started, `reconnects` are reloads,
//! `messages` are answers received and `connected` are players playing; the progress line counts moves.

pub mod money;
pub mod player;
pub mod report;
pub mod wire;

use crate::common::fixture::get_json;
use crate::common::money::{Reconciliation, fmt_paise};
use crate::common::progress::Watch;
use crate::common::report::{ServerMeter, Stats};
use crate::common::swarm::{self, RunArgs, check_probability};
use anyhow::{Context, Result, bail};
use player::{Calls, Shared};
use report::Report;
use std::sync::Arc;
use std::time::Duration;
use wire::MinesState;

#[derive(clap::Args, Debug, Clone)]
pub struct MinesArgs {
    /// Simulated players (one fixture player each, REST only).
    #[arg(long, default_value_t = 100)]
    pub players: usize,
    /// Games each player plays, one after another.
    #[arg(long, default_value_t = 5)]
    pub games: u32,
    /// Mines per game: random between these two.
    #[arg(long, default_value_t = 1)]
    pub min_mines: u8,
    #[arg(long, default_value_t = 10)]
    pub max_mines: u8,
    /// Tiles a player means to open in a game: 1 to this many (a mine may end it sooner).
    #[arg(long, default_value_t = 5)]
    pub max_tiles: u8,
    /// Highest stake in rupees (also capped by the desk's maximum bet); stakes are random from the desk's minimum.
    #[arg(long, default_value_t = 1_000)]
    pub max_stake: u64,
    /// Probability per game that its last move is a reveal and a cash-out sent at once.
    #[arg(long, default_value_t = 0.2)]
    pub race_rate: f64,
    /// Probability per game that the player reloads the screen mid-game and resumes the open game.
    #[arg(long, default_value_t = 0.2)]
    pub reload_rate: f64,
    /// Mean pause before each move in ms (uniform over 0–2×); 0 sends the next move as soon as the answer arrives.
    #[arg(long, default_value_t = 0)]
    pub think_ms: u64,
    #[command(flatten)]
    pub run: RunArgs,
}

impl MinesArgs {
    fn check(&self) -> Result<()> {
        check_probability("--race-rate", self.race_rate)?;
        check_probability("--reload-rate", self.reload_rate)?;
        if self.players == 0 || self.games == 0 {
            bail!("--players and --games must be at least 1");
        }
        if self.games as usize > money::HISTORY_LIMIT {
            bail!("--games at most {}: the money check reads at most that many games per player", money::HISTORY_LIMIT);
        }
        if self.min_mines == 0 || self.min_mines > self.max_mines || self.max_mines > 24 {
            bail!("mines must satisfy 1 ≤ --min-mines ≤ --max-mines ≤ 24");
        }
        if self.max_tiles == 0 {
            bail!("--max-tiles must be at least 1");
        }
        Ok(())
    }
}

/// Run the whole swarm and return its report (already printed and written).
pub async fn run(args: MinesArgs) -> Result<Report> {
    args.check()?;
    if args.run.urls()?.len() > 1 {
        bail!("mines plays over REST on one server: give one --url");
    }
    let headline = |seed| format!("mines swarm: seed {seed}, {} players, {} games each", args.players, args.games);
    // A player may have a reveal and a cash-out in flight at once: two connections.
    let prepared = swarm::prepare_players(&args.run, args.players, 2 * args.players, headline).await?;
    let start_balance = args.run.start_balance()?;

    let (http, base) = (&prepared.http, prepared.base.as_str());
    let first = prepared.players.first().context("no players")?;
    let screen: MinesState = serde_json::from_value(get_json(http, &format!("{base}/api/mines"), &first.token).await?)
        .context("GET /api/mines")?;
    let settings = &screen.settings;
    if screen.suspended {
        bail!("Mines is suspended on this server");
    }
    if args.min_mines < settings.min_mines || args.max_mines > settings.max_mines {
        bail!("the desk takes {} to {} mines", settings.min_mines, settings.max_mines);
    }
    let max_stake = i64::try_from(args.max_stake).context("--max-stake")?.saturating_mul(100).min(settings.max_bet);
    if max_stake < settings.min_bet {
        bail!("--max-stake {} is below the desk's minimum bet {}", args.max_stake, fmt_paise(settings.min_bet));
    }
    if max_stake.saturating_mul(i64::from(args.games)) > start_balance {
        bail!(
            "{} games of up to {} may cost more than --balance {}",
            args.games,
            fmt_paise(max_stake),
            args.run.balance
        );
    }
    println!(
        "stakes {}–{}, {}–{} mines, 1–{} tiles, house edge {} bp, race rate {}, reload rate {}, think {} ms",
        fmt_paise(settings.min_bet),
        fmt_paise(max_stake),
        args.min_mines,
        args.max_mines,
        args.max_tiles,
        settings.house_edge_bp,
        args.race_rate,
        args.reload_rate,
        args.think_ms
    );

    let stats = Arc::new(Stats::default());
    let calls = Arc::new(Calls::default());
    let (edge_bp, cap) = (settings.house_edge_bp, settings.max_payout);
    let shared = Arc::new(Shared {
        http: prepared.http.clone(),
        base: prepared.base.clone(),
        games: args.games,
        mines: (args.min_mines, args.max_mines),
        max_tiles: args.max_tiles,
        stakes: (settings.min_bet, max_stake),
        edge_bp,
        cap,
        race_rate: args.race_rate,
        reload_rate: args.reload_rate,
        think: Duration::from_millis(args.think_ms),
        start_balance,
        stats: Arc::clone(&stats),
        calls: Arc::clone(&calls),
    });
    let mut meter = ServerMeter::start(&args.run.server_pid);
    let (moves, starts, reveals) = (Arc::clone(&calls), Arc::clone(&calls), Arc::clone(&calls));
    let watch = Watch::new("moves", move || Stats::load(&moves.moves))
        .p99("start", move || starts.start.summary().p99)
        .p99("reveal", move || reveals.reveal.summary().p99)
        .server(&args.run.server_pid);
    let (ledgers, duration_secs) =
        swarm::play(&prepared, &stats, args.run.ramp_up_secs, watch, |player, _kind, rng, start_at| {
            player::run(Arc::clone(&shared), player, rng, start_at)
        })
        .await;
    meter.stop();
    swarm::settle(duration_secs, args.run.settle_secs).await;

    let check =
        swarm::check_money(&prepared.players, &ledgers, args.run.check_concurrency, |player, games| async move {
            match money::server_view(http, base, player).await {
                Ok(view) => money::reconcile(start_balance, games, &view, edge_bp, cap),
                Err(e) => Reconciliation::unreadable(&e),
            }
        })
        .await;
    Stats::add(&stats.wins, check.filled_wins);

    let mut report = Report::from_stats(&stats, &calls);
    report.seed = prepared.seed;
    report.players = args.players as u64;
    report.games_per_player = u64::from(args.games);
    report.money_mismatches = check.mismatches;
    report.ends_filled_from_history = check.filled_from_history;
    report.server = meter.figures(args.players, Stats::load(&stats.messages));
    report.prepare_secs = prepared.prepare_secs;
    report.set_duration(duration_secs);
    swarm::write_report(&report, &report.table(), &args.run.report, &report.page(&stats, &calls))?;
    Ok(report)
}
