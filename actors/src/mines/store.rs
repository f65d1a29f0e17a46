//! Mines games and seeds on record (`mines_games`, `mines_seeds`), and at start-up the recovery of games a
//! previous run left: settles still to apply, holds that never committed.

use super::rules::{Board, Game, Status};
use super::wire::GameSeeds;
use crate::clock::EpochMs;
use crate::fair::ServerSeed;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;
use crate::store::Db;
use crate::store::StoreError;
use crate::table::keys::BetKeys;
use crate::wallet::WalletError;
use crate::wallet::{Change, GameKind, WalletHandle, intents};
use sqlx::Any;

pub const NAME: &str = "mines";

/// The names a game's money moves under: reference and intent owner `mines:{id}`.
pub fn keys(id: i64) -> BetKeys {
    BetKeys { game: NAME, round: RoundId(id) }
}

/// A player's seeds for their next game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeedRow {
    pub server_seed: ServerSeed,
    pub client_seed: String,
    pub nonce: i64,
}

/// A game as recorded: its rules state and its seeds.
#[derive(Debug, Clone)]
pub struct GameRow {
    pub id: i64,
    pub user: UserId,
    pub game: Game,
    pub seeds: GameSeeds,
}

fn status_of(s: &str) -> Option<Status> {
    match s {
        "playing" => Some(Status::Playing),
        "lost" => Some(Status::Lost),
        "won" => Some(Status::Won),
        _ => None,
    }
}

pub fn status_text(s: Status) -> &'static str {
    match s {
        Status::Playing => "playing",
        Status::Lost => "lost",
        Status::Won => "won",
    }
}

fn tiles_text(tiles: &[u8]) -> String {
    tiles.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
}

const GAME_COLUMNS: &str = "id, user_id, status, mines, stake, house_edge_bp, max_payout, server_seed, commitment, \
                            client_seed, nonce, revealed, created_at, ended_at";

/// A row of [`GAME_COLUMNS`], as the database has it.
#[derive(sqlx_macros::FromRow)]
struct GameDbRow {
    id: i64,
    user_id: i64,
    status: String,
    mines: i64,
    stake: i64,
    house_edge_bp: i64,
    max_payout: i64,
    server_seed: String,
    commitment: String,
    client_seed: String,
    nonce: i64,
    revealed: String,
    created_at: EpochMs,
    ended_at: Option<EpochMs>,
}

/// A row of [`GAME_COLUMNS`]; `None` for a void game.
fn game_from(r: GameDbRow) -> Result<Option<GameRow>, sqlx::Error> {
    let Some(status) = status_of(&r.status) else { return Ok(None) };
    let seed_hex = r.server_seed;
    let Some(seed) = ServerSeed::from_hex(&seed_hex) else {
        return Err(sqlx::Error::Decode("a mines game's server seed is not 64 hex characters".into()));
    };
    let mines = u8::try_from(r.mines).unwrap_or(0);
    let (client_seed, nonce) = (r.client_seed, r.nonce);
    let mut game = Game::new(
        Board::deal(&seed, &client_seed, nonce, mines),
        mines,
        Paise::new(r.stake),
        u32::try_from(r.house_edge_bp).unwrap_or(0),
        Paise::new(r.max_payout),
    );
    game.revealed = r.revealed.split(',').filter_map(|t| t.parse().ok()).collect();
    game.status = status;
    Ok(Some(GameRow {
        id: r.id,
        user: UserId(r.user_id),
        game,
        seeds: GameSeeds {
            commitment: r.commitment,
            server_seed: seed_hex,
            client_seed,
            nonce,
            created_at: r.created_at,
            ended_at: r.ended_at,
        },
    }))
}

/// A row of `mines_seeds`, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct SeedDbRow {
    server_seed: String,
    client_seed: String,
    nonce: i64,
}

/// A fresh client seed: 20 hex characters from the operating system (the player may choose their own).
pub fn fresh_client_seed() -> String {
    hex::encode(rand::random::<[u8; 10]>())
}

