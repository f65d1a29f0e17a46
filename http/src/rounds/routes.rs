//! Fairness and history of the round games: `GET /api/fair/{game}` (payouts, exact RTPs, how to check a round),
//! `GET /api/fair/{game}/{round}` (a round's commitment, and once decided its seed, result and the server's own
//! recomputation), `GET /api/games/{game}/bets` (the caller's tickets, the round in play first).

use super::{Game, WirePick, on_table};
use crate::auth::Authed;
use crate::error::{Answer, ApiError, refusals};
use crate::json::iso;
use crate::openapi::Area;
use crate::state::State;
use actix_web::{HttpResponse, get, web};
use casino_actors::fair::Dice;
use casino_actors::ids::{RoundId, UserId};
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use casino_actors::table::actor::{OpenTickets, RoundTableRoute, Snapshot};
use casino_actors::table::game::RoundRules;
use casino_actors::table::store::{self, RoundRecord};
use casino_actors::table::wire::RoundWire;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{OneOfBuilder, Ref, Schema};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "rounds").public(fair_game).public(fair_round).player(my_bets);
}

const ALGORITHM: &str = "When a round opens the server publishes commitment = SHA-256(server seed) and the client \
seed. At settlement it reveals the server seed. Random words: HMAC-SHA256(key = the 32 seed bytes, message = \
\"{clientSeed}:{round}:{block}\") for block = 0, 1, …, read as big-endian 32-bit words. below(n): take the next \
word w; if w < 2^32 - (2^32 mod n) answer w mod n, else take the next word. Titli Par: picture below(12) + 1. \
Color Prediction: [red, green, blue][below(3)]. Andar Bahar: shuffle the cards 0..51 (for i from 51 down to 1, \
swap card i with card below(i + 1)); the first card is the joker; the rest are dealt Andar, Bahar, Andar, … until \
a card of the joker's rank (card mod 13); its side wins.";

/// A schema that is one of each round game's `$Trait::$Part` (their picks, their shown results), named `$Name`.
macro_rules! one_of_games {
    ([$Name:ident, $doc:literal, $Trait:path, $Part:ident] $(($name:ident, $Variant:ident, $Rules:path))*) => {
        #[doc = $doc]
        pub struct $Name;

        impl utoipa::PartialSchema for $Name {
            fn schema() -> RefOr<Schema> {
                OneOfBuilder::new()
                    .description(Some($doc))
                    $(.item(Ref::from_schema_name(<<$Rules as $Trait>::$Part as ToSchema>::name())))*
                    .into()
            }
        }

        impl ToSchema for $Name {
            fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
                $(
                    out.push((
                        <<$Rules as $Trait>::$Part as ToSchema>::name().into(),
                        <<$Rules as $Trait>::$Part as utoipa::PartialSchema>::schema(),
                    ));
                    <<$Rules as $Trait>::$Part as ToSchema>::schemas(out);
                )*
            }
        }
    };
}

casino_actors::round_games!(one_of_games!(
    RoundPick,
    "A pick of a round game: a Titli Par picture number (1–12), an Andar Bahar side, or a colour.",
    RoundRules,
    Pick
));
casino_actors::round_games!(one_of_games!(RoundResult, "A round's result, as its game shows it.", RoundWire, Shown));

/// What a pick pays.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct RoundPickPayout {
    pub pick: RoundPick,
    /// What a winning line returns per rupee staked (e.g. 10 or 1.9).
    pub payout: f64,
    /// The exact return to player, e.g. 0.9785.
    pub rtp: f64,
}

async fn snapshot<G: WirePick>(t: &RoundTableRoute<G>) -> Value {
    t.ask(Snapshot).await.ok().flatten().unwrap_or(Value::Null)
}

/// A round game's payouts, limits and how to check a round. The table's fields are `null` while it is unavailable.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct RoundGameFairness {
    /// `titli`, `andar_bahar` or `color`.
    #[schema(value_type = Game)]
    pub game: String,
    #[schema(value_type = Option<Vec<RoundPickPayout>>)]
    pub payouts: Value,
    #[schema(value_type = Option<RupeesJson>)]
    pub minStake: Value,
    #[schema(value_type = Option<RupeesJson>)]
    pub maxStake: Value,
    /// The round in play.
    #[schema(value_type = Option<i64>)]
    pub currentRound: Value,
    /// SHA-256 of the round in play's server seed (revealed at settlement).
    #[schema(value_type = Option<String>)]
    pub commitment: Value,
    #[schema(value_type = Option<String>)]
    pub clientSeed: Value,
    /// How a round's outcome is drawn from its seeds.
    pub algorithm: String,
}

