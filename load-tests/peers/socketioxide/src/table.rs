//! The Aviator table: the round rules plus what they mean for money and for the sockets. It sits behind one mutex;
//! every request and every tick moves the wallet while holding it, so a bet, its hold and its settlement are seen
//! in one order. Messages are built under the lock and emitted after it is released: room frames (`aviator`) only
//! by the game loop, in order; per-player frames (`user:{id}`) by whoever produced them.

use crate::curve::multiplier_at;
use crate::game::{Cause, Event, Game, Phase, Rejection, UserId};
use crate::money::{Multiplier, Rupees};
use crate::wallet::{Balances, Principal, Wallet, WalletError};
use serde::Serialize;
use std::collections::VecDeque;

pub const ROOM: &str = "aviator";
/// The flying state is a heartbeat: clients draw the curve from `elapsed` + the time since `serverTime`.
const STATE_EVERY_MS: i64 = 1_000;
/// The live bet feed goes with the next room broadcast when it changed, or alone after this long.
const FEED_EVERY_MS: i64 = 1_000;
const FEED_ROWS: usize = 20;

pub fn user_room(user: UserId) -> String {
    format!("user:{user}")
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameState {
    phase: &'static str,
    round_id: i64,
    countdown: i64,
    countdown_ms: i64,
    multiplier: Multiplier,
    is_active: bool,
    elapsed: i64,
    server_time: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    betting_ends_at: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    started_at: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    crashed_at: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    crash_point: Option<Multiplier>,
    #[serde(skip_serializing_if = "Option::is_none")]
    capped: Option<bool>,
}

#[derive(Debug, Clone, Serialize)]
pub struct FeedBet {
    username: String,
    amount: Rupees,
    slot: u8,
    multiplier: Option<Multiplier>,
    winnings: Rupees,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameResult {
    round_id: i64,
    crash_point: Multiplier,
    ended_at: Multiplier,
    capped: bool,
}

/// The ack of `place_bet`, and `bet_placed`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BetPlaced {
    success: bool,
    amount: Rupees,
    slot: u8,
    round_id: i64,
    auto_cashout: Option<Multiplier>,
}

/// The ack of `cancel_bet`, and `bet_cancelled`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BetCancelled {
    success: bool,
    refund_amount: Rupees,
    slot: u8,
    round_id: i64,
}

/// The ack of `cash_out`, and `cash_out_success`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CashOutSuccess {
    success: bool,
    total_winnings: Rupees,
    multiplier: Multiplier,
    slot: u8,
    round_id: i64,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BetResult {
    round_id: i64,
    slot: u8,
    win: bool,
    amount: Rupees,
    winnings: Rupees,
    multiplier: Option<Multiplier>,
    auto: bool,
    capped: bool,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BalanceUpdate {
    user_id: UserId,
    #[serde(rename = "type")]
    kind: &'static str,
    amount: Rupees,
    reason: &'static str,
    balance: Rupees,
    exposure_balance: Rupees,
}

/// A server → client event.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Msg {
    State(GameState),
    Feed(Vec<FeedBet>),
    GameResult(GameResult),
    CashOutSuccess(CashOutSuccess),
    BetResult(BetResult),
    Balance(BalanceUpdate),
}

impl Msg {
    pub fn name(&self) -> &'static str {
        match self {
            Msg::State(_) => "aviator_game_state",
            Msg::Feed(_) => "aviator_bet_update",
            Msg::GameResult(_) => "aviator_game_result",
            Msg::CashOutSuccess(_) => "cash_out_success",
            Msg::BetResult(_) => "bet_result",
            Msg::Balance(_) => "balance_update",
        }
    }
}

/// A parsed `place_bet`: stake in paise, auto target in hundredths.
#[derive(Debug, Clone, Copy)]
pub struct BetRequest {
    pub round: i64,
    pub slot: u8,
    pub stake: i64,
    pub auto: Option<u64>,
}

/// Messages to send once the table's lock is released.
#[derive(Default)]
pub struct Outbox {
    pub room: Vec<Msg>,
    pub users: Vec<(UserId, Msg)>,
}

/// A refused request: `{success: false, error, message}`.
#[derive(Debug, Clone, Serialize)]
pub struct Refusal {
    success: bool,
    error: &'static str,
    message: &'static str,
}

