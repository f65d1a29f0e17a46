//! Aviator's wire vocabulary: the payloads of server → client events, built in one place.
//! Money is rupees (≤ 2 decimals), multipliers are numbers like 1.37.

use super::fair;
use super::rules::{Game, Phase, multiplier_at};
use crate::clock::EpochMs;
use crate::ids::RoundId;
use crate::money::Paise;
use serde::{Serialize, Serializer};
use serde_json::Value;

crate::server_events! {
    /// Every event the Aviator table sends, to its room or to one player.
    #[derive(Debug)]
    pub enum TableEvent {
        GameState(GameState) = GAME_STATE: "aviator_game_state" in "aviator",
            "The table: at every phase change, once a second in flight, and to a connection that joins (draw the \
             curve locally from `elapsed` and the time since `serverTime`)";
        BetUpdate(Vec<FeedBet>) = BET_UPDATE: "aviator_bet_update" in "aviator",
            "The round's latest 20 bets, names masked: when they change, at most once a second",
            |s| crate::hub::catalogue::list(s, crate::hub::catalogue::payload::<FeedBet>);
        GameResult(GameResult) = GAME_RESULT: "aviator_game_result" in "aviator", "The round crashed";
        CashOutSuccess(CashOutSuccess) = CASH_OUT_SUCCESS: "cash_out_success" in "user:{id}",
            "An Aviator bet cashed out (by the player, by its auto cash-out or at the cap), once the payment \
             committed; `bet_result` follows";
        BetResult(BetResult) = BET_RESULT: "bet_result" in "user:{id}", "An Aviator bet's outcome, once the wallet committed it";
        BetCancelled(BetCancelled) = BET_CANCELLED: "bet_cancelled" in "user:{id}",
            "An Aviator cancellation whose ack said `pending`: the refund has now committed";
    }
}

/// Hundredths as a JSON number: 137 → 1.37.
pub fn multiplier(hundredths: u64) -> Value {
    Paise::new(hundredths as i64).to_rupees_json()
}

/// `aviator_game_state`: enough for a client to draw the curve locally between updates. Fields that belong to one
/// phase only are left out in the others.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = AviatorGameState)]
#[serde(rename_all = "camelCase")]
pub struct GameState {
    /// `countdown`, `flying` or `crashed`.
    pub phase: &'static str,
    pub round_id: i64,
    /// Whole seconds of betting left (rounded up), and the same in milliseconds.
    pub countdown: i64,
    pub countdown_ms: i64,
    /// The multiplier now (1 while counting down), e.g. 1.37.
    #[serde(serialize_with = "hundredths")]
    #[schema(value_type = f64)]
    pub multiplier: u64,
    pub is_active: bool,
    /// Milliseconds since take-off (in flight).
    pub elapsed: i64,
    /// Epoch milliseconds.
    #[schema(value_type = i64)]
    pub server_time: EpochMs,
    /// While counting down: when betting ends (epoch ms).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = i64, required = false)]
    pub betting_ends_at: Option<EpochMs>,
    /// In flight: the take-off (epoch ms).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = i64, required = false)]
    pub started_at: Option<EpochMs>,
    /// Crashed: when (epoch ms).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = i64, required = false)]
    pub crashed_at: Option<EpochMs>,
    /// Crashed: the multiplier it crashed at (the cap, if the round was capped).
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "maybe_hundredths")]
    #[schema(value_type = f64, required = false)]
    pub crash_point: Option<u64>,
    /// Crashed: the round's hash (hex), which proves the crash point.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = String, required = false)]
    pub hash: Option<String>,
    /// Crashed: whether the round stopped at the payout cap.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = bool, required = false)]
    pub capped: Option<bool>,
}

impl GameState {
    fn bare(phase: &'static str, round: i64, multiplier: u64, now: EpochMs) -> GameState {
        GameState {
            phase,
            round_id: round,
            countdown: 0,
            countdown_ms: 0,
            multiplier,
            is_active: false,
            elapsed: 0,
            server_time: now,
            betting_ends_at: None,
            started_at: None,
            crashed_at: None,
            crash_point: None,
            hash: None,
            capped: None,
        }
    }
}

