//! Money is integer paise (multipliers integer hundredths). Rupee amounts arrive as JSON numbers or strings and
//! are read through their decimal text, never summed as floats; they leave as JSON numbers with ≤ 2 decimals.

use serde::{Serialize, Serializer};
use serde_json::Value;

/// `"100"` → 10000, `"100.1"` → 10010, `"1.500"` → 150. Refuses signs, exponents, more than two significant
/// decimals and anything above ₹1 crore.
pub fn parse_hundredths(text: &str) -> Option<i64> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let frac = frac.trim_end_matches('0');
    if frac.len() > 2 || whole.len() > 13 {
        return None;
    }
    let cents = frac.bytes().chain(std::iter::repeat(b'0')).take(2).fold(0, |n, b| n * 10 + i64::from(b - b'0'));
    let value = whole.parse::<i64>().ok()? * 100 + cents;
    (value <= 1_000_000_000_000_000).then_some(value)
}

/// A rupee amount (or multiplier) given as a JSON number or a numeric string, in hundredths.
pub fn value_hundredths(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => parse_hundredths(&n.to_string()),
        Value::String(s) => parse_hundredths(s.trim()),
        _ => None,
    }
}

/// Paise that serialise as a JSON number of rupees: 10000 → `100`, 12345 → `123.45`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rupees(pub i64);

impl Serialize for Rupees {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 % 100 == 0 {
            s.serialize_i64(self.0 / 100)
        } else {
            // The shortest round-trip text of n/100 has at most two decimals for any |n| < 2^53.
            s.serialize_f64(self.0 as f64 / 100.0)
        }
    }
}

/// Hundredths that serialise as a multiplier: 137 → `1.37`, 200 → `2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Multiplier(pub u64);

impl Serialize for Multiplier {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Rupees(i64::try_from(self.0).unwrap_or(i64::MAX)).serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn decimal_text_becomes_exact_hundredths() {
        assert_eq!(parse_hundredths("100"), Some(10_000));
        assert_eq!(parse_hundredths("100.1"), Some(10_010));
        assert_eq!(parse_hundredths("0.07"), Some(7));
        assert_eq!(parse_hundredths("1.500"), Some(150));
        assert_eq!(parse_hundredths("1.005"), None);
        assert_eq!(parse_hundredths("1e3"), None);
        assert_eq!(parse_hundredths("-2"), None);
        assert_eq!(parse_hundredths(".5"), None);
        assert_eq!(value_hundredths(&json!(123.45)), Some(12_345));
        assert_eq!(value_hundredths(&json!(" 7.5 ")), Some(750));
        assert_eq!(value_hundredths(&json!(null)), None);
    }

    #[test]
    fn amounts_leave_as_plain_numbers() {
        assert_eq!(serde_json::to_string(&Rupees(12_345)).ok().as_deref(), Some("123.45"));
        assert_eq!(serde_json::to_string(&Rupees(10_000)).ok().as_deref(), Some("100"));
        assert_eq!(serde_json::to_string(&Rupees(5)).ok().as_deref(), Some("0.05"));
        assert_eq!(serde_json::to_string(&Multiplier(137)).ok().as_deref(), Some("1.37"));
    }
}
