//! The games' settings: `GET /api/admin/games`, `PUT /api/admin/games/{game}/settings` (taken when the next round
//! opens), `POST /api/admin/games/{game}/suspend|resume`. Aviator, the round games (`titli`, `andar_bahar`,
//! `color`), whose settings are their rules' JSON (timings, stake limits, payouts): a change names some fields,
//! and `mines` (stakes and payout cap in paise, edge in basis points; taken by the games that start after it).

use crate::admin::audit;
use crate::auth::Operator;
use crate::error::{Answer, ApiError, refusals};
use crate::money::Rupees;
use crate::rounds::Game as RoundGameName;
use crate::state::State;
use actix_web::{HttpResponse, get, post, put, web};
use casino_actors::ErrorCode;
use casino_actors::andar_bahar::rules::AndarBaharSettings;
use casino_actors::audit::Action;
use casino_actors::aviator::operate::{Configure, OperateError, Settings, Suspend, TableSettings};
use casino_actors::aviator::rules::{ConfigError, PPM_ALL, RoundCaps, RulesConfig};
use casino_actors::matka::operate::{Configure as MatkaConfigure, View as MatkaView};
use casino_actors::matka::rules::MatkaSettings;
use casino_actors::mines::operate::{
    Configure as MinesConfigure, DeskView, Suspend as MinesSuspend, View as MinesView,
};
use casino_actors::mines::rules::MinesSettings;
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use casino_actors::observe::Timed;
use casino_actors::table::actor::RoundTable;
use casino_actors::table::operate::{
    Configure as RoundConfigure, OperateError as RoundOperateError, Suspend as RoundSuspend, TableView, View,
};
use casino_actors::titli::rules::TitliSettings;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

/// Aviator's settings. Money in rupees, times in milliseconds, the edge in basis points (100 = 1 %).
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AviatorSettingsJson {
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    minBet: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    maxBet: Paise,
    /// How long betting stays open in each round.
    countdownMs: i64,
    /// Pause between a crash and the next round's betting.
    pauseMs: i64,
    /// The most the house pays out in one round, as an amount (a round's cap is the smaller of this and
    /// `maxPayoutBankrollBp` of the bankroll).
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    maxPayoutPerRound: Paise,
    houseEdgeBp: u32,
    /// The round's cap as a share of the bankroll, in basis points with at most 2 decimals (100 = 1 %, 112.5 =
    /// 1.125 %); 0: not set (the amount alone).
    #[serde(serialize_with = "as_basis_points")]
    #[schema(value_type = f64, example = 112.5)]
    maxPayoutBankrollBp: u32,
    /// The most one player is paid in a round (both slots together) as a share of the bankroll, in basis points
    /// (75 = 0.75 %); 0: no cap per player. A player reaching it is cashed out at the multiplier where they do.
    #[serde(serialize_with = "as_basis_points")]
    #[schema(value_type = f64, example = 75)]
    maxPlayerPayoutBankrollBp: u32,
    /// The capital the operator puts behind the game: the bankroll is this plus the house's result on the books.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    bankrollCapital: Paise,
}

/// Parts per million as basis points with at most 2 decimals (11 250 → 112.5).
fn as_basis_points<S: serde::Serializer>(ppm: &u32, s: S) -> Result<S::Ok, S::Error> {
    // Hundredths of a basis point, written as money writes hundredths of a rupee.
    Paise::new(i64::from(*ppm)).to_rupees_json().serialize(s)
}

fn settings_json(r: &RulesConfig) -> AviatorSettingsJson {
    AviatorSettingsJson {
        minBet: r.min_bet,
        maxBet: r.max_bet,
        countdownMs: r.countdown_ms,
        pauseMs: r.pause_ms,
        maxPayoutPerRound: r.max_payout_per_round,
        houseEdgeBp: r.house_edge_bp,
        maxPayoutBankrollBp: r.max_payout_bankroll_ppm,
        maxPlayerPayoutBankrollBp: r.max_player_payout_bankroll_ppm,
        bankrollCapital: r.bankroll_capital,
    }
}

