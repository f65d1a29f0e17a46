//! Andar Bahar on the wire: the shared round-table events (`andar_bahar:gameState`, …); the deal is revealed a
//! card a second (`andar_bahar:revealStep`), and a state shows only the cards dealt so far. A pick is `Andar` or
//! `Bahar`; a card is 0–51 (rank `n % 13`, 0 = ace; suit `n / 13`: ♠ ♥ ♦ ♣). Mirrored by
//! `web/src/features/andar-bahar/wire.ts`.

use super::rules::{AndarBahar, Card, Deal, Side};
use crate::table::wire::RoundWire;
use serde::Serialize;

/// An Andar Bahar deal: the joker and the cards on each side (as far as revealed), and the winning side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AndarBaharResult)]
pub struct Shown {
    pub joker: Card,
    pub andar: Vec<Card>,
    pub bahar: Vec<Card>,
    /// Once the matching card is out.
    pub winner: Option<Side>,
}

/// An Andar Bahar reveal step: the card dealt and the side it went to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = AndarBaharStep)]
pub struct Step {
    pub card: Card,
    pub side: Side,
}

fn side(index: usize) -> Side {
    if index.is_multiple_of(2) { Side::Andar } else { Side::Bahar }
}

impl RoundWire for AndarBahar {
    type Shown = Shown;
    type Step = Step;

    fn shown(deal: &Deal, steps: Option<u32>) -> Shown {
        let n = steps.map_or(deal.dealt.len(), |s| (s as usize).min(deal.dealt.len()));
        let dealt = deal.dealt[..n].iter().enumerate();
        let on = |want: Side| dealt.clone().filter(|(i, _)| side(*i) == want).map(|(_, c)| *c).collect();
        Shown {
            joker: deal.joker,
            andar: on(Side::Andar),
            bahar: on(Side::Bahar),
            winner: (n == deal.dealt.len()).then_some(deal.winner),
        }
    }

    fn step(deal: &Deal, index: u32) -> Step {
        let i = index as usize;
        Step { card: deal.dealt[i.min(deal.dealt.len() - 1)], side: side(i) }
    }
}