impl Refusal {
    pub fn new(error: &'static str, message: &'static str) -> Refusal {
        Refusal { success: false, error, message }
    }
}

impl From<Rejection> for Refusal {
    fn from(r: Rejection) -> Refusal {
        Refusal::new(r.code(), r.message())
    }
}

fn balance_update(user: UserId, delta: i64, reason: &'static str, b: Balances) -> (UserId, Msg) {
    let kind = if delta < 0 { "deduct" } else { "add" };
    let msg = BalanceUpdate {
        user_id: user,
        kind,
        amount: Rupees(delta.abs()),
        reason,
        balance: Rupees(b.balance),
        exposure_balance: Rupees(b.exposure),
    };
    (user, Msg::Balance(msg))
}

/// A public name for the feed that shows no digit: "player100002" → "pl******".
fn mask(name: &str) -> String {
    let chars: Vec<char> = name.chars().map(|c| if c.is_numeric() { '*' } else { c }).collect();
    if chars.len() <= 4 {
        return format!("{}****", chars.first().copied().unwrap_or('*'));
    }
    let head: String = chars[..2].iter().collect();
    let tail: String = chars[chars.len() - 2..].iter().collect();
    format!("{head}****{tail}")
}

pub struct Table {
    game: Game,
    feed: VecDeque<((UserId, u8), FeedBet)>,
    feed_dirty: bool,
    last_feed: i64,
    last_state: i64,
    /// Room frames waiting for the game loop.
    room: Vec<Msg>,
}

impl Table {
    pub fn new(game: Game, now: i64) -> Table {
        let mut table =
            Table { game, feed: VecDeque::new(), feed_dirty: false, last_feed: 0, last_state: 0, room: Vec::new() };
        table.queue_state(now);
        table
    }

    pub fn snapshot(&self, now: i64) -> GameState {
        let round_id = self.game.round();
        match self.game.phase() {
            Phase::Betting { ends_at } => {
                let left = (ends_at - now).max(0);
                GameState {
                    phase: "countdown",
                    round_id,
                    countdown: (left + 999) / 1000,
                    countdown_ms: left,
                    multiplier: Multiplier(100),
                    is_active: false,
                    elapsed: 0,
                    server_time: now,
                    betting_ends_at: Some(ends_at),
                    started_at: None,
                    crashed_at: None,
                    crash_point: None,
                    capped: None,
                }
            }
            Phase::Flying { started_at, .. } => flying(round_id, started_at, self.game.multiplier_now(now), now),
            Phase::Crashed { at, capped_at } => GameState {
                phase: "crashed",
                round_id,
                countdown: 0,
                countdown_ms: 0,
                multiplier: Multiplier(self.game.multiplier_now(now)),
                is_active: false,
                elapsed: 0,
                server_time: now,
                betting_ends_at: None,
                started_at: None,
                crashed_at: Some(at),
                crash_point: Some(Multiplier(capped_at.unwrap_or(self.game.crash_point()))),
                capped: Some(capped_at.is_some()),
            },
        }
    }

    fn queue_state(&mut self, now: i64) {
        self.last_state = now;
        let state = self.snapshot(now);
        self.room.push(Msg::State(state));
    }

    /// One step of the game loop: the rules' events, the flying heartbeat, the feed; and what to send.
    pub fn tick(&mut self, wallet: &Wallet, now: i64) -> Outbox {
        let mut users = Vec::new();
        let events = self.game.tick(now);
        self.apply(events, wallet, now, &mut users);
        if matches!(self.game.phase(), Phase::Flying { .. }) && now - self.last_state >= STATE_EVERY_MS {
            self.queue_state(now);
        }
        if self.feed_dirty && (!self.room.is_empty() || now - self.last_feed >= FEED_EVERY_MS) {
            self.feed_dirty = false;
            self.last_feed = now;
            let rows = self.feed.iter().rev().take(FEED_ROWS).map(|(_, row)| row.clone()).collect();
            self.room.push(Msg::Feed(rows));
        }
        Outbox { room: std::mem::take(&mut self.room), users }
    }

