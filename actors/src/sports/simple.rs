//! The other sports of the spec's ids, pure and simple: a match is a fixed number of steps in which each side scores
//! with its own chance (goals, points), and the match odds come from a normal approximation of the final margin. They
//! give the lists and a Match Odds (or 1X2) market; cricket has the full model.

use super::cricket::price;
use super::feed::*;
use crate::clock::EpochMs;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How a sport is simulated.
#[derive(Debug, Clone, Copy)]
pub struct Profile {
    pub sport_id: i64,
    pub competition: &'static str,
    pub sides: &'static [&'static str],
    /// Steps in a match, and what a step is called on the scoreboard ("min").
    pub steps: u32,
    pub step_name: &'static str,
    /// The average side's chance to score in a step, and the points a score is worth.
    pub chance: f64,
    pub points: u32,
    /// Whether a level score at the end is a draw (else it goes to the side ahead on a last tiebreak).
    pub draws: bool,
}

pub const FOOTBALL: Profile = Profile {
    sport_id: 1,
    competition: "Simulated Super League",
    sides: &[
        "Mumbai City",
        "Kerala Blasters",
        "Bengaluru FC",
        "Mohun Bagan",
        "East Bengal",
        "Goa United",
        "Odisha FC",
        "Chennaiyin",
    ],
    steps: 90,
    step_name: "min",
    chance: 0.015,
    points: 1,
    draws: true,
};
pub const TENNIS: Profile = Profile {
    sport_id: 2,
    competition: "Simulated Open",
    sides: &[
        "A. Kumar",
        "R. Bopanna",
        "S. Nagal",
        "Y. Bhambri",
        "P. Gunneswaran",
        "R. Ramanathan",
        "M. Ymer",
        "K. Khachanov",
    ],
    steps: 120,
    step_name: "pts",
    chance: 0.5,
    points: 1,
    draws: false,
};
pub const BASKETBALL: Profile = Profile {
    sport_id: 7522,
    competition: "Simulated Hoops League",
    sides: &["Delhi Dunkers", "Mumbai Marvels", "Chennai Slam", "Pune Peaks", "Kolkata Kings", "Jaipur Jumpers"],
    steps: 96,
    step_name: "poss",
    chance: 0.55,
    points: 2,
    draws: false,
};
pub const VOLLEYBALL: Profile = Profile {
    sport_id: 998917,
    competition: "Simulated Volley League",
    sides: &["Ahmedabad Defenders", "Calicut Heroes", "Hyderabad Black Hawks", "Kochi Blue Spikers", "Chennai Blitz"],
    steps: 150,
    step_name: "rally",
    chance: 0.5,
    points: 1,
    draws: false,
};

pub const BASEBALL: Profile = Profile {
    sport_id: 7511,
    competition: "Simulated Diamond League",
    sides: &["Mumbai Mavericks", "Delhi Sluggers", "Chennai Pitchers", "Kolkata Curveballs", "Pune Pinstripes"],
    steps: 54,
    step_name: "out",
    chance: 0.16,
    points: 1,
    draws: false,
};
pub const TABLE_TENNIS: Profile = Profile {
    sport_id: 27454574,
    competition: "Simulated TT Series",
    sides: &["S. Gnanasekaran", "A. Sharath", "M. Batra", "H. Desai", "S. Akula", "M. Kamath"],
    steps: 80,
    step_name: "pt",
    chance: 0.5,
    points: 1,
    draws: false,
};
pub const ICE_HOCKEY: Profile = Profile {
    sport_id: 7524,
    competition: "Simulated Ice League",
    sides: &["Shimla Storm", "Gulmarg Glaciers", "Leh Lynx", "Manali Mammoths", "Sikkim Snowhawks"],
    steps: 60,
    step_name: "min",
    chance: 0.05,
    points: 1,
    draws: true,
};
pub const DARTS: Profile = Profile {
    sport_id: 3503,
    competition: "Simulated Darts Masters",
    sides: &["N. Bhatia", "A. Singh", "P. Rao", "D. Mehta", "K. Iyer", "L. Fernandes"],
    steps: 11,
    step_name: "leg",
    chance: 0.5,
    points: 1,
    draws: false,
};
pub const MIXED_MARTIAL_ARTS: Profile = Profile {
    sport_id: 26420387,
    competition: "Simulated Fight Night",
    sides: &["R. Phogat", "B. Rana", "A. Kaushik", "S. Gill", "V. Thapa", "K. Dhillon"],
    steps: 15,
    step_name: "min",
    chance: 0.3,
    points: 1,
    draws: false,
};
/// Kabaddi and futsal have no id on the public exchanges; these are the server's own.
pub const KABADDI: Profile = Profile {
    sport_id: 99_001,
    competition: "Simulated Kabaddi League",
    sides: &["Patna Raiders", "Jaipur Panthers", "Bengal Warriors", "Puneri Paltan", "Telugu Titans", "Dabang Delhi"],
    steps: 80,
    step_name: "raid",
    chance: 0.45,
    points: 1,
    draws: true,
};
pub const FUTSAL: Profile = Profile {
    sport_id: 99_002,
    competition: "Simulated Futsal Cup",
    sides: &["Goa Strikers", "Delhi Dribblers", "Mumbai Five", "Kochi Kickers", "Shillong Stars"],
    steps: 40,
    step_name: "min",
    chance: 0.075,
    points: 1,
    draws: true,
};

