//! One simulated Mines player: GAMES games one after another over REST, each with a random mine count and stake,
//! 1–N random tiles opened, then a cash-out unless a mine ended it. Now and then the last move is a reveal and a
//! cash-out sent at once (exactly one of them must end the game), and now and then the player reloads the screen
//! (`GET /api/mines`) mid-game and resumes the open game from what the server says.
//!
//! Every answer is checked against what the player knows: the game's id, stake, mines and tiles, the payout
//! against the published formula, and the wallet in the answer against the player's running balance (the player's
//! only money movements are its own games). A failed request or an unexpected refusal is an error; the player then
//! reads the server's view, finishes whatever game is open and goes on.

use crate::common::fixture::{self, Player};
use crate::common::money::{fmt_paise, random_stake, rupees_json};
use crate::common::report::{Recorder, Stats};
use crate::mines::money::{Ended, GameRecord, payout};
use crate::mines::wire::{GameView, MinesState, Moved, Refused, Status};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Duration;
use tokio::time::Instant;

const TILES: u8 = 25;

/// Latencies and counters of the Mines calls (the shared `Stats` count games, wins, errors and refusals).
#[derive(Default)]
pub struct Calls {
    pub start: Recorder,
    pub reveal: Recorder,
    /// Reveals answered `playing` (one SQLite write) and reveals that ended the game (a wallet commit too).
    pub reveal_safe: Recorder,
    pub reveal_end: Recorder,
    pub cashout: Recorder,
    pub reload: Recorder,
    /// Games lost on a mine, and won by opening the last safe tile.
    pub lost: AtomicU64,
    pub cleared: AtomicU64,
    /// Reveal + cash-out pairs sent at once.
    pub races: AtomicU64,
    /// Starts, reveals and cash-outs answered (refusals included).
    pub moves: AtomicU64,
}

/// What every player shares.
pub struct Shared {
    pub http: reqwest::Client,
    pub base: String,
    pub games: u32,
    pub mines: (u8, u8),
    pub max_tiles: u8,
    /// Stakes in paise.
    pub stakes: (i64, i64),
    pub edge_bp: u32,
    pub cap: i64,
    pub race_rate: f64,
    pub reload_rate: f64,
    /// Mean pause before each move (uniform over 0..2×).
    pub think: Duration,
    pub start_balance: i64,
    pub stats: Arc<Stats>,
    pub calls: Arc<Calls>,
}

/// Why a player could not go on as planned: a request that failed, a refusal it did not expect, or an answer it
/// cannot read. Counted by kind (a refusal by its code).
#[derive(Debug)]
struct Fault {
    kind: String,
    detail: String,
}

fn fault(kind: &str, detail: impl std::fmt::Display) -> Fault {
    Fault { kind: kind.to_owned(), detail: detail.to_string() }
}

/// An answer: what was asked for, or a refusal with its code.
enum Answer<T> {
    Done(T),
    Refused(u16, Refused),
}

impl<T> Answer<T> {
    fn refused_with(&self, code: &str) -> bool {
        matches!(self, Answer::Refused(_, r) if r.error == code)
    }
}

/// The game being played, as the player knows it.
#[derive(Debug, Clone)]
struct Live {
    /// Index in the ledger.
    index: usize,
    id: i64,
    stake: i64,
    mines: u8,
    revealed: Vec<u8>,
    safe: u8,
}

/// What a move left the game at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum After {
    Playing,
    Over,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Call {
    Start,
    Reveal,
    CashOut,
    Reload,
}

impl Call {
    fn path(self) -> &'static str {
        match self {
            Call::Start => "/api/mines/betPlace",
            Call::Reveal => "/api/mines/reveal",
            Call::CashOut => "/api/mines/cashout",
            Call::Reload => "/api/mines",
        }
    }
}

/// Play every game; returns the games the server started, with how their answers said they ended.
pub async fn run(shared: Arc<Shared>, player: Arc<Player>, rng: ChaCha8Rng, start_at: Instant) -> Vec<GameRecord> {
    tokio::time::sleep_until(start_at).await;
    // A REST player counts as connected while it plays.
    let _playing = Stats::connect(&shared.stats);
    let mut p = MinesPlayer {
        shared: &shared,
        player: &player,
        rng,
        ledger: Vec::with_capacity(shared.games as usize),
        balance: Some(shared.start_balance),
    };
    for _ in 0..shared.games {
        if let Err(f) = p.play_one().await {
            p.shared.stats.error(&f.kind, &f.detail);
            if let Err(f) = p.recover().await {
                p.shared.stats.error(&f.kind, &format!("giving up this player: {}", f.detail));
                break;
            }
        }
    }
    p.ledger
}