/// `aviator_game_state` of the table now.
pub fn game_state(game: &Game, now: EpochMs) -> GameState {
    let round = game.round().0;
    match game.phase() {
        Phase::Betting { ends_at, .. } => {
            let left = (ends_at - now).max(0);
            GameState {
                countdown: (left + 999) / 1000,
                countdown_ms: left,
                betting_ends_at: Some(ends_at),
                ..GameState::bare("countdown", round, 100, now)
            }
        }
        Phase::Flying { started_at, .. } => flying(round, started_at, game.multiplier_now(now), now),
        Phase::Crashed { at, capped_at, .. } => GameState {
            crashed_at: Some(at),
            crash_point: Some(capped_at.unwrap_or(game.seed().crash_point)),
            hash: Some(fair::to_hex(&game.seed().hash)),
            capped: Some(capped_at.is_some()),
            ..GameState::bare("crashed", round, game.multiplier_now(now), now)
        },
    }
}

/// `aviator_game_state` announcing a take-off, built from the event rather than the game: a round whose crash
/// point is reached in the tick it takes off (a 1.00× crash, or a late tick) has already crashed by the time the
/// event is applied, and every round must still say it flew. The multiplier never shows more than the round
/// reached.
pub fn take_off(game: &Game, round: RoundId, started_at: EpochMs, now: EpochMs) -> GameState {
    let reached = multiplier_at((now - started_at).max(0)).min(game.multiplier_now(now));
    flying(round.0, started_at, reached, now)
}

fn flying(round: i64, started_at: EpochMs, hundredths: u64, now: EpochMs) -> GameState {
    GameState {
        is_active: true,
        elapsed: (now - started_at).max(0),
        started_at: Some(started_at),
        ..GameState::bare("flying", round, hundredths, now)
    }
}

/// A payload as the JSON the hub encodes; these types always serialize.
pub fn value(payload: &impl Serialize) -> Value {
    serde_json::to_value(payload).unwrap_or_default()
}

fn rupees<S: Serializer>(p: &Paise, s: S) -> Result<S::Ok, S::Error> {
    p.to_rupees_json().serialize(s)
}

fn hundredths<S: Serializer>(m: &u64, s: S) -> Result<S::Ok, S::Error> {
    multiplier(*m).serialize(s)
}

fn maybe_hundredths<S: Serializer>(m: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
    m.map(multiplier).serialize(s)
}

/// A row of `aviator_bet_update`: a bet of the round in play (the name masked).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = AviatorFeedBet)]
pub struct FeedBet {
    pub username: String,
    #[serde(serialize_with = "rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub amount: Paise,
    /// The bet panel: 0 or 1.
    pub slot: u8,
    /// The cash-out multiplier; `null` while the bet rides.
    #[serde(serialize_with = "maybe_hundredths")]
    #[schema(value_type = Option<f64>)]
    pub multiplier: Option<u64>,
    #[serde(serialize_with = "rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub winnings: Paise,
}

/// `aviator_game_result`: the round crashed.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = AviatorGameResult)]
#[serde(rename_all = "camelCase")]
pub struct GameResult {
    pub round_id: i64,
    /// The round's crash point, e.g. 2.37.
    #[serde(serialize_with = "hundredths")]
    #[schema(value_type = f64)]
    pub crash_point: u64,
    /// The multiplier the round ended at (below the crash point when capped).
    #[serde(serialize_with = "hundredths")]
    #[schema(value_type = f64)]
    pub ended_at: u64,
    /// The round's hash (hex), which proves the crash point.
    pub hash: String,
    /// Whether the round stopped at the payout cap.
    pub capped: bool,
}

/// The ack of `place_bet`, and `bet_placed`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = AviatorBetPlaced)]
#[serde(rename_all = "camelCase")]
pub struct BetPlaced {
    pub success: bool,
    #[serde(serialize_with = "rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub amount: Paise,
    /// The bet panel: 0 or 1.
    pub slot: u8,
    pub round_id: i64,
    /// The auto cash-out multiplier, or `null`.
    #[serde(serialize_with = "maybe_hundredths")]
    #[schema(value_type = Option<f64>)]
    pub auto_cashout: Option<u64>,
}

/// The ack of `cancel_bet`, and `bet_cancelled`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = AviatorBetCancelled)]
#[serde(rename_all = "camelCase")]
pub struct BetCancelled {
    pub success: bool,
    #[serde(serialize_with = "rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub refund_amount: Paise,
    /// The bet panel: 0 or 1.
    pub slot: u8,
    pub round_id: i64,
}

