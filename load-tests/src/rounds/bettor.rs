//! One simulated player of a round game: its own websocket, `{game}:join`, then by its kind (`common::mix`) a few
//! bets spread over each round's betting window (bettors and reconnectors), an occasional deliberate reconnect
//! (reconnectors, or every bettor without a mix), or only watching (viewers); and what it was acknowledged and paid.
//! One tokio task per player; all waiting is on the socket or one reusable timer (no polling loops).

use crate::common::fixture::Player;
use crate::common::mix::{Behaviour, Mix, PlayerKind};
use crate::common::money::random_stake;
use crate::common::report::{Connected, Latency, Stats};
use crate::common::session::{self, Failure, Ws, close_reason, epoch_ms, failure};
use crate::common::swarm::WsUrls;
use crate::rounds::money::TicketRecord;
use crate::rounds::protocol::{
    self, AckBody, Game, GameState, Inbound, Kind, Line, Phase, Pick, ServerEvent, WinResult, fmt_lines, join_frame,
    place_bet_frame, sorted,
};
use futures_util::{SinkExt, StreamExt};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::{Instant, sleep_until};
use tokio_tungstenite::tungstenite::Message;

/// An ack that has not arrived within this is an error.
const ACK_TIMEOUT: Duration = Duration::from_secs(10);
/// No event of the game for this long (a timer update comes every second) means the table stopped.
const STALL_TIMEOUT: Duration = Duration::from_secs(90);
/// After the last counted round's result, wait at most this long for outstanding acks and `winResult`s.
const LINGER: Duration = Duration::from_secs(15);
/// A deliberate drop waits this long for outstanding acks before trying again.
const DROP_RETRY: Duration = Duration::from_millis(50);
/// Bets are placed in the first 80 % of the betting window, leaving its last this-many ms alone.
const CLOSE_MARGIN_MS: i64 = 700;
/// A bettor places 1–3 bets in a round it plays.
pub const MAX_BETS_PER_ROUND: usize = 3;
/// Stakes per line are ₹10–₹1000 (in paise).
const MIN_STAKE: i64 = 1_000;
const MAX_STAKE: i64 = 100_000;

/// What every player shares.
pub struct Shared {
    /// Each node's websocket; the player's sockets go to its own.
    pub ws_urls: WsUrls,
    pub game: Game,
    pub rounds: u64,
    /// What each kind of player does per round.
    pub mix: Mix,
    pub stats: Arc<Stats>,
}

#[derive(Debug, Clone)]
struct Planned {
    at: Instant,
    round_id: i64,
    lines: Vec<Line>,
}

#[derive(Debug, Clone)]
enum PendingKind {
    Join,
    Bet { round_id: i64, lines: Vec<Line>, total: i64 },
}

#[derive(Debug, Clone)]
struct Pending {
    id: u64,
    sent: Instant,
    kind: PendingKind,
}

enum Step {
    Continue,
    Finished,
}

/// Run one player of `kind` to completion; returns the tickets the server acknowledged (none for a viewer), with
/// the payouts seen.
pub async fn run(
    shared: Arc<Shared>,
    player: Arc<Player>,
    kind: PlayerKind,
    rng: ChaCha8Rng,
    start_at: Instant,
) -> Vec<TicketRecord> {
    tokio::time::sleep_until(start_at).await;
    let mut bettor = Bettor::new(&shared, &player, kind, rng);
    let mut ws = match session::open(shared.ws_urls.of(&player), &player.token).await {
        Ok(ws) => ws,
        Err(f) => {
            bettor.stats().error(f.0, &f.1);
            return bettor.ledger;
        }
    };
    bettor.connected = Some(Stats::connect(&shared.stats));
    if let Err(f) = bettor.join(&mut ws).await {
        bettor.stats().error(f.0, &f.1);
        return bettor.ledger;
    }
    bettor.drive(ws).await;
    bettor.ledger
}

struct Bettor<'a> {
    shared: &'a Shared,
    player: &'a Player,
    kind: PlayerKind,
    behaviour: Behaviour,
    /// Counted as connected while the socket is open.
    connected: Option<Connected>,
    rng: ChaCha8Rng,
    next_ack: u64,
    ledger: Vec<TicketRecord>,
    planned: Vec<Planned>,
    pending: Vec<Pending>,
    round: Option<i64>,
    round_ended: bool,
    betting_open: bool,
    first_round: Option<i64>,
    decided_round: Option<i64>,
    rounds_done: u64,
    /// Revealed results by round, to check each `winResult` against.
    results: HashMap<i64, Value>,
    /// `winResult`s that arrived before their ticket's ack.
    early: Vec<WinResult>,
    drop_at: Option<Instant>,
    finish_by: Option<Instant>,
    last_state: Instant,
}

