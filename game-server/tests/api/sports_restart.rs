//! Matches survive `kill -9` (issue 37), with the real binary on SQLite and on PostgreSQL: a test match with a
//! three-card game and exchange bets on it is cut twice by `kill -9`; each start resumes it where it was or a few balls
//! on, never behind (the stakes still held, nothing refunded), and played to its end it settles every bet once, against the same end
//! as a match from the same seed that was never cut.

use crate::binary::{self, free_port, scalar};
use crate::parchi::TestMatch;
use casino_actors::store::{Db, fresh_database_url};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::process::Child;
use std::time::Duration;

const SEED: u64 = 17;
const SETTINGS: [(&str, &str); 4] = [
    ("CASINO_TEST_HOOKS", "1"),
    ("CASINO_SPORTS_LIVE", "0"),
    ("CASINO_SPORTS_OTHERS", "0"),
    ("CASINO_EXCHANGE_DELAY_MS", "0"),
];

/// A server process, killed with `kill -9` when the test says or when it is dropped (a failing test leaves none).
struct Node {
    base: String,
    server: Child,
}

impl Node {
    async fn start(db_url: &str) -> Node {
        let port = free_port();
        Node { base: format!("http://127.0.0.1:{port}"), server: binary::serve(db_url, port, &SETTINGS).await }
    }

    /// `kill -9` (what dropping it does).
    fn kill(self) {
        drop(self);
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.server.kill(); // SIGKILL: no shutdown hook runs.
        let _ = self.server.wait();
    }
}

async fn get(base: &str, token: &str, path: &str) -> Value {
    let r = reqwest::Client::new().get(format!("{base}{path}")).bearer_auth(token).send().await.unwrap();
    r.json().await.unwrap()
}

async fn send(base: &str, token: &str, method: reqwest::Method, path: &str, body: &Value) -> (StatusCode, Value) {
    let r = reqwest::Client::new().request(method, format!("{base}{path}")).bearer_auth(token).json(body).send();
    let r = r.await.unwrap();
    (r.status(), r.json().await.unwrap_or(Value::Null))
}

/// A score without the time each recent ball was bowled (a resumed match replays its balls at its restart's time).
fn untimed(score: &Value) -> Value {
    let mut score = score.clone();
    for ball in score["balls"].as_array_mut().into_iter().flatten() {
        ball.as_object_mut().unwrap().remove("at");
    }
    score
}

/// Balls bowled in the innings the score shows ("4.5": 29).
fn balls(score: &Value) -> i64 {
    let (overs, balls) = score["overs"].as_str().unwrap().split_once('.').unwrap();
    overs.parse::<i64>().unwrap() * 6 + balls.parse::<i64>().unwrap()
}

/// A resumed match is where it was or a few balls on (its record runs ten steps, five balls, ahead), never behind:
/// nobody sees a ball bowled twice.
pub fn resumed_from(again: &Value, before: &Value) {
    let on = balls(&again["score"]) - balls(&before["score"]);
    assert!((0..=5).contains(&on), "resumed {on} balls on: {} from {}", again["score"], before["score"]);
    let shown = untimed(&before["score"])["balls"].as_array().unwrap().clone();
    let resumed = untimed(&again["score"])["balls"].as_array().unwrap().clone();
    let last = shown.last().unwrap();
    assert!(resumed.contains(last), "the last ball shown is among the resumed match's: {last} in {resumed:?}");
}

/// Balance and exposure of each player.
async fn wallets(base: &str, players: &[Value]) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for p in players {
        let v = get(base, p["token"].as_str().unwrap(), &format!("/api/getwalletandexposure/{}", p["id"])).await;
        out.push((v["balance"].as_f64().unwrap(), v["exposureBalance"].as_f64().unwrap()));
    }
    out
}