struct MinesPlayer<'a> {
    shared: &'a Shared,
    player: &'a Player,
    rng: ChaCha8Rng,
    ledger: Vec<GameRecord>,
    /// The wallet balance the player expects (`None` after a failure, until read again).
    balance: Option<i64>,
}

impl MinesPlayer<'_> {
    fn stats(&self) -> &Stats {
        &self.shared.stats
    }

    async fn think(&mut self) {
        let mean = u64::try_from(self.shared.think.as_micros()).unwrap_or(u64::MAX);
        if mean > 0 {
            tokio::time::sleep(Duration::from_micros(self.rng.random_range(0..=2 * mean))).await;
        }
    }

    /// One game, start to end.
    async fn play_one(&mut self) -> Result<(), Fault> {
        let (low, high) = self.shared.mines;
        let mines = self.rng.random_range(low..=high);
        let stake = random_stake(&mut self.rng, self.shared.stakes.0, self.shared.stakes.1);
        let tiles_to_open = self.rng.random_range(1..=self.shared.max_tiles.min(TILES - mines));
        let mut tiles: Vec<u8> = (0..TILES).collect();
        tiles.shuffle(&mut self.rng);
        tiles.truncate(usize::from(tiles_to_open));
        let race = self.rng.random_bool(self.shared.race_rate);
        let reload_at = self.rng.random_bool(self.shared.reload_rate).then(|| self.rng.random_range(0..tiles.len()));

        self.think().await;
        let mut live = self.start(stake, mines).await?;
        let last = tiles.len() - 1;
        for (i, tile) in tiles.into_iter().enumerate() {
            self.think().await;
            if reload_at == Some(i) {
                live = self.reload(&live).await?;
                self.think().await;
            }
            let after = if race && i == last {
                self.race(&mut live, tile).await?
            } else {
                self.reveal(&mut live, tile).await?
            };
            if after == After::Over {
                return Ok(());
            }
        }
        self.think().await;
        self.cash_out(&mut live).await
    }

    /// A request with the player's token; the answer timed into `call`'s histogram.
    async fn send<T: DeserializeOwned>(&self, call: Call, body: Option<Value>) -> Result<Answer<T>, Fault> {
        let path = call.path();
        let method = if call == Call::Reload { reqwest::Method::GET } else { reqwest::Method::POST };
        let request = self.shared.http.request(method, format!("{}{path}", self.shared.base));
        let request = request.bearer_auth(&self.player.token);
        let request = match body {
            Some(body) => request.json(&body),
            None => request,
        };
        let sent = std::time::Instant::now();
        let resp = request
            .send()
            .await
            .map_err(|e| fault(if e.is_timeout() { "timeout" } else { "request_failed" }, format!("{path}: {e}")))?;
        let status = resp.status();
        let bytes = resp.bytes().await.map_err(|e| fault("request_failed", format!("{path}: body: {e}")))?;
        let calls = &self.shared.calls;
        match call {
            Call::Start => &calls.start,
            Call::Reveal => &calls.reveal,
            Call::CashOut => &calls.cashout,
            Call::Reload => &calls.reload,
        }
        .since(sent);
        if call != Call::Reload {
            Stats::add(&calls.moves, 1);
        }
        Stats::add(&self.stats().messages, 1);
        let text = || String::from_utf8_lossy(&bytes).into_owned();
        if status.is_success() {
            return serde_json::from_slice(&bytes)
                .map(Answer::Done)
                .map_err(|e| fault("parse", format!("{path}: {e}: {}", text())));
        }
        match serde_json::from_slice::<Refused>(&bytes) {
            Ok(r) => Ok(Answer::Refused(status.as_u16(), r)),
            Err(_) => Err(fault("http_error", format!("{path}: {status} {}", text()))),
        }
    }

    /// An answer that must not be a refusal.
    fn done<T>(answer: Answer<T>, what: &str) -> Result<T, Fault> {
        match answer {
            Answer::Done(t) => Ok(t),
            Answer::Refused(status, r) => Err(fault(&r.error, format!("{what}: {status} {}: {}", r.error, r.message))),
        }
    }

    /// A check of an answer that failed: an error (the player follows the server's answer regardless).
    fn wrong(&self, what: &str, problems: &[String], moved: &impl std::fmt::Debug) {
        if !problems.is_empty() {
            self.stats().error("wrong_answer", &format!("{what}: {} — {moved:?}", problems.join("; ")));
        }
    }

    async fn start(&mut self, stake: i64, mines: u8) -> Result<Live, Fault> {
        let body = json!({ "betAmt": rupees_json(stake), "mines": mines });
        let moved: Moved = Self::done(self.send(Call::Start, Some(body)).await?, "betPlace")?;
        Stats::add(&self.stats().bets, 1);
        let g = &moved.game;
        self.ledger.push(GameRecord { game_id: g.game_id, stake: g.stake, mines: g.mines, ended: None });
        let mut problems = Vec::new();
        if (g.stake, g.mines, g.status, g.safe) != (stake, mines, Status::Playing, 0) || !g.revealed.is_empty() {
            problems.push(format!("asked for stake {} with {mines} mines", fmt_paise(stake)));
        }
        if let Some(b) = self.balance.as_mut() {
            *b -= g.stake;
        }
        self.check_wallet(&moved, g.stake, &mut problems);
        self.wrong("betPlace", &problems, &moved);
        let live = Live {
            index: self.ledger.len() - 1,
            id: g.game_id,
            stake: g.stake,
            mines: g.mines,
            revealed: vec![],
            safe: 0,
        };
        Ok(live)
    }

    /// The wallet in an answer: the running balance, with the stake held while the game plays.
    fn check_wallet(&self, moved: &Moved, held: i64, problems: &mut Vec<String>) {
        let exposure = if moved.game.status.over() { 0 } else { held };
        if let Some(balance) = self.balance
            && (moved.balance, moved.exposure_balance) != (balance, exposure)
        {
            problems.push(format!(
                "wallet {} / exposure {}, expected {} / {}",
                fmt_paise(moved.balance),
                fmt_paise(moved.exposure_balance),
                fmt_paise(balance),
                fmt_paise(exposure)
            ));
        }
    }

    /// Apply a move's answer to the game: check it against what the player knew before (`live`) and what the move
    /// was (`tile`: a reveal, `None`: a cash-out), record the end, follow the server.
    fn apply(&mut self, live: &mut Live, tile: Option<u8>, moved: &Moved) -> After {
        let g = &moved.game;
        let what = match tile {
            Some(t) => format!("reveal {t} of game {}", live.id),
            None => format!("cash-out of game {}", live.id),
        };
        let mut problems = Vec::new();
        if (g.game_id, g.stake, g.mines) != (live.id, live.stake, live.mines) || !moved.success {
            problems.push(format!(
                "not the game played (id {}, stake {}, {} mines)",
                live.id,
                fmt_paise(live.stake),
                live.mines
            ));
        }
        let mut revealed = live.revealed.clone();
        revealed.extend(tile);
        if g.revealed != revealed {
            problems.push(format!("tiles {:?}, expected {revealed:?}", g.revealed));
        }
        let (safe, paid) = match (tile, g.status) {
            (Some(_), Status::Playing) => (live.safe + 1, None),
            (Some(t), Status::Lost) => {
                if !g.mine_tiles.as_ref().is_some_and(|m| m.contains(&t)) {
                    problems.push(format!("lost, but tile {t} is not among the mines {:?}", g.mine_tiles));
                }
                (live.safe, Some(0))
            }
            (Some(_), Status::Won) => {
                if live.safe + 1 != TILES - live.mines {
                    problems.push("won by a reveal that did not open the last safe tile".into());
                }
                let safe = live.safe + 1;
                (safe, Some(payout(live.stake, live.mines, safe, self.shared.edge_bp, self.shared.cap)))
            }
            (None, Status::Won) => {
                (live.safe, Some(payout(live.stake, live.mines, live.safe, self.shared.edge_bp, self.shared.cap)))
            }
            (None, status) => {
                problems.push(format!("a cash-out answered {status:?}"));
                (live.safe, if status == Status::Lost { Some(0) } else { None })
            }
        };
        if g.safe != safe {
            problems.push(format!("{} safe tiles, expected {safe}", g.safe));
        }
        if let Some(due) = paid
            && g.payout != due
        {
            problems.push(format!("paid {} but the formula pays {}", fmt_paise(g.payout), fmt_paise(due)));
        }
        if g.status.over() != g.mine_tiles.is_some() {
            problems.push(format!("status {:?} with mines {:?}", g.status, g.mine_tiles));
        }
        // Follow the server from here on.
        live.revealed = g.revealed.clone();
        live.safe = g.safe;
        let after = if g.status.over() {
            let won = g.status == Status::Won;
            if let Some(b) = self.balance.as_mut() {
                *b += g.payout;
            }
            self.ledger[live.index].ended = Some(Ended { won, payout: g.payout, safe: g.safe });
            let calls = &self.shared.calls;
            match (won, tile.is_some()) {
                (true, true) => Stats::add(&calls.cleared, 1),
                (false, _) => Stats::add(&calls.lost, 1),
                (true, false) => {}
            }
            if won {
                Stats::add(&self.stats().wins, 1);
            }
            After::Over
        } else {
            After::Playing
        };
        self.check_wallet(moved, live.stake, &mut problems);
        self.wrong(&what, &problems, moved);
        after
    }

    fn reveal_body(live: &Live, tile: u8) -> Value {
        json!({ "gameId": live.id, "tile": tile })
    }

    fn time_reveal(&self, sent: std::time::Instant, after: After) {
        let calls = &self.shared.calls;
        if after == After::Playing { calls.reveal_safe.since(sent) } else { calls.reveal_end.since(sent) }
    }

    async fn reveal(&mut self, live: &mut Live, tile: u8) -> Result<After, Fault> {
        let sent = std::time::Instant::now();
        let moved: Moved = Self::done(self.send(Call::Reveal, Some(Self::reveal_body(live, tile))).await?, "reveal")?;
        let after = self.apply(live, Some(tile), &moved);
        self.time_reveal(sent, after);
        Ok(after)
    }

    async fn cash_out(&mut self, live: &mut Live) -> Result<(), Fault> {
        let moved: Moved = Self::done(self.send(Call::CashOut, Some(json!({ "gameId": live.id }))).await?, "cashout")?;
        match self.apply(live, None, &moved) {
            After::Over => Ok(()),
            After::Playing => Err(fault("wrong_answer", format!("cash-out of game {} left it playing", live.id))),
        }
    }

    /// A reveal and a cash-out sent at once. The desk runs them in the order they arrive: a safe reveal then the
    /// cash-out (both answered), or one ends the game and the other is refused (`hit_mine`, `already_cashed_out`), or
    /// — with no safe tile yet — the cash-out is refused (`nothing_to_cash_out`) and the game goes on. Exactly one
    /// answer may end the game.
    async fn race(&mut self, live: &mut Live, tile: u8) -> Result<After, Fault> {
        Stats::add(&self.shared.calls.races, 1);
        let sent = std::time::Instant::now();
        let reveal_body = Self::reveal_body(live, tile);
        let cash_body = json!({ "gameId": live.id });
        let (r, c) = tokio::join!(
            self.send::<Moved>(Call::Reveal, Some(reveal_body)),
            self.send::<Moved>(Call::CashOut, Some(cash_body))
        );
        let (r, c) = (r?, c?);
        let before = live.clone();
        let mut ends = 0;
        let after = match (r, c) {
            // The reveal first: safe, then the cash-out ended it.
            (Answer::Done(rv), Answer::Done(co)) => {
                let after = self.apply(live, Some(tile), &rv);
                self.time_reveal(sent, after);
                ends += usize::from(after == After::Over);
                ends += usize::from(self.apply(live, None, &co) == After::Over);
                After::Over
            }
            // One ended it, the other came after.
            (Answer::Done(rv), c) if c.refused_with("hit_mine") || c.refused_with("already_cashed_out") => {
                let after = self.apply(live, Some(tile), &rv);
                self.time_reveal(sent, after);
                let status = rv.game.status;
                if let Answer::Refused(_, co) = c {
                    self.stats().rejection(&co.error);
                    let expected = if status == Status::Lost { "hit_mine" } else { "already_cashed_out" };
                    if !status.over() || co.error != expected {
                        self.stats().error(
                            "race_inconsistent",
                            &format!("game {}: reveal {status:?}, cash-out refused {}", before.id, co.error),
                        );
                    }
                }
                ends += usize::from(after == After::Over);
                after
            }
            (r, Answer::Done(co)) if r.refused_with("already_cashed_out") => {
                self.stats().rejection("already_cashed_out");
                let after = self.apply(live, None, &co);
                ends += usize::from(after == After::Over);
                after
            }
            // No safe tile yet: the cash-out came first and was refused; the reveal decided.
            (Answer::Done(rv), c) if c.refused_with("nothing_to_cash_out") && before.safe == 0 => {
                self.stats().rejection("nothing_to_cash_out");
                let after = self.apply(live, Some(tile), &rv);
                self.time_reveal(sent, after);
                ends += usize::from(after == After::Over);
                if after == After::Playing {
                    self.think().await;
                    self.cash_out(live).await?;
                    return Ok(After::Over);
                }
                after
            }
            (r, c) => {
                let text = |a: &Answer<Moved>| match a {
                    Answer::Done(m) => format!("{:?}", m.game.status),
                    Answer::Refused(s, r) => format!("{s} {}", r.error),
                };
                return Err(fault(
                    "race_inconsistent",
                    format!("game {}: reveal {}, cash-out {}", before.id, text(&r), text(&c)),
                ));
            }
        };
        if ends != 1 {
            self.stats().error("race_inconsistent", &format!("game {}: {ends} answers ended it", before.id));
        }
        Ok(after)
    }

    /// `GET /api/mines` mid-game: the open game must be this one as the player knows it; play resumes from it.
    async fn reload(&mut self, live: &Live) -> Result<Live, Fault> {
        Stats::add(&self.stats().reconnects, 1);
        let state: MinesState = Self::done(self.send(Call::Reload, None).await?, "GET /api/mines")?;
        let Some(g) = state.game else {
            return Err(fault("reload_mismatch", format!("game {} is not open after a reload", live.id)));
        };
        let known = (live.id, live.stake, live.mines, &live.revealed, live.safe, Status::Playing);
        if (g.game_id, g.stake, g.mines, &g.revealed, g.safe, g.status) != known {
            self.stats().error("reload_mismatch", &format!("expected {known:?}, reloaded {g:?}"));
        }
        Ok(Live {
            index: live.index,
            id: g.game_id,
            stake: g.stake,
            mines: g.mines,
            revealed: g.revealed,
            safe: g.safe,
        })
    }

    /// After a failure: read the wallet and the screen, and finish the open game (adopting it if its start's answer
    /// was lost). A game left without an answer saying it ended is settled from the history by the money check.
    async fn recover(&mut self) -> Result<(), Fault> {
        let (http, base) = (&self.shared.http, self.shared.base.as_str());
        let wallet =
            fixture::wallet(http, base, self.player).await.map_err(|e| fault("recover_failed", format!("{e:#}")))?;
        let state: MinesState = Self::done(self.send(Call::Reload, None).await?, "GET /api/mines")?;
        let Some(g) = state.game else {
            self.balance = Some(wallet.balance);
            return Ok(());
        };
        // The open game's stake is held: it is in the exposure, not the balance.
        self.balance = Some(wallet.balance);
        let index = match self.ledger.iter().position(|r| r.game_id == g.game_id) {
            Some(i) => i,
            None => {
                self.ledger.push(GameRecord { game_id: g.game_id, stake: g.stake, mines: g.mines, ended: None });
                self.ledger.len() - 1
            }
        };
        self.finish(index, g).await
    }

    /// Play an open game to its end: open unopened tiles until one is safe (or a mine ends it), then cash out.
    async fn finish(&mut self, index: usize, g: GameView) -> Result<(), Fault> {
        let mut live =
            Live { index, id: g.game_id, stake: g.stake, mines: g.mines, revealed: g.revealed, safe: g.safe };
        while live.safe == 0 {
            let Some(tile) = (0..TILES).find(|t| !live.revealed.contains(t)) else { break };
            if self.reveal(&mut live, tile).await? == After::Over {
                return Ok(());
            }
        }
        self.cash_out(&mut live).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_know_their_refusal_code() {
        let a: Answer<()> = Answer::Refused(409, Refused { error: "hit_mine".into(), message: String::new() });
        assert!(a.refused_with("hit_mine"));
        assert!(!a.refused_with("already_cashed_out"));
        assert!(!Answer::Done(()).refused_with("hit_mine"));
    }
}