impl<'a> Bettor<'a> {
    fn new(shared: &'a Shared, player: &'a Player, kind: PlayerKind, rng: ChaCha8Rng) -> Self {
        Bettor {
            shared,
            player,
            kind,
            behaviour: shared.mix.behaviour(kind),
            connected: None,
            rng,
            next_ack: 0,
            ledger: Vec::with_capacity(2 * usize::try_from(shared.rounds).unwrap_or(1)),
            planned: Vec::with_capacity(MAX_BETS_PER_ROUND),
            pending: Vec::with_capacity(4),
            round: None,
            round_ended: false,
            betting_open: false,
            first_round: None,
            decided_round: None,
            rounds_done: 0,
            results: HashMap::new(),
            early: Vec::new(),
            drop_at: None,
            finish_by: None,
            last_state: Instant::now(),
        }
    }

    fn stats(&self) -> &Stats {
        &self.shared.stats
    }

    fn take_ack_id(&mut self) -> u64 {
        let id = self.next_ack;
        self.next_ack += 1;
        id
    }

    async fn send(&mut self, ws: &mut Ws, frame: String) -> Result<(), Failure> {
        ws.send(Message::text(frame)).await.map_err(|e| Failure("send_failed", e.to_string()))
    }

    /// `{game}:join`: into the game's room; the ack is the table's state.
    async fn join(&mut self, ws: &mut Ws) -> Result<(), Failure> {
        let id = self.take_ack_id();
        self.pending.push(Pending { id, sent: Instant::now(), kind: PendingKind::Join });
        self.send(ws, join_frame(id, self.shared.game)).await
    }

    async fn drive(&mut self, mut ws: Ws) {
        self.last_state = Instant::now();
        let far = Instant::now() + Duration::from_secs(86_400);
        let timer = sleep_until(far);
        tokio::pin!(timer);
        loop {
            let deadline = self.next_deadline();
            if timer.deadline() != deadline {
                timer.as_mut().reset(deadline);
            }
            let step = tokio::select! {
                msg = ws.next() => match msg {
                    Some(Ok(Message::Text(text))) => self.on_frame(&mut ws, text.as_str()).await,
                    Some(Ok(Message::Close(frame))) => Err(failure("disconnected", close_reason(frame.as_ref()))),
                    None => Err(Failure("disconnected", "websocket ended without a close frame".into())),
                    Some(Ok(_)) => Ok(Step::Continue),
                    Some(Err(e)) => Err(Failure("disconnected", e.to_string())),
                },
                () = &mut timer => self.on_timer(&mut ws).await,
            };
            match step {
                Ok(Step::Continue) => {}
                Ok(Step::Finished) => break,
                Err(Failure("dropped", _)) => {
                    if let Err(f) = self.reconnect(&mut ws).await {
                        self.stats().error(f.0, &f.1);
                        return;
                    }
                }
                Err(Failure(kind, detail)) if kind == "disconnected" || kind == "send_failed" => {
                    // The server dropped us: an error, then carry on over a fresh connection.
                    self.stats().error(kind, &detail);
                    if let Err(f) = self.reconnect(&mut ws).await {
                        self.stats().error(f.0, &f.1);
                        return;
                    }
                }
                Err(f) => {
                    self.stats().error(f.0, &f.1);
                    if f.0 == "stalled" {
                        break;
                    }
                }
            }
        }
        for w in std::mem::take(&mut self.early) {
            self.stats().error("unexpected_event", &format!("winResult for a ticket never acknowledged: {w:?}"));
        }
        let _ = ws.close(None).await;
        self.connected = None;
    }

    /// Replace the connection and join the room again. Outstanding acks are lost (counted); unsettled tickets may
    /// miss their `winResult`.
    async fn reconnect(&mut self, ws: &mut Ws) -> Result<(), Failure> {
        Stats::add(&self.stats().reconnects, 1);
        let _ = ws.close(None).await;
        self.connected = None;
        for t in self.ledger.iter_mut().filter(|t| t.payout.is_none()) {
            t.missed_events = true;
        }
        for p in self.pending.drain(..) {
            self.shared.stats.error("ack_lost", &format!("ack {} ({:?}) lost with the connection", p.id, p.kind));
        }
        *ws = session::open(self.shared.ws_urls.of(self.player), &self.player.token).await?;
        self.connected = Some(Stats::connect(&self.shared.stats));
        self.last_state = Instant::now();
        self.join(ws).await
    }

