//! What a round game is: a pure rules type the shared round table ([`super::round`], [`super::actor`]) plays.
//! A game says which picks it takes, how a round's seed becomes its outcome, how long the reveal lasts and what
//! each pick returns; the table does the rest (timer, bets, wallet, history, fairness, broadcasts).

use crate::fair::{Dice, Rtp};
use crate::money::{Overflow, Paise};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

/// How long each part of a round lasts, read when the round opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[schema(as = RoundTimings)]
#[serde(rename_all = "camelCase")]
pub struct Timings {
    /// Bets are taken for this long after the round opens.
    pub betting_ms: i64,
    /// Then the table waits this long before the reveal (Titli Par's last 15 s).
    pub closed_ms: i64,
    /// A reveal of n steps (Andar Bahar's cards) lasts n × this.
    pub step_ms: i64,
    /// The result stays on screen this long before the next round opens.
    pub result_ms: i64,
}

/// Stakes a line of a bet may carry (in paise), and how many lines one bet may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RoundStakeLimits)]
pub struct StakeLimits {
    /// Paise.
    #[schema(value_type = i64, example = 1000)]
    pub min: Paise,
    /// Paise.
    #[schema(value_type = i64, example = 1000000)]
    pub max: Paise,
    pub max_lines: usize,
}

/// A game's settings: an operator may change them; a round reads them when it opens.
pub trait GameSettings: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + Unpin + 'static {
    fn timings(&self) -> Timings;
    fn limits(&self) -> StakeLimits;
    /// Both, to change (configuration reads them from the environment).
    fn parts_mut(&mut self) -> (&mut Timings, &mut StakeLimits);
    /// Why these settings cannot be played (e.g. a payout that would give the house no edge).
    fn check(&self) -> Result<(), String>;
}

pub trait RoundRules: Sized + Unpin + 'static {
    /// The game's name: its room, its references `{NAME}:{round}`, `/api/fair/{NAME}`.
    const NAME: &'static str;
    /// Its title, as players see it (`Titli Par`).
    const TITLE: &'static str;
    /// Its money's kind in the ledger.
    const KIND: crate::wallet::GameKind;
    /// What a line of a bet is on (a picture, a side, a colour).
    type Pick: Copy + Eq + Hash + Ord + Debug + Serialize + DeserializeOwned + Send + Sync + Unpin + 'static;
    /// What a round's seed decides.
    type Outcome: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + Unpin + 'static;
    type Settings: GameSettings;

    /// The outcome from the round's dice (see [`crate::fair`]); the same dice always give the same outcome.
    fn draw(dice: &mut Dice) -> Self::Outcome;
    /// How many reveal steps the outcome takes (cards dealt one by one); 0 for a single reveal.
    fn reveal_steps(outcome: &Self::Outcome) -> u32;
    /// Whether a line on `pick` wins on `outcome`.
    fn wins(pick: Self::Pick, outcome: &Self::Outcome) -> bool;
    /// What a winning line on `pick` returns, in hundredths of its stake (stake included: 1000 is 10×).
    fn pays(settings: &Self::Settings, pick: Self::Pick) -> i64;
    /// What a line returns, stake included (zero for a losing line), rounded down to the paisa. An overflow is an
    /// error (the round refuses, when the bet is placed, a ticket whose winning lines would overflow).
    fn payout(
        settings: &Self::Settings,
        pick: Self::Pick,
        stake: Paise,
        outcome: &Self::Outcome,
    ) -> Result<Paise, Overflow> {
        if Self::wins(pick, outcome) { stake.times_hundredths(Self::pays(settings, pick)) } else { Ok(Paise::ZERO) }
    }
    /// The exact return to player of a one-unit line on `pick`.
    fn rtp(settings: &Self::Settings, pick: Self::Pick) -> Rtp;
    /// Every pick, in display order.
    fn picks() -> Vec<Self::Pick>;
}

/// What every game's settings must satisfy: betting at least a second, no negative period, 0 < min ≤ max, and
/// 1 to `most_lines` lines a bet.
pub fn check_common(t: Timings, l: StakeLimits, most_lines: usize) -> Result<(), String> {
    if t.betting_ms < 1_000 || t.closed_ms < 0 || t.step_ms < 0 || t.result_ms < 0 {
        return Err("betting lasts at least 1 s and no period is negative".into());
    }
    if !l.min.is_positive() || l.max < l.min {
        return Err("stakes need 0 < min ≤ max".into());
    }
    if l.max_lines == 0 || l.max_lines > most_lines {
        return Err(format!("a bet has 1 to {most_lines} lines"));
    }
    Ok(())
}

/// Settings of a game where one of `PICKS` equally likely picks wins and a winning line returns `payout`
/// hundredths of its stake (Titli Par: 12 pictures, Color Prediction: 3 colours). The RTP is `payout / (100 × PICKS)`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UniformSettings<const PICKS: usize> {
    /// Hundredths of the stake a winning line returns, stake included (1000: 10×).
    pub payout: i64,
    pub timings: Timings,
    pub limits: StakeLimits,
}

impl<const PICKS: usize> UniformSettings<PICKS> {
    pub fn rtp(&self) -> Rtp {
        Rtp { numerator: self.payout as u128, denominator: 100 * PICKS as u128 }
    }
}

impl<const PICKS: usize> GameSettings for UniformSettings<PICKS> {
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
        if self.payout < 100 || self.payout >= 100 * PICKS as i64 {
            return Err(format!("the payout must be at least 1× and under {PICKS}× (the house keeps an edge)"));
        }
        check_common(self.timings, self.limits, PICKS)
    }
}

/// A pick of a game where one of `N` equally likely picks wins (Titli Par's pictures, Color Prediction's colours),
/// and the game's name: its rules are [`Uniform`]'s.
pub trait UniformPick<const N: usize>:
    Copy + Eq + Hash + Ord + Debug + Serialize + DeserializeOwned + Send + Sync + Unpin + 'static
{
    /// The game's [`RoundRules::NAME`], [`RoundRules::TITLE`] and [`RoundRules::KIND`].
    const NAME: &'static str;
    const TITLE: &'static str;
    const KIND: crate::wallet::GameKind;
    /// Every pick, in display order.
    const PICKS: [Self; N];
}

/// The rules of a game of `N` uniform picks `P`: the outcome is `PICKS[below(N)]`, shown at once; a line on it wins
/// the settings' `payout`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Uniform<P, const N: usize>(PhantomData<P>);

impl<P: UniformPick<N>, const N: usize> RoundRules for Uniform<P, N> {
    const NAME: &'static str = P::NAME;
    const TITLE: &'static str = P::TITLE;
    const KIND: crate::wallet::GameKind = P::KIND;
    type Pick = P;
    type Outcome = P;
    type Settings = UniformSettings<N>;

    fn draw(dice: &mut Dice) -> P {
        P::PICKS[dice.below(N as u32) as usize]
    }

    fn reveal_steps(_: &P) -> u32 {
        0
    }

    fn wins(pick: P, outcome: &P) -> bool {
        pick == *outcome
    }

    fn pays(settings: &UniformSettings<N>, _: P) -> i64 {
        settings.payout
    }

    fn rtp(settings: &UniformSettings<N>, _: P) -> Rtp {
        settings.rtp()
    }

    fn picks() -> Vec<P> {
        P::PICKS.to_vec()
    }
}
