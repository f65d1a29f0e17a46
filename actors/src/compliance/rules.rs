//! Real mode's checks, pure: a declared date of birth and the age it gives, the regions a player may declare and the
//! ones the operator allows, when a withdrawal needs a verified identity, and what an uploaded document is.

use crate::hold::rules::{date, date_text, ist_day};
use crate::money::Paise;
use crate::rg::rules::civil;
use serde::Serialize;

/// A place a player may declare: an Indian state or union territory (ISO 3166-2:IN) or a country (ISO 3166-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Region {
    pub code: &'static str,
    pub name: &'static str,
}

const fn r(code: &'static str, name: &'static str) -> Region {
    Region { code, name }
}

/// Every region a player can declare: India's states and union territories, then the countries the platform knows.
pub const REGIONS: &[Region] = &[
    r("IN-AN", "Andaman and Nicobar Islands"),
    r("IN-AP", "Andhra Pradesh"),
    r("IN-AR", "Arunachal Pradesh"),
    r("IN-AS", "Assam"),
    r("IN-BR", "Bihar"),
    r("IN-CH", "Chandigarh"),
    r("IN-CG", "Chhattisgarh"),
    r("IN-DH", "Dadra and Nagar Haveli and Daman and Diu"),
    r("IN-DL", "Delhi"),
    r("IN-GA", "Goa"),
    r("IN-GJ", "Gujarat"),
    r("IN-HR", "Haryana"),
    r("IN-HP", "Himachal Pradesh"),
    r("IN-JK", "Jammu and Kashmir"),
    r("IN-JH", "Jharkhand"),
    r("IN-KA", "Karnataka"),
    r("IN-KL", "Kerala"),
    r("IN-LA", "Ladakh"),
    r("IN-LD", "Lakshadweep"),
    r("IN-MP", "Madhya Pradesh"),
    r("IN-MH", "Maharashtra"),
    r("IN-MN", "Manipur"),
    r("IN-ML", "Meghalaya"),
    r("IN-MZ", "Mizoram"),
    r("IN-NL", "Nagaland"),
    r("IN-OD", "Odisha"),
    r("IN-PY", "Puducherry"),
    r("IN-PB", "Punjab"),
    r("IN-RJ", "Rajasthan"),
    r("IN-SK", "Sikkim"),
    r("IN-TN", "Tamil Nadu"),
    r("IN-TS", "Telangana"),
    r("IN-TR", "Tripura"),
    r("IN-UP", "Uttar Pradesh"),
    r("IN-UK", "Uttarakhand"),
    r("IN-WB", "West Bengal"),
    r("AE", "United Arab Emirates"),
    r("BD", "Bangladesh"),
    r("GB", "United Kingdom"),
    r("LK", "Sri Lanka"),
    r("MT", "Malta"),
    r("NP", "Nepal"),
    r("SG", "Singapore"),
];

/// The region of `code` (exact, upper case), if the platform knows it.
pub fn region(code: &str) -> Option<&'static Region> {
    REGIONS.iter().find(|r| r.code == code)
}

/// The regions the operator allows: every one, or a list of codes where a country's code allows all its
/// subdivisions (`IN` allows `IN-MH`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowedRegions(Option<Vec<&'static str>>);

impl AllowedRegions {
    /// Every region.
    pub fn all() -> Self {
        AllowedRegions(None)
    }

    /// `IN-SK, IN-NL, MT` (case and spaces ignored); empty or `*` allows every region. An unknown code is refused
    /// (a typo would otherwise lock a state out), named in the error.
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text.is_empty() || text == "*" {
            return Ok(AllowedRegions::all());
        }
        let mut codes = Vec::new();
        for raw in text.split(',') {
            let code = raw.trim().to_ascii_uppercase();
            let known = REGIONS.iter().find(|r| r.code == code || r.code.split('-').next() == Some(code.as_str()));
            let Some(r) = known else { return Err(format!("unknown region `{}`", raw.trim())) };
            let code = if r.code == code { r.code } else { r.code.split('-').next().unwrap_or(r.code) };
            codes.push(code);
        }
        codes.sort_unstable();
        codes.dedup();
        Ok(AllowedRegions(Some(codes)))
    }

    /// Does the list allow `code`: itself, or the country it is part of?
    pub fn allows(&self, code: &str) -> bool {
        match &self.0 {
            None => true,
            Some(list) => list.iter().any(|a| *a == code || code.split('-').next() == Some(*a)),
        }
    }

    /// The known regions this list does not allow.
    pub fn refused(&self) -> Vec<&'static str> {
        REGIONS.iter().filter(|r| !self.allows(r.code)).map(|r| r.code).collect()
    }

    /// As configured: `*`, or the codes joined by commas.
    pub fn describe(&self) -> String {
        match &self.0 {
            None => "*".into(),
            Some(list) => list.join(","),
        }
    }
}

/// Why what a player declared at sign-up is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Declaration {
    #[error("Enter your date of birth as YYYY-MM-DD")]
    DateOfBirth,
    #[error("Choose the state or country you live in")]
    Region,
    #[error("You must be {0} or older to sign up")]
    Underage(u32),
    #[error("Real-money play is not offered in {0}")]
    RegionNotAllowed(&'static str),
}

/// What a player declared at sign-up, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declared {
    /// Day number (days since 1970-01-01).
    pub date_of_birth: i64,
    pub region: &'static Region,
}

impl Declared {
    pub fn date_of_birth_text(&self) -> String {
        date_text(self.date_of_birth)
    }
}

