//! One simulated player: its own websocket, the Aviator betting behaviour of its kind (a bettor, a viewer that only
//! watches the rounds, or a reconnector that drops its socket now and then: `common::mix`), and what it saw
//! acknowledged and paid. One tokio task per player; all waiting is on the socket or one reusable timer (no polling
//! loops).

use crate::aviator::curve::elapsed_for;
use crate::aviator::money::BetRecord;
use crate::aviator::protocol::{
    self, AckBody, BetResult, CashOutSuccess, GameState, Inbound, Phase, ServerEvent, authenticate_frame,
    cash_out_frame, place_bet_frame,
};
use crate::common::fixture::Player;
use crate::common::mix::{Behaviour, Mix, PlayerKind};
use crate::common::money::number_hundredths;
use crate::common::report::{Connected, Latency, Stats};
use crate::common::session::{self, Failure, Ws, close_reason, epoch_ms, failure, instant_at};
use crate::common::swarm::WsUrls;
use futures_util::{SinkExt, StreamExt};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::{Instant, sleep_until};
use tokio_tungstenite::tungstenite::Message;

/// An ack that has not arrived within this is an error.
const ACK_TIMEOUT: Duration = Duration::from_secs(10);
/// No game state for this long means the server stopped running rounds.
const STALL_TIMEOUT: Duration = Duration::from_secs(90);
/// After the last counted round ends, wait at most this long for outstanding acks and settlements.
const LINGER: Duration = Duration::from_secs(5);
/// A deliberate drop waits this long for outstanding acks before trying again.
const DROP_RETRY: Duration = Duration::from_millis(50);
/// Opening a session that fails (its node is down) tries again, on the next node, this many times this far apart.
const RECONNECT_TRIES: usize = 30;
const RECONNECT_PAUSE: Duration = Duration::from_millis(300);
/// Stakes are 10–1000 rupees (in paise).
const MIN_STAKE: i64 = 1_000;
const MAX_STAKE: i64 = 100_000;
/// Cash-out targets (auto or manual) are 1.01×–5.00×.
const MIN_TARGET: i64 = 101;
const MAX_TARGET: i64 = 500;

/// What every player shares.
pub struct Shared {
    /// Each node's websocket; the player's sockets go to its own.
    pub ws_urls: WsUrls,
    pub rounds: u64,
    /// What each kind of player does per round.
    pub mix: Mix,
    pub stats: Arc<Stats>,
}

#[derive(Debug, Clone, Copy)]
enum Slot {
    Idle,
    /// A bet to place at `at` while the round is in its countdown.
    Planned {
        at: Instant,
        round_id: i64,
        stake: i64,
        auto: Option<i64>,
        manual: Option<i64>,
    },
    /// place_bet sent, ack outstanding.
    Placing {
        round_id: i64,
        manual: Option<i64>,
    },
    /// Acknowledged; a manual bet cashes out at `cash_out_at` once the flight's start is known.
    Open {
        round_id: i64,
        manual: Option<i64>,
        cash_out_at: Option<Instant>,
    },
}

#[derive(Debug, Clone, Copy)]
enum PendingKind {
    Bet { slot: u8, round_id: i64, stake: i64 },
    CashOut { slot: u8, round_id: i64 },
}

#[derive(Debug, Clone, Copy)]
struct Pending {
    id: u64,
    sent: Instant,
    kind: PendingKind,
}

enum Step {
    Continue,
    Finished,
}

