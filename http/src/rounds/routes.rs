//! Fairness and history of the round games: `GET /api/fair/{game}` (payouts, exact RTPs, how to check a round),
//! `GET /api/fair/{game}/{round}` (a round's commitment, and once decided its seed, result and the server's own
//! recomputation), `GET /api/games/{game}/bets` (the caller's tickets, the round in play first).

use super::{RoundTables, WirePick};
use crate::auth::Authed;
use crate::error::ApiError;
use crate::json::iso;
use crate::state::State;
use actix_web::{HttpResponse, get, web};
use casino_actors::andar_bahar::rules::AndarBahar;
use casino_actors::color::rules::Color;
use casino_actors::fair::Dice;
use casino_actors::ids::{RoundId, UserId};
use casino_actors::table::actor::{OpenTickets, RoundTableRoute, Snapshot};
use casino_actors::table::store::{self, RoundRecord};
use casino_actors::titli::rules::Titli;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(fair_game).service(fair_round).service(my_bets);
}

const ALGORITHM: &str = "When a round opens the server publishes commitment = SHA-256(server seed) and the client \
seed. At settlement it reveals the server seed. Random words: HMAC-SHA256(key = the 32 seed bytes, message = \
\"{clientSeed}:{round}:{block}\") for block = 0, 1, …, read as big-endian 32-bit words. below(n): take the next \
word w; if w < 2^32 - (2^32 mod n) answer w mod n, else take the next word. Titli Par: picture below(12) + 1. \
Color Prediction: [red, green, blue][below(3)]. Andar Bahar: shuffle the cards 0..51 (for i from 51 down to 1, \
swap card i with card below(i + 1)); the first card is the joker; the rest are dealt Andar, Bahar, Andar, … until \
a card of the joker's rank (card mod 13); its side wins.";

/// A game known by name, with what the routes need of it.
pub(crate) enum Game {
    Titli,
    AndarBahar,
    Color,
}

impl Game {
    pub(crate) fn parse(name: &str) -> Result<Game, ApiError> {
        match name {
            "titli" => Ok(Game::Titli),
            "andar_bahar" => Ok(Game::AndarBahar),
            "color" => Ok(Game::Color),
            _ => Err(ApiError::not_found("No such round game (titli, andar_bahar, color)")),
        }
    }
}

async fn snapshot<G: WirePick>(t: &RoundTableRoute<G>) -> Value {
    t.ask(Snapshot).await.ok().flatten().unwrap_or(Value::Null)
}

#[get("/api/fair/{game}")]
async fn fair_game(state: State, game: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let t = &state.tables.rounds;
    let s = match Game::parse(&game)? {
        Game::Titli => snapshot(&t.titli).await,
        Game::AndarBahar => snapshot(&t.andar_bahar).await,
        Game::Color => snapshot(&t.color).await,
    };
    Ok(HttpResponse::Ok().json(json!({
        "game": game.as_str(), "payouts": s["payouts"], "minStake": s["minStake"], "maxStake": s["maxStake"],
        "currentRound": s["roundId"], "commitment": s["commitment"], "clientSeed": s["clientSeed"],
        "algorithm": ALGORITHM,
    })))
}

/// A round as anyone may check it; the server recomputes it from the revealed seed too.
fn round_json<G: WirePick>(r: &RoundRecord) -> Value {
    let stored = r.outcome.as_deref().and_then(|o| serde_json::from_str::<G::Outcome>(o).ok());
    let recomputed = r.server_seed.map(|seed| G::draw(&mut Dice::new(&seed, &r.client_seed, r.round.0)));
    let verified = match (&r.server_seed, &stored, &recomputed) {
        (Some(seed), Some(s), Some(c)) => Some(seed.commitment() == r.commitment && s == c),
        _ => None,
    };
    json!({
        "game": G::NAME, "roundId": r.round.0, "status": r.status, "commitment": r.commitment,
        "serverSeed": r.server_seed.map(|s| s.to_hex()), "clientSeed": r.client_seed,
        "result": stored.as_ref().map(|o| G::shown(o, None)),
        "recomputed": recomputed.as_ref().map(|o| G::shown(o, None)), "verified": verified,
        "settings": serde_json::from_str::<Value>(&r.settings).unwrap_or(Value::Null),
        "openedAt": iso(r.opened_at), "decidedAt": r.decided_at.map(iso),
    })
}

