//! Sports over REST (`docs/API.md` "Sports"): match lists, match detail, the odds feed, and the live scoreboard page
//! each live match's `scoreIframe` points at (`/score/{id}`, public, refreshed by its own script once a second).
//! The socket's `subscribe` / `leave` / `getMatches` are in `crate::aviator::socket`.

use crate::error::{Answer, ApiError, refusals};
use crate::openapi::Area;
use crate::state::State;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, http::header, web};
use casino_actors::ErrorCode;
use casino_actors::cluster::remote::Remote;
use casino_actors::observe::Timed;
use casino_actors::sports::desk::{Counts, Detail, Matches, SportsDesk};
use casino_actors::sports::wire::{ListItem, MatchDetail, MatchList, OddsFeed, ScoreView, SportCount};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "sports")
        .public(counts)
        .public(in_play)
        .public(by_sport)
        .public(one)
        .public(odds)
        .public(score)
        .public(page)
        .public(script)
        .public(style);
}

async fn ask<M>(state: &State, msg: M) -> Result<M::Result, ApiError>
where
    M: Remote,
    SportsDesk: actix::Handler<Timed<M>>,
{
    state.tables.sports.ask(msg).await.map_err(|_| unavailable())
}

/// The sports feed is not answering (its node is changing hands): try again shortly.
fn unavailable() -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable, "Sports are unavailable, please try again")
}

async fn list(state: &State, sport: Option<i64>, in_play_only: bool) -> Answer {
    let rows = ask(state, Matches { sport, in_play_only }).await?;
    Ok(HttpResponse::Ok().json(MatchList { data: rows.iter().map(ListItem::of).collect() }))
}

refusals!(
    /// The feed not answering, which every read of it may meet.
    FeedDown { 503: "`unavailable`: the feed is not answering, try again" }
);

refusals!(
    /// A read of one match: no such match, or the feed not answering.
    OneMatch { 404: "`not_found`: no such match", 503: "`unavailable`: the feed is not answering, try again" }
);

/// How many matches each sport has in play and upcoming (the sidebar's counts).
#[utoipa::path(
    operation_id = "sports_counts",
    responses((status = 200, description = "Each sport of the feed, with its counts", body = Vec<SportCount>), FeedDown)
)]
#[get("/api/sports/counts")]
async fn counts(state: State) -> Answer {
    Ok(HttpResponse::Ok().json(ask(&state, Counts).await?))
}

/// Every match in play, of every sport.
#[utoipa::path(
    operation_id = "matches_in_play",
    responses((status = 200, description = "The matches in play", body = MatchList), FeedDown)
)]
#[get("/api/matches/inplay")]
async fn in_play(state: State) -> Answer {
    list(&state, None, true).await
}

/// A sport's matches, in play and upcoming.
#[utoipa::path(
    operation_id = "matches_of_sport",
    params(
        ("sportId" = i64, Path, description = "4 cricket, 1 football, 2 tennis, 7522 basketball, 998917 volleyball"),
    ),
    responses((status = 200, description = "The sport's matches (none for a sport the feed lacks)", body = MatchList), FeedDown)
)]
#[get("/api/matches/{sportId}")]
async fn by_sport(state: State, sport: web::Path<i64>) -> Answer {
    list(&state, Some(*sport), false).await
}

async fn snapshot(state: &State, id: i64) -> Result<casino_actors::sports::feed::MatchState, ApiError> {
    ask(state, Detail(id)).await?.ok_or_else(|| ApiError::not_found("Match not found or no data available."))
}

/// A match in full: its markets, bookmaker, fancy lines and score.
#[utoipa::path(
    operation_id = "match_detail",
    params(("matchId" = i64, Path, description = "The match (event) id")),
    responses((status = 200, body = MatchDetail), OneMatch)
)]
#[get("/api/match/{matchId}")]
async fn one(state: State, id: web::Path<i64>) -> Answer {
    Ok(HttpResponse::Ok().json(MatchDetail::of(&snapshot(&state, *id).await?)))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct MarketQuery {
    /// `1.{matchId}`, `bm.{matchId}` or the match id itself: the match is the number after the last dot.
    market_id: String,
}

refusals!(OddsRefusals {
    400: "`invalid_query`: `market_id` missing",
    404: "`not_found`: no match id in `market_id`, or no such match",
});
/// The spec's odds feed for a market id (`1.{matchId}`, `bm.{matchId}` or the match id itself).
#[utoipa::path(
    operation_id = "odds_feed",
    params(MarketQuery),
    responses((status = 200, description = "The match's bookmaker rates and fancy lines", body = OddsFeed), FeedDown, OddsRefusals)
)]
#[get("/api/odds")]
async fn odds(state: State, q: web::Query<MarketQuery>) -> Answer {
    let id = q
        .market_id
        .rsplit('.')
        .next()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| ApiError::not_found("No such market"))?;
    Ok(HttpResponse::Ok().json(OddsFeed::of(&snapshot(&state, id).await?)))
}