    fn next_deadline(&self) -> Instant {
        let mut next = self.last_state + STALL_TIMEOUT;
        let mut consider = |t: Option<Instant>| {
            if let Some(t) = t {
                next = next.min(t);
            }
        };
        for p in &self.planned {
            consider(Some(p.at));
        }
        for p in &self.pending {
            consider(Some(p.sent + ACK_TIMEOUT));
        }
        consider(self.drop_at);
        consider(self.finish_by);
        next
    }

    async fn on_frame(&mut self, ws: &mut Ws, text: &str) -> Result<Step, Failure> {
        self.stats().message(self.kind);
        let inbound = protocol::decode(text).map_err(|e| Failure("parse", format!("{e}: {text}")))?;
        match inbound {
            Inbound::Ping => session::pong(ws).await?,
            Inbound::Event(ServerEvent::Round { game, kind }) if game == self.shared.game => self.on_event(kind)?,
            Inbound::Event(_) => {}
            Inbound::Ack { id, body } => self.on_ack(id, body)?,
            Inbound::Close | Inbound::Disconnected => {
                return Err(Failure("disconnected", "server closed the session".into()));
            }
            Inbound::Open | Inbound::Connected | Inbound::Refused(_) => {
                return Err(Failure("unexpected_frame", format!("after connect: {text}")));
            }
            Inbound::Ignored => {}
        }
        Ok(self.check_finished())
    }

    fn lag(&self, server_time: i64) {
        let lag_ms = u64::try_from(epoch_ms() - server_time).unwrap_or(0);
        self.shared.stats.record(Latency::BroadcastLag, lag_ms.saturating_mul(1000));
    }

    fn on_event(&mut self, kind: Kind) -> Result<(), Failure> {
        match kind {
            Kind::RoundStart(r) => {
                self.lag(r.server_time);
                self.last_state = Instant::now();
                self.enter_round(r.round_id);
                if self.round == Some(r.round_id) && !self.round_ended {
                    self.betting_open = true;
                    self.maybe_plan(r.round_id, r.betting_closes_at);
                }
            }
            Kind::TimerUpdate(t) => {
                self.lag(t.server_time);
                self.last_state = Instant::now();
                self.enter_round(t.round_id);
                if self.round == Some(t.round_id) && !t.betting_open {
                    self.close_betting(t.round_id);
                }
            }
            Kind::GameState(s) => {
                self.last_state = Instant::now();
                self.on_state(&s);
            }
            Kind::RevealResult(r) => {
                self.last_state = Instant::now();
                self.enter_round(r.round_id);
                self.results.insert(r.round_id, r.result);
                self.end_round(r.round_id);
            }
            Kind::WinResult(w) => self.settle(w)?,
            Kind::Quiet => {}
        }
        Ok(())
    }

    /// A `gameState` broadcast or the state a join answered.
    fn on_state(&mut self, s: &GameState) {
        self.enter_round(s.round_id);
        if self.round != Some(s.round_id) || self.round_ended {
            return;
        }
        if s.game_phase == Phase::Betting && s.betting_open {
            self.betting_open = true;
            self.maybe_plan(s.round_id, s.betting_closes_at);
        } else {
            self.close_betting(s.round_id);
        }
    }

    /// A new round id closes the previous one (its result may have been missed while reconnecting).
    fn enter_round(&mut self, round_id: i64) {
        match self.round {
            Some(current) if round_id <= current => {}
            Some(current) => {
                self.end_round(current);
                self.start_round(round_id);
            }
            None => self.start_round(round_id),
        }
    }

    fn start_round(&mut self, round_id: i64) {
        self.round = Some(round_id);
        self.round_ended = false;
        self.betting_open = false;
    }

    fn close_betting(&mut self, round_id: i64) {
        self.betting_open = false;
        self.planned.retain(|p| p.round_id != round_id);
    }