#[get("/api/fair/{game}/{round}")]
async fn fair_round(state: State, path: web::Path<(String, i64)>) -> Result<HttpResponse, ApiError> {
    let (game, round) = path.into_inner();
    let which = Game::parse(&game)?;
    let r =
        store::round(&state.db, &game, RoundId(round)).await?.ok_or_else(|| ApiError::not_found("No such round"))?;
    Ok(HttpResponse::Ok().json(match which {
        Game::Titli => round_json::<Titli>(&r),
        Game::AndarBahar => round_json::<AndarBahar>(&r),
        Game::Color => round_json::<Color>(&r),
    }))
}

#[derive(Deserialize)]
pub struct Limit {
    pub(crate) limit: Option<i64>,
}

/// A player's tickets at a game, newest first: the round in play (from the table), then settled ones.
/// Each: `{roundId, ticket, bets: [{pick, amount}], stake, payout, status: open | won | lost, createdAt, result}`.
pub(crate) async fn bet_rows<G: WirePick>(
    state: &State,
    table: &RoundTableRoute<G>,
    user: UserId,
    limit: i64,
) -> Result<Vec<Value>, ApiError> {
    let lines = |ls: Vec<(Value, casino_actors::money::Paise)>| -> Vec<Value> {
        ls.into_iter().map(|(pick, amount)| json!({ "pick": pick, "amount": amount.to_rupees_json() })).collect()
    };
    let settled = store::history(&state.db, G::NAME, user, limit).await?;
    let mut rows: Vec<Value> = Vec::new();
    // A ticket whose round was just recorded is in both (until the table hears the record committed): once.
    let recorded = |round: i64, ticket: u32| settled.iter().any(|h| h.round.0 == round && h.bet.ticket == ticket);
    for t in table.ask(OpenTickets(user)).await.unwrap_or_default() {
        if recorded(t.round.0, t.ticket) {
            continue;
        }
        rows.push(json!({
            "roundId": t.round.0, "ticket": t.ticket, "bets": lines(t.lines), "stake": t.total.to_rupees_json(),
            "payout": Value::Null, "status": "open", "createdAt": iso(t.placed_at), "result": Value::Null,
        }));
    }
    for h in settled {
        let parsed: Vec<(Value, casino_actors::money::Paise)> = serde_json::from_str(&h.bet.lines).unwrap_or_default();
        let result =
            h.outcome.as_deref().and_then(|o| serde_json::from_str::<G::Outcome>(o).ok()).map(|o| G::shown(&o, None));
        rows.push(json!({
            "roundId": h.round.0, "ticket": h.bet.ticket, "bets": lines(parsed), "stake": h.bet.stake.to_rupees_json(),
            "payout": h.bet.payout.to_rupees_json(), "status": if h.bet.payout.is_positive() { "won" } else { "lost" },
            "createdAt": iso(h.bet.created_at), "result": result,
        }));
    }
    Ok(rows)
}

pub(crate) async fn rows_for(state: &State, game: &Game, user: UserId, limit: i64) -> Result<Vec<Value>, ApiError> {
    let t: &RoundTables = &state.tables.rounds;
    match game {
        Game::Titli => bet_rows(state, &t.titli, user, limit).await,
        Game::AndarBahar => bet_rows(state, &t.andar_bahar, user, limit).await,
        Game::Color => bet_rows(state, &t.color, user, limit).await,
    }
}

#[get("/api/games/{game}/bets")]
async fn my_bets(
    state: State,
    who: Authed,
    game: web::Path<String>,
    q: web::Query<Limit>,
) -> Result<HttpResponse, ApiError> {
    let game = Game::parse(&game)?;
    let rows = rows_for(&state, &game, who.user.id, q.limit.unwrap_or(50).clamp(1, 500)).await?;
    Ok(HttpResponse::Ok().json(json!({ "success": true, "bets": rows })))
}
