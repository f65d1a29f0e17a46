//! Money in integer paise: rupee amounts from JSON parsed through their decimal text (never summed as `f64`), and
//! written back as JSON numbers with at most 2 decimals.

use rand::Rng;
use serde::{Deserialize, Deserializer, de};
use serde_json::{Number, Value};

/// Parse a decimal text with at most 2 fractional digits into hundredths (paise for rupees, hundredths for
/// multipliers). `"100"` → 10000, `"100.1"` → 10010, `"1000.0"` → 100000. Exponents and more than two
/// significant decimals are refused; trailing zeros beyond two decimals are accepted (`"1.500"`).
pub fn parse_hundredths(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, frac) = match digits.split_once('.') {
        Some((w, f)) => (w, f),
        None => (digits, ""),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let frac = frac.trim_end_matches('0');
    if frac.len() > 2 {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let mut cents: i64 = 0;
    for (i, b) in frac.bytes().enumerate() {
        let d = i64::from(b - b'0');
        cents += if i == 0 { d * 10 } else { d };
    }
    let value = whole.checked_mul(100)?.checked_add(cents)?;
    Some(if negative { -value } else { value })
}

/// A JSON number of rupees (or a multiplier) in hundredths, through its shortest decimal text.
pub fn number_hundredths(n: &Number) -> Option<i64> {
    parse_hundredths(&n.to_string())
}

/// A JSON value that should be a rupee amount: a number, or a numeric string.
pub fn value_paise(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => number_hundredths(n),
        Value::String(s) => parse_hundredths(s.trim()),
        _ => None,
    }
}

/// Paise as rupee text with two decimals, for messages.
pub fn fmt_paise(p: i64) -> String {
    let sign = if p < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", (p / 100).abs(), (p % 100).abs())
}

/// Rupees in paise as a JSON number with at most 2 decimals, built from its decimal text.
pub fn rupees_json(paise: i64) -> Value {
    if paise % 100 == 0 {
        Value::from(paise / 100)
    } else {
        serde_json::from_str(&fmt_paise(paise)).unwrap_or(Value::Null)
    }
}

/// A rupee amount (number or numeric string, ≤ 2 decimals) in paise, for `#[serde(deserialize_with = "paise")]`.
pub fn paise<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    let v = Value::deserialize(d)?;
    value_paise(&v).ok_or_else(|| de::Error::custom(format!("not a rupee amount: {v}")))
}

/// [`paise`], or null.
pub fn opt_paise<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        v => value_paise(&v).map(Some).ok_or_else(|| de::Error::custom(format!("not a rupee amount: {v}"))),
    }
}

/// A random stake in paise between `min` and `max`: half the time whole rupees, otherwise any paisa.
pub fn random_stake(rng: &mut impl Rng, min: i64, max: i64) -> i64 {
    let (low, high) = ((min + 99).div_euclid(100), max.div_euclid(100));
    if rng.random_bool(0.5) && low <= high { rng.random_range(low..=high) * 100 } else { rng.random_range(min..=max) }
}

/// The result of reconciling one player's money.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reconciliation {
    /// Empty when everything agrees.
    pub problems: Vec<String>,
    /// Bets whose payout came from the server's history because the bettor missed the settlement (reconnecting).
    pub filled_from_history: u64,
    /// Filled bets that were wins.
    pub filled_wins: u64,
}

impl Reconciliation {
    /// A player whose server view could not be read.
    pub fn unreadable(e: &anyhow::Error) -> Reconciliation {
        Reconciliation { problems: vec![format!("could not read the server's view: {e:#}")], ..Default::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_text_becomes_exact_hundredths() {
        assert_eq!(parse_hundredths("100"), Some(10_000));
        assert_eq!(parse_hundredths("100.1"), Some(10_010));
        assert_eq!(parse_hundredths("100.25"), Some(10_025));
        assert_eq!(parse_hundredths("1000.0"), Some(100_000));
        assert_eq!(parse_hundredths("0.07"), Some(7));
        assert_eq!(parse_hundredths("1.500"), Some(150));
        assert_eq!(parse_hundredths("-2.5"), Some(-250));
        assert_eq!(parse_hundredths("1.005"), None);
        assert_eq!(parse_hundredths("1e3"), None);
        assert_eq!(parse_hundredths(""), None);
        assert_eq!(parse_hundredths(".5"), None);
    }

    #[test]
    fn json_numbers_are_read_through_their_text_not_summed_as_floats() {
        let v: Value = serde_json::from_str("[0.1, 0.2, 123.45, 5, 1000.0]").unwrap_or_default();
        let sum: i64 = v.as_array().into_iter().flatten().filter_map(value_paise).sum();
        assert_eq!(sum, 10 + 20 + 12_345 + 500 + 100_000);
        assert_eq!(value_paise(&Value::String(" 7.5 ".into())), Some(750));
        assert_eq!(fmt_paise(-12_345), "-123.45");
        assert_eq!(fmt_paise(5), "0.05");
    }

    #[test]
    fn random_stakes_stay_within_their_bounds() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let stakes: Vec<i64> = (0..1_000).map(|_| random_stake(&mut rng, 1_050, 2_000)).collect();
        assert!(stakes.iter().all(|s| (1_050..=2_000).contains(s)), "{stakes:?}");
        assert!(stakes.iter().any(|s| s % 100 != 0) && stakes.iter().any(|s| s % 100 == 0));
        assert_eq!(random_stake(&mut rng, 1_001, 1_099) / 100, 10, "no whole rupee in range: any paisa");
    }

    #[test]
    fn paise_become_rupee_numbers_with_at_most_two_decimals() {
        assert_eq!(rupees_json(1_000).to_string(), "10");
        assert_eq!(rupees_json(12_345).to_string(), "123.45");
        assert_eq!(rupees_json(1_010).to_string(), "10.1");
        assert_eq!(rupees_json(5).to_string(), "0.05");
    }
}
