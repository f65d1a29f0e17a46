//! Teams and players for simulated matches: real-looking names, squads of 11 in batting order, with the bowlers
//! (the last five, and the sixth for a spare over) known. Deterministic from a seed.

use rand::Rng;
use rand::seq::SliceRandom;

pub const TEAMS: [&str; 16] = [
    "Mumbai Mariners",
    "Chennai Chargers",
    "Delhi Dynamos",
    "Kolkata Knights",
    "Punjab Panthers",
    "Rajasthan Royals XI",
    "Hyderabad Hawks",
    "Bengaluru Blasters",
    "Lucknow Lions",
    "Gujarat Giants",
    "Pune Pioneers",
    "Jaipur Jaguars",
    "Kochi Cobras",
    "Indore Invincibles",
    "Nagpur Ninjas",
    "Goa Gladiators",
];

const FIRST: [&str; 40] = [
    "Rohit",
    "Virat",
    "Shubman",
    "Rishabh",
    "Hardik",
    "Ravindra",
    "Jasprit",
    "Mohammed",
    "Suryakumar",
    "Yashasvi",
    "Sanju",
    "Axar",
    "Kuldeep",
    "Arshdeep",
    "Ishan",
    "Shreyas",
    "Ruturaj",
    "Rinku",
    "Tilak",
    "Washington",
    "Shivam",
    "Avesh",
    "Mukesh",
    "Ravi",
    "Deepak",
    "Prasidh",
    "Umran",
    "Prithvi",
    "Venkatesh",
    "Abhishek",
    "Nitish",
    "Harshit",
    "Mayank",
    "Dhruv",
    "Sai",
    "Rahul",
    "Krunal",
    "Varun",
    "Yuzvendra",
    "Bhuvneshwar",
];

const LAST: [&str; 40] = [
    "Sharma",
    "Kohli",
    "Gill",
    "Pant",
    "Pandya",
    "Jadeja",
    "Bumrah",
    "Siraj",
    "Yadav",
    "Jaiswal",
    "Samson",
    "Patel",
    "Singh",
    "Kishan",
    "Iyer",
    "Gaikwad",
    "Varma",
    "Sundar",
    "Dube",
    "Khan",
    "Kumar",
    "Chahar",
    "Krishna",
    "Malik",
    "Shaw",
    "Reddy",
    "Rana",
    "Agarwal",
    "Jurel",
    "Sudharsan",
    "Tripathi",
    "Chakravarthy",
    "Chahal",
    "Thakur",
    "Bishnoi",
    "Tewatia",
    "Parag",
    "Hooda",
    "Dhawan",
    "Karthik",
];

/// A team for one match: its name and eleven players in batting order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Squad {
    pub name: String,
    pub players: Vec<String>,
}

impl Squad {
    /// The players who bowl, in the order they come on: the last five, then the sixth-last for a spare over.
    pub fn bowlers(&self) -> Vec<usize> {
        (5..11).rev().collect()
    }
}

/// Two different teams with eleven distinct players each (no name twice in the match).
pub fn pick_teams<R: Rng + ?Sized>(rng: &mut R) -> (Squad, Squad) {
    let mut teams = TEAMS.to_vec();
    teams.shuffle(rng);
    let mut names: Vec<String> = Vec::with_capacity(22);
    while names.len() < 22 {
        let name = format!("{} {}", FIRST[rng.random_range(0..FIRST.len())], LAST[rng.random_range(0..LAST.len())]);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let b = names.split_off(11);
    (Squad { name: teams[0].to_string(), players: names }, Squad { name: teams[1].to_string(), players: b })
}