    fn end_round(&mut self, round_id: i64) {
        if self.round != Some(round_id) || self.round_ended {
            return;
        }
        self.round_ended = true;
        self.close_betting(round_id);
        if self.first_round.is_some_and(|first| round_id >= first) {
            self.rounds_done += 1;
            if self.rounds_done >= self.shared.rounds && self.finish_by.is_none() {
                self.finish_by = Some(Instant::now() + LINGER);
                self.drop_at = None;
            }
        }
    }

    /// The first time a round's betting is seen: it counts, and this bettor decides its bets for it.
    fn maybe_plan(&mut self, round_id: i64, closes_at: i64) {
        if self.first_round.is_none() {
            self.first_round = Some(round_id);
        }
        if self.decided_round == Some(round_id) || self.finish_by.is_some() {
            return;
        }
        self.decided_round = Some(round_id);
        let now = Instant::now();
        let left = closes_at - epoch_ms();
        let window = u64::try_from((left - CLOSE_MARGIN_MS) * 8 / 10).unwrap_or(0);
        if window > 0 && self.rng.random_bool(self.behaviour.bet_probability) {
            let bets = match self.rng.random_range(0..10) {
                0..6 => 1,
                6..9 => 2,
                _ => MAX_BETS_PER_ROUND,
            };
            for _ in 0..bets {
                let at = now + Duration::from_millis(self.rng.random_range(0..window));
                let lines = self.lines();
                self.planned.push(Planned { at, round_id, lines });
            }
        }
        if self.behaviour.reconnect_rate > 0.0 && self.rng.random_bool(self.behaviour.reconnect_rate.min(1.0)) {
            let span = u64::try_from(left.max(0)).unwrap_or(0) + 3_000;
            self.drop_at = Some(now + Duration::from_millis(self.rng.random_range(0..span)));
        }
    }

    fn stake(&mut self) -> i64 {
        random_stake(&mut self.rng, MIN_STAKE, MAX_STAKE)
    }

    /// One bet's lines: Titli Par 1–4 distinct pictures (now and then all twelve), otherwise one side or colour.
    fn lines(&mut self) -> Vec<Line> {
        let picks: Vec<Pick> = match self.shared.game {
            Game::Titli => {
                let mut all: Vec<u8> = (1..=12).collect();
                all.shuffle(&mut self.rng);
                let n = if self.rng.random_bool(0.1) { 12 } else { self.rng.random_range(1..=4) };
                all.into_iter().take(n).map(Pick::Number).collect()
            }
            Game::AndarBahar => vec![Pick::Name(if self.rng.random_bool(0.5) { "Andar" } else { "Bahar" }.into())],
            Game::Color => vec![Pick::Name(["red", "green", "blue"][self.rng.random_range(0..3)].into())],
        };
        picks.into_iter().map(|pick| Line { pick, amount: self.stake() }).collect()
    }

    async fn on_timer(&mut self, ws: &mut Ws) -> Result<Step, Failure> {
        let now = Instant::now();
        if self.last_state + STALL_TIMEOUT <= now {
            let game = self.shared.game;
            return Err(Failure("stalled", format!("no {game} event for {}s", STALL_TIMEOUT.as_secs())));
        }
        let (due, later): (Vec<Planned>, Vec<Planned>) =
            std::mem::take(&mut self.planned).into_iter().partition(|p| p.at <= now);
        self.planned = later;
        for p in due {
            if self.round != Some(p.round_id) || !self.betting_open {
                continue; // betting closed before our planned moment
            }
            let id = self.take_ack_id();
            let frame = place_bet_frame(id, self.shared.game, p.round_id, &p.lines);
            let total = p.lines.iter().map(|l| l.amount).sum();
            self.pending.push(Pending {
                id,
                sent: Instant::now(),
                kind: PendingKind::Bet { round_id: p.round_id, lines: p.lines, total },
            });
            self.send(ws, frame).await?;
        }
        let before = self.pending.len();
        self.pending.retain(|p| p.sent + ACK_TIMEOUT > now);
        if self.pending.len() != before {
            return Err(Failure(
                "ack_timeout",
                format!("{} ack(s) not received within {:?}", before - self.pending.len(), ACK_TIMEOUT),
            ));
        }
        if let Some(at) = self.drop_at
            && at <= now
        {
            if self.pending.is_empty() {
                self.drop_at = None;
                return Err(Failure("dropped", String::new()));
            }
            self.drop_at = Some(now + DROP_RETRY);
        }
        if self.finish_by.is_some_and(|at| at <= now) {
            return Ok(Step::Finished);
        }
        Ok(self.check_finished())
    }

