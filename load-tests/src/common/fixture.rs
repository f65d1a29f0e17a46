//! REST calls around a swarm: operator login, funded fixture players (in chunks), and the end-of-run reads of a
//! player's wallet. Fixture players have no password: each is used only through the session token the endpoint
//! returns with it (REST bearer and the socket's CONNECT).

use crate::common::money::value_paise;
use anyhow::{Context, Result, anyhow, bail};
use serde::Deserialize;
use serde_json::{Value, json};

/// The fixture endpoint takes at most this many players per call.
pub const CHUNK: usize = 1_000;

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Player {
    pub id: i64,
    pub user_no: i64,
    /// The player's only credential.
    pub token: String,
    /// Which of the swarm's nodes (`--url`s) its sockets use: assigned round-robin by `swarm::prepare_players`.
    #[serde(skip)]
    pub node: usize,
}

#[derive(Deserialize)]
struct Players {
    players: Vec<Player>,
}

#[derive(Deserialize)]
struct Login {
    token: String,
}

/// POST /api/login as the operator; returns the session token.
pub async fn operator_login(http: &reqwest::Client, base: &str, user_no: &str, password: &str) -> Result<String> {
    let resp = http
        .post(format!("{base}/api/login"))
        .json(&json!({ "userNo": user_no, "password": password }))
        .send()
        .await
        .with_context(|| format!("POST {base}/api/login"))?;
    let status = resp.status();
    if !status.is_success() {
        let body = resp.text().await.unwrap_or_default();
        bail!("operator login failed: {status} {body}");
    }
    Ok(resp.json::<Login>().await.context("login response")?.token)
}

/// POST /api/admin/fixtures/players in chunks of at most `CHUNK`, each player funded with `balance_rupees`.
pub async fn create_players(
    http: &reqwest::Client,
    base: &str,
    operator_token: &str,
    count: usize,
    balance_rupees: u64,
) -> Result<Vec<Player>> {
    let mut players = Vec::with_capacity(count);
    while players.len() < count {
        let n = (count - players.len()).min(CHUNK);
        let resp = http
            .post(format!("{base}/api/admin/fixtures/players"))
            .bearer_auth(operator_token)
            .json(&json!({ "count": n, "balance": balance_rupees }))
            .send()
            .await
            .context("POST /api/admin/fixtures/players")?;
        let status = resp.status();
        if status != reqwest::StatusCode::CREATED {
            let body = resp.text().await.unwrap_or_default();
            bail!(
                "fixture players: expected 201, got {status} {body} (is the server running with CASINO_LOAD_TEST=1?)"
            );
        }
        let chunk = resp.json::<Players>().await.context("fixture players response")?.players;
        if chunk.len() != n {
            bail!("fixture players: asked for {n}, got {}", chunk.len());
        }
        players.extend(chunk);
    }
    Ok(players)
}

/// GET `url` with a bearer token; the body as JSON.
pub async fn get_json(http: &reqwest::Client, url: &str, token: &str) -> Result<Value> {
    let resp = http.get(url).bearer_auth(token).send().await.with_context(|| format!("GET {url}"))?;
    let status = resp.status();
    if !status.is_success() {
        let body = resp.text().await.unwrap_or_default();
        bail!("GET {url}: {status} {body}");
    }
    resp.json().await.with_context(|| format!("GET {url}: body"))
}

/// A player's wallet in paise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wallet {
    pub balance: i64,
    pub exposure: i64,
}

/// GET /api/getwalletandexposure/{id} with the player's own token.
pub async fn wallet(http: &reqwest::Client, base: &str, player: &Player) -> Result<Wallet> {
    let wallet: Value =
        get_json(http, &format!("{base}/api/getwalletandexposure/{}", player.id), &player.token).await?;
    let balance =
        wallet.get("balance").and_then(value_paise).ok_or_else(|| anyhow!("wallet without balance: {wallet}"))?;
    let exposure = wallet
        .get("exposureBalance")
        .and_then(value_paise)
        .ok_or_else(|| anyhow!("wallet without exposureBalance: {wallet}"))?;
    Ok(Wallet { balance, exposure })
}

/// An integer that may arrive as a JSON number or a numeric string.
pub fn int_field(row: &Value, name: &str) -> Option<i64> {
    match row.get(name)? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}