/// The caps the round in play is played by, fixed when it opened.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AviatorCapsJson {
    /// The bankroll the shares were taken of: the capital plus the house's result on the books (the sum of the house
    /// accounts' balances), read before the round opened.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    bankroll: Paise,
    /// The most the round pays out, every bet together.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    maxPayout: Paise,
    /// The most one player is paid in the round; `null`: no cap per player.
    #[serde(with = "casino_actors::money::rupees_opt")]
    #[schema(value_type = Option<RupeesJson>)]
    maxPlayerPayout: Option<Paise>,
}

fn caps_json(c: &RoundCaps) -> AviatorCapsJson {
    AviatorCapsJson { bankroll: c.bankroll, maxPayout: c.round, maxPlayerPayout: c.player }
}

/// The provably fair hash chain the round in play belongs to.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AviatorFairnessJson {
    chainFirstRound: i64,
    chainLength: usize,
    /// Rounds of the chain after the one in play.
    roundsLeft: i64,
    /// The chain that follows is already made (its commitment published).
    nextChainCommitted: bool,
    /// The edge the chain's crash points were made with.
    houseEdgeBp: u32,
}

/// Schema-only enums: the fixed texts the console's shapes carry as strings, for the documents.
mod texts {
    #![allow(dead_code)]
    use utoipa::ToSchema;

    /// `aviator`.
    #[derive(ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum AviatorName {
        Aviator,
    }

    /// `mines`.
    #[derive(ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum MinesName {
        Mines,
    }

    /// `matka`.
    #[derive(ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum MatkaName {
        Matka,
    }

    /// Always `open`.
    #[derive(ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum MatkaPhase {
        Open,
    }

    // The names `casino_actors::observe::families::table::PHASES` gives Aviator's phases (its first four).
    /// Aviator's phase: `suspended` once the round in play has ended on a suspended table.
    #[derive(ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum AviatorPhase {
        Betting,
        Flying,
        Crashed,
        Suspended,
    }

    // `casino_actors::table::round::Phase::name`, or `suspended`.
    /// A round table's phase: its round's, or `suspended` (the round in play ends as usual; no new one opens).
    #[derive(ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum RoundTablePhase {
        Betting,
        Closed,
        Revealing,
        Settled,
        Suspended,
    }

    /// Mines' phase: `suspended` means no new games.
    #[derive(ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum MinesPhase {
        Open,
        Suspended,
    }

    /// A game the console configures.
    #[derive(ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum OpsGame {
        Aviator,
        Titli,
        AndarBahar,
        Color,
        Mines,
        Matka,
    }

    /// A game the console suspends and resumes (not Matka: its markets open and close on their schedules).
    #[derive(ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum SuspendableGame {
        Aviator,
        Titli,
        AndarBahar,
        Color,
        Mines,
    }

    /// `suspend` or `resume`.
    #[derive(ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum SuspendAction {
        Suspend,
        Resume,
    }
}

pub use texts::AviatorPhase;
use texts::{
    AviatorName, MatkaName, MatkaPhase, MinesName, MinesPhase, OpsGame, RoundTablePhase, SuspendAction, SuspendableGame,
};

/// Aviator in the console's list.
#[derive(Serialize, ToSchema)]
pub struct AviatorGameJson {
    /// `aviator`.
    #[schema(value_type = AviatorName, inline)]
    game: &'static str,
    #[schema(example = "Aviator")]
    name: &'static str,
    round: i64,
    /// `betting`, `flying`, `crashed` or `suspended`.
    #[schema(value_type = AviatorPhase)]
    phase: String,
    suspended: bool,
    /// What the round in play is played by.
    settings: AviatorSettingsJson,
    /// What the next round will be played by, when it differs (else `null`).
    pending: Option<AviatorSettingsJson>,
    /// The caps the round in play is played by.
    caps: AviatorCapsJson,
    /// `null` when no chain holds the round in play.
    fairness: Option<AviatorFairnessJson>,
}

fn game_json(state: &State, s: &TableSettings) -> AviatorGameJson {
    let chains = state.tables.aviator_fairness.chains();
    let current = chains.iter().find(|c| c.contains(s.round));
    let next_committed = current.is_some_and(|c| chains.iter().any(|n| n.first_round == c.last_round() + 1));
    AviatorGameJson {
        game: "aviator",
        name: "Aviator",
        round: s.round.0,
        phase: s.phase.clone(),
        suspended: s.suspended,
        settings: settings_json(&s.current),
        pending: s.pending.as_ref().map(settings_json),
        caps: caps_json(&s.caps),
        fairness: current.map(|c| AviatorFairnessJson {
            chainFirstRound: c.first_round,
            chainLength: c.length,
            roundsLeft: c.last_round() - s.round.0,
            nextChainCommitted: next_committed,
            houseEdgeBp: c.house_edge_bp,
        }),
    }
}

