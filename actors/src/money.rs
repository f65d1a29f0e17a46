//! Money as integer paise. Every amount inside the domain is a `Paise`; rupees exist only at the API edge.

use serde::{Deserialize, Serialize};
use std::fmt;

/// An amount of money in paise (1 rupee = 100 paise). May be negative only where it is a delta. Stored as an integer
/// column of paise.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize, sqlx_macros::Type,
)]
#[serde(transparent)]
#[sqlx(transparent)]
pub struct Paise(i64);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("amount overflow")]
pub struct Overflow;

impl Paise {
    pub const ZERO: Paise = Paise(0);

    pub const fn new(paise: i64) -> Self {
        Paise(paise)
    }
    pub const fn from_rupees(rupees: i64) -> Self {
        Paise(rupees * 100)
    }
    pub const fn get(self) -> i64 {
        self.0
    }
    pub fn checked_add(self, other: Paise) -> Result<Paise, Overflow> {
        self.0.checked_add(other.0).map(Paise).ok_or(Overflow)
    }
    pub fn checked_sub(self, other: Paise) -> Result<Paise, Overflow> {
        self.0.checked_sub(other.0).map(Paise).ok_or(Overflow)
    }
    pub fn checked_neg(self) -> Result<Paise, Overflow> {
        self.0.checked_neg().map(Paise).ok_or(Overflow)
    }
    pub fn is_positive(self) -> bool {
        self.0 > 0
    }
    pub fn is_negative(self) -> bool {
        self.0 < 0
    }
    pub fn min(self, other: Paise) -> Paise {
        Paise(self.0.min(other.0))
    }
    /// `self × multiplier / 100`, rounded down to the paisa: payouts never round in the player's favour
    /// by more than the curve allows, and never overflow silently.
    pub fn times_hundredths(self, hundredths: i64) -> Result<Paise, Overflow> {
        let wide = i128::from(self.0) * i128::from(hundredths) / 100;
        i64::try_from(wide).map(Paise).map_err(|_| Overflow)
    }
}

impl Paise {
    /// A JSON number of rupees with at most 2 decimals (the wire form of money).
    pub fn to_rupees_json(self) -> serde_json::Value {
        let n = self.0;
        if n % 100 == 0 {
            serde_json::Value::from(n / 100)
        } else {
            // Shortest round-trip formatting of n/100 has at most 2 decimals for any |n| < 2^53.
            serde_json::Number::from_f64(n as f64 / 100.0).map_or(serde_json::Value::Null, serde_json::Value::Number)
        }
    }
}

/// `#[serde(serialize_with = "crate::money::as_rupees")]`: a `Paise` field as a JSON number of rupees.
pub fn as_rupees<S: serde::Serializer>(p: &Paise, s: S) -> Result<S::Ok, S::Error> {
    p.to_rupees_json().serialize(s)
}

/// `#[serde(with = "crate::money::rupees")]`: a `Paise` field as a JSON number of rupees, both ways (the wire form of
/// money, read back when an answer crosses nodes).
pub mod rupees {
    use super::Paise;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(p: &Paise, s: S) -> Result<S::Ok, S::Error> {
        super::as_rupees(p, s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Paise, D::Error> {
        let n = serde_json::Number::deserialize(d)?;
        Paise::from_rupees_number(&n).ok_or_else(|| serde::de::Error::custom(format!("{n} is not an amount of rupees")))
    }
}

/// As [`rupees`], for an optional amount (`null` when absent).
pub mod rupees_opt {
    use super::Paise;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(p: &Option<Paise>, s: S) -> Result<S::Ok, S::Error> {
        match p {
            Some(p) => super::as_rupees(p, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Paise>, D::Error> {
        match Option::<serde_json::Number>::deserialize(d)? {
            Some(n) => Paise::from_rupees_number(&n)
                .map(Some)
                .ok_or_else(|| serde::de::Error::custom(format!("{n} is not an amount of rupees"))),
            None => Ok(None),
        }
    }
}

impl Paise {
    /// The exact paise of a JSON number of rupees with at most 2 decimals (as [`Paise::to_rupees_json`] writes it).
    pub fn from_rupees_number(n: &serde_json::Number) -> Option<Paise> {
        if let Some(whole) = n.as_i64() {
            return whole.checked_mul(100).map(Paise);
        }
        let text = n.to_string();
        let (sign, digits) = text.strip_prefix('-').map_or((1, text.as_str()), |t| (-1, t));
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        if frac.len() > 2 || int.is_empty() || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
            return None;
        }
        let frac: i64 = format!("{frac:0<2}").parse().ok()?;
        let int: i64 = int.parse().ok()?;
        int.checked_mul(100)?.checked_add(frac)?.checked_mul(sign).map(Paise)
    }
}

impl fmt::Display for Paise {
    /// Rupees with two decimals, e.g. `-12.05`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

/// The OpenAPI schema of an amount on the wire: a JSON number of rupees with at most 2 decimals. Fields written
/// through [`rupees`] or [`as_rupees`] say `#[schema(value_type = crate::money::RupeesJson)]`.
pub struct RupeesJson;

impl utoipa::PartialSchema for RupeesJson {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .multiple_of(Some(0.01))
            .description(Some("Rupees, at most 2 decimals (₹1 = 100 paise)"))
            .examples([serde_json::json!(100.5)])
            .into()
    }
}

impl utoipa::ToSchema for RupeesJson {
    fn name() -> std::borrow::Cow<'static, str> {
        "Rupees".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rupees_on_the_wire_read_back_exactly() {
        for p in [0, 1, 5, 10, 99, 100, 12345, -5, -12345, 5_091_045, 900_719_925_474_099] {
            let json = Paise::new(p).to_rupees_json();
            let serde_json::Value::Number(n) = json else { panic!("{p}: not a number") };
            assert_eq!(Paise::from_rupees_number(&n), Some(Paise::new(p)), "{n}");
        }
        let third: serde_json::Number = serde_json::from_str("0.333").unwrap();
        assert_eq!(Paise::from_rupees_number(&third), None);
    }

    #[test]
    fn display_shows_rupees_with_two_decimals() {
        assert_eq!(Paise::new(12345).to_string(), "123.45");
        assert_eq!(Paise::new(-5).to_string(), "-0.05");
        assert_eq!(Paise::ZERO.to_string(), "0.00");
    }

    #[test]
    fn times_hundredths_rounds_down_and_detects_overflow() {
        assert_eq!(Paise::new(1001).times_hundredths(150), Ok(Paise::new(1501)));
        assert_eq!(Paise::new(333).times_hundredths(101), Ok(Paise::new(336)));
        assert_eq!(Paise::new(i64::MAX).times_hundredths(200), Err(Overflow));
    }

    #[test]
    fn checked_arithmetic_reports_overflow() {
        assert_eq!(Paise::new(i64::MAX).checked_add(Paise::new(1)), Err(Overflow));
        assert_eq!(Paise::new(5).checked_sub(Paise::new(7)), Ok(Paise::new(-2)));
    }
}
