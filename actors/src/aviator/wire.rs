//! Aviator's wire vocabulary: the payloads of server → client events, built in one place.
//! Money is rupees (≤ 2 decimals), multipliers are numbers like 1.37.

use super::fair;
use super::rules::{Game, Phase};
use crate::clock::EpochMs;
use crate::money::Paise;
use serde_json::{Value, json};

/// Hundredths as a JSON number: 137 → 1.37.
pub fn multiplier(hundredths: u64) -> Value {
    Paise::new(hundredths as i64).to_rupees_json()
}

/// `aviator_game_state`: enough for a client to draw the curve locally between updates.
pub fn game_state(game: &Game, now: EpochMs) -> Value {
    let round = game.round().0;
    match game.phase() {
        Phase::Betting { ends_at, .. } => {
            let left = (ends_at - now).max(0);
            json!({
                "phase": "countdown", "roundId": round, "countdown": (left + 999) / 1000, "countdownMs": left,
                "multiplier": 1, "isActive": false, "elapsed": 0, "serverTime": now, "bettingEndsAt": ends_at,
            })
        }
        Phase::Flying { started_at, .. } => json!({
            "phase": "flying", "roundId": round, "countdown": 0, "countdownMs": 0,
            "multiplier": multiplier(game.multiplier_now(now)), "isActive": true,
            "elapsed": (now - started_at).max(0), "serverTime": now, "startedAt": started_at,
        }),
        Phase::Crashed { at, capped_at, .. } => json!({
            "phase": "crashed", "roundId": round, "countdown": 0, "countdownMs": 0,
            "multiplier": multiplier(game.multiplier_now(now)), "isActive": false, "elapsed": 0,
            "serverTime": now, "crashedAt": at, "crashPoint": multiplier(capped_at.unwrap_or(game.seed().crash_point)),
            "hash": fair::to_hex(&game.seed().hash), "capped": capped_at.is_some(),
        }),
    }
}

/// Masks a display name for the public feed: "9876543210" → "98****10".
pub fn mask(name: &str) -> String {
    let chars: Vec<char> = name.chars().filter(|c| !c.is_whitespace()).collect();
    if chars.len() <= 4 {
        return format!("{}****", chars.first().copied().unwrap_or('*'));
    }
    let head: String = chars[..2].iter().collect();
    let tail: String = chars[chars.len() - 2..].iter().collect();
    format!("{head}****{tail}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn masks_keep_two_characters_each_side() {
        assert_eq!(super::mask("9876543210"), "98****10");
        assert_eq!(super::mask("Ravi Kumar"), "Ra****ar");
        assert_eq!(super::mask("Om"), "O****");
    }

    #[test]
    fn multipliers_are_plain_numbers() {
        assert_eq!(super::multiplier(137).to_string(), "1.37");
        assert_eq!(super::multiplier(200).to_string(), "2");
    }
}