/// A round game's settings, as its rules have them (money in paise, times in milliseconds, payouts in hundredths of
/// the stake): Titli Par and Color Prediction take `UniformSettings` (one `payout` for every pick), Andar Bahar
/// `AndarBaharSettings`.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum RoundGameSettingsJson {
    /// Titli Par (`payout` 100 to 1199) and Color Prediction (`payout` 100 to 299).
    Uniform(TitliSettings),
    AndarBahar(AndarBaharSettings),
}

/// A round game (`titli`, `andar_bahar`, `color`) in the console's list.
#[derive(Serialize, ToSchema)]
pub struct RoundGameJson {
    /// `titli`, `andar_bahar` or `color`.
    #[schema(value_type = RoundGameName)]
    game: String,
    #[schema(example = "Titli Par")]
    name: String,
    round: i64,
    /// `betting`, `closed`, `revealing`, `settled` or `suspended`.
    #[schema(value_type = RoundTablePhase)]
    phase: String,
    suspended: bool,
    /// What the round in play is played by.
    #[schema(value_type = RoundGameSettingsJson)]
    settings: Value,
    /// What the next round will be played by, when it differs (else `null`).
    #[schema(value_type = Option<RoundGameSettingsJson>)]
    pending: Option<Value>,
}

fn round_json(game: &str, v: &TableView) -> RoundGameJson {
    let name = RoundGameName::parse(game).map_or(game, |g| g.title());
    RoundGameJson {
        game: game.to_string(),
        name: name.to_string(),
        round: v.round,
        phase: v.phase.clone(),
        suspended: v.suspended,
        settings: v.current.clone(),
        pending: v.pending.clone(),
    }
}

/// Mines in the console's list: no rounds (each player's game is open until it ends), so never a pending change.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MinesEntry {
    /// `mines`.
    #[schema(value_type = MinesName, inline)]
    game: &'static str,
    #[schema(example = "Mines")]
    name: &'static str,
    /// `open`, or `suspended` (no new games).
    #[schema(value_type = MinesPhase)]
    phase: &'static str,
    suspended: bool,
    settings: MinesSettings,
    /// Always `null`: a change applies to the next game started.
    pending: Option<MinesSettings>,
    open_games: usize,
    /// The stakes of the games in play.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    held_stakes: Paise,
}

impl MinesEntry {
    fn of(v: &DeskView) -> MinesEntry {
        MinesEntry {
            game: "mines",
            name: "Mines",
            phase: if v.suspended { "suspended" } else { "open" },
            suspended: v.suspended,
            settings: v.settings.clone(),
            pending: None,
            open_games: v.open_games,
            held_stakes: v.held,
        }
    }
}

/// Matka in the console's list: its markets run on their own schedules, so it is always open, and a change applies
/// to the next bid (never pending).
#[derive(Serialize, ToSchema)]
pub struct MatkaEntry {
    /// `matka`.
    #[schema(value_type = MatkaName, inline)]
    game: &'static str,
    #[schema(example = "Matka")]
    name: &'static str,
    /// Always `open`.
    #[schema(value_type = MatkaPhase, inline)]
    phase: &'static str,
    /// Always false.
    suspended: bool,
    settings: MatkaSettings,
    /// Always `null`.
    pending: Option<MatkaSettings>,
}

impl MatkaEntry {
    fn of(s: &MatkaSettings) -> MatkaEntry {
        MatkaEntry { game: "matka", name: "Matka", phase: "open", suspended: false, settings: s.clone(), pending: None }
    }
}

/// One game in the console's list; its `game` field names it, and its `settings` differ in shape per game.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum GameEntryJson {
    Aviator(AviatorGameJson),
    Round(RoundGameJson),
    Mines(MinesEntry),
    Matka(MatkaEntry),
}