    /// Validates, holds the stake, and puts the bet in the round.
    pub fn place_bet(
        &mut self,
        wallet: &Wallet,
        who: Principal,
        bet: BetRequest,
        now: i64,
    ) -> Result<(BetPlaced, Vec<(UserId, Msg)>), Refusal> {
        let BetRequest { round, slot, stake, auto } = bet;
        self.game.check_bet(round, who.id, slot, stake, auto, now)?;
        let held = wallet.hold(who.id, round, slot, stake, auto, now).map_err(|e| match e {
            WalletError::InsufficientBalance => Refusal::new("insufficient_balance", "Insufficient Balance"),
            WalletError::NoAccount => Refusal::new("unavailable", "The game is unavailable, please try again"),
        })?;
        self.game.add_bet(who.id, slot, stake, auto);
        let row = FeedBet {
            username: mask(&format!("player{}", who.user_no)),
            amount: Rupees(stake),
            slot,
            multiplier: None,
            winnings: Rupees(0),
        };
        self.feed.push_back(((who.id, slot), row));
        if self.feed.len() > 4 * FEED_ROWS {
            self.feed.pop_front();
        }
        self.feed_dirty = true;
        let placed = BetPlaced {
            success: true,
            amount: Rupees(stake),
            slot,
            round_id: round,
            auto_cashout: auto.map(Multiplier),
        };
        Ok((placed, vec![balance_update(who.id, -stake, "bet_placed", held)]))
    }

    pub fn cancel_bet(
        &mut self,
        wallet: &Wallet,
        who: Principal,
        round: i64,
        slot: u8,
        now: i64,
    ) -> Result<(BetCancelled, Vec<(UserId, Msg)>), Refusal> {
        let refund = self.game.cancel_bet(round, who.id, slot, now)?;
        self.feed.retain(|(k, _)| *k != (who.id, slot));
        self.feed_dirty = true;
        let mut users = Vec::new();
        if let Some(b) = wallet.release(who.id, round, slot, refund) {
            users.push(balance_update(who.id, refund, "bet_cancelled", b));
        }
        let ack = BetCancelled { success: true, refund_amount: Rupees(refund), slot, round_id: round };
        Ok((ack, users))
    }

    /// Prices the cash-out at `now` (anything due before it is applied first); answers with this bet's
    /// settlement, which may be its own auto target or the cap if those came first. The per-player messages of
    /// everything settled go with the answer, refused or not.
    pub fn cash_out(
        &mut self,
        wallet: &Wallet,
        who: Principal,
        round: i64,
        slot: u8,
        now: i64,
    ) -> (Result<CashOutSuccess, Refusal>, Vec<(UserId, Msg)>) {
        let events = match self.game.cash_out(round, who.id, slot, now) {
            Ok(events) => events,
            Err(r) => return (Err(r.into()), Vec::new()),
        };
        let mine = events.iter().find_map(|e| match *e {
            Event::CashedOut { user, slot: s, multiplier, payout, .. } if user == who.id && s == slot => {
                Some(CashOutSuccess {
                    success: true,
                    total_winnings: Rupees(payout),
                    multiplier: Multiplier(multiplier),
                    slot,
                    round_id: round,
                })
            }
            _ => None,
        });
        let mut users = Vec::new();
        self.apply(events, wallet, now, &mut users);
        // `None`: the events (e.g. other players' auto cash-outs) settled everything but this bet.
        (mine.ok_or_else(|| Rejection::NoBet.into()), users)
    }

