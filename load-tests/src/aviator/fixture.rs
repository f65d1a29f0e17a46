//! REST calls around the swarm: operator login, funded fixture players (in chunks), and the end-of-run reads
//! of each player's wallet and history for the money check. Fixture players have no password: each is used
//! only through the session token the endpoint returns with it (REST bearer and the socket's CONNECT).

use crate::aviator::money::{HistoryRow, ServerView, value_paise};
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

/// GET /api/getwalletandexposure/{id} and GET /api/history/{id} with the player's own token.
pub async fn server_view(http: &reqwest::Client, base: &str, player: &Player) -> Result<ServerView> {
    let wallet: Value =
        get_json(http, &format!("{base}/api/getwalletandexposure/{}", player.id), &player.token).await?;
    let balance =
        wallet.get("balance").and_then(value_paise).ok_or_else(|| anyhow!("wallet without balance: {wallet}"))?;
    let exposure = wallet
        .get("exposureBalance")
        .and_then(value_paise)
        .ok_or_else(|| anyhow!("wallet without exposureBalance: {wallet}"))?;
    let history: Value = get_json(http, &format!("{base}/api/history/{}", player.id), &player.token).await?;
    let rows = history.as_array().ok_or_else(|| anyhow!("history is not an array: {history}"))?;
    let history = rows.iter().map(history_row).collect::<Result<Vec<_>>>()?;
    Ok(ServerView { balance, exposure, history })
}

async fn get_json(http: &reqwest::Client, url: &str, token: &str) -> Result<Value> {
    let resp = http.get(url).bearer_auth(token).send().await.with_context(|| format!("GET {url}"))?;
    let status = resp.status();
    if !status.is_success() {
        let body = resp.text().await.unwrap_or_default();
        bail!("GET {url}: {status} {body}");
    }
    resp.json().await.with_context(|| format!("GET {url}: body"))
}

/// An integer that may arrive as a JSON number or a numeric string.
fn int_field(row: &Value, name: &str) -> Option<i64> {
    match row.get(name)? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn history_row(row: &Value) -> Result<HistoryRow> {
    let field = |name: &str| anyhow!("history row without a valid {name}: {row}");
    Ok(HistoryRow {
        round_id: int_field(row, "round_id").ok_or_else(|| field("round_id"))?,
        slot: int_field(row, "slot").and_then(|s| u8::try_from(s).ok()).ok_or_else(|| field("slot"))?,
        stake: row.get("betAmt").and_then(value_paise).ok_or_else(|| field("betAmt"))?,
        // An open bet may carry a null winningAmt.
        winnings: match row.get("winningAmt") {
            None | Some(Value::Null) => 0,
            Some(v) => value_paise(v).ok_or_else(|| field("winningAmt"))?,
        },
        status: row.get("status").and_then(Value::as_str).ok_or_else(|| field("status"))?.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_rows_accept_numbers_or_strings_and_read_rupees_exactly() {
        let v: Value = serde_json::from_str(
            r#"{"round_id":"17","slot":1,"betAmt":10.1,"winningAmt":20.2,"multiplier":2,"status":"Won","createdAt":1}"#,
        )
        .unwrap_or_default();
        let row = history_row(&v).ok();
        assert_eq!(row, Some(HistoryRow { round_id: 17, slot: 1, stake: 1010, winnings: 2020, status: "Won".into() }));
        let bad: Value =
            serde_json::from_str(r#"{"round_id":1,"slot":0,"betAmt":1.234,"status":"Lost"}"#).unwrap_or_default();
        assert!(history_row(&bad).is_err());
    }
}