/// The answer to a change of one game: `{game}`, as it now stands.
#[derive(Serialize, ToSchema)]
pub struct GameChangedJson {
    game: GameEntryJson,
}

/// Every game: Aviator, the round games (`titli`, `andar_bahar`, `color`), `mines`, `matka`, in that order.
#[derive(Serialize, ToSchema)]
pub struct GameListJson {
    games: Vec<GameEntryJson>,
}

async fn mines_view(state: &State) -> Result<DeskView, ApiError> {
    state.tables.mines.ask(MinesView).await.map_err(ApiError::internal)
}

fn round_error(e: RoundOperateError) -> ApiError {
    match e {
        RoundOperateError::Invalid(e) => ApiError::bad_request(ErrorCode::InvalidSettings, e),
        RoundOperateError::Storage(e) => ApiError::internal(e),
    }
}

macro_rules! to_round_table {
    ([] $(($name:ident, $Variant:ident, $Rules:path))*) => {
        /// Sends `msg` to the round table named `game`.
        async fn to_round_table<M>(state: &State, game: &str, msg: M) -> Result<M::Result, ApiError>
        where
            M: casino_actors::cluster::remote::Remote,
            $(RoundTable<$Rules>: actix::Handler<Timed<M>>,)*
        {
            let t = &state.tables.rounds;
            match RoundGameName::parse(game).map_err(|_| ApiError::not_found("No such game"))? {
                $(RoundGameName::$Variant => t.$name.ask(msg).await,)*
            }
            .map_err(ApiError::internal)
        }
    };
}
casino_actors::round_games!(to_round_table!);

fn operate_error(e: OperateError) -> ApiError {
    match e {
        OperateError::Invalid(e) => ApiError::bad_request(e.code(), e.to_string()),
        OperateError::Storage(e) => ApiError::internal(e),
    }
}

/// The most capital a request may name: ₹1 lakh crore.
const MAX_CAPITAL_RUPEES: i64 = 1_000_000_000_000;

/// A share of the bankroll: basis points with at most 2 decimals, 0 to 10 000, as parts per million; else 400
/// `invalid_bankroll_share`.
fn bankroll_share(field: &str, v: &Value) -> Result<u32, ApiError> {
    // Basis points with 2 decimals are hundredths, read exactly as rupees are.
    crate::money::parse_rupees(v)
        .ok()
        .and_then(|hundredths| u32::try_from(hundredths.get()).ok())
        .filter(|&ppm| ppm <= PPM_ALL)
        .ok_or_else(|| {
            ApiError::bad_request(
                ConfigError::BankrollShare.code(),
                format!("{field}: basis points from 0 (not set) to 10000 (100 %), with at most 2 decimals"),
            )
        })
}

/// The operator's capital: rupees with at most 2 decimals, from 0 to ₹1 lakh crore; else 400
/// `invalid_bankroll_capital`.
fn bankroll_capital(v: &Value) -> Result<Paise, ApiError> {
    use rust_decimal::Decimal;
    use rust_decimal::prelude::ToPrimitive;
    let text = match v {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.trim().to_string()),
        _ => None,
    };
    text.and_then(|t| t.parse::<Decimal>().ok().or_else(|| Decimal::from_scientific(&t).ok()))
        .map(|d| d.normalize())
        .filter(|d| d.scale() <= 2 && !d.is_sign_negative() && *d <= Decimal::from(MAX_CAPITAL_RUPEES))
        .and_then(|d| (d * Decimal::ONE_HUNDRED).to_i64())
        .map(Paise::new)
        .ok_or_else(|| {
            ApiError::bad_request(
                ConfigError::BankrollCapital.code(),
                "bankrollCapital: rupees with at most 2 decimals, from 0 to 1000000000000",
            )
        })
}

async fn aviator_settings(state: &State) -> Result<TableSettings, ApiError> {
    state.tables.aviator.ask(Settings).await.map_err(ApiError::internal)?.map_err(operate_error)
}

