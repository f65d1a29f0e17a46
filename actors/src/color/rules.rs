//! Color Prediction: red, green or blue, drawn uniformly; a line on the drawn colour returns `payout` hundredths
//! of its stake (290: 2.9×, an RTP of 96.67 %). Pure: the shared round table plays it.

use crate::fair::{Dice, Rtp};
use crate::money::Paise;
use crate::table::game::{GameSettings, RoundRules, StakeLimits, Timings};
use crate::titli::rules::check_common;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Green,
    Blue,
}

pub const COLOURS: [Colour; 3] = [Colour::Red, Colour::Green, Colour::Blue];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ColorSettings {
    pub payout: i64,
    pub timings: Timings,
    pub limits: StakeLimits,
}

impl Default for ColorSettings {
    fn default() -> Self {
        ColorSettings {
            payout: 290,
            timings: Timings { betting_ms: 20_000, closed_ms: 3_000, step_ms: 0, result_ms: 4_000 },
            limits: StakeLimits { min: Paise::from_rupees(10), max: Paise::from_rupees(10_000), max_lines: 1 },
        }
    }
}

impl GameSettings for ColorSettings {
    fn timings(&self) -> Timings {
        self.timings
    }
    fn limits(&self) -> StakeLimits {
        self.limits
    }
    fn check(&self) -> Result<(), String> {
        if !(100..300).contains(&self.payout) {
            return Err("the payout must be at least 1× and under 3× (the house keeps an edge)".into());
        }
        check_common(self.timings, self.limits, 1)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Color;

impl RoundRules for Color {
    const NAME: &'static str = "color";
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
        Rtp { numerator: settings.payout as u128, denominator: 300 }
    }

    fn picks() -> Vec<Colour> {
        COLOURS.to_vec()
    }
}