/// The ack of `cash_out`, and `cash_out_success`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = AviatorCashOutSuccess)]
#[serde(rename_all = "camelCase")]
pub struct CashOutSuccess {
    pub success: bool,
    /// What the bet pays, stake included.
    #[serde(serialize_with = "rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub total_winnings: Paise,
    /// The multiplier it cashed out at, by the server's clock.
    #[serde(serialize_with = "hundredths")]
    #[schema(value_type = f64)]
    pub multiplier: u64,
    /// The bet panel: 0 or 1.
    pub slot: u8,
    pub round_id: i64,
}

/// `bet_result`: a bet's outcome once the wallet committed it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = AviatorBetResult)]
#[serde(rename_all = "camelCase")]
pub struct BetResult {
    pub round_id: i64,
    /// The bet panel: 0 or 1.
    pub slot: u8,
    pub win: bool,
    /// The stake.
    #[serde(serialize_with = "rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub amount: Paise,
    /// What it paid (0 when lost).
    #[serde(serialize_with = "rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub winnings: Paise,
    /// The cash-out multiplier; `null` when lost.
    #[serde(serialize_with = "maybe_hundredths")]
    #[schema(value_type = Option<f64>)]
    pub multiplier: Option<u64>,
    /// Cashed out by the server (auto cash-out or the cap), not by the player.
    pub auto: bool,
    /// Cashed out at the payout cap.
    pub capped: bool,
}

/// Masks a display name for the public feed, showing no digit (a phone number shows nothing of itself):
/// "Ravi Kumar" → "Ra****ar", "9876543210" → "********".
pub fn mask(name: &str) -> String {
    let chars: Vec<char> =
        name.chars().filter(|c| !c.is_whitespace()).map(|c| if c.is_numeric() { '*' } else { c }).collect();
    if chars.len() <= 4 {
        return format!("{}****", chars.first().copied().unwrap_or('*'));
    }
    let head: String = chars[..2].iter().collect();
    let tail: String = chars[chars.len() - 2..].iter().collect();
    format!("{head}****{tail}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn masks_keep_two_characters_each_side() {
        assert_eq!(super::mask("9876543210"), "********");
        assert_eq!(super::mask("Ravi 98765"), "Ra******");
        assert_eq!(super::mask("Ravi Kumar"), "Ra****ar");
        assert_eq!(super::mask("Om"), "O****");
    }

    #[test]
    fn a_round_that_crashes_in_its_take_off_tick_still_announces_the_take_off() {
        use crate::aviator::rules::{Event, Game, RoundSeed, RulesConfig};
        use crate::ids::RoundId;
        let seed = RoundSeed { round: RoundId(7), hash: [7; 32], crash_point: 100 };
        let (mut game, _) = Game::new(RulesConfig::default(), seed, 0).unwrap();
        // A late tick: take-off was due at 10 000, the tick comes 150 ms after it.
        let events = game.tick(10_150, || None);
        assert!(matches!(events[..], [Event::FlightStarted { started_at: 10_000, .. }, Event::Crashed { .. }]));
        let state = super::value(&super::take_off(&game, RoundId(7), 10_000, 10_150));
        assert_eq!(
            (state["phase"].as_str(), state["roundId"].as_i64(), state["elapsed"].as_i64()),
            (Some("flying"), Some(7), Some(150))
        );
        assert_eq!(state["multiplier"].to_string(), "1", "never more than the round reached");
        assert_eq!(super::game_state(&game, 10_150).phase, "crashed");
    }

    #[test]
    fn event_payloads_carry_rupees_and_multipliers_as_plain_numbers() {
        use crate::money::Paise;
        let result = super::value(&super::BetResult {
            round_id: 7,
            slot: 1,
            win: true,
            amount: Paise::new(3_333),
            winnings: Paise::new(4_999),
            multiplier: Some(150),
            auto: true,
            capped: false,
        });
        assert_eq!(
            result,
            serde_json::json!({"roundId": 7, "slot": 1, "win": true, "amount": 33.33, "winnings": 49.99,
                "multiplier": 1.5, "auto": true, "capped": false})
        );
        let placed = super::value(&super::BetPlaced {
            success: true,
            amount: Paise::from_rupees(100),
            slot: 0,
            round_id: 3,
            auto_cashout: None,
        });
        assert_eq!(
            placed,
            serde_json::json!({"success": true, "amount": 100, "slot": 0, "roundId": 3, "autoCashout": null})
        );
    }

    #[test]
    fn multipliers_are_plain_numbers() {
        assert_eq!(super::multiplier(137).to_string(), "1.37");
        assert_eq!(super::multiplier(200).to_string(), "2");
    }
}