#[utoipa::path(
    operation_id = "games_list",
    responses((status = 200, description = "Every game with its settings, in force and pending", body = GameListJson))
)]
#[get("/api/admin/games")]
pub async fn list(state: State, _op: Operator) -> Answer {
    let aviator = aviator_settings(&state).await?;
    let mut games = vec![GameEntryJson::Aviator(game_json(&state, &aviator))];
    for game in RoundGameName::ALL.iter().map(|g| g.name()) {
        games.push(GameEntryJson::Round(round_json(game, &to_round_table(&state, game, View).await?)));
    }
    games.push(GameEntryJson::Mines(MinesEntry::of(&mines_view(&state).await?)));
    let matka = state.tables.matka.ask(MatkaView).await.map_err(ApiError::internal)?;
    games.push(GameEntryJson::Matka(MatkaEntry::of(&matka)));
    Ok(HttpResponse::Ok().json(GameListJson { games }))
}

/// Aviator: any of the settings; what is left out (or `null`) stays as the next round would have it. Money in
/// rupees, times in milliseconds, the edge in basis points, the shares of the bankroll in basis points with at most
/// 2 decimals (0 turns one off).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(as = AviatorSettingsChange)]
pub struct SettingsBody {
    min_bet: Option<Rupees>,
    max_bet: Option<Rupees>,
    countdown_ms: Option<i64>,
    pause_ms: Option<i64>,
    max_payout_per_round: Option<Rupees>,
    house_edge_bp: Option<u32>,
    /// The round's cap as a share of the bankroll: basis points, 0 (not set) to 10000, at most 2 decimals.
    #[schema(value_type = Option<f64>, example = 112.5)]
    max_payout_bankroll_bp: Option<Value>,
    /// One player's cap in a round as a share of the bankroll: basis points, 0 (none) to 10000, at most 2 decimals.
    #[schema(value_type = Option<f64>, example = 75)]
    max_player_payout_bankroll_bp: Option<Value>,
    /// The capital the operator puts behind the game, in rupees (0 or more).
    #[schema(value_type = Option<f64>, example = 10000000)]
    bankroll_capital: Option<Value>,
}

/// Some of a round game's timings (milliseconds).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct RoundTimingsChange {
    #[schema(nullable = false)]
    betting_ms: Option<i64>,
    #[schema(nullable = false)]
    closed_ms: Option<i64>,
    #[schema(nullable = false)]
    step_ms: Option<i64>,
    #[schema(nullable = false)]
    result_ms: Option<i64>,
}

/// Some of a round game's stake limits (`min`, `max` in paise).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct RoundStakeLimitsChange {
    #[schema(nullable = false)]
    min: Option<i64>,
    #[schema(nullable = false)]
    max: Option<i64>,
    #[schema(nullable = false)]
    max_lines: Option<usize>,
}

/// Titli Par, Color Prediction: some fields of `UniformSettings`.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct UniformSettingsChange {
    /// Hundredths of the stake a winning line returns.
    #[schema(nullable = false)]
    payout: Option<i64>,
    #[schema(nullable = false)]
    timings: Option<RoundTimingsChange>,
    #[schema(nullable = false)]
    limits: Option<RoundStakeLimitsChange>,
}

/// Andar Bahar: some fields of `AndarBaharSettings`.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct AndarBaharSettingsChange {
    #[schema(nullable = false)]
    andar_payout: Option<i64>,
    #[schema(nullable = false)]
    bahar_payout: Option<i64>,
    #[schema(nullable = false)]
    timings: Option<RoundTimingsChange>,
    #[schema(nullable = false)]
    limits: Option<RoundStakeLimitsChange>,
}

/// Mines: some fields of `MinesSettings` (money in paise).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct MinesSettingsChange {
    #[schema(nullable = false)]
    min_bet: Option<i64>,
    #[schema(nullable = false)]
    max_bet: Option<i64>,
    #[schema(nullable = false)]
    house_edge_bp: Option<u32>,
    #[schema(nullable = false)]
    max_payout: Option<i64>,
}

/// Some of Matka's rates (hundredths of the stake).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct MatkaRatesChange {
    #[schema(nullable = false)]
    single_digit: Option<i64>,
    #[schema(nullable = false)]
    jodi: Option<i64>,
    #[schema(nullable = false)]
    single_panna: Option<i64>,
    #[schema(nullable = false)]
    double_panna: Option<i64>,
    #[schema(nullable = false)]
    triple_panna: Option<i64>,
    #[schema(nullable = false)]
    half_sangam: Option<i64>,
    #[schema(nullable = false)]
    full_sangam: Option<i64>,
}

