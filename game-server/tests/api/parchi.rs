//! Aar Par Parchi against a real server, on the test hooks' cricket matches (a match that moves only when the test
//! plays it, so "before the first ball" and "after it" are exact): the public views, plays that lock cards and keep
//! cricket players unique, refusals that move nothing, the room's live board; plays closing at the first ball (409
//! `plays_closed`, nothing moved); a complete game settled at the end, once, against the totals shown; a game not
//! complete at the first ball void and refunded then, not at the end; an operator's abandon; and with the real binary,
//! a game cut by `kill -9` going on with its match however often the server starts again.

use crate::binary::{self, free_port};
use crate::helpers::{TestApp, spawn_app};
use crate::socket::Sock;
use casino_actors::store::fresh_database_url;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

struct Player<'a> {
    app: &'a TestApp,
    id: Value,
    token: String,
}

impl Player<'_> {
    async fn put(&self, path: &str, body: &Value) -> (StatusCode, Value) {
        let url = format!("{}{path}", self.app.base);
        let r = self.app.http.put(url).bearer_auth(&self.token).json(body).send().await.unwrap();
        (r.status(), r.json().await.unwrap_or(Value::Null))
    }

    async fn wallet(&self) -> (f64, f64) {
        let v = self.app.get_as(&self.token, &format!("/api/getwalletandexposure/{}", self.id)).await;
        (v["balance"].as_f64().unwrap(), v["exposureBalance"].as_f64().unwrap())
    }
}

async fn public(app: &TestApp, path: &str) -> (StatusCode, Value) {
    let r = app.get(path).await;
    (r.status(), r.json().await.unwrap_or(Value::Null))
}

/// A cricket match of the test hooks, upcoming (plays open) until the test plays its first step.
pub struct TestMatch {
    base: String,
    http: reqwest::Client,
    /// The operator who plays it.
    token: String,
    pub id: i64,
    pub name: String,
}

impl TestMatch {
    /// The test match `id` on the server at `base`, played by the operator logged in with `token`.
    pub fn at(base: &str, token: &str, id: i64) -> TestMatch {
        TestMatch { base: base.into(), http: reqwest::Client::new(), token: token.into(), id, name: String::new() }
    }

    /// Starts one from `seed` as the operator logged in with `token` on the server at `base`.
    pub async fn start(base: &str, token: &str, seed: u64) -> TestMatch {
        let http = reqwest::Client::new();
        let r = http
            .post(format!("{base}/api/admin/test/sports/matches"))
            .bearer_auth(token)
            .json(&json!({ "seed": seed }))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::CREATED);
        let m: Value = r.json().await.unwrap();
        let (id, name) = (m["matchId"].as_i64().unwrap(), m["name"].as_str().unwrap().to_string());
        TestMatch { base: base.into(), http, token: token.into(), id, name }
    }

    /// A test match on `app`, played by a new operator.
    pub async fn on(app: &TestApp, seed: u64) -> TestMatch {
        let desk = app.other_client();
        let login = desk.operator(&format!("91{:08}", rand::random::<u32>() % 100_000_000)).await;
        TestMatch::start(&app.base, login["token"].as_str().unwrap(), seed).await
    }

    /// Plays the next `steps` steps now (the first starts the match: it is in play, its first ball next; then each
    /// ball is two steps); the match as it then is.
    pub async fn play(&self, steps: u32) -> Value {
        let url = format!("{}/api/admin/test/sports/matches/{}/play", self.base, self.id);
        let r = self.http.post(url).bearer_auth(&self.token).json(&json!({ "steps": steps })).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::OK);
        r.json().await.unwrap()
    }

    /// Plays the match to its end.
    pub async fn finish(&self) -> Value {
        for _ in 0..5 {
            let m = self.play(1_000).await;
            if m["status"] == "finished" {
                return m;
            }
        }
        panic!("the match did not end");
    }
}

