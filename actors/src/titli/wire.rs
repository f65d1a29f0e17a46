//! Titli Par on the wire: the shared round-table events (`titli:gameState`, `titli:roundStart`,
//! `titli:timerUpdate`, `titli:revealResult`, `titli:winResult`, `titli:bets`) with the winning picture shown as
//! the spec names it. A pick is a picture number, 1–12. Mirrored by `web/src/features/titli/wire.ts`.

use super::rules::{Picture, Titli};
use crate::table::wire::RoundWire;
use serde::Serialize;

/// A Titli Par round's winning picture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TitliResult)]
pub struct Shown {
    pub winning_image_number: u8,
    #[schema(value_type = super::rules::PictureName)]
    pub winning_image: &'static str,
}

impl RoundWire for Titli {
    type Shown = Shown;
    type Step = crate::table::wire::NoSteps;

    fn shown(p: &Picture, _: Option<u32>) -> Shown {
        Shown { winning_image_number: p.number(), winning_image: p.name() }
    }

    fn step(_: &Picture, _: u32) -> crate::table::wire::NoSteps {
        crate::table::wire::NoSteps
    }
}
