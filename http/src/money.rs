//! Rupees at the edge: amounts arrive as JSON numbers or strings and become `Paise` exactly, or are
//! refused (more than 2 decimals, not a number, too large). Outgoing money is a JSON number in rupees.

use crate::error::ApiError;
use casino_actors::ErrorCode;
use casino_actors::money::Paise;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::str::FromStr;

/// The largest amount accepted in one request: ₹1 crore.
const MAX_RUPEES: i64 = 10_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rupees(pub Paise);

/// Parses a rupee amount. A JSON number is read through its shortest decimal form, so 100.1 is exactly
/// ₹100.10 and 100.123 is refused.
pub fn parse_rupees(v: &Value) -> Result<Paise, String> {
    let text = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().to_string(),
        _ => return Err("amount must be a number".into()),
    };
    let d = Decimal::from_str(&text)
        .or_else(|_| Decimal::from_scientific(&text))
        .map_err(|_| "amount must be a number".to_string())?
        .normalize();
    if d.scale() > 2 {
        return Err("amount may have at most 2 decimals".into());
    }
    if d.abs() > Decimal::from(MAX_RUPEES) {
        return Err("amount is too large".into());
    }
    (d * Decimal::from(100)).to_i64().map(Paise::new).ok_or_else(|| "amount must be a number".into())
}

impl<'de> Deserialize<'de> for Rupees {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        parse_rupees(&v).map(Rupees).map_err(serde::de::Error::custom)
    }
}

/// In the OpenAPI document: a number, or a numeric string, of rupees with at most 2 decimals, up to ₹1 crore.
impl utoipa::PartialSchema for Rupees {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
        let limit = MAX_RUPEES as f64;
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Number)
                    .multiple_of(Some(0.01))
                    .minimum(Some(-limit))
                    .maximum(Some(limit)),
            )
            .item(ObjectBuilder::new().schema_type(Type::String).pattern(Some(r"^\s*-?[0-9]{1,8}(\.[0-9]{1,2})?\s*$")))
            .description(Some("Rupees: a number or numeric string with at most 2 decimals, at most ₹1 crore"))
            .examples([serde_json::json!(100.5)])
            .into()
    }
}

impl utoipa::ToSchema for Rupees {
    fn name() -> std::borrow::Cow<'static, str> {
        "RupeesInput".into()
    }
}

/// A required, strictly positive amount field.
pub fn positive(field: Option<Rupees>, name: &str) -> Result<Paise, ApiError> {
    match field {
        Some(Rupees(p)) if p.is_positive() => Ok(p),
        Some(_) => Err(ApiError::bad_request(ErrorCode::InvalidAmount, format!("{name} must be greater than 0"))),
        None => Err(ApiError::bad_request(ErrorCode::MissingField, format!("{name} is required"))),
    }
}

/// Paise as a JSON number of rupees with at most 2 decimals.
pub fn rupees(p: Paise) -> Value {
    p.to_rupees_json()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parses_numbers_and_strings_exactly() {
        assert_eq!(parse_rupees(&json!(100.1)), Ok(Paise::new(10_010)));
        assert_eq!(parse_rupees(&json!("250.05")), Ok(Paise::new(25_005)));
        assert_eq!(parse_rupees(&json!(7)), Ok(Paise::new(700)));
        assert_eq!(parse_rupees(&json!(0.29)), Ok(Paise::new(29)));
    }

    #[test]
    fn refuses_three_decimals_text_and_huge_values() {
        assert!(parse_rupees(&json!(100.123)).is_err());
        assert!(parse_rupees(&json!("ten")).is_err());
        assert!(parse_rupees(&json!(null)).is_err());
        assert!(parse_rupees(&json!(1e12)).is_err());
        assert!(parse_rupees(&json!("NaN")).is_err());
    }

    #[test]
    fn formats_rupees_with_at_most_two_decimals() {
        assert_eq!(rupees(Paise::new(12_345)).to_string(), "123.45");
        assert_eq!(rupees(Paise::new(10_010)).to_string(), "100.1");
        assert_eq!(rupees(Paise::new(50_000)).to_string(), "500");
        assert_eq!(rupees(Paise::new(-5)).to_string(), "-0.05");
    }

    /// Every paisa amount survives rupees → JSON text → parse.
    #[test]
    fn random_amounts_round_trip() {
        use rand::Rng;
        let seed: u64 = rand::random();
        println!("seed = {seed}");
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
        for _ in 0..50_000 {
            let p = Paise::new(rng.random_range(-1_000_000_000..1_000_000_000));
            let text = rupees(p).to_string();
            let back: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(parse_rupees(&back), Ok(p), "seed {seed}: {text}");
        }
    }
}
