//! Titli Par: twelve pictures, one wins each round, a line on it returns `payout` hundredths of its stake.
//! Pure: the shared round table plays it.

use crate::money::Paise;
use crate::table::game::{StakeLimits, Timings, Uniform, UniformPick, UniformSettings};
use serde::{Deserialize, Serialize};

/// The spec's catalogue, in its order: picture number n (1-based) is `PICTURES[n - 1]`.
pub const PICTURES: [&str; 12] =
    ["butterfly", "cow", "football", "spin", "flower", "diya", "bucket", "kite", "rat", "umbrella", "parrot", "sun"];

/// A picture by its number, 1 to 12.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Picture(u8);

/// In the OpenAPI document: `TitliPicture`, an integer 1–12.
impl utoipa::PartialSchema for Picture {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(1))
            .maximum(Some(12))
            .description(Some("A Titli Par picture by its number, 1–12, in the order of the spec's catalogue"))
            .into()
    }
}

impl utoipa::ToSchema for Picture {
    fn name() -> std::borrow::Cow<'static, str> {
        "TitliPicture".into()
    }
}

/// In the documents: `TitliPictureName`, a picture's name as [`Picture::name`] shows it (one of [`PICTURES`]).
pub struct PictureName;

impl utoipa::PartialSchema for PictureName {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(PICTURES))
            .description(Some("A Titli Par picture by its name, in the order of the spec's catalogue"))
            .into()
    }
}

impl utoipa::ToSchema for PictureName {
    fn name() -> std::borrow::Cow<'static, str> {
        "TitliPictureName".into()
    }
}

impl Picture {
    /// Every picture, by number: picture n is `ALL[n - 1]`.
    pub const ALL: [Picture; 12] = {
        let mut all = [Picture(1); 12];
        let mut i = 1;
        while i < 12 {
            all[i] = Picture(i as u8 + 1);
            i += 1;
        }
        all
    };

    pub fn number(self) -> u8 {
        self.0
    }
    pub fn name(self) -> &'static str {
        PICTURES[usize::from(self.0 - 1)]
    }
    /// By number (1–12) or by name.
    pub fn parse(text: &str) -> Option<Picture> {
        match text.trim().parse::<u8>() {
            Ok(n) => Picture::try_from(n).ok(),
            Err(_) => PICTURES.iter().position(|p| p.eq_ignore_ascii_case(text.trim())).map(|i| Picture(i as u8 + 1)),
        }
    }
}

impl TryFrom<u8> for Picture {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, String> {
        if (1..=12).contains(&n) { Ok(Picture(n)) } else { Err(format!("no picture number {n} (1 to 12)")) }
    }
}

impl From<Picture> for u8 {
    fn from(p: Picture) -> u8 {
        p.0
    }
}

/// Twelve pictures: a winning line returns `payout` hundredths (1000: 10×, an RTP of 83.33 %).
pub type TitliSettings = UniformSettings<12>;

impl Default for UniformSettings<12> {
    fn default() -> Self {
        UniformSettings {
            payout: 1_000,
            // A 30 s round: bets while more than 15 s remain, then the last 15 s, the reveal, a short pause.
            timings: Timings { betting_ms: 15_000, closed_ms: 15_000, step_ms: 0, result_ms: 4_000 },
            limits: StakeLimits { min: Paise::from_rupees(10), max: Paise::from_rupees(5_000), max_lines: 12 },
        }
    }
}

/// Titli Par: one of the twelve pictures wins, picture number `below(12) + 1`.
pub type Titli = Uniform<Picture, 12>;

impl UniformPick<12> for Picture {
    const NAME: &'static str = "titli";
    const TITLE: &'static str = "Titli Par";
    const KIND: crate::wallet::GameKind = crate::wallet::GameKind::Titli;
    const PICKS: [Picture; 12] = Picture::ALL;
}
