//! The events every round table sends, named `{game}:{event}` (the spec's `titli:gameState`, `titli:timerUpdate`,
//! `titli:roundStart`, `titli:revealResult`, `titli:winResult`); each game's `wire.rs` says how its outcome and
//! its reveal steps look. Money is rupees (≤ 2 decimals); times are epoch milliseconds.

use super::game::RoundRules;
use crate::clock::EpochMs;
use crate::hub::ServerEvent;
use crate::hub::catalogue::{Catalogued, Listed, list, payload, payload_of, payload_of2};
use crate::money::{Paise, as_rupees};
use serde::Serialize;
use std::any::TypeId;
use std::borrow::Cow;
use utoipa::ToSchema;

/// How a game shows its outcome on the wire.
pub trait RoundWire: RoundRules {
    /// The outcome as players see it; `steps`: how much of it is revealed so far (None: all of it).
    type Shown: Serialize + Clone + Send + Unpin + 'static;
    fn shown(outcome: &Self::Outcome, steps: Option<u32>) -> Self::Shown;
    /// One reveal step (Andar Bahar: the card dealt and its side).
    type Step: Serialize + Send + 'static;
    fn step(outcome: &Self::Outcome, index: u32) -> Self::Step;
}

/// One line of a bet: a pick and its stake.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickLine<P> {
    pub pick: P,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub amount: Paise,
}

/// A past round, for the history strip.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = RoundPast)]
#[serde(rename_all = "camelCase")]
pub struct Past<S> {
    pub round_id: i64,
    pub result: S,
}

/// What a pick pays, for the screen.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = RoundPayout)]
#[serde(rename_all = "camelCase")]
pub struct PickPayout<P> {
    pub pick: P,
    /// What a winning line returns per rupee staked (e.g. 10 or 1.9).
    pub payout: f64,
    /// The exact return to player, e.g. 0.9785.
    pub rtp: f64,
}

/// `{game}:gameState`: the whole table, sent on join and when a round opens.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = RoundGameState)]
#[serde(rename_all = "camelCase")]
pub struct GameState<P, S> {
    pub round_id: i64,
    /// `betting`, `closed`, `revealing` or `settled`.
    pub game_phase: &'static str,
    pub betting_open: bool,
    /// Seconds to the reveal while betting or closed; to the next step or round after.
    pub time_remaining: i64,
    pub ms_remaining: i64,
    /// Epoch milliseconds.
    #[schema(value_type = i64)]
    pub betting_closes_at: EpochMs,
    /// Epoch milliseconds.
    #[schema(value_type = i64)]
    pub reveal_at: EpochMs,
    /// Epoch milliseconds.
    #[schema(value_type = i64)]
    pub server_time: EpochMs,
    /// SHA-256 of this round's server seed (revealed at settlement).
    pub commitment: String,
    pub client_seed: String,
    /// The outcome as far as it is revealed.
    pub result: Option<S>,
    /// The last rounds, newest first.
    pub history: Vec<Past<S>>,
    pub payouts: Vec<PickPayout<P>>,
    /// The least stake of a line.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub min_stake: Paise,
    /// The most stake of a line.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub max_stake: Paise,
    /// The most lines (picks) one bet may have.
    pub max_picks: usize,
}

/// `{game}:roundStart`: a round opened for bets.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoundStart {
    pub round_id: i64,
    /// SHA-256 of this round's server seed (revealed at settlement).
    pub commitment: String,
    pub client_seed: String,
    /// Epoch milliseconds.
    #[schema(value_type = i64)]
    pub betting_closes_at: EpochMs,
    /// Epoch milliseconds.
    #[schema(value_type = i64)]
    pub reveal_at: EpochMs,
    /// Seconds to the reveal.
    pub time_remaining: i64,
    /// Epoch milliseconds.
    #[schema(value_type = i64)]
    pub server_time: EpochMs,
}

/// `{game}:timerUpdate`, once a second.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = RoundTimerUpdate)]
#[serde(rename_all = "camelCase")]
pub struct TimerUpdate {
    pub round_id: i64,
    /// `betting`, `closed`, `revealing` or `settled`.
    pub game_phase: &'static str,
    pub betting_open: bool,
    /// Seconds to the reveal while betting or closed; to the next step or round after.
    pub time_remaining: i64,
    /// Epoch milliseconds.
    #[schema(value_type = i64)]
    pub server_time: EpochMs,
}

/// `{game}:revealStep`: one more step of the outcome (Andar Bahar: a card dealt).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = RoundRevealStep)]
#[serde(rename_all = "camelCase")]
pub struct RevealStep<T> {
    pub round_id: i64,
    /// 0 for the first step.
    pub index: u32,
    pub step: T,
}

/// `{game}:revealResult`: the outcome and the seed that decided it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = RoundRevealResult)]
#[serde(rename_all = "camelCase")]
pub struct RevealResult<S> {
    pub round_id: i64,
    pub result: S,
    /// The round's server seed (hex), whose SHA-256 is `commitment`.
    pub server_seed: String,
    pub commitment: String,
    pub client_seed: String,
    /// Epoch milliseconds.
    #[schema(value_type = i64)]
    pub next_round_at: EpochMs,
}