/// Every sport simulated with this model, in the order they are listed.
pub const OTHER_SPORTS: [Profile; 11] = [
    FOOTBALL,
    TENNIS,
    BASKETBALL,
    VOLLEYBALL,
    BASEBALL,
    TABLE_TENNIS,
    ICE_HOCKEY,
    DARTS,
    MIXED_MARTIAL_ARTS,
    KABADDI,
    FUTSAL,
];

/// `Φ(x)`, the standard normal distribution (Abramowitz–Stegun 7.1.26, error under 1.5e-7).
fn phi(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs() / std::f64::consts::SQRT_2);
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-x * x / 2.0).exp();
    if x >= 0.0 { 0.5 * (1.0 + erf) } else { 0.5 * (1.0 - erf) }
}

/// Chances of (first side wins, draw, second side wins) with `left` steps to go, the first side `lead` points ahead.
pub fn chances(p: &Profile, strengths: (f64, f64), lead: i64, left: u32) -> (f64, f64, f64) {
    let (a, b) = strengths;
    let pts = f64::from(p.points);
    let mean = lead as f64 + f64::from(left) * pts * (a - b);
    let var = f64::from(left) * pts * pts * (a * (1.0 - a) + b * (1.0 - b));
    if var < 1e-9 {
        return match lead.cmp(&0) {
            std::cmp::Ordering::Greater => (1.0, 0.0, 0.0),
            std::cmp::Ordering::Less => (0.0, 0.0, 1.0),
            std::cmp::Ordering::Equal if p.draws => (0.0, 1.0, 0.0),
            std::cmp::Ordering::Equal => (0.5, 0.0, 0.5),
        };
    }
    let sd = var.sqrt();
    let win = 1.0 - phi((0.5 - mean) / sd);
    let lose = phi((-0.5 - mean) / sd);
    let level = (1.0 - win - lose).max(0.0);
    if p.draws { (win, level, lose) } else { (win + level / 2.0, 0.0, lose + level / 2.0) }
}

pub struct SimpleMatch {
    profile: Profile,
    strengths: (f64, f64),
    score: (u32, u32),
    step: u32,
    state: MatchState,
    rng: ChaCha8Rng,
}

impl SimpleMatch {
    pub fn new(profile: Profile, match_id: i64, starts_at: EpochMs, seed: u64, terms: Terms) -> SimpleMatch {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let first = rng.random_range(0..profile.sides.len());
        let second = (first + rng.random_range(1..profile.sides.len())) % profile.sides.len();
        let teams = [profile.sides[first].to_string(), profile.sides[second].to_string()];
        let tilt = rng.random_range(-0.15..0.15);
        let strengths = (profile.chance * (1.0 + tilt), profile.chance * (1.0 - tilt));
        let fixture = Fixture {
            match_id,
            sport_id: profile.sport_id,
            name: format!("{} v {}", teams[0], teams[1]),
            competition: profile.competition.into(),
            starts_at,
            teams,
        };
        let name = if profile.draws { "1X2" } else { "Match Odds" };
        let state = MatchState::upcoming(fixture, terms.market(format!("1.{match_id}"), name.into()));
        let mut m = SimpleMatch { profile, strengths, score: (0, 0), step: 0, state, rng };
        m.state.market = m.market(MarketStatus::Suspended);
        m.state.score = m.scoreboard("Starts soon");
        m
    }

