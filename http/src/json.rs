//! Shapes shared by several routes: the user object the spec's client stores, and ISO times.

use casino_actors::accounts::{Role, User};
use casino_actors::clock::EpochMs;
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use casino_actors::wallet::Balances;
use serde::Serialize;
use utoipa::ToSchema;

/// The stored-user object of the spec (`id`, `_id`, `userNo`, `username`, balances) plus our fields.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct UserJson {
    pub id: i64,
    /// `id` as a string (the spec's client reads `_id`).
    pub _id: String,
    pub userId: i64,
    pub userNo: i64,
    pub username: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub mobile: String,
    pub role: Role,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub walletBalance: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub exposureBalance: Paise,
    /// The language the app shows, chosen in Settings.
    pub language: crate::accounts::settings::Language,
}

pub fn user(u: &User, b: Balances) -> UserJson {
    UserJson {
        id: u.id.0,
        _id: u.id.0.to_string(),
        userId: u.id.0,
        userNo: u.user_no,
        username: u.name.clone(),
        name: u.name.clone(),
        email: u.email.clone().unwrap_or_default(),
        phone: u.phone.clone(),
        mobile: u.phone.clone(),
        role: u.role,
        walletBalance: b.balance,
        exposureBalance: b.exposure,
        language: crate::accounts::settings::Language::of(&u.language),
    }
}

/// Epoch milliseconds as `YYYY-MM-DDTHH:MM:SS.mmmZ` (proleptic Gregorian, UTC).
pub fn iso(ms: EpochMs) -> String {
    let secs = ms.div_euclid(1000);
    let millis = ms.rem_euclid(1000);
    let (days, sod) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil-from-days (H. Hinnant): days since 1970-01-01 → year, month, day.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{millis:03}Z", sod / 3600, sod % 3600 / 60, sod % 60)
}

#[cfg(test)]
mod tests {
    #[test]
    fn iso_formats_known_instants() {
        assert_eq!(super::iso(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(super::iso(1_795_000_000_123), "2026-11-18T11:06:40.123Z");
        assert_eq!(super::iso(951_782_400_000), "2000-02-29T00:00:00.000Z");
    }
}

/// A history route's `?limit=`: how many rows, newest first.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Limit {
    /// How many rows, at most (clamped to the route's range).
    pub(crate) limit: Option<i64>,
}

impl Limit {
    /// The limit asked for, 1 to 500, or `default`.
    pub(crate) fn or(&self, default: i64) -> i64 {
        self.within(default, 500)
    }

    /// The limit asked for, 1 to `max`, or `default`.
    pub(crate) fn within(&self, default: i64, max: i64) -> i64 {
        self.limit.unwrap_or(default).clamp(1, max)
    }
}