/// The player's seeds, made (and recorded) on first use.
pub async fn seeds(db: &Db, user: UserId) -> Result<SeedRow, StoreError> {
    let read = || async {
        let row = sqlx::query_as::<Any, SeedDbRow>(
            "SELECT server_seed, client_seed, nonce FROM mines_seeds WHERE user_id = $1",
        )
        .bind(user.0)
        .fetch_optional(&db.pool)
        .await?;
        row.map(|r| {
            Ok::<_, StoreError>(SeedRow {
                server_seed: ServerSeed::from_hex(&r.server_seed)
                    .ok_or_else(|| StoreError::Corrupt("a stored mines seed is not 64 hex characters".into()))?,
                client_seed: r.client_seed,
                nonce: r.nonce,
            })
        })
        .transpose()
    };
    if let Some(s) = read().await? {
        return Ok(s);
    }
    let mut w = db.begin_write().await?;
    sqlx::query::<Any>(
        "INSERT INTO mines_seeds (user_id, server_seed, client_seed, nonce) VALUES ($1, $2, $3, 1) \
         ON CONFLICT (user_id) DO NOTHING",
    )
    .bind(user.0)
    .bind(ServerSeed(rand::random()).to_hex())
    .bind(fresh_client_seed())
    .execute(&mut *w.tx)
    .await?;
    w.commit().await?;
    read().await?.ok_or_else(|| StoreError::Corrupt("mines seeds not recorded".into()))
}

/// Replaces the player's next server seed (and client seed).
pub async fn reseed(db: &Db, user: UserId, next: &SeedRow) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    sqlx::query::<Any>("UPDATE mines_seeds SET server_seed = $1, client_seed = $2 WHERE user_id = $3")
        .bind(next.server_seed.to_hex())
        .bind(next.client_seed.clone())
        .bind(user.0)
        .execute(&mut *w.tx)
        .await?;
    w.commit().await.map_err(StoreError::from)
}

/// What a new game is: recorded before its stake is held.
pub struct NewGame<'a> {
    pub user: UserId,
    pub game: &'a Game,
    pub seeds: &'a SeedRow,
    /// The seed the player's next game will use.
    pub next_seed: ServerSeed,
    pub now: EpochMs,
}

/// Records the game `playing` and moves the player's seeds on (a fresh server seed, the next nonce), in one
/// transaction. Returns the game's id.
pub async fn open_game(db: &Db, g: &NewGame<'_>) -> Result<i64, StoreError> {
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    let id: i64 = sqlx::query_scalar::<Any, i64>(
        "INSERT INTO mines_games (user_id, status, mines, stake, house_edge_bp, max_payout, server_seed, commitment, \
         client_seed, nonce, revealed, created_at) VALUES ($1, 'playing', $2, $3, $4, $5, $6, $7, $8, $9, '', $10) \
         RETURNING id",
    )
    .bind(g.user.0)
    .bind(i64::from(g.game.mines))
    .bind(g.game.stake.get())
    .bind(i64::from(g.game.edge_bp))
    .bind(g.game.cap.get())
    .bind(g.seeds.server_seed.to_hex())
    .bind(g.seeds.server_seed.commitment())
    .bind(g.seeds.client_seed.clone())
    .bind(g.seeds.nonce)
    .bind(g.now)
    .fetch_one(&mut **tx)
    .await?;
    sqlx::query::<Any>("UPDATE mines_seeds SET server_seed = $1, nonce = nonce + 1 WHERE user_id = $2")
        .bind(g.next_seed.to_hex())
        .bind(g.user.0)
        .execute(&mut **tx)
        .await?;
    w.commit().await?;
    Ok(id)
}

/// The game never held its stake: it is void.
pub async fn void_game(db: &Db, id: i64, now: EpochMs) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    sqlx::query::<Any>("UPDATE mines_games SET status = 'void', ended_at = $1 WHERE id = $2")
        .bind(now)
        .bind(id)
        .execute(&mut *w.tx)
        .await?;
    w.commit().await.map_err(StoreError::from)
}

