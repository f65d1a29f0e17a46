//! The games' settings: `GET /api/admin/games`, `PUT /api/admin/games/{game}/settings` (taken when the next round
//! opens), `POST /api/admin/games/{game}/suspend|resume`. Aviator, the round games (`titli`, `andar_bahar`,
//! `color`), whose settings are their rules' JSON (timings, stake limits, payouts): a change names some fields,
//! and `mines` (stakes and payout cap in paise, edge in basis points; taken by the games that start after it).

use crate::admin::audit;
use crate::auth::Operator;
use crate::error::ApiError;
use crate::money::{Rupees, rupees};
use crate::state::State;
use actix_web::{HttpResponse, get, post, put, web};
use casino_actors::andar_bahar::rules::AndarBahar;
use casino_actors::audit::Action;
use casino_actors::aviator::operate::{Configure, OperateError, Settings, Suspend, TableSettings};
use casino_actors::aviator::rules::RulesConfig;
use casino_actors::color::rules::Color;
use casino_actors::matka::operate::{Configure as MatkaConfigure, View as MatkaView};
use casino_actors::matka::rules::MatkaSettings;
use casino_actors::mines::operate::{
    Configure as MinesConfigure, DeskView, Suspend as MinesSuspend, View as MinesView,
};
use casino_actors::mines::rules::MinesSettings;
use casino_actors::money::{Paise, as_rupees};
use casino_actors::observe::Timed;
use casino_actors::table::actor::RoundTable;
use casino_actors::table::operate::{
    Configure as RoundConfigure, OperateError as RoundOperateError, Suspend as RoundSuspend, TableView, View,
};
use casino_actors::titli::rules::Titli;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

fn settings_json(r: &RulesConfig) -> Value {
    json!({
        "minBet": rupees(r.min_bet), "maxBet": rupees(r.max_bet), "countdownMs": r.countdown_ms,
        "pauseMs": r.pause_ms, "maxPayoutPerRound": rupees(r.max_payout_per_round), "houseEdgeBp": r.house_edge_bp,
    })
}

fn game_json(state: &State, s: &TableSettings) -> Value {
    let chains = state.tables.aviator_fairness.chains();
    let current = chains.iter().find(|c| c.contains(s.round));
    let next_committed = current.is_some_and(|c| chains.iter().any(|n| n.first_round == c.last_round() + 1));
    json!({
        "game": "aviator", "name": "Aviator", "round": s.round.0, "phase": s.phase, "suspended": s.suspended,
        "settings": settings_json(&s.current), "pending": s.pending.as_ref().map(settings_json),
        "fairness": current.map(|c| json!({
            "chainFirstRound": c.first_round, "chainLength": c.length,
            "roundsLeft": c.last_round() - s.round.0, "nextChainCommitted": next_committed,
            "houseEdgeBp": c.house_edge_bp,
        })),
    })
}

/// The round games, by name and title.
const ROUND_GAMES: [(&str, &str); 3] =
    [("titli", "Titli Par"), ("andar_bahar", "Andar Bahar"), ("color", "Color Prediction")];

fn round_json(game: &str, v: &TableView) -> Value {
    let name = ROUND_GAMES.iter().find(|(g, _)| *g == game).map_or(game, |(_, n)| n);
    json!({
        "game": game, "name": name, "round": v.round, "phase": v.phase, "suspended": v.suspended,
        "settings": v.current, "pending": v.pending,
    })
}

/// Mines in the console's list: no rounds (each player's game is open until it ends), so never a pending change.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MinesEntry {
    game: &'static str,
    name: &'static str,
    /// `open`, or `suspended` (no new games).
    phase: &'static str,
    suspended: bool,
    settings: MinesSettings,
    pending: Option<MinesSettings>,
    open_games: usize,
    #[serde(serialize_with = "as_rupees")]
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
#[derive(Serialize)]
struct MatkaEntry {
    game: &'static str,
    name: &'static str,
    phase: &'static str,
    suspended: bool,
    settings: MatkaSettings,
    pending: Option<MatkaSettings>,
}