#[tokio::test]
async fn a_match_cut_by_kill_9_goes_on_where_it_was_and_settles_its_bets_once_against_its_real_end() {
    let db_url = fresh_database_url("sports_restart").await.unwrap();
    let operator_no = binary::operator(&db_url, "9000000079");
    let node = Node::start(&db_url).await;
    let (desk, players) = binary::fixture_players(&node.base, &operator_no, 2, 10_000).await;
    let token = |i: usize| players[i]["token"].as_str().unwrap().to_string();
    let game = TestMatch::start(&node.base, &desk, SEED).await;
    let id = game.id;

    // Before the first ball: a complete three-card game (A plays cards 1 and 3, B card 2).
    let squad = get(&node.base, &token(0), &format!("/api/match/get-players-by-matchname/{id}")).await;
    let n = |i: usize| squad["players"][i]["playername"].as_str().unwrap().to_string();
    for (who, card, [a, b], points) in [(0, 1, [0, 1], 1_000), (1, 2, [11, 12], 500), (0, 3, [2, 13], 100)] {
        let body = json!({ "cardId": format!("{id}-{card}"), "player1": n(a), "player2": n(b), "betpoints": points });
        let path = format!("/api/match/select/{id}");
        let (status, answer) = send(&node.base, &token(who), reqwest::Method::PUT, &path, &body).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
    }

    // Twenty balls in: A backs team 0 on the Bookmaker (lagai), B lays it (khai), ₹1,000 each.
    game.play(41).await;
    let detail = get(&node.base, &token(0), &format!("/api/match/{id}")).await;
    let selection = &detail["bookmakers"][0]["selections"][0];
    for (who, side, rate) in [(0, "Lgaai", &selection["backOdds"]), (1, "Khai", &selection["layOdds"])] {
        let body = json!({ "match": id, "teamIndex": 0, "type": side, "odds": rate, "stake": 1_000 });
        let (status, answer) =
            send(&node.base, &token(who), reqwest::Method::POST, "/api/laggai_khai_bets", &body).await;
        assert_eq!(status, StatusCode::CREATED, "{answer} on {detail}");
    }
    let held = wallets(&node.base, &players).await;
    assert!(held.iter().all(|(_, exposure)| *exposure > 0.0), "{held:?}");

    // Cut, resumed where it was (the same score; its markets wait for the next step's quotes), cut again after some
    // more balls, and resumed again.
    node.kill();
    let node = Node::start(&db_url).await;
    let again = get(&node.base, &token(0), &format!("/api/match/{id}")).await;
    assert_eq!(again["event"]["status"], "in_play", "{again}");
    resumed_from(&again, &detail);
    assert_eq!(wallets(&node.base, &players).await, held, "every stake still held");
    let game = TestMatch::at(&node.base, &desk, id);
    let moved = game.play(20).await;
    node.kill();
    let node = Node::start(&db_url).await;
    let again = get(&node.base, &token(0), &format!("/api/match/{id}")).await;
    resumed_from(&again, &moved);
    let board = get(&node.base, &token(0), &format!("/api/cards/{id}")).await;
    assert_eq!(board["status"], "closed", "the three-card game goes on: {board}");
    assert_eq!(wallets(&node.base, &players).await, held, "nothing refunded");

    // Played to its end on the third node: every bet settled once, none void.
    let game = TestMatch::at(&node.base, &desk, id);
    let end = game.finish().await;
    let db = Db::connect(&db_url, 2).await.unwrap();
    let settled = format!("SELECT COUNT(*) FROM exchange_bets WHERE match_id = {id} AND status IN ('won', 'lost')");
    let open = "SELECT CAST(COALESCE(SUM(exposure), 0) AS BIGINT) FROM accounts WHERE kind = 'user'";
    for _ in 0..200 {
        if scalar(&db, &settled).await == 2 && scalar(&db, open).await == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(scalar(&db, &settled).await, 2, "both bets settled, neither void");
    assert_eq!(scalar(&db, open).await, 0, "nothing left held");
    let game_end = format!("SELECT COUNT(*) FROM parchi_games WHERE match_id = {id} AND status = 'finished'");
    assert_eq!(scalar(&db, &game_end).await, 1, "the three-card game finished with its match");
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM ledger WHERE kind LIKE '%refund%'").await, 0, "nothing refunded");

    // The same end as a match from the same seed that nobody cut.
    let control = TestMatch::start(&node.base, &desk, SEED).await;
    let control_end = control.finish().await;
    assert_eq!(untimed(&end["score"]), untimed(&control_end["score"]));
    // A runner's selection id is its match's id and its team (`id * 10 + team + 1`).
    let team = |end: &Value, id: i64| end["winner"].as_i64().map(|w| w - id * 10);
    assert_eq!(team(&end, id), team(&control_end, control.id), "the same winner");
    node.kill();
}