/// A safe tile opened: the game plays on. Through the write gate, queued in-process with the other writers rather
/// than waiting in SQLite's busy handler.
pub async fn save_reveal(db: &Db, id: i64, game: &Game) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    sqlx::query::<Any>("UPDATE mines_games SET revealed = $1 WHERE id = $2 AND status = 'playing'")
        .bind(tiles_text(&game.revealed))
        .bind(id)
        .execute(&mut *w.tx)
        .await?;
    w.commit().await.map_err(StoreError::from)
}

/// The game is over (`game.status` lost or won): its tiles, payout and settle intent, in one transaction.
pub async fn end_game(db: &Db, id: i64, game: &Game, settle: &Change, now: EpochMs) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    sqlx::query::<Any>(
        "UPDATE mines_games SET status = $1, revealed = $2, payout = $3, ended_at = $4 \
         WHERE id = $5 AND status = 'playing'",
    )
    .bind(status_text(game.status))
    .bind(tiles_text(&game.revealed))
    .bind(game.paid().get())
    .bind(now)
    .bind(id)
    .execute(&mut **tx)
    .await?;
    intents::record(tx, &keys(id).reference(), std::slice::from_ref(settle), now).await?;
    w.commit().await.map_err(StoreError::from)
}

/// The settle committed: the game's money has all moved.
pub async fn settled(db: &Db, id: i64, now: EpochMs) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    intents::mark_applied(&mut w.tx, &keys(id).reference(), now).await?;
    w.commit().await.map_err(StoreError::from)
}

/// One game (void ones are not games).
pub async fn game(db: &Db, id: i64) -> Result<Option<GameRow>, StoreError> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM mines_games WHERE id = $1");
    let row = sqlx::query_as::<Any, GameDbRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&db.pool).await?;
    Ok(row.map(game_from).transpose()?.flatten())
}

/// A player's finished games, newest first.
pub async fn history(db: &Db, user: UserId, limit: i64) -> Result<Vec<GameRow>, StoreError> {
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM mines_games WHERE user_id = $1 AND status IN ('lost', 'won') \
         ORDER BY id DESC LIMIT $2"
    );
    let rows =
        sqlx::query_as::<Any, GameDbRow>(sqlx::AssertSqlSafe(sql)).bind(user.0).bind(limit).fetch_all(&db.pool).await?;
    let games: Vec<Option<GameRow>> = rows.into_iter().map(game_from).collect::<Result<_, _>>()?;
    Ok(games.into_iter().flatten().collect())
}

/// What [`recover`] did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Recovered {
    /// Games whose settle a previous run recorded and did not finish.
    pub settled: usize,
    /// Games whose hold never committed.
    pub voided: usize,
}

/// Finishes what a previous run left, and returns the games still playing (their stakes held): recorded settles
/// are applied; a `playing` game whose stake the ledger does not hold is void (anything partly held is given back).
pub async fn recover(db: &Db, wallet: &WalletHandle, now: EpochMs) -> Result<(Vec<GameRow>, Recovered), WalletError> {
    let mut done = Recovered { settled: intents::resume_owned(db, wallet, "mines:", now).await?, voided: 0 };
    let sql = format!("SELECT {GAME_COLUMNS} FROM mines_games WHERE status = 'playing' ORDER BY id");
    let rows = sqlx::query_as::<Any, GameDbRow>(sqlx::AssertSqlSafe(sql)).fetch_all(&db.pool).await?;
    let mut playing = Vec::new();
    for row in rows {
        let Some(g) = game_from(row)? else { continue };
        let held: Option<i64> = sqlx::query_scalar::<Any, Option<i64>>(
            "SELECT CAST(SUM(delta_exposure) AS BIGINT) FROM ledger WHERE reference = $1 AND account_id = $2",
        )
        .bind(keys(g.id).reference())
        .bind(g.user.0)
        .fetch_one(&db.pool)
        .await?;
        if held == Some(g.game.stake.get()) {
            playing.push(g);
            continue;
        }
        crate::table::store::refund_held(db, wallet, &keys(g.id), GameKind::Mines).await?;
        void_game(db, g.id, now).await?;
        done.voided += 1;
    }
    Ok((playing, done))
}