/// Full years between a date of birth and `today` (day numbers): a birthday counts from its day; 29 February's
/// from 1 March in other years.
pub fn age(date_of_birth: i64, today: i64) -> i64 {
    let ((by, bm, bd), (ty, tm, td)) = (civil(date_of_birth), civil(today));
    ty - by - i64::from((tm, td) < (bm, bd))
}

/// The date of birth and region of a sign-up at `now` (epoch ms; the day is India's), against the minimum age and
/// the allowed regions. The date must be a real `YYYY-MM-DD` no later than today and no more than 120 years ago.
pub fn declare(
    date_of_birth: &str,
    region_code: &str,
    now: i64,
    min_age: u32,
    allowed: &AllowedRegions,
) -> Result<Declared, Declaration> {
    let today = ist_day(now);
    let born = date(date_of_birth.trim()).ok_or(Declaration::DateOfBirth)?;
    if born > today || age(born, today) > 120 {
        return Err(Declaration::DateOfBirth);
    }
    let region = region(&region_code.trim().to_ascii_uppercase()).ok_or(Declaration::Region)?;
    if age(born, today) < i64::from(min_age) {
        return Err(Declaration::Underage(min_age));
    }
    if !allowed.allows(region.code) {
        return Err(Declaration::RegionNotAllowed(region.name));
    }
    Ok(Declared { date_of_birth: born, region })
}

/// The withdrawals a player may ask for without a verified identity: up to `single` a request, and up to
/// `rolling_30_days` in all over the last 30 days (the pending and paid ones, this one included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Thresholds {
    pub single: Paise,
    pub rolling_30_days: Paise,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds { single: Paise::from_rupees(10_000), rolling_30_days: Paise::from_rupees(50_000) }
    }
}

impl Thresholds {
    /// Does asking for `amount`, after `asked` over the last 30 days, need a verified identity?
    pub fn needs_verified(&self, amount: Paise, asked: Paise) -> bool {
        amount > self.single || asked.get().saturating_add(amount.get()) > self.rolling_30_days.get()
    }
}

pub const WINDOW_30_DAYS_MS: i64 = 30 * 24 * 3600 * 1000;

/// How far a player's identity is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum KycLevel {
    /// Nothing submitted.
    None,
    /// Details and documents submitted, not (or not yet) approved.
    Basic,
    /// Approved by an operator.
    Verified,
}

/// Where a player's submission stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum KycStatus {
    None,
    Pending,
    Approved,
    Rejected,
}

impl KycStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            KycStatus::None => "none",
            KycStatus::Pending => "pending",
            KycStatus::Approved => "approved",
            KycStatus::Rejected => "rejected",
        }
    }

    pub fn parse(s: &str) -> Option<KycStatus> {
        [KycStatus::None, KycStatus::Pending, KycStatus::Approved, KycStatus::Rejected]
            .into_iter()
            .find(|k| k.as_str() == s)
    }

    pub fn level(self) -> KycLevel {
        match self {
            KycStatus::None => KycLevel::None,
            KycStatus::Pending | KycStatus::Rejected => KycLevel::Basic,
            KycStatus::Approved => KycLevel::Verified,
        }
    }
}

/// The identity documents a player may submit.
pub const ID_TYPES: [&str; 5] = ["aadhaar", "pan", "passport", "voter_id", "driving_licence"];

/// Why submitted identity details are refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Details {
    #[error("Full name must have at least 4 letters (letters and spaces only)")]
    FullName,
    #[error("Choose the kind of document: aadhaar, pan, passport, voter_id or driving_licence")]
    IdType,
    #[error("The document number has 4 to 20 letters and digits")]
    IdNumber,
}

/// Identity details as submitted, checked: the name as on the document, its kind, and its number (upper case,
/// spaces and dashes removed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdentityDetails {
    pub full_name: String,
    pub id_type: &'static str,
    pub id_number: String,
}

pub fn identity_details(full_name: &str, id_type: &str, id_number: &str) -> Result<IdentityDetails, Details> {
    let full_name = crate::accounts::rules::name(full_name).map_err(|_| Details::FullName)?;
    let id_type = ID_TYPES.iter().find(|t| **t == id_type.trim()).ok_or(Details::IdType)?;
    let number: String = id_number.chars().filter(|c| *c != ' ' && *c != '-').collect::<String>().to_ascii_uppercase();
    if !(4..=20).contains(&number.len()) || !number.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(Details::IdNumber);
    }
    Ok(IdentityDetails { full_name, id_type, id_number: number })
}

/// The document images accepted, known by their first bytes (never by the name or type the browser sent).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Jpeg,
    Png,
    Webp,
}

impl ImageKind {
    pub fn content_type(self) -> &'static str {
        match self {
            ImageKind::Jpeg => "image/jpeg",
            ImageKind::Png => "image/png",
            ImageKind::Webp => "image/webp",
        }
    }

    /// What `bytes` are, if one of the accepted images.
    pub fn sniff(bytes: &[u8]) -> Option<ImageKind> {
        if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(ImageKind::Jpeg)
        } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(ImageKind::Png)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(ImageKind::Webp)
        } else {
            None
        }
    }

    pub fn from_content_type(s: &str) -> Option<ImageKind> {
        [ImageKind::Jpeg, ImageKind::Png, ImageKind::Webp].into_iter().find(|k| k.content_type() == s)
    }
}

/// The sides of a document a submission carries: the front always, the back when it has one.
pub const DOCUMENT_SIDES: [&str; 2] = ["front", "back"];

/// The largest document image, by default.
pub const MAX_DOCUMENT_BYTES: usize = 2 * 1024 * 1024;
