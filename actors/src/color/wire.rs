//! Color Prediction on the wire: the shared round-table events (`color:gameState`, …) with the drawn colour.
//! A pick is `red`, `green` or `blue`. Mirrored by `web/src/features/color/wire.ts`.

use super::rules::{Color, Colour};
use crate::table::wire::RoundWire;
use serde::Serialize;

/// A Color Prediction round's drawn colour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = ColorResult)]
pub struct Shown {
    pub colour: Colour,
}

impl RoundWire for Color {
    type Shown = Shown;
    type Step = crate::table::wire::NoSteps;

    fn shown(c: &Colour, _: Option<u32>) -> Shown {
        Shown { colour: *c }
    }

    fn step(_: &Colour, _: u32) -> crate::table::wire::NoSteps {
        crate::table::wire::NoSteps
    }
}