/// `{game}:winResult`, to the player, once the ticket's money has moved (a loss has `payout` 0).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = RoundWinResult)]
#[serde(rename_all = "camelCase")]
pub struct WinResult<P, S> {
    pub round_id: i64,
    pub user_id: i64,
    pub ticket: u32,
    pub bets: Vec<PickLine<P>>,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub stake: Paise,
    /// What the ticket paid, stakes included (0: lost).
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub payout: Paise,
    /// `payout` less `stake`, never below 0.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub profit: Paise,
    pub result: S,
}

/// The answer to a taken bet (`{game}:placeBet`'s ack, the spec's REST bet calls): the ticket and the balance
/// right after the hold (`newBalance` is the spec's name for it).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BetAccepted<P> {
    pub success: bool,
    pub round_id: i64,
    pub ticket: u32,
    pub bets: Vec<PickLine<P>>,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub total: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub balance: Paise,
    /// The same as `balance` (the spec's name).
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub new_balance: Paise,
    /// Present on the REST calls that show one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = String, required = false)]
    pub message: Option<&'static str>,
}

/// A row of `{game}:bets`: the round's real bets, newest first, names masked.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = RoundFeedRow)]
#[serde(rename_all = "camelCase")]
pub struct FeedRow<P> {
    pub username: String,
    pub bets: Vec<PickLine<P>>,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub total: Paise,
}

/// The step of a game revealed at once: it never sends `{game}:revealStep`.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct NoSteps;

/// Every event a round table sends.
#[derive(Serialize)]
#[serde(untagged, bound = "")]
pub enum TableEvent<G: RoundWire> {
    GameState(GameState<G::Pick, G::Shown>),
    RoundStart(RoundStart),
    TimerUpdate(TimerUpdate),
    RevealStep(RevealStep<G::Step>),
    RevealResult(RevealResult<G::Shown>),
    WinResult(WinResult<G::Pick, G::Shown>),
    Bets(Vec<FeedRow<G::Pick>>),
}

impl<G: RoundWire> TableEvent<G> {
    const GAME_STATE: &str = "gameState";
    const ROUND_START: &str = "roundStart";
    const TIMER_UPDATE: &str = "timerUpdate";
    const REVEAL_STEP: &str = "revealStep";
    const REVEAL_RESULT: &str = "revealResult";
    const WIN_RESULT: &str = "winResult";
    const BETS: &str = "bets";

    /// `{game}:{event}`.
    fn named(event: &str) -> String {
        format!("{}:{event}", G::NAME)
    }
}

impl<G: RoundWire> ServerEvent for TableEvent<G> {
    fn name(&self) -> Cow<'static, str> {
        Cow::Owned(Self::named(match self {
            TableEvent::GameState(_) => Self::GAME_STATE,
            TableEvent::RoundStart(_) => Self::ROUND_START,
            TableEvent::TimerUpdate(_) => Self::TIMER_UPDATE,
            TableEvent::RevealStep(_) => Self::REVEAL_STEP,
            TableEvent::RevealResult(_) => Self::REVEAL_RESULT,
            TableEvent::WinResult(_) => Self::WIN_RESULT,
            TableEvent::Bets(_) => Self::BETS,
        }))
    }
}

impl<G> Catalogued for TableEvent<G>
where
    G: RoundWire<Pick: ToSchema, Shown: ToSchema, Step: ToSchema>,
{
    /// To the table's room (a game whose step is [`NoSteps`] sends no `revealStep`), then `winResult` to the player.
    fn catalogue() -> Vec<Listed> {
        let event = |event, summary, payload| Listed::new(G::NAME, Self::named(event), summary, payload);
        let mut out = vec![
            event(
                Self::GAME_STATE,
                "The whole table: when a round opens and when its reveal starts (and as the join's ack)",
                payload_of2::<GameState<G::Pick, G::Shown>, G::Pick, G::Shown>,
            ),
            event(Self::ROUND_START, "A round opened for bets (its commitment and client seed)", payload::<RoundStart>),
            event(Self::TIMER_UPDATE, "Once a second, and when betting closes", payload::<TimerUpdate>),
            event(
                Self::REVEAL_RESULT,
                "The round's outcome and the server seed that decided it",
                payload_of::<RevealResult<G::Shown>, G::Shown>,
            ),
            event(
                Self::BETS,
                "The round's real bets, newest 20, names masked: when they change, at most once a second",
                |s| list(s, payload_of::<FeedRow<G::Pick>, G::Pick>),
            ),
        ];
        if TypeId::of::<G::Step>() != TypeId::of::<NoSteps>() {
            out.push(event(
                Self::REVEAL_STEP,
                "A card dealt, a card a second until the matching one",
                payload_of::<RevealStep<G::Step>, G::Step>,
            ));
        }
        out.push(Listed::new(
            "user:{id}",
            Self::named(Self::WIN_RESULT),
            format!("{}: a ticket settled, once its money moved (`payout` 0: lost)", G::TITLE),
            payload_of2::<WinResult<G::Pick, G::Shown>, G::Pick, G::Shown>,
        ));
        out
    }
}