/// Run one player of `kind` to completion; returns the bets the server acknowledged (none for a viewer), with the
/// payouts seen.
pub async fn run(
    shared: Arc<Shared>,
    player: Arc<Player>,
    kind: PlayerKind,
    rng: ChaCha8Rng,
    start_at: Instant,
) -> Vec<BetRecord> {
    tokio::time::sleep_until(start_at).await;
    let mut bettor = Bettor::new(&shared, &player, kind, rng);
    let ws = match bettor.open_session().await {
        Ok(ws) => ws,
        Err(kind) => {
            bettor.stats().error(kind.0, &kind.1);
            return bettor.ledger;
        }
    };
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
    ledger: Vec<BetRecord>,
    slots: [Slot; 2],
    pending: Vec<Pending>,
    round: Option<i64>,
    round_ended: bool,
    phase: Phase,
    first_round: Option<i64>,
    decided_round: Option<i64>,
    rounds_done: u64,
    flight_start_epoch: Option<i64>,
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
            slots: [Slot::Idle; 2],
            pending: Vec::with_capacity(4),
            round: None,
            round_ended: false,
            phase: Phase::Crashed,
            first_round: None,
            decided_round: None,
            rounds_done: 0,
            flight_start_epoch: None,
            drop_at: None,
            finish_by: None,
            last_state: Instant::now(),
        }
    }

    fn stats(&self) -> &Stats {
        &self.shared.stats
    }

    /// A session on the player's node; when that node is down, on the next ones, for a few seconds.
    async fn open_session(&mut self) -> Result<Ws, Failure> {
        let mut attempt = 0;
        loop {
            match self.open_session_at(attempt).await {
                Ok(ws) => return Ok(ws),
                Err(f) if attempt + 1 >= RECONNECT_TRIES => return Err(f),
                Err(_) => {
                    attempt += 1;
                    tokio::time::sleep(RECONNECT_PAUSE).await;
                }
            }
        }
    }

    /// Websocket, Engine.IO open, Socket.IO CONNECT with the player's token, then `authenticate` to join the
    /// Aviator room (a server that puts every connection in the room on connect answers it too, or refuses it as
    /// an unknown event; either way the ack is only awaited), on the node of `attempt` (`WsUrls::failover`).
    async fn open_session_at(&mut self, attempt: usize) -> Result<Ws, Failure> {
        let mut ws = session::open(self.shared.ws_urls.failover(self.player, attempt), &self.player.token).await?;
        self.connected = Some(Stats::connect(&self.shared.stats));
        self.send(&mut ws, authenticate_frame()).await?;
        Ok(ws)
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
                Err(Failure("dropped", _)) => match self.reconnect(&mut ws).await {
                    Ok(()) => {}
                    Err(f) => {
                        self.stats().error(f.0, &f.1);
                        return;
                    }
                },
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
        let _ = ws.close(None).await;
        self.connected = None;
    }

    /// Replace the connection. Outstanding acks are lost (counted); unsettled bets may miss their events.
    async fn reconnect(&mut self, ws: &mut Ws) -> Result<(), Failure> {
        Stats::add(&self.stats().reconnects, 1);
        let _ = ws.close(None).await;
        self.connected = None;
        for bet in self.ledger.iter_mut().filter(|b| b.payout.is_none()) {
            bet.missed_events = true;
        }
        for p in self.pending.drain(..) {
            self.shared.stats.error("ack_lost", &format!("ack {} ({:?}) lost with the connection", p.id, p.kind));
        }
        for slot in &mut self.slots {
            if let Slot::Placing { .. } = slot {
                *slot = Slot::Idle;
            }
        }
        *ws = self.open_session().await?;
        Ok(())
    }

    fn next_deadline(&self) -> Instant {
        let mut next = self.last_state + STALL_TIMEOUT;
        let mut consider = |t: Option<Instant>| {
            if let Some(t) = t {
                next = next.min(t);
            }
        };
        for slot in &self.slots {
            match *slot {
                Slot::Planned { at, .. } => consider(Some(at)),
                Slot::Open { cash_out_at, .. } => consider(cash_out_at),
                Slot::Idle | Slot::Placing { .. } => {}
            }
        }
        for p in &self.pending {
            consider(Some(p.sent + ACK_TIMEOUT));
        }
        consider(self.drop_at);
        consider(self.finish_by);
        next
    }

    async fn send(&mut self, ws: &mut Ws, frame: String) -> Result<(), Failure> {
        ws.send(Message::text(frame)).await.map_err(|e| Failure("send_failed", e.to_string()))
    }

    async fn on_frame(&mut self, ws: &mut Ws, text: &str) -> Result<Step, Failure> {
        self.stats().message(self.kind);
        let inbound = protocol::decode(text).map_err(|e| Failure("parse", format!("{e}: {text}")))?;
        match inbound {
            Inbound::Ping => session::pong(ws).await?,
            Inbound::Event(event) => return self.on_event(event),
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

    fn on_event(&mut self, event: ServerEvent) -> Result<Step, Failure> {
        match event {
            ServerEvent::GameState(state) => self.on_state(&state),
            ServerEvent::GameResult(result) => {
                self.enter_round(result.round_id);
                self.end_round(result.round_id);
            }
            ServerEvent::CashOutSuccess(CashOutSuccess { total_winnings, slot, round_id }) => {
                let paid = number_hundredths(&total_winnings)
                    .ok_or_else(|| Failure("parse", format!("totalWinnings {total_winnings}")))?;
                self.settle(round_id, slot, paid)?;
            }
            ServerEvent::BetResult(BetResult { round_id, slot, win, winnings }) => {
                let paid =
                    number_hundredths(&winnings).ok_or_else(|| Failure("parse", format!("winnings {winnings}")))?;
                if win != (paid > 0) {
                    return Err(Failure("unexpected_event", format!("bet_result win={win} winnings={winnings}")));
                }
                self.settle(round_id, slot, paid)?;
            }
            ServerEvent::BetUpdate
            | ServerEvent::BetPlaced
            | ServerEvent::BetCancelled
            | ServerEvent::BalanceUpdate
            | ServerEvent::Other => {}
        }
        Ok(self.check_finished())
    }

    /// A new round id closes the previous one (its result may have been missed while reconnecting).
    fn enter_round(&mut self, round_id: i64) {
        match self.round {
            Some(current) if round_id == current => {}
            Some(current) if round_id < current => {}
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
        self.flight_start_epoch = None;
    }

    fn end_round(&mut self, round_id: i64) {
        if self.round != Some(round_id) || self.round_ended {
            return;
        }
        self.round_ended = true;
        self.phase = Phase::Crashed;
        for slot in &mut self.slots {
            // A manual cash-out not sent by the crash is a loss; its bet_result settles it.
            match *slot {
                Slot::Open { round_id: r, .. } | Slot::Planned { round_id: r, .. } if r == round_id => {
                    *slot = Slot::Idle
                }
                _ => {}
            }
        }
        if self.first_round.is_some_and(|first| round_id >= first) {
            self.rounds_done += 1;
            if self.rounds_done >= self.shared.rounds && self.finish_by.is_none() {
                self.finish_by = Some(Instant::now() + LINGER);
                self.drop_at = None;
            }
        }
    }

    fn on_state(&mut self, state: &GameState) {
        let now_epoch = epoch_ms();
        self.last_state = Instant::now();
        let lag_ms = u64::try_from(now_epoch - state.server_time).unwrap_or(0);
        self.shared.stats.record(Latency::BroadcastLag, lag_ms.saturating_mul(1000));
        self.enter_round(state.round_id);
        if self.round != Some(state.round_id) {
            return; // a stale frame from an older round
        }
        match state.phase {
            Phase::Countdown => {
                self.phase = Phase::Countdown;
                if self.first_round.is_none() {
                    self.first_round = Some(state.round_id);
                }
                if self.decided_round != Some(state.round_id) && self.finish_by.is_none() {
                    self.decided_round = Some(state.round_id);
                    self.plan_round(state.round_id, state.countdown_ms.unwrap_or(0));
                }
            }
            Phase::Flying => {
                self.phase = Phase::Flying;
                if let Some(elapsed) = state.elapsed {
                    self.flight_start_epoch = Some(state.server_time - elapsed);
                }
                let observed = state.multiplier.as_ref().and_then(number_hundredths);
                self.time_cash_outs(observed);
            }
            Phase::Crashed => self.end_round(state.round_id),
        }
    }

    /// Decide this round's bets (and maybe a deliberate reconnect), spread over the countdown.
    fn plan_round(&mut self, round_id: i64, countdown_ms: i64) {
        let now = Instant::now();
        // Leave the last 700 ms of the countdown alone so bets normally arrive in time.
        let window = (u64::try_from(countdown_ms - 700).unwrap_or(0) * 7 / 10).max(1);
        if self.rng.random_bool(self.behaviour.bet_probability) {
            let two = self.rng.random_bool(0.4);
            let first_slot = self.rng.random_range(0..2usize);
            for slot in [first_slot, 1 - first_slot].into_iter().take(if two { 2 } else { 1 }) {
                let stake = if self.rng.random_bool(0.5) {
                    self.rng.random_range(MIN_STAKE / 100..=MAX_STAKE / 100) * 100
                } else {
                    self.rng.random_range(MIN_STAKE..=MAX_STAKE)
                };
                let target = self.rng.random_range(MIN_TARGET..=MAX_TARGET);
                let (auto, manual) =
                    if self.rng.random_bool(0.5) { (Some(target), None) } else { (None, Some(target)) };
                let at = now + Duration::from_millis(self.rng.random_range(0..window));
                self.slots[slot] = Slot::Planned { at, round_id, stake, auto, manual };
            }
        }
        if self.behaviour.reconnect_rate > 0.0 && self.rng.random_bool(self.behaviour.reconnect_rate.min(1.0)) {
            let span = u64::try_from(countdown_ms).unwrap_or(0) + 4_000;
            self.drop_at = Some(now + Duration::from_millis(self.rng.random_range(0..span)));
        }
    }

    /// Schedule manual cash-outs from the flight's start (server time − elapsed of the latest state).
    fn time_cash_outs(&mut self, observed: Option<i64>) {
        let Some(start) = self.flight_start_epoch else {
            return;
        };
        let current = self.round;
        for slot in &mut self.slots {
            if let Slot::Open { round_id, manual: Some(target), cash_out_at } = slot {
                if Some(*round_id) != current {
                    continue;
                }
                *cash_out_at = Some(if observed.is_some_and(|m| m >= *target) {
                    Instant::now()
                } else {
                    instant_at(start + elapsed_for(*target))
                });
            }
        }
    }

    async fn on_timer(&mut self, ws: &mut Ws) -> Result<Step, Failure> {
        let now = Instant::now();
        if self.last_state + STALL_TIMEOUT <= now {
            return Err(Failure("stalled", format!("no aviator_game_state for {}s", STALL_TIMEOUT.as_secs())));
        }
        for i in 0..2u8 {
            let idx = usize::from(i);
            match self.slots[idx] {
                Slot::Planned { at, round_id, stake, auto, manual } if at <= now => {
                    if self.round != Some(round_id) || self.phase != Phase::Countdown {
                        self.slots[idx] = Slot::Idle; // the countdown ended before our planned moment
                        continue;
                    }
                    let id = self.take_ack_id();
                    let frame = place_bet_frame(id, self.player.id, stake, round_id, i, auto);
                    self.pending.push(Pending {
                        id,
                        sent: Instant::now(),
                        kind: PendingKind::Bet { slot: i, round_id, stake },
                    });
                    self.slots[idx] = Slot::Placing { round_id, manual };
                    self.send(ws, frame).await?;
                }
                Slot::Open { round_id, manual: Some(_), cash_out_at: Some(at) } if at <= now => {
                    let id = self.take_ack_id();
                    let frame = cash_out_frame(id, self.player.id, round_id, i);
                    self.pending.push(Pending {
                        id,
                        sent: Instant::now(),
                        kind: PendingKind::CashOut { slot: i, round_id },
                    });
                    self.slots[idx] = Slot::Idle;
                    self.send(ws, frame).await?;
                }
                Slot::Idle | Slot::Planned { .. } | Slot::Placing { .. } | Slot::Open { .. } => {}
            }
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

    fn take_ack_id(&mut self) -> u64 {
        let id = self.next_ack;
        self.next_ack += 1;
        id
    }

    fn on_ack(&mut self, id: u64, body: AckBody) -> Result<(), Failure> {
        let Some(pos) = self.pending.iter().position(|p| p.id == id) else {
            return Err(Failure("unexpected_ack", format!("ack {id} matches no request")));
        };
        let pending = self.pending.swap_remove(pos);
        let micros = u64::try_from(pending.sent.elapsed().as_micros()).unwrap_or(u64::MAX);
        match pending.kind {
            PendingKind::Bet { slot, round_id, stake } => {
                self.shared.stats.record(Latency::BetAck, micros);
                let idx = usize::from(slot);
                let manual = match self.slots[idx] {
                    Slot::Placing { round_id: r, manual } if r == round_id => manual,
                    _ => None,
                };
                self.slots[idx] = Slot::Idle;
                if !body.success {
                    self.shared.stats.rejection(body.error.as_deref().unwrap_or("unspecified"));
                    return Ok(());
                }
                let acked = body.amount.as_ref().and_then(number_hundredths);
                if acked != Some(stake)
                    || body.slot.is_some_and(|s| s != slot)
                    || body.round_id.is_some_and(|r| r != round_id)
                {
                    // Record what the server says it took; the money check compares with the history.
                    self.stats().error(
                        "ack_mismatch",
                        &format!("place_bet ack {body:?} for stake {stake} slot {slot} round {round_id}"),
                    );
                }
                Stats::add(&self.stats().bets, 1);
                self.ledger.push(BetRecord {
                    round_id,
                    slot,
                    stake: acked.unwrap_or(stake),
                    payout: None,
                    missed_events: false,
                });
                if manual.is_some() && self.round == Some(round_id) && !self.round_ended {
                    self.slots[idx] = Slot::Open { round_id, manual, cash_out_at: None };
                    self.time_cash_outs(None);
                }
            }
            PendingKind::CashOut { slot, round_id } => {
                self.shared.stats.record(Latency::CashoutAck, micros);
                if !body.success {
                    self.shared.stats.rejection(body.error.as_deref().unwrap_or("unspecified"));
                    return Ok(());
                }
                let paid = body.total_winnings.as_ref().and_then(number_hundredths).ok_or_else(|| {
                    Failure("unexpected_ack", format!("cash_out ack without totalWinnings: {body:?}"))
                })?;
                self.settle(round_id, slot, paid)?;
            }
        }
        Ok(())
    }

    /// Record a settlement seen by the client (ack or event); the same bet may be reported more than once.
    fn settle(&mut self, round_id: i64, slot: u8, paid: i64) -> Result<(), Failure> {
        let Some(bet) = self.ledger.iter_mut().rev().find(|b| b.round_id == round_id && b.slot == slot) else {
            return Err(Failure(
                "unexpected_event",
                format!("settlement for unknown bet round {round_id} slot {slot}"),
            ));
        };
        match bet.payout {
            None => {
                bet.payout = Some(paid);
                if paid > 0 {
                    Stats::add(&self.shared.stats.wins, 1);
                }
                Ok(())
            }
            Some(p) if p == paid => Ok(()),
            Some(p) => Err(Failure("payout_conflict", format!("round {round_id} slot {slot}: paid {p} then {paid}"))),
        }
    }

    /// Done once the last counted round ended and every ack and settlement is in.
    fn check_finished(&self) -> Step {
        let settled = self.ledger.iter().all(|b| b.payout.is_some() || b.missed_events);
        if self.finish_by.is_some() && self.pending.is_empty() && settled { Step::Finished } else { Step::Continue }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aviator::curve::multiplier_at;

    #[test]
    fn a_manual_target_is_reached_at_the_curve_time() {
        // 2.00× is first reached 11 553 ms after take-off.
        assert_eq!(multiplier_at(elapsed_for(200)), 200);
    }
}
