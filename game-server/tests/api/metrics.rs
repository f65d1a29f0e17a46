//! `/metrics`: operators only on the main address; without a login only on the separate metrics address.

use crate::binary::free_port;
use crate::helpers::spawn_app_with;
use reqwest::StatusCode;

#[tokio::test]
async fn metrics_are_for_operators_or_on_their_own_private_address() {
    let metrics_port = free_port();
    let app = spawn_app_with(|c| c.metrics_bind = Some(format!("127.0.0.1:{metrics_port}"))).await;
    assert_eq!(app.get("/metrics").await.status(), StatusCode::UNAUTHORIZED);
    let player = app.other_client();
    player.player("9876500044").await;
    assert_eq!(player.get("/metrics").await.status(), StatusCode::FORBIDDEN);
    let desk = app.other_client();
    desk.operator("9000000044").await;
    let r = desk.get("/metrics").await;
    assert_eq!(r.status(), StatusCode::OK);
    let text = r.text().await.unwrap();
    assert!(text.lines().any(|l| l.starts_with("casino_table_round{actor=\"aviator\"} ")), "{text}");

    let private = format!("http://127.0.0.1:{metrics_port}");
    let scraped = reqwest::get(format!("{private}/metrics")).await.unwrap();
    assert_eq!(scraped.status(), StatusCode::OK, "Prometheus needs no login there");
    assert!(scraped.text().await.unwrap().contains("casino_table_round"));
    let other = reqwest::get(format!("{private}/api/health")).await.unwrap();
    assert_eq!(other.status(), StatusCode::NOT_FOUND, "the metrics address serves nothing else");
}
