//! Color Prediction: red, green or blue, drawn uniformly; a line on the drawn colour returns `payout` hundredths
//! of its stake (290: 2.9×, an RTP of 96.67 %). Pure: the shared round table plays it.

use crate::fair::{Dice, Rtp};
use crate::money::Paise;
use crate::table::game::{RoundRules, StakeLimits, Timings, UniformSettings};
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Color;

impl RoundRules for Color {
    const NAME: &'static str = "color";
    const TITLE: &'static str = "Color Prediction";
    const KIND: crate::wallet::GameKind = crate::wallet::GameKind::Color;
    type Pick = Colour;
    type Outcome = Colour;
    type Settings = ColorSettings;

    /// `COLOURS[below(3)]`: red, green, blue.
    fn draw(dice: &mut Dice) -> Colour {
        COLOURS[dice.below(3) as usize]
    }

    fn reveal_steps(_: &Colour) -> u32 {
        0
    }

    fn wins(pick: Colour, outcome: &Colour) -> bool {
        pick == *outcome
    }

    fn pays(settings: &ColorSettings, _: Colour) -> i64 {
        settings.payout
    }

    fn rtp(settings: &ColorSettings, _: Colour) -> Rtp {
        settings.rtp()
    }

    fn picks() -> Vec<Colour> {
        COLOURS.to_vec()
    }
}