refusals!(FairGameRefusals { 404: "`not_found`: no such round game" });
#[utoipa::path(
    params(("game" = inline(Game), Path, description = "`titli`, `andar_bahar` or `color`")),
    responses((status = 200, body = RoundGameFairness), FairGameRefusals)
)]
#[get("/api/fair/{game}")]
async fn fair_game(state: State, game: web::Path<String>) -> Answer {
    let s = on_table!(state.tables.rounds, Game::parse(&game)?, |t| snapshot(t).await);
    Ok(HttpResponse::Ok().json(RoundGameFairness {
        game: game.into_inner(),
        payouts: s["payouts"].clone(),
        minStake: s["minStake"].clone(),
        maxStake: s["maxStake"].clone(),
        currentRound: s["roundId"].clone(),
        commitment: s["commitment"].clone(),
        clientSeed: s["clientSeed"].clone(),
        algorithm: ALGORITHM.into(),
    }))
}

/// A round as anyone may check it: its commitment, and once decided its seed, result and the server's own
/// recomputation from the seed.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct RoundFairnessJson {
    #[schema(value_type = Game)]
    pub game: &'static str,
    pub roundId: i64,
    /// `open`, `decided`, `ended` or `void`.
    #[schema(value_type = RoundRecordStatus)]
    pub status: String,
    /// SHA-256 of the server seed, published when the round opened.
    pub commitment: String,
    /// Revealed once the round is decided (or void).
    pub serverSeed: Option<String>,
    pub clientSeed: String,
    /// The recorded result.
    #[schema(value_type = Option<RoundResult>)]
    pub result: Option<Value>,
    /// The result the server recomputes from the revealed seed.
    #[schema(value_type = Option<RoundResult>)]
    pub recomputed: Option<Value>,
    /// Whether the seed matches the commitment and the recomputed result the recorded one (`null`: not decided).
    pub verified: Option<bool>,
    /// The game's settings the round was played by, as stored when it opened: Titli Par and Color Prediction
    /// `UniformSettings`, Andar Bahar `AndarBaharSettings` (`null` if unreadable).
    #[schema(value_type = Option<crate::ops::games::RoundGameSettingsJson>)]
    pub settings: Value,
    /// ISO 8601, UTC.
    pub openedAt: String,
    /// ISO 8601, UTC.
    pub decidedAt: Option<String>,
}

// The `game_rounds` table's statuses.
/// A recorded round's status: `open` (in play), `decided` (its result drawn, the seed revealed), `ended` (settled)
/// or `void` (never decided; its stakes returned).
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum RoundRecordStatus {
    Open,
    Decided,
    Ended,
    Void,
}

/// The shown result as JSON.
fn shown_json<G: WirePick>(o: &G::Outcome) -> Option<Value> {
    serde_json::to_value(G::shown(o, None)).ok()
}

/// A round of `_table`'s game as anyone may check it; the server recomputes it from the revealed seed too.
fn round_json<G: WirePick>(_table: &RoundTableRoute<G>, r: &RoundRecord) -> RoundFairnessJson {
    let stored = r.outcome.as_deref().and_then(|o| serde_json::from_str::<G::Outcome>(o).ok());
    let recomputed = r.server_seed.map(|seed| G::draw(&mut Dice::new(&seed, &r.client_seed, r.round.0)));
    let verified = match (&r.server_seed, &stored, &recomputed) {
        (Some(seed), Some(s), Some(c)) => Some(seed.commitment() == r.commitment && s == c),
        _ => None,
    };
    RoundFairnessJson {
        game: G::NAME,
        roundId: r.round.0,
        status: r.status.clone(),
        commitment: r.commitment.clone(),
        serverSeed: r.server_seed.map(|s| s.to_hex()),
        clientSeed: r.client_seed.clone(),
        result: stored.as_ref().and_then(shown_json::<G>),
        recomputed: recomputed.as_ref().and_then(shown_json::<G>),
        verified,
        settings: serde_json::from_str::<Value>(&r.settings).unwrap_or(Value::Null),
        openedAt: iso(r.opened_at),
        decidedAt: r.decided_at.map(iso),
    }
}

refusals!(FairRoundRefusals { 404: "`not_found`: no such round game, or no such round" });
#[utoipa::path(
    params(
        ("game" = inline(Game), Path, description = "`titli`, `andar_bahar` or `color`"),
        ("round" = i64, Path, description = "The round number"),
    ),
    responses((status = 200, body = RoundFairnessJson), FairRoundRefusals)
)]
#[get("/api/fair/{game}/{round}")]
async fn fair_round(state: State, path: web::Path<(String, i64)>) -> Answer {
    let (game, round) = path.into_inner();
    let which = Game::parse(&game)?;
    let r =
        store::round(&state.db, &game, RoundId(round)).await?.ok_or_else(|| ApiError::not_found("No such round"))?;
    Ok(HttpResponse::Ok().json(on_table!(state.tables.rounds, which, |t| round_json(t, &r))))
}