/// Matka: some fields of `MatkaSettings` (points in paise, whole rupees).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct MatkaSettingsChange {
    #[schema(nullable = false)]
    rates: Option<MatkaRatesChange>,
    #[schema(nullable = false)]
    min_points: Option<i64>,
    #[schema(nullable = false)]
    max_points: Option<i64>,
}

/// A change of one game's settings, shaped by the game in the path: `aviator` takes `AviatorSettingsChange` (rupees);
/// `titli` and `color` `UniformSettingsChange`, `andar_bahar` `AndarBaharSettingsChange`, `mines`
/// `MinesSettingsChange`, `matka` `MatkaSettingsChange` (paise). Fields left out keep their value; a nested object
/// (`timings`, `limits`, `rates`) may name some of its fields. An unknown field is refused (`invalid_settings`).
#[derive(ToSchema)]
#[allow(dead_code)]
#[serde(untagged)]
pub enum GameSettingsChange {
    Aviator(SettingsBody),
    Uniform(UniformSettingsChange),
    AndarBahar(AndarBaharSettingsChange),
    Mines(MinesSettingsChange),
    Matka(MatkaSettingsChange),
}

refusals!(ConfigureRefusals {
    400: "`invalid_request`, `invalid_settings`, `invalid_bankroll_share` (Aviator: a share of the bankroll not 0 to 10000 basis points with at most 2 decimals), `invalid_bankroll_capital` (Aviator: a capital not 0 or more rupees with at most 2 decimals); nothing is changed",
    404: "`not_found`: no such game",
});
#[utoipa::path(
    params(("game" = inline(OpsGame), Path, description = "`aviator`, `titli`, `andar_bahar`, `color`, `mines` or `matka`")),
    request_body = GameSettingsChange,
    responses((status = 200, description = "Stored; the game as it now stands (the change is `pending` until the next round opens, for Aviator and the round games)", body = GameChangedJson), ConfigureRefusals)
)]
#[put("/api/admin/games/{game}/settings")]
pub async fn configure(state: State, op: Operator, game: web::Path<String>, body: web::Json<Value>) -> Answer {
    if game.as_str() == "matka" {
        let before = state.tables.matka.ask(MatkaView).await.map_err(ApiError::internal)?;
        let configure = MatkaConfigure(body.into_inner());
        let after = state.tables.matka.ask(configure).await.map_err(ApiError::internal)?.map_err(round_error)?;
        let json = |s: &MatkaSettings| serde_json::to_value(s).ok();
        audit::write(&state, op.0.id, Action::GameSettings, "game:matka", json(&before), json(&after)).await;
        return Ok(HttpResponse::Ok().json(GameChangedJson { game: GameEntryJson::Matka(MatkaEntry::of(&after)) }));
    }
    if game.as_str() == "mines" {
        let before = mines_view(&state).await?;
        let configure = MinesConfigure(body.into_inner());
        let after = state.tables.mines.ask(configure).await.map_err(ApiError::internal)?.map_err(round_error)?;
        let settings = |v: &DeskView| serde_json::to_value(&v.settings).ok();
        audit::write(&state, op.0.id, Action::GameSettings, "game:mines", settings(&before), settings(&after)).await;
        return Ok(HttpResponse::Ok().json(GameChangedJson { game: GameEntryJson::Mines(MinesEntry::of(&after)) }));
    }
    if game.as_str() != "aviator" {
        let before = to_round_table(&state, &game, View).await?;
        let after = to_round_table(&state, &game, RoundConfigure(body.into_inner())).await?.map_err(round_error)?;
        let next = |v: &TableView| Some(v.pending.clone().unwrap_or_else(|| v.current.clone()));
        audit::write(&state, op.0.id, Action::GameSettings, &format!("game:{game}"), next(&before), next(&after)).await;
        return Ok(HttpResponse::Ok().json(GameChangedJson { game: GameEntryJson::Round(round_json(&game, &after)) }));
    }
    let b: SettingsBody = serde_json::from_value(body.into_inner())
        .map_err(|e| ApiError::bad_request(ErrorCode::InvalidSettings, format!("Invalid settings: {e}")))?;
    let before = aviator_settings(&state).await?;
    let base = before.pending.clone().unwrap_or_else(|| before.current.clone());
    let rules = RulesConfig {
        min_bet: b.min_bet.map_or(base.min_bet, |r| r.0),
        max_bet: b.max_bet.map_or(base.max_bet, |r| r.0),
        countdown_ms: b.countdown_ms.unwrap_or(base.countdown_ms),
        pause_ms: b.pause_ms.unwrap_or(base.pause_ms),
        max_payout_per_round: b.max_payout_per_round.map_or(base.max_payout_per_round, |r| r.0),
        house_edge_bp: b.house_edge_bp.unwrap_or(base.house_edge_bp),
        max_payout_bankroll_ppm: match &b.max_payout_bankroll_bp {
            Some(v) => bankroll_share("maxPayoutBankrollBp", v)?,
            None => base.max_payout_bankroll_ppm,
        },
        max_player_payout_bankroll_ppm: match &b.max_player_payout_bankroll_bp {
            Some(v) => bankroll_share("maxPlayerPayoutBankrollBp", v)?,
            None => base.max_player_payout_bankroll_ppm,
        },
        bankroll_capital: match &b.bankroll_capital {
            Some(v) => bankroll_capital(v)?,
            None => base.bankroll_capital,
        },
    };
    let after = state.tables.aviator.ask(Configure(rules)).await.map_err(ApiError::internal)?.map_err(operate_error)?;
    tracing::info!(round = %after.round, "Aviator settings changed by an operator, from the next round");
    let next = |s: &TableSettings| serde_json::to_value(settings_json(s.pending.as_ref().unwrap_or(&s.current))).ok();
    audit::write(&state, op.0.id, Action::GameSettings, "game:aviator", next(&before), next(&after)).await;
    Ok(HttpResponse::Ok().json(GameChangedJson { game: GameEntryJson::Aviator(game_json(&state, &after)) }))
}

