//! The actor families and their own figures. A family's figure is set by index: `probe.set(table::BETS, n)`.

use super::probe::{Family, Figure, Kind, Spread};

const fn gauge(name: &'static str, metric: &'static str, help: &'static str) -> Figure {
    Figure { name, metric, help, kind: Kind::Gauge }
}

const fn counter(name: &'static str, metric: &'static str, help: &'static str) -> Figure {
    Figure { name, metric, help, kind: Kind::Counter }
}

/// A game table: one actor per table, driven by its timer.
pub mod table {
    use super::*;
    pub const ROUND: usize = 0;
    pub const PHASE: usize = 1;
    pub const BETS: usize = 2;
    pub const STAKES: usize = 3;
    pub const PLAYERS: usize = 4;
    pub const HOUSE_TODAY: usize = 5;
    pub const PHASES: &[&str] = &["betting", "flying", "crashed", "suspended", "closed", "revealing", "settled"];
    pub static FAMILY: Family = Family {
        name: "table",
        figures: &[
            gauge("round", "casino_table_round", "The round in play."),
            Figure {
                name: "phase",
                metric: "casino_table_phase",
                help: "The round's phase: 0 betting, 1 flying, 2 crashed, 3 suspended, 4 closed, 5 revealing, 6 settled.",
                kind: Kind::Named(PHASES),
            },
            gauge("bets", "casino_table_bets_open", "Bets in the round in play."),
            Figure {
                name: "stakes",
                metric: "casino_table_stakes_in_play_rupees",
                help: "Stakes of the bets in the round in play.",
                kind: Kind::Rupees,
            },
            gauge("players", "casino_table_players", "Connections in the table's room."),
            Figure {
                name: "houseToday",
                metric: "casino_table_house_result_today_rupees",
                help: "What the house won (positive) or lost at this table today (UTC), as the table decided it.",
                kind: Kind::Rupees,
            },
        ],
        spreads: &[],
        ticks: true,
    };
}

/// The Mines desk: every player's own game, one actor.
pub mod desk {
    use super::*;
    pub const GAMES: usize = 0;
    pub const STAKES: usize = 1;
    pub const PLAYERS: usize = 2;
    pub const MOVES: usize = 3;
    pub const HOUSE_TODAY: usize = 4;
    pub static FAMILY: Family = Family {
        name: "desk",
        figures: &[
            gauge("games", "casino_desk_games_open", "Games in play (abandoned ones included)."),
            Figure {
                name: "stakes",
                metric: "casino_desk_stakes_held_rupees",
                help: "Stakes held for the games in play.",
                kind: Kind::Rupees,
            },
            gauge("players", "casino_desk_players_moving", "Players with a move in flight."),
            counter("moves", "casino_desk_moves_total", "Starts, reveals and cash-outs taken."),
            Figure {
                name: "houseToday",
                metric: "casino_desk_house_result_today_rupees",
                help: "What the house won (positive) or lost at this desk today (UTC).",
                kind: Kind::Rupees,
            },
        ],
        spreads: &[],
        ticks: false,
    };
}

/// A wallet shard: the only writer of its users' accounts, group-committing their changes.
pub mod wallet {
    use super::*;
    pub const QUEUE: usize = 0;
    pub const CHANGES: usize = 1;
    pub const BATCH: usize = 0;
    pub const COMMIT: usize = 1;
    pub static FAMILY: Family = Family {
        name: "wallet",
        figures: &[
            gauge("queue", "casino_wallet_queue_changes", "Changes waiting for the next batch."),
            counter("changes", "casino_wallet_changes_total", "Changes decided by the shard."),
        ],
        spreads: &[
            Spread { name: "batch", metric: "casino_wallet_batch_changes", help: "Changes per batch.", micros: false },
            Spread {
                name: "commit",
                metric: "casino_wallet_commit_seconds",
                help: "Time to write and commit one batch.",
                micros: true,
            },
        ],
        ticks: false,
    };
}

/// The hub: rooms of connections, fanning broadcasts out.
pub mod hub {
    use super::*;
    pub const ROOMS: usize = 0;
    pub const MEMBERS: usize = 1;
    pub const OFFERED: usize = 2;
    pub const DROPPED: usize = 3;
    pub const SLOW_CUT: usize = 4;
    pub const KICKED: usize = 5;
    pub static FAMILY: Family = Family {
        name: "hub",
        figures: &[
            gauge("rooms", "casino_hub_rooms", "Rooms with at least one member."),
            gauge("members", "casino_hub_connections", "Connections in at least one room."),
            counter("framesOffered", "casino_hub_frames_offered_total", "Frames offered to connections' outboxes."),
            counter("framesDropped", "casino_hub_frames_dropped_total", "Frames refused by a full or closed outbox."),
            counter(
                "slowCut",
                "casino_hub_slow_clients_cut_total",
                "Connections closed because their outbox was full.",
            ),
            counter("kicked", "casino_hub_session_kicks_total", "Connections closed because their session ended."),
        ],
        spreads: &[],
        ticks: false,
    };
}

/// The Socket.IO gateway: one actor per connection, reported together.
pub mod gateway {
    use super::*;
    pub const WEBSOCKET: usize = 0;
    pub const FRAMES_IN: usize = 1;
    pub static FAMILY: Family = Family {
        name: "gateway",
        figures: &[
            gauge("websocket", "casino_gateway_connections_websocket", "Open connections over WebSocket."),
            counter("framesIn", "casino_gateway_frames_received_total", "Frames received from clients."),
        ],
        spreads: &[],
        ticks: false,
    };
}