pub use crate::json::Limit;

/// A line of a ticket: a pick and its stake.
#[derive(Serialize, ToSchema)]
pub struct RoundBetLine {
    #[schema(value_type = RoundPick)]
    pub pick: Value,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub amount: Paise,
}

#[derive(Serialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum RoundBetStatus {
    Open,
    Won,
    Lost,
}

/// One of the player's tickets at a round game.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct RoundBetRow {
    pub roundId: i64,
    pub ticket: u32,
    pub bets: Vec<RoundBetLine>,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub stake: Paise,
    /// What the ticket paid (`null` while open; 0 when lost).
    #[serde(serialize_with = "casino_actors::money::rupees_opt::serialize")]
    #[schema(value_type = Option<RupeesJson>)]
    pub payout: Option<Paise>,
    pub status: RoundBetStatus,
    /// ISO 8601, UTC.
    pub createdAt: String,
    /// The round's result (`null` while open).
    #[schema(value_type = Option<RoundResult>)]
    pub result: Option<Value>,
}

/// A player's tickets at a game, newest first: the round in play (from the table), then settled ones.
pub(crate) async fn bet_rows<G: WirePick>(
    state: &State,
    table: &RoundTableRoute<G>,
    user: UserId,
    limit: i64,
) -> Result<Vec<RoundBetRow>, ApiError> {
    let lines = |ls: Vec<(Value, Paise)>| -> Vec<RoundBetLine> {
        ls.into_iter().map(|(pick, amount)| RoundBetLine { pick, amount }).collect()
    };
    let settled = store::history(&state.db, G::NAME, user, limit).await?;
    let mut rows: Vec<RoundBetRow> = Vec::new();
    // A ticket whose round was just recorded is in both (until the table hears the record committed): once.
    let recorded = |round: i64, ticket: u32| settled.iter().any(|h| h.round.0 == round && h.bet.ticket == ticket);
    for t in table.ask(OpenTickets(user)).await.unwrap_or_default() {
        if recorded(t.round.0, t.ticket) {
            continue;
        }
        rows.push(RoundBetRow {
            roundId: t.round.0,
            ticket: t.ticket,
            bets: lines(t.lines),
            stake: t.total,
            payout: None,
            status: RoundBetStatus::Open,
            createdAt: iso(t.placed_at),
            result: None,
        });
    }
    for h in settled {
        let parsed: Vec<(Value, Paise)> = serde_json::from_str(&h.bet.lines).unwrap_or_default();
        let result = h.outcome.as_deref().and_then(|o| serde_json::from_str::<G::Outcome>(o).ok());
        rows.push(RoundBetRow {
            roundId: h.round.0,
            ticket: h.bet.ticket,
            bets: lines(parsed),
            stake: h.bet.stake,
            payout: Some(h.bet.payout),
            status: if h.bet.payout.is_positive() { RoundBetStatus::Won } else { RoundBetStatus::Lost },
            createdAt: iso(h.bet.created_at),
            result: result.as_ref().and_then(shown_json::<G>),
        });
    }
    Ok(rows)
}

pub(crate) async fn rows_for(
    state: &State,
    game: Game,
    user: UserId,
    limit: i64,
) -> Result<Vec<RoundBetRow>, ApiError> {
    on_table!(state.tables.rounds, game, |t| bet_rows(state, t, user, limit).await)
}

/// The player's tickets at a round game, newest first.
#[derive(Serialize, ToSchema)]
pub struct RoundBetList {
    pub success: bool,
    pub bets: Vec<RoundBetRow>,
}

refusals!(MyBetsRefusals { 404: "`not_found`: no such round game" });
#[utoipa::path(
    params(("game" = inline(Game), Path, description = "`titli`, `andar_bahar` or `color`"), Limit),
    responses((status = 200, description = "The caller's tickets, the round in play first (default 50, 1–500)", body = RoundBetList), MyBetsRefusals)
)]
#[get("/api/games/{game}/bets")]
async fn my_bets(state: State, who: Authed, game: web::Path<String>, q: web::Query<Limit>) -> Answer {
    let game = Game::parse(&game)?;
    let rows = rows_for(&state, game, who.user.id, q.or(50)).await?;
    Ok(HttpResponse::Ok().json(RoundBetList { success: true, bets: rows }))
}
