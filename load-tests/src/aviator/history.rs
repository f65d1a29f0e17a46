//! The end-of-run read of one Aviator player for the money check: the wallet (shared) and GET /api/history/{id}.

use crate::aviator::money::{HistoryRow, ServerView};
use crate::common::fixture::{self, Player, get_json, int_field};
use crate::common::money::value_paise;
use anyhow::{Result, anyhow};
use serde_json::Value;

/// GET /api/getwalletandexposure/{id} and GET /api/history/{id} with the player's own token.
pub async fn server_view(http: &reqwest::Client, base: &str, player: &Player) -> Result<ServerView> {
    let wallet = fixture::wallet(http, base, player).await?;
    let history: Value = get_json(http, &format!("{base}/api/history/{}", player.id), &player.token).await?;
    let rows = history.as_array().ok_or_else(|| anyhow!("history is not an array: {history}"))?;
    let history = rows.iter().map(history_row).collect::<Result<Vec<_>>>()?;
    Ok(ServerView { balance: wallet.balance, exposure: wallet.exposure, history })
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
