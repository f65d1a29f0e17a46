//! A path's `{userId}` is parsed canonically and resolved to one person before it is compared: a player whose user
//! number equals another player's id reads only their own data, whatever blank, sign or zero is put in front.

use crate::helpers::{error_of, spawn_app};
use casino_actors::store::Db;
use reqwest::StatusCode;
use serde_json::Value;

/// Every route with a `{userId}` (the match routes with a match id after it).
const ROUTES: &[&str] = &[
    "/api/name/{}",
    "/api/getwalletandexposure/{}",
    "/api/history/{}",
    "/api/pappu/bets/{}",
    "/api/bets2/{}",
    "/api/bids/{}",
    "/api/parchi/bets/{}",
    "/api/deposits/{}",
    "/api/getwithdrawal/{}",
    "/api/laggai_khai_getuserbet/{}",
    "/api/laggai_khai_getuserbet/{}/1",
    "/api/cricket-market/{}",
    "/api/cricket-market/{}/1",
];

/// Makes the next sign-up get the id `next`, as it would on a platform past that many sign-ups.
async fn next_user_id_is(url: &str, next: i64) {
    let db = Db::connect(url, 1).await.expect("database");
    let sql = if url.starts_with("postgres") {
        "SELECT setval(pg_get_serial_sequence('users', 'id'), $1)"
    } else {
        "UPDATE sqlite_sequence SET seq = $1 WHERE name = 'users'"
    };
    sqlx::query::<sqlx::Any>(sql).bind(next - 1).execute(&db.pool).await.expect("sequence");
}

#[tokio::test]
async fn a_blank_in_the_path_never_reads_the_player_whose_id_is_my_user_number() {
    let app = spawn_app().await;
    let me = app.player("9876504001").await;
    let (my_id, my_no) = (me["user"]["id"].as_i64().unwrap(), me["user"]["userNo"].as_i64().unwrap());
    next_user_id_is(&app.config.database_url, my_no).await;
    let victim = app.other_client();
    let v = victim.player("9876504002").await;
    let (victim_id, victim_no) = (v["user"]["id"].as_i64().unwrap(), v["user"]["userNo"].as_i64().unwrap());
    assert_eq!(victim_id, my_no, "the victim's id is my user number");

    let spellings = ["%20{}", "{}%20", "%09{}", "{}%09", "+{}", "0{}", "{}.0", "-{}", "%2B{}"];
    for route in ROUTES {
        // My own, by id or user number: mine.
        for mine in [my_id, my_no] {
            let r = app.get(&route.replace("{}", &mine.to_string())).await;
            assert_eq!(r.status(), StatusCode::OK, "{route} {mine}");
            if route.starts_with("/api/name/") {
                let body: Value = r.json().await.unwrap();
                assert_eq!(body["id"].as_i64(), Some(my_id), "{route} {mine}: {body}");
                assert_eq!(body["phone"], "9876504001");
            }
        }
        // Anything but canonical digits: refused before anything is read.
        for spelling in spellings {
            let path = route.replace("{}", &spelling.replace("{}", &my_no.to_string()));
            let (status, body) = error_of(app.get(&path).await).await;
            assert!(
                status == StatusCode::BAD_REQUEST && body["error"] == "invalid_user_id"
                    || status == StatusCode::NOT_FOUND,
                "{path}: {status} {body}"
            );
            assert_ne!(status, StatusCode::OK, "{path}");
        }
        // The victim by their user number: not mine.
        let (status, body) = error_of(app.get(&route.replace("{}", &victim_no.to_string())).await).await;
        assert_eq!((status, body["error"].as_str()), (StatusCode::FORBIDDEN, Some("forbidden")), "{route}");
    }
}