    fn on_ack(&mut self, id: u64, body: AckBody) -> Result<(), Failure> {
        let Some(pos) = self.pending.iter().position(|p| p.id == id) else {
            return Err(Failure("unexpected_ack", format!("ack {id} matches no request")));
        };
        let pending = self.pending.swap_remove(pos);
        match pending.kind {
            PendingKind::Join => match body.state() {
                Some(state) if body.success != Some(false) => {
                    self.last_state = Instant::now();
                    self.on_state(&state);
                    Ok(())
                }
                _ => Err(Failure("join_refused", format!("{}:join ack {body:?}", self.shared.game))),
            },
            PendingKind::Bet { round_id, lines, total } => {
                let micros = u64::try_from(pending.sent.elapsed().as_micros()).unwrap_or(u64::MAX);
                self.shared.stats.record(Latency::BetAck, micros);
                self.on_bet_ack(body, round_id, lines, total)
            }
        }
    }

    fn on_bet_ack(&mut self, body: AckBody, round_id: i64, lines: Vec<Line>, total: i64) -> Result<(), Failure> {
        if body.success != Some(true) {
            self.shared.stats.rejection(body.error.as_deref().unwrap_or("unspecified"));
            return Ok(());
        }
        let Some(ticket) = body.ticket else {
            return Err(Failure("unexpected_ack", format!("placeBet ack without a ticket: {body:?}")));
        };
        if body.total != Some(total)
            || body.round_id != Some(round_id)
            || body.bets.as_deref().map(sorted) != Some(sorted(&lines))
        {
            // Record what the server says it took; the money check compares with the history.
            self.stats().error(
                "ack_mismatch",
                &format!("placeBet ack {body:?} for {} total {total} round {round_id}", fmt_lines(&lines)),
            );
        }
        Stats::add(&self.stats().bets, 1);
        self.ledger.push(TicketRecord {
            round_id: body.round_id.unwrap_or(round_id),
            ticket,
            lines: body.bets.unwrap_or(lines),
            stake: body.total.unwrap_or(total),
            payout: None,
            missed_events: false,
        });
        if let Some(pos) = self.early.iter().position(|w| w.round_id == round_id && w.ticket == ticket) {
            let w = self.early.swap_remove(pos);
            self.settle(w)?;
        }
        Ok(())
    }

    /// A ticket's `winResult`: it must be this player's, agree with the acknowledged ticket and the revealed
    /// result, and arrive once (or repeat the same payout).
    fn settle(&mut self, w: WinResult) -> Result<(), Failure> {
        if w.user_id != self.player.id {
            return Err(Failure("unexpected_event", format!("winResult for user {}: {w:?}", w.user_id)));
        }
        let Some(t) = self.ledger.iter_mut().rev().find(|t| t.round_id == w.round_id && t.ticket == w.ticket) else {
            self.early.push(w);
            return Ok(());
        };
        let mut wrong = Vec::new();
        if w.stake != t.stake || sorted(&w.bets) != sorted(&t.lines) {
            wrong.push(format!("acknowledged {} total {}", fmt_lines(&t.lines), t.stake));
        }
        if w.profit != w.payout - w.stake {
            wrong.push(format!("profit {} is not payout − stake", w.profit));
        }
        if self.results.get(&w.round_id).is_some_and(|r| *r != w.result) {
            wrong.push(format!("revealResult said {}", self.results[&w.round_id]));
        }
        let first = match t.payout {
            None => {
                t.payout = Some(w.payout);
                true
            }
            Some(p) if p == w.payout => false,
            Some(p) => {
                let detail = format!("round {} ticket {}: paid {p} then {}", w.round_id, w.ticket, w.payout);
                return Err(Failure("payout_conflict", detail));
            }
        };
        if first && w.payout > 0 {
            Stats::add(&self.shared.stats.wins, 1);
        }
        if !wrong.is_empty() {
            return Err(Failure("win_result_mismatch", format!("{w:?}: {}", wrong.join("; "))));
        }
        Ok(())
    }

    /// Done once the last counted round ended and every ack and settlement is in.
    fn check_finished(&self) -> Step {
        let settled = self.ledger.iter().all(|t| t.payout.is_some() || t.missed_events);
        if self.finish_by.is_some() && self.pending.is_empty() && settled && self.early.is_empty() {
            Step::Finished
        } else {
            Step::Continue
        }
    }
}