impl MatkaEntry {
    fn of(s: &MatkaSettings) -> MatkaEntry {
        MatkaEntry { game: "matka", name: "Matka", phase: "open", suspended: false, settings: s.clone(), pending: None }
    }
}

/// The answer to a change of one game: `{game}`.
#[derive(Serialize)]
struct Changed<G> {
    game: G,
}

/// A game's entry as the list holds it (the list's other entries are JSON values).
fn entry(e: impl Serialize) -> Result<Value, ApiError> {
    serde_json::to_value(e).map_err(ApiError::internal)
}

async fn mines_view(state: &State) -> Result<DeskView, ApiError> {
    state.tables.mines.ask(MinesView).await.map_err(ApiError::internal)
}

fn round_error(e: RoundOperateError) -> ApiError {
    match e {
        RoundOperateError::Invalid(e) => ApiError::bad_request("invalid_settings", e),
        RoundOperateError::Storage(e) => ApiError::internal(e),
    }
}

/// Sends `msg` to the round table named `game`.
async fn to_round_table<M>(state: &State, game: &str, msg: M) -> Result<M::Result, ApiError>
where
    M: casino_actors::cluster::remote::Remote,
    RoundTable<Titli>: actix::Handler<Timed<M>>,
    RoundTable<AndarBahar>: actix::Handler<Timed<M>>,
    RoundTable<Color>: actix::Handler<Timed<M>>,
{
    let t = &state.tables.rounds;
    match game {
        "titli" => t.titli.ask(msg).await,
        "andar_bahar" => t.andar_bahar.ask(msg).await,
        "color" => t.color.ask(msg).await,
        _ => return Err(ApiError::not_found("No such game")),
    }
    .map_err(ApiError::internal)
}

fn operate_error(e: OperateError) -> ApiError {
    match e {
        OperateError::Invalid(e) => ApiError::bad_request("invalid_settings", e.to_string()),
        OperateError::Storage(e) => ApiError::internal(e),
    }
}

async fn aviator_settings(state: &State) -> Result<TableSettings, ApiError> {
    state.tables.aviator.ask(Settings).await.map_err(ApiError::internal)?.map_err(operate_error)
}

#[get("/api/admin/games")]
pub async fn list(state: State, _op: Operator) -> Result<HttpResponse, ApiError> {
    let aviator = aviator_settings(&state).await?;
    let mut games = vec![game_json(&state, &aviator)];
    for (game, _) in ROUND_GAMES {
        games.push(round_json(game, &to_round_table(&state, game, View).await?));
    }
    games.push(entry(MinesEntry::of(&mines_view(&state).await?))?);
    let matka = state.tables.matka.ask(MatkaView).await.map_err(ApiError::internal)?;
    games.push(entry(MatkaEntry::of(&matka))?);
    Ok(HttpResponse::Ok().json(json!({ "games": games })))
}

/// Any of the settings; what is left out stays as the next round would have it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SettingsBody {
    min_bet: Option<Rupees>,
    max_bet: Option<Rupees>,
    countdown_ms: Option<i64>,
    pause_ms: Option<i64>,
    max_payout_per_round: Option<Rupees>,
    house_edge_bp: Option<u32>,
}