/// The match's 22 cricket players, by name.
async fn squad(app: &TestApp, id: i64) -> Vec<String> {
    let (_, squad) = public(app, &format!("/api/match/get-players-by-matchname/{id}")).await;
    squad["players"].as_array().unwrap().iter().map(|p| p["playername"].as_str().unwrap().to_string()).collect()
}

fn play(card: &str, players: Option<[&str; 2]>, points: i64) -> Value {
    let (a, b) = players.map_or((Value::Null, Value::Null), |[a, b]| (json!(a), json!(b)));
    // The spec's client also sends what it thinks of runs, profit and its wallet: ignored.
    json!({ "cardId": card, "player1": a, "player2": b, "betpoints": points, "profit": 1e9, "newWalletBalance": 1e9, "totalRuns": 999 })
}

#[tokio::test]
async fn plays_lock_cards_close_at_the_first_ball_and_a_complete_game_is_paid_once_at_the_end() {
    let app = spawn_app().await;
    let fixtures = app.fixture_players(2, 10_000).await;
    let [a, b] = [0, 1].map(|i| Player { app: &app, id: fixtures[i].0.clone(), token: fixtures[i].1.clone() });
    let game = TestMatch::on(&app, 41).await;
    let (name, id) = (game.name.clone(), game.id);

    // Public: the board, the match's players and its plays, by name or id, without a login; plays open until the
    // first ball.
    let encoded = name.replace(' ', "%20");
    let (status, board) = public(&app, &format!("/api/cards/{encoded}")).await;
    assert_eq!(status, StatusCode::OK, "{board}");
    assert_eq!((board["matchId"].as_i64(), board["cards"].as_array().map(Vec::len)), (Some(id), Some(3)));
    assert_eq!(board["cards"][0]["_id"], format!("{id}-1"));
    assert_eq!((board["status"].as_str(), board["playsOpen"].as_bool()), (Some("open"), Some(true)), "{board}");
    assert_eq!(board["matchStatus"], "upcoming");
    assert_eq!(board["closesAt"], "Plays close at the first ball of the match");
    let names = squad(&app, id).await;
    assert_eq!(names.len(), 22, "{names:?}");
    let n = |i: usize| names[i].as_str();
    assert_eq!(public(&app, "/api/cards/No%20Such%20Match").await.0, StatusCode::NOT_FOUND);
    assert_eq!(public(&app, "/api/players").await.0, StatusCode::OK);

    // Refusals move nothing; the spec's client-side settlement calls are the server's.
    let card1 = format!("{id}-1");
    let bad = [
        (play(&card1, Some([n(0), n(1)]), 150), "invalid_stake"),
        (play(&card1, None, 100), "players_missing"),
        (json!({ "cardId": card1, "player1": n(0), "betpoints": 100 }), "players_missing"),
        (play(&card1, Some([n(0), "Nobody"]), 100), "unknown_player"),
        (play(&card1, Some([n(0), n(0)]), 100), "same_player"),
        (play(&format!("{id}-4"), Some([n(0), n(1)]), 100), "invalid_card"),
        (play("1-1", Some([n(0), n(1)]), 100), "invalid_card"),
        (play(&card1, Some([n(0), n(1)]), 20_000), "invalid_stake"),
    ];
    for (body, code) in bad {
        let (status, answer) = a.put(&format!("/api/match/select/{id}"), &body).await;
        assert!(status.is_client_error(), "{body}: {status} {answer}");
        assert_eq!(answer["error"], code, "{body}: {answer}");
    }
    let anonymous = app.put(&format!("/api/match/select/{id}"), &play(&card1, Some([n(0), n(1)]), 100)).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    for path in [format!("/api/cards/update/{card1}"), format!("/api/cards/winner/{card1}")] {
        let (status, answer) = a.put(&path, &json!({ "totalRuns": 500, "cardId": card1 })).await;
        assert_eq!((status, answer["error"].as_str()), (StatusCode::FORBIDDEN, Some("server_decides")));
    }
    // A check changes nothing.
    let (status, checked) = a.put(&format!("/api/cards/select/{card1}"), &play(&card1, Some([n(0), n(1)]), 100)).await;
    assert_eq!(status, StatusCode::OK, "{checked}");
    assert_eq!(checked["card"]["player1"], n(0));
    assert_eq!(a.wallet().await, (10_000.0, 0.0), "nothing moved");

    // The room hears every play.
    let mut sock = Sock::connect(&app.base, &b.token).await;
    let joined = sock.emit("parchi:join", json!({ "match": name })).await;
    assert_eq!(joined["matchId"].as_i64(), Some(id), "{joined}");

    // A locks card 1 with two players and ₹1,000.
    let (status, played) = a.put(&format!("/api/match/select/{name}"), &play(&card1, Some([n(0), n(1)]), 1_000)).await;
    assert_eq!(status, StatusCode::CREATED, "{played}");
    assert_eq!(played["message"], "Players selected and bet placed successfully!");
    assert_eq!((played["balance"].as_f64(), played["exposureBalance"].as_f64()), (Some(9_000.0), Some(1_000.0)));
    assert_eq!(played["board"]["cards"][0]["locked"], true);
    let pushed = sock.wait("parchi:board", |v| v["cards"][0]["peoplePlayed"] == 1).await;
    assert_eq!(pushed["cards"][0]["player1"], n(0));

    // A cricket player on a card can't be picked again; a locked card is played as it is.
    let card2 = format!("{id}-2");
    let (status, answer) = b.put(&format!("/api/match/select/{id}"), &play(&card2, Some([n(1), n(2)]), 100)).await;
    assert_eq!((status, answer["error"].as_str()), (StatusCode::CONFLICT, Some("player_taken")), "{answer}");
    let (status, answer) = b.put(&format!("/api/match/select/{id}"), &play(&card1, Some([n(2), n(3)]), 100)).await;
    assert_eq!((status, answer["error"].as_str()), (StatusCode::CONFLICT, Some("card_locked")), "{answer}");
    let (status, answer) = b.put(&format!("/api/match/select/{id}"), &play(&card1, None, 500)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (status, answer) = b.put(&format!("/api/match/select/{id}"), &play(&card2, Some([n(11), n(12)]), 200)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (status, answer) = a.put(&format!("/api/match/select/{id}"), &play("3", Some([n(2), n(13)]), 100)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    // More than the balance holds: refused, nothing moved.
    let before = b.wallet().await;
    let (status, answer) = b.put(&format!("/api/match/select/{id}"), &play(&card2, None, 10_000)).await;
    assert_eq!((status, answer["error"].as_str()), (StatusCode::CONFLICT, Some("insufficient_balance")), "{answer}");
    assert_eq!(b.wallet().await, before);
    let held = ((8_900.0, 1_100.0), (9_300.0, 700.0));
    assert_eq!((a.wallet().await, b.wallet().await), held);
    let (_, listed) = public(&app, &format!("/api/match/get-by-matchname/{encoded}")).await;
    assert_eq!(listed["entries"].as_array().map(Vec::len), Some(4), "{listed}");

    // The first ball: the match goes in play. Plays close: refused 409 `plays_closed`, on a locked card or as a check,
    // and nothing moves; the three cards all locked, the game plays on (closed), every stake still held.
    assert_eq!(game.play(1).await["status"], "in_play");
    let (status, board) = public(&app, &format!("/api/cards/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((board["status"].as_str(), board["playsOpen"].as_bool()), (Some("closed"), Some(false)), "{board}");
    assert_eq!(board["matchStatus"], "in_play");
    let pushed = sock.wait("parchi:board", |v| v["status"] == "closed").await;
    assert_eq!(pushed["playsOpen"], false);
    for steps in [0, 2] {
        // Right at the match's start, and once its first ball is bowled and scored.
        game.play(steps).await;
        for (who, body) in [(&a, play(&card2, None, 100)), (&b, play(&card1, Some([n(0), n(1)]), 5_000))] {
            let (status, answer) = who.put(&format!("/api/match/select/{id}"), &body).await;
            assert_eq!((status, answer["error"].as_str()), (StatusCode::CONFLICT, Some("plays_closed")), "{answer}");
        }
        let (status, answer) = a.put(&format!("/api/cards/select/{card2}"), &play(&card2, None, 100)).await;
        assert_eq!((status, answer["error"].as_str()), (StatusCode::CONFLICT, Some("plays_closed")), "{answer}");
        assert_eq!((a.wallet().await, b.wallet().await), held, "a refused play moves nothing");
    }
    let (_, listed) = public(&app, &format!("/api/match/get-by-matchname/{id}")).await;
    assert_eq!(listed["entries"].as_array().map(Vec::len), Some(4), "no play taken after the first ball: {listed}");
    assert!(listed["entries"].as_array().unwrap().iter().all(|e| e["status"] == "held"), "{listed}");

    // The match plays out: the end pays each play once against the board's totals.
    game.finish().await;
    let mut end = Value::Null;
    for _ in 0..100 {
        let (_, board) = public(&app, &format!("/api/cards/{id}")).await;
        if board["status"] == "finished" {
            end = board;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(end["status"], "finished", "the game ended with its match");
    let totals: Vec<u64> = end["cards"].as_array().unwrap().iter().map(|c| c["totalRuns"].as_u64().unwrap()).collect();
    let best = *totals.iter().max().unwrap();
    let single = totals.iter().filter(|t| **t == best).count() == 1;
    let (_, listed) = public(&app, &format!("/api/match/get-by-matchname/{id}")).await;
    let mut paid = [0.0, 0.0];
    for e in listed["entries"].as_array().unwrap() {
        let card = e["cardNo"].as_u64().unwrap() as usize - 1;
        let stake = e["betpoints"].as_f64().unwrap();
        let (want, status) = match (single, totals[card] == best) {
            (true, true) => (2.0 * stake, "won"),
            (false, true) => (stake, "returned"),
            _ => (0.0, "lost"),
        };
        assert_eq!((e["payout"].as_f64(), e["status"].as_str()), (Some(want), Some(status)), "{e} of {end}");
        assert_eq!(e["CardData"]["isWinner"], single && totals[card] == best);
        // Which player made it: A played cards 1 (₹1,000) and 3; B the rest.
        let by_a = (card == 0 && stake == 1_000.0) || card == 2;
        paid[usize::from(!by_a)] += want;
    }
    assert_eq!(
        end["winnerCard"].as_u64().map(|w| w as usize - 1),
        single.then(|| totals.iter().position(|t| *t == best).unwrap())
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(a.wallet().await, (8_900.0 + paid[0], 0.0));
    assert_eq!(b.wallet().await, (9_300.0 + paid[1], 0.0));
    let (status, answer) = a.put(&format!("/api/match/select/{id}"), &play("2", None, 100)).await;
    assert_eq!((status, answer["error"].as_str()), (StatusCode::CONFLICT, Some("plays_closed")));
    // My Bets: A's two plays, newest first, as they ended.
    let mine = app.get_as(&a.token, &format!("/api/parchi/bets/{}", a.id)).await;
    let rows = mine["bets"].as_array().unwrap();
    assert_eq!(rows.iter().map(|r| r["card"].as_i64().unwrap()).collect::<Vec<_>>(), vec![3, 1], "{mine}");
    assert_eq!(rows[1]["player1"], n(0));
    assert_eq!(rows.iter().map(|r| r["payout"].as_f64().unwrap()).sum::<f64>(), paid[0]);
    let theirs = app.http.get(format!("{}/api/parchi/bets/{}", app.base, a.id)).bearer_auth(&b.token).send().await;
    assert_eq!(theirs.unwrap().status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_game_incomplete_at_the_first_ball_is_void_and_refunded_then_not_at_the_end() {
    let app = spawn_app().await;
    let fixtures = app.fixture_players(2, 1_000).await;
    let [a, b] = [0, 1].map(|i| Player { app: &app, id: fixtures[i].0.clone(), token: fixtures[i].1.clone() });
    let game = TestMatch::on(&app, 7).await;
    let id = game.id;
    let names = squad(&app, id).await;
    let n = |i: usize| names[i].as_str();

    // Two cards locked, the third left empty: an option on the outcome, were it refunded only at the end.
    let mut sock = Sock::connect(&app.base, &b.token).await;
    sock.emit("parchi:join", json!({ "match": id })).await;
    let plays = [
        (&a, play(&format!("{id}-1"), Some([n(0), n(1)]), 200)),
        (&b, play(&format!("{id}-1"), None, 100)),
        (&b, play(&format!("{id}-2"), Some([n(11), n(12)]), 500)),
    ];
    for (who, body) in plays {
        let (status, answer) = who.put(&format!("/api/match/select/{id}"), &body).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
    }
    assert_eq!((a.wallet().await, b.wallet().await), ((800.0, 200.0), (400.0, 600.0)));

    // The first ball: the game is void and every stake is back now, with the match just started.
    let started = game.play(1).await;
    assert_eq!(started["status"], "in_play");
    let (_, board) = public(&app, &format!("/api/cards/{id}")).await;
    assert_eq!((board["status"].as_str(), board["playsOpen"].as_bool()), (Some("void"), Some(false)), "{board}");
    assert_eq!(board["winnerCard"], Value::Null);
    assert_eq!((a.wallet().await, b.wallet().await), ((1_000.0, 0.0), (1_000.0, 0.0)), "refunded at the first ball");
    let pushed = sock.wait("parchi:board", |v| v["status"] == "void").await;
    assert_eq!(pushed["matchStatus"], "in_play");
    let (_, listed) = public(&app, &format!("/api/match/get-by-matchname/{id}")).await;
    let entries = listed["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 3, "{listed}");
    for e in entries {
        assert_eq!((e["status"].as_str(), e["payout"].as_f64()), (Some("returned"), e["betpoints"].as_f64()), "{e}");
    }
    let mine = app.get_as(&b.token, &format!("/api/parchi/bets/{}", b.id)).await;
    let rows = mine["bets"].as_array().unwrap();
    assert!(
        rows.len() == 2 && rows.iter().all(|r| r["status"] == "returned" && r["payout"] == r["betpoints"]),
        "{mine}"
    );

    // No play after it, even on the card left empty; nothing moves.
    let (status, answer) = a.put(&format!("/api/match/select/{id}"), &play("3", Some([n(2), n(13)]), 100)).await;
    assert_eq!((status, answer["error"].as_str()), (StatusCode::CONFLICT, Some("plays_closed")), "{answer}");
    assert_eq!(a.wallet().await, (1_000.0, 0.0));
    // Nothing left for an operator to abandon.
    let desk = app.other_client();
    desk.operator("9000000081").await;
    let r = desk.post(&format!("/api/admin/parchi/{id}/abandon"), &json!({})).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);

    // The match plays out: nothing more is paid, the game stays void.
    game.finish().await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, board) = public(&app, &format!("/api/cards/{id}")).await;
    assert_eq!((board["status"].as_str(), board["matchStatus"].as_str()), (Some("void"), Some("finished")), "{board}");
    assert_eq!((a.wallet().await, b.wallet().await), ((1_000.0, 0.0), (1_000.0, 0.0)), "paid once");
}

#[tokio::test]
async fn a_game_cut_by_kill_9_goes_on_with_its_match_and_is_refunded_once_when_void() {
    let db_url = fresh_database_url("parchi_restart").await.unwrap();
    let operator_no = binary::operator(&db_url, "9000000078");
    let settings = [("CASINO_TEST_HOOKS", "1"), ("CASINO_SPORTS_LIVE", "1")];
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = binary::serve(&db_url, port, &settings).await;
    let (desk, players) = binary::fixture_players(&base, &operator_no, 1, 1_000).await;
    let (token, user) = (players[0]["token"].as_str().unwrap().to_string(), players[0]["id"].clone());
    let id = TestMatch::start(&base, &desk, 3).await.id;
    let squad: Value =
        reqwest::get(format!("{base}/api/match/get-players-by-matchname/{id}")).await.unwrap().json().await.unwrap();
    let name = |i: usize| squad["players"][i]["playername"].as_str().unwrap().to_string();
    let http = reqwest::Client::new();
    let body = json!({ "cardId": format!("{id}-2"), "player1": name(0), "player2": name(12), "betpoints": 500 });
    let r = http.put(format!("{base}/api/match/select/{id}")).bearer_auth(&token).json(&body).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::CREATED, "{}", r.text().await.unwrap_or_default());
    let get = |base: String, path: String| {
        let (http, token) = (http.clone(), token.clone());
        async move {
            let r = http.get(format!("{base}{path}")).bearer_auth(&token).send().await.unwrap();
            r.json::<Value>().await.unwrap()
        }
    };
    let wallet = |base: String| {
        let v = get(base, format!("/api/getwalletandexposure/{user}"));
        async move {
            let v = v.await;
            (v["balance"].as_f64().unwrap(), v["exposureBalance"].as_f64().unwrap())
        }
    };
    assert_eq!(wallet(base.clone()).await, (500.0, 500.0));

    // Cut twice: the match is resumed (`sports_restart.rs`), and its game with it, the play as it was.
    server.kill().unwrap(); // SIGKILL: no shutdown hook runs.
    server.wait().unwrap();
    for _ in 0..2 {
        let port = free_port();
        let base = format!("http://127.0.0.1:{port}");
        server = binary::serve(&db_url, port, &settings).await;
        assert_eq!(wallet(base.clone()).await, (500.0, 500.0), "the stake is still held");
        let board = get(base.clone(), format!("/api/cards/{id}")).await;
        assert_eq!((board["status"].as_str(), board["cards"][1]["locked"].as_bool()), (Some("open"), Some(true)));
        server.kill().unwrap();
        server.wait().unwrap();
    }

    // The first ball with cards 1 and 3 empty: the game is void, the stake comes back once.
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    server = binary::serve(&db_url, port, &settings).await;
    TestMatch::at(&base, &desk, id).play(1).await;
    for _ in 0..100 {
        if wallet(base.clone()).await == (1_000.0, 0.0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(wallet(base.clone()).await, (1_000.0, 0.0), "the stake came back, once");
    server.kill().unwrap();
    server.wait().unwrap();
}

#[tokio::test]
async fn an_operator_abandons_a_game_and_every_stake_comes_back_once() {
    let app = spawn_app().await;
    let fixtures = app.fixture_players(1, 1_000).await;
    let p = Player { app: &app, id: fixtures[0].0.clone(), token: fixtures[0].1.clone() };
    let id = TestMatch::on(&app, 11).await.id;
    let names = squad(&app, id).await;
    let body = json!({ "cardId": format!("{id}-1"), "player1": names[3], "player2": names[14], "betpoints": 200 });
    let (status, answer) = p.put(&format!("/api/match/select/{id}"), &body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(p.wallet().await, (800.0, 200.0));

    let path = format!("/api/admin/parchi/{id}/abandon");
    let by_player = app.http.post(format!("{}{path}", app.base)).bearer_auth(&p.token).send().await.unwrap();
    assert_eq!(by_player.status(), StatusCode::FORBIDDEN);
    let desk = app.other_client();
    desk.operator("9000000079").await;
    let r = desk.post(&path, &json!({})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let board: Value = r.json().await.unwrap();
    assert_eq!((board["status"].as_str(), board["playsOpen"].as_bool()), (Some("abandoned"), Some(false)));
    assert_eq!(p.wallet().await, (1_000.0, 0.0));
    let again = desk.post(&path, &json!({})).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    let (status, answer) = p.put(&format!("/api/match/select/{id}"), &body).await;
    assert_eq!((status, answer["error"].as_str()), (StatusCode::CONFLICT, Some("plays_closed")));
    assert_eq!(p.wallet().await, (1_000.0, 0.0));
    let (_, listed) = public(&app, &format!("/api/match/get-by-matchname/{id}")).await;
    assert_eq!(listed["entries"][0]["status"], "returned", "{listed}");
}