    /// Turns the rules' events into wallet moves, per-player messages and room frames.
    fn apply(&mut self, events: Vec<Event>, wallet: &Wallet, now: i64, users: &mut Vec<(UserId, Msg)>) {
        let round = self.game.round();
        let crash_point = self.game.crash_point();
        for event in events {
            match event {
                Event::RoundOpened => {
                    self.feed.clear();
                    self.feed_dirty = true;
                    self.queue_state(now);
                }
                Event::FlightStarted { started_at } => {
                    // Every round says it flew, even one that crashes in the same tick (a 1.00× crash); never
                    // showing more than the round reached.
                    self.last_state = now;
                    let reached = multiplier_at(now - started_at).min(self.game.multiplier_now(now));
                    self.room.push(Msg::State(flying(round, started_at, reached, now)));
                }
                Event::CashedOut { user, slot, stake, multiplier, payout, cause } => {
                    if let Some((_, row)) = self.feed.iter_mut().rev().find(|(k, _)| *k == (user, slot)) {
                        row.multiplier = Some(Multiplier(multiplier));
                        row.winnings = Rupees(payout);
                        self.feed_dirty = true;
                    }
                    let Some(b) = wallet.settle(user, round, slot, stake, Some((multiplier, payout)), crash_point)
                    else {
                        continue;
                    };
                    let success = CashOutSuccess {
                        success: true,
                        total_winnings: Rupees(payout),
                        multiplier: Multiplier(multiplier),
                        slot,
                        round_id: round,
                    };
                    let result = BetResult {
                        round_id: round,
                        slot,
                        win: true,
                        amount: Rupees(stake),
                        winnings: Rupees(payout),
                        multiplier: Some(Multiplier(multiplier)),
                        auto: cause != Cause::Manual,
                        capped: cause == Cause::Capped,
                    };
                    users.push((user, Msg::CashOutSuccess(success)));
                    users.push((user, Msg::BetResult(result)));
                    users.push(balance_update(user, payout, "cashout", b));
                }
                Event::Crashed { capped, ended_at, losers } => {
                    for (user, slot, stake) in losers {
                        let Some(b) = wallet.settle(user, round, slot, stake, None, crash_point) else { continue };
                        let result = BetResult {
                            round_id: round,
                            slot,
                            win: false,
                            amount: Rupees(stake),
                            winnings: Rupees(0),
                            multiplier: None,
                            auto: false,
                            capped: false,
                        };
                        users.push((user, Msg::BetResult(result)));
                        users.push(balance_update(user, 0, "bet_lost", b));
                    }
                    let result = GameResult {
                        round_id: round,
                        crash_point: Multiplier(crash_point),
                        ended_at: Multiplier(ended_at),
                        capped,
                    };
                    self.room.push(Msg::GameResult(result));
                    self.queue_state(now);
                }
            }
        }
    }
}

fn flying(round_id: i64, started_at: i64, hundredths: u64, now: i64) -> GameState {
    GameState {
        phase: "flying",
        round_id,
        countdown: 0,
        countdown_ms: 0,
        multiplier: Multiplier(hundredths),
        is_active: true,
        elapsed: (now - started_at).max(0),
        server_time: now,
        betting_ends_at: None,
        started_at: Some(started_at),
        crashed_at: None,
        crash_point: None,
        capped: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;
    use std::sync::Arc;

    #[test]
    fn a_round_moves_money_and_tells_everyone() {
        let rules =
            Rules { min_bet: 1_000, max_bet: 100_000, countdown_ms: 4_000, pause_ms: 1_000, max_payout: 1 << 40 };
        let mut t = Table::new(Game::new(rules, Arc::from(&[200u64][..]), 0), 0);
        let w = Wallet::default();
        w.open(5, 100_000);
        let who = Principal { id: 5, user_no: 100_005, operator: false };
        let bet = |slot, stake, auto| BetRequest { round: 1, slot, stake, auto };
        assert!(t.place_bet(&w, who, bet(0, 10_000, Some(150)), 10).is_ok());
        assert!(t.place_bet(&w, who, bet(1, 5_000, None), 10).is_ok());
        let first = t.tick(&w, 20);
        assert!(matches!(first.room.as_slice(), [Msg::State(_), Msg::Feed(_)]));
        let out = t.tick(&w, 4_000 + crate::curve::elapsed_for(200));
        let names: Vec<_> = out.users.iter().map(|(_, m)| m.name()).collect();
        assert_eq!(names, ["cash_out_success", "bet_result", "balance_update", "bet_result", "balance_update"]);
        let room: Vec<_> = out.room.iter().map(Msg::name).collect();
        assert_eq!(room, ["aviator_game_state", "aviator_game_result", "aviator_game_state", "aviator_bet_update"]);
        assert_eq!(w.balances(5), Some(Balances { balance: 100_000 - 15_000 + 15_000, exposure: 0 }));
        let json = serde_json::to_value(&out.room[0]).unwrap_or_default();
        assert_eq!((json["phase"].as_str(), json["elapsed"].as_i64()), (Some("flying"), Some(11_553)));
    }
}