/// The scoreboard's data: the match's score, status and names.
#[utoipa::path(
    operation_id = "score_data",
    params(("matchId" = i64, Path, description = "The match (event) id")),
    responses((status = 200, body = ScoreView), OneMatch)
)]
#[get("/api/score/{matchId}")]
async fn score(state: State, id: web::Path<i64>) -> Answer {
    Ok(HttpResponse::Ok().json(ScoreView::of(&snapshot(&state, *id).await?)))
}

const PAGE: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Live score</title><link rel="stylesheet" href="/score.css"></head>
<body><main id="board" data-match="{id}"><p class="wait">Loading the score…</p></main>
<script src="/score.js"></script></body></html>"#;

/// A live scoreboard we serve ourselves: score, overs, run rate, the last six balls, the batters and the bowler.
///
/// The page (what each match's `scoreIframe` points at) loads `/score.css` and `/score.js`, which poll
/// `/api/score/{matchId}` once a second. It is served for any match id; an unknown match shows "Live Score Not
/// Available".
#[utoipa::path(
    operation_id = "score_page",
    params(("matchId" = i64, Path, description = "The match (event) id")),
    responses((status = 200, description = "The scoreboard page", content_type = "text/html", body = String))
)]
#[get("/score/{matchId}")]
async fn page(id: web::Path<i64>) -> HttpResponse {
    HttpResponse::Ok().content_type("text/html; charset=utf-8").body(PAGE.replace("{id}", &id.to_string()))
}

const SCRIPT: &str = r#"(function () {
  var board = document.getElementById('board');
  var id = board.getAttribute('data-match');
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }
  function draw(m) {
    var s = m.score, overs = parseFloat(s.overs) || 0, balls = Math.floor(overs) * 6 + Math.round((overs % 1) * 10);
    var rate = balls ? (s.runs * 6 / balls).toFixed(2) : '0.00';
    var chase = s.target ? '<p class="need">Target ' + s.target + ': need ' + Math.max(s.target - s.runs, 0) + '</p>' : '';
    var first = s.firstInnings ? '<p class="first">1st innings ' + esc(s.firstInnings) + '</p>' : '';
    var last = (s.lastSix || []).map(function (b) { return '<span class="ball b' + esc(b) + '">' + esc(b) + '</span>'; }).join('');
    board.innerHTML = '<h1>' + esc(m.name) + '</h1>' +
      '<p class="total" data-testid="score-total">' + esc(s.batting) + ' ' + s.runs + '/' + s.wickets + ' <small>(' + esc(s.overs) + ' ov, RR ' + rate + ')</small></p>' +
      first + chase + '<p class="last">' + last + '</p>' +
      '<p class="bat">' + esc(s.striker) + '* ' + s.strikerRuns + ' (' + s.strikerBalls + ') · ' + esc(s.nonStriker) + ' ' + s.nonStrikerRuns + ' (' + s.nonStrikerBalls + ')</p>' +
      '<p class="bowl">Bowling: ' + esc(s.bowler) + '</p><p class="comment">' + esc(s.comment) + '</p>';
  }
  function load() {
    fetch('/api/score/' + id).then(function (r) { return r.ok ? r.json() : null; }).then(function (m) {
      if (m) { draw(m); } else { board.innerHTML = '<p class="wait">Live Score Not Available</p>'; }
    }).catch(function () {});
  }
  load();
  setInterval(load, 1000);
})();
"#;

const STYLE: &str = "body{margin:0;font:14px system-ui,sans-serif;background:#0b1a2b;color:#e8eef5}\
main{padding:10px}h1{font-size:14px;margin:0 0 6px;color:#9fb3c8}.total{font-size:22px;font-weight:700;margin:4px 0}\
.total small{font-size:12px;font-weight:400;color:#9fb3c8}.ball{display:inline-block;min-width:22px;padding:2px 4px;\
margin-right:4px;border-radius:11px;background:#1f3a56;text-align:center;font-size:12px}.b4,.b6{background:#1e7d3a}\
.bW{background:#b3261e}.bat,.bowl,.first,.need,.comment{margin:3px 0;font-size:12px}.comment{color:#ffd166}";

/// The scoreboard page's script.
#[utoipa::path(
    operation_id = "score_script",
    responses((status = 200, description = "The scoreboard's script", content_type = "text/javascript", body = String))
)]
#[get("/score.js")]
async fn script() -> HttpResponse {
    HttpResponse::Ok().insert_header((header::CONTENT_TYPE, "text/javascript; charset=utf-8")).body(SCRIPT)
}

/// The scoreboard page's style sheet.
#[utoipa::path(
    operation_id = "score_style",
    responses((status = 200, description = "The scoreboard's style sheet", content_type = "text/css", body = String))
)]
#[get("/score.css")]
async fn style() -> HttpResponse {
    HttpResponse::Ok().insert_header((header::CONTENT_TYPE, "text/css; charset=utf-8")).body(STYLE)
}
