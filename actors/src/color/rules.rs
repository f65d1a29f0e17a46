//! Color Prediction: red, green or blue, drawn uniformly; a line on the drawn colour returns `payout` hundredths
//! of its stake (290: 2.9×, an RTP of 96.67 %). Pure: the shared round table plays it.

use crate::money::Paise;
use crate::table::game::{StakeLimits, Timings, Uniform, UniformPick, UniformSettings};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = ColorPick)]
pub enum Colour {
    Red,
    Green,
    Blue,
}

pub const COLOURS: [Colour; 3] = [Colour::Red, Colour::Green, Colour::Blue];

/// Three colours: a winning line returns `payout` hundredths (290: 2.9×, an RTP of 96.67 %).
pub type ColorSettings = UniformSettings<3>;

impl Default for UniformSettings<3> {
    fn default() -> Self {
        UniformSettings {
            payout: 290,
            timings: Timings { betting_ms: 20_000, closed_ms: 3_000, step_ms: 0, result_ms: 4_000 },
            limits: StakeLimits { min: Paise::from_rupees(10), max: Paise::from_rupees(10_000), max_lines: 1 },
        }
    }
}

/// Color Prediction: one of the three colours is drawn, `COLOURS[below(3)]` (red, green, blue).
pub type Color = Uniform<Colour, 3>;

impl UniformPick<3> for Colour {
    const NAME: &'static str = "color";
    const TITLE: &'static str = "Color Prediction";
    const KIND: crate::wallet::GameKind = crate::wallet::GameKind::Color;
    const PICKS: [Colour; 3] = COLOURS;
}