refusals!(SuspendRefusals { 404: "`not_found`: no such game, or an action other than `suspend` or `resume`" });
#[utoipa::path(
    params(
        ("game" = inline(SuspendableGame), Path, description = "`aviator`, `titli`, `andar_bahar`, `color` or `mines`"),
        ("action" = inline(SuspendAction), Path, description = "`suspend` (the round in play ends as usual; no new one opens) or `resume`"),
    ),
    responses((status = 200, description = "The game as it now stands", body = GameChangedJson), SuspendRefusals)
)]
#[post("/api/admin/games/{game}/{action}")]
pub async fn suspend(state: State, op: Operator, path: web::Path<(String, String)>) -> Answer {
    let (game, action) = path.into_inner();
    let suspend = match action.as_str() {
        "suspend" => true,
        "resume" => false,
        _ => return Err(ApiError::not_found("Unknown action")),
    };
    let action_done = if suspend { Action::GameSuspend } else { Action::GameResume };
    let show = |s: bool| Some(json!({ "suspended": s }));
    if game == "mines" {
        let before = mines_view(&state).await?.suspended;
        let after =
            state.tables.mines.ask(MinesSuspend(suspend)).await.map_err(ApiError::internal)?.map_err(round_error)?;
        audit::write(&state, op.0.id, action_done, "game:mines", show(before), show(after.suspended)).await;
        return Ok(HttpResponse::Ok().json(GameChangedJson { game: GameEntryJson::Mines(MinesEntry::of(&after)) }));
    }
    if game != "aviator" {
        let before = to_round_table(&state, &game, View).await?.suspended;
        let after = to_round_table(&state, &game, RoundSuspend(suspend)).await?.map_err(round_error)?;
        audit::write(&state, op.0.id, action_done, &format!("game:{game}"), show(before), show(after.suspended)).await;
        return Ok(HttpResponse::Ok().json(GameChangedJson { game: GameEntryJson::Round(round_json(&game, &after)) }));
    }
    let before = aviator_settings(&state).await?.suspended;
    let after = state.tables.aviator.ask(Suspend(suspend)).await.map_err(ApiError::internal)?.map_err(operate_error)?;
    audit::write(&state, op.0.id, action_done, "game:aviator", show(before), show(after.suspended)).await;
    Ok(HttpResponse::Ok().json(GameChangedJson { game: GameEntryJson::Aviator(game_json(&state, &after)) }))
}