    fn market(&self, status: MarketStatus) -> Market {
        let lead = i64::from(self.score.0) - i64::from(self.score.1);
        let (w, d, l) = chances(&self.profile, self.strengths, lead, self.profile.steps - self.step);
        let mut names = vec![(self.state.teams[0].clone(), w, 1)];
        if self.profile.draws {
            names.push(("The Draw".to_string(), d, 3));
        }
        names.push((self.state.teams[1].clone(), l, 2));
        let salt = self.state.seq ^ self.state.match_id as u64;
        let runners: Option<Vec<Runner>> = names
            .into_iter()
            .map(|(name, q, n)| {
                // A runner that cannot be quoted with the margin (nearly decided) suspends the market.
                let b = price::book(q, super::sim::MARGIN, salt ^ n)?;
                Some(Runner {
                    selection_id: self.state.match_id * 10 + n as i64,
                    runner_name: name,
                    status: "ACTIVE".into(),
                    ex: Exchange {
                        available_to_back: b.available_to_back.to_vec(),
                        available_to_lay: b.available_to_lay.to_vec(),
                    },
                })
            })
            .collect();
        match runners {
            Some(runners) => Market { status, runners, ..self.state.market.clone() },
            None => Market { status: MarketStatus::Suspended, ..self.state.market.clone() },
        }
    }

    fn scoreboard(&self, comment: &str) -> Score {
        Score {
            batting: format!("{} {}-{} {}", self.state.teams[0], self.score.0, self.score.1, self.state.teams[1]),
            runs: self.score.0,
            wickets: self.score.1,
            overs: format!("{} {}", self.step, self.profile.step_name),
            comment: comment.into(),
            ..Score::default()
        }
    }
}

impl Provider for SimpleMatch {
    /// One step, if due: the match starts, a step is played, or it ends and settles.
    fn tick(&mut self, now: EpochMs) -> Option<Delta> {
        match self.state.status {
            MatchStatus::Finished => None,
            MatchStatus::Upcoming if now < self.state.starts_at => None,
            MatchStatus::Upcoming => {
                let updates = vec![
                    Update::Status(MatchStatus::InPlay),
                    Update::Score(self.scoreboard("Under way")),
                    Update::Market(self.market(MarketStatus::Open)),
                ];
                Some(self.state.advance(now, updates))
            }
            MatchStatus::InPlay => {
                self.step += 1;
                let (a, b) = self.strengths;
                let mut scored = Vec::new();
                if self.rng.random_bool(a.min(1.0)) {
                    self.score.0 += self.profile.points;
                    scored.push(self.state.teams[0].clone());
                }
                if self.rng.random_bool(b.min(1.0)) {
                    self.score.1 += self.profile.points;
                    scored.push(self.state.teams[1].clone());
                }
                let comment =
                    if scored.is_empty() { String::new() } else { format!("{} scores", scored.join(" and ")) };
                if self.step < self.profile.steps {
                    let updates =
                        vec![Update::Score(self.scoreboard(&comment)), Update::Market(self.market(MarketStatus::Open))];
                    return Some(self.state.advance(now, updates));
                }
                let winner = match self.score.0.cmp(&self.score.1) {
                    std::cmp::Ordering::Greater => Some(self.state.match_id * 10 + 1),
                    std::cmp::Ordering::Less => Some(self.state.match_id * 10 + 2),
                    std::cmp::Ordering::Equal if self.profile.draws => Some(self.state.match_id * 10 + 3),
                    std::cmp::Ordering::Equal => Some(self.state.match_id * 10 + 1 + self.rng.random_range(0..2)),
                };
                let updates = vec![
                    Update::Score(self.scoreboard("Full time")),
                    Update::Market(Market { status: MarketStatus::Closed, ..self.state.market.clone() }),
                    Update::Settled { winner },
                ];
                Some(self.state.advance(now, updates))
            }
        }
    }

    fn snapshot(&self) -> &MatchState {
        &self.state
    }

    fn push(&mut self, now: EpochMs, updates: Vec<Update>) -> Delta {
        self.state.advance(now, updates)
    }
}