#[put("/api/admin/games/{game}/settings")]
pub async fn configure(
    state: State,
    op: Operator,
    game: web::Path<String>,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    if game.as_str() == "matka" {
        let before = state.tables.matka.ask(MatkaView).await.map_err(ApiError::internal)?;
        let configure = MatkaConfigure(body.into_inner());
        let after = state.tables.matka.ask(configure).await.map_err(ApiError::internal)?.map_err(round_error)?;
        let json = |s: &MatkaSettings| serde_json::to_value(s).ok();
        audit::write(&state, op.0.id, Action::GameSettings, "game:matka", json(&before), json(&after)).await;
        return Ok(HttpResponse::Ok().json(Changed { game: MatkaEntry::of(&after) }));
    }
    if game.as_str() == "mines" {
        let before = mines_view(&state).await?;
        let configure = MinesConfigure(body.into_inner());
        let after = state.tables.mines.ask(configure).await.map_err(ApiError::internal)?.map_err(round_error)?;
        let settings = |v: &DeskView| serde_json::to_value(&v.settings).ok();
        audit::write(&state, op.0.id, Action::GameSettings, "game:mines", settings(&before), settings(&after)).await;
        return Ok(HttpResponse::Ok().json(Changed { game: MinesEntry::of(&after) }));
    }
    if game.as_str() != "aviator" {
        let before = to_round_table(&state, &game, View).await?;
        let after = to_round_table(&state, &game, RoundConfigure(body.into_inner())).await?.map_err(round_error)?;
        let next = |v: &TableView| Some(v.pending.clone().unwrap_or_else(|| v.current.clone()));
        audit::write(&state, op.0.id, Action::GameSettings, &format!("game:{game}"), next(&before), next(&after)).await;
        return Ok(HttpResponse::Ok().json(json!({ "game": round_json(&game, &after) })));
    }
    let b: SettingsBody = serde_json::from_value(body.into_inner())
        .map_err(|e| ApiError::bad_request("invalid_settings", format!("Invalid settings: {e}")))?;
    let before = aviator_settings(&state).await?;
    let base = before.pending.clone().unwrap_or_else(|| before.current.clone());
    let rules = RulesConfig {
        min_bet: b.min_bet.map_or(base.min_bet, |r| r.0),
        max_bet: b.max_bet.map_or(base.max_bet, |r| r.0),
        countdown_ms: b.countdown_ms.unwrap_or(base.countdown_ms),
        pause_ms: b.pause_ms.unwrap_or(base.pause_ms),
        max_payout_per_round: b.max_payout_per_round.map_or(base.max_payout_per_round, |r| r.0),
        house_edge_bp: b.house_edge_bp.unwrap_or(base.house_edge_bp),
    };
    let after = state.tables.aviator.ask(Configure(rules)).await.map_err(ApiError::internal)?.map_err(operate_error)?;
    tracing::info!(round = %after.round, "Aviator settings changed by an operator, from the next round");
    let next = |s: &TableSettings| settings_json(s.pending.as_ref().unwrap_or(&s.current));
    audit::write(&state, op.0.id, Action::GameSettings, "game:aviator", Some(next(&before)), Some(next(&after))).await;
    Ok(HttpResponse::Ok().json(json!({ "game": game_json(&state, &after) })))
}

#[post("/api/admin/games/{game}/{action}")]
pub async fn suspend(state: State, op: Operator, path: web::Path<(String, String)>) -> Result<HttpResponse, ApiError> {
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
        return Ok(HttpResponse::Ok().json(Changed { game: MinesEntry::of(&after) }));
    }
    if game != "aviator" {
        let before = to_round_table(&state, &game, View).await?.suspended;
        let after = to_round_table(&state, &game, RoundSuspend(suspend)).await?.map_err(round_error)?;
        audit::write(&state, op.0.id, action_done, &format!("game:{game}"), show(before), show(after.suspended)).await;
        return Ok(HttpResponse::Ok().json(json!({ "game": round_json(&game, &after) })));
    }
    let before = aviator_settings(&state).await?.suspended;
    let after = state.tables.aviator.ask(Suspend(suspend)).await.map_err(ApiError::internal)?.map_err(operate_error)?;
    audit::write(&state, op.0.id, action_done, "game:aviator", show(before), show(after.suspended)).await;
    Ok(HttpResponse::Ok().json(json!({ "game": game_json(&state, &after) })))
}
