//! Andar Bahar: a 52-card deck shuffled from the round's seed; the first card is the joker, face up; the rest are
//! dealt one by one, Andar first, until a card of the joker's rank appears: its side wins. Andar is dealt first,
//! so it wins a little more often (P = 10,725 / 20,825 ≈ 51.50 %), and the default payouts (1.9× Andar, 2× Bahar)
//! leave the house an edge on both (RTP 97.85 % and 97.00 %). There is no Tie: it could never win. Pure: the shared round table plays it.

use crate::fair::{Dice, Rtp};
use crate::money::Paise;
use crate::table::game::{GameSettings, RoundRules, StakeLimits, Timings, check_common};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = AndarBaharSide)]
pub enum Side {
    Andar,
    Bahar,
}

/// A card 0–51: rank `n % 13` (0 = ace … 12 = king), suit `n / 13` (spades, hearts, diamonds, clubs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Card(pub u8);

/// In the OpenAPI document: `AndarBaharCard`, an integer 0–51.
impl utoipa::PartialSchema for Card {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(0))
            .maximum(Some(51))
            .description(Some("A card 0–51: rank n % 13 (0 = ace … 12 = king), suit n / 13 (♠ ♥ ♦ ♣)"))
            .into()
    }
}

impl utoipa::ToSchema for Card {
    fn name() -> std::borrow::Cow<'static, str> {
        "AndarBaharCard".into()
    }
}

impl Card {
    pub fn rank(self) -> u8 {
        self.0 % 13
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Deal {
    pub joker: Card,
    /// Dealt in order: even positions to Andar, odd to Bahar; the last one matches the joker's rank.
    pub dealt: Vec<Card>,
    pub winner: Side,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AndarBaharSettings {
    /// Hundredths of the stake a winning Andar line returns (190: 0.9 to 1).
    pub andar_payout: i64,
    pub bahar_payout: i64,
    pub timings: Timings,
    pub limits: StakeLimits,
}

impl Default for AndarBaharSettings {
    fn default() -> Self {
        AndarBaharSettings {
            andar_payout: 190,
            bahar_payout: 200,
            // 10 s of bets, a card a second, the next round 20 s after the result.
            timings: Timings { betting_ms: 10_000, closed_ms: 1_000, step_ms: 1_000, result_ms: 20_000 },
            limits: StakeLimits { min: Paise::from_rupees(10), max: Paise::from_rupees(10_000), max_lines: 1 },
        }
    }
}

/// Orders of the 51 cards after the joker, counted by where the first of the 3 matching cards falls:
/// `C(51, 3)` placements of the matches, of which [`andar_wins`] put the first one at an even position.
const PLACEMENTS: u128 = 51 * 50 * 49 / 6;

/// Placements of the three matching cards whose first falls at an even position (dealt to Andar):
/// Σ over even k of C(50 − k, 2).
pub fn andar_wins() -> u128 {
    (0..=48u128).step_by(2).map(|k| (50 - k) * (49 - k) / 2).sum()
}

impl GameSettings for AndarBaharSettings {
    fn timings(&self) -> Timings {
        self.timings
    }
    fn limits(&self) -> StakeLimits {
        self.limits
    }
    fn parts_mut(&mut self) -> (&mut Timings, &mut StakeLimits) {
        (&mut self.timings, &mut self.limits)
    }
    fn check(&self) -> Result<(), String> {
        let edge = |payout: i64, wins: u128| payout >= 100 && (payout as u128) * wins < 100 * PLACEMENTS;
        if !edge(self.andar_payout, andar_wins()) || !edge(self.bahar_payout, PLACEMENTS - andar_wins()) {
            return Err("each payout must return at least the stake and leave the house an edge".into());
        }
        check_common(self.timings, self.limits, 1)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AndarBahar;

impl RoundRules for AndarBahar {
    const NAME: &'static str = "andar_bahar";
    const TITLE: &'static str = "Andar Bahar";
    const KIND: crate::wallet::GameKind = crate::wallet::GameKind::AndarBahar;
    type Pick = Side;
    type Outcome = Deal;
    type Settings = AndarBaharSettings;

    /// The deck `0..52` shuffled by `Dice::shuffle`; the joker is the first card, the deal the rest in order.
    fn draw(dice: &mut Dice) -> Deal {
        let mut deck: Vec<u8> = (0..52).collect();
        dice.shuffle(&mut deck);
        let joker = Card(deck[0]);
        // Three of the other 51 cards share the joker's rank, so a match is always found (at most at index 48).
        let at = deck[1..].iter().position(|c| Card(*c).rank() == joker.rank()).unwrap_or(deck.len() - 2);
        let dealt: Vec<Card> = deck[1..=at + 1].iter().map(|c| Card(*c)).collect();
        let winner = if at % 2 == 0 { Side::Andar } else { Side::Bahar };
        Deal { joker, dealt, winner }
    }

    fn reveal_steps(deal: &Deal) -> u32 {
        deal.dealt.len() as u32
    }

    fn wins(pick: Side, deal: &Deal) -> bool {
        pick == deal.winner
    }

    fn pays(settings: &AndarBaharSettings, pick: Side) -> i64 {
        match pick {
            Side::Andar => settings.andar_payout,
            Side::Bahar => settings.bahar_payout,
        }
    }

    fn rtp(settings: &AndarBaharSettings, pick: Side) -> Rtp {
        let (payout, wins) = match pick {
            Side::Andar => (settings.andar_payout, andar_wins()),
            Side::Bahar => (settings.bahar_payout, PLACEMENTS - andar_wins()),
        };
        Rtp { numerator: payout as u128 * wins, denominator: 100 * PLACEMENTS }
    }

    fn picks() -> Vec<Side> {
        vec![Side::Andar, Side::Bahar]
    }
}
