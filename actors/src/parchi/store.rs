//! The three-card game's rows (migrations 0013 and 0017): a play is recorded `pending` (with the card it locks) before
//! its stake's hold is asked, and becomes `held` or `void` (unlocking the card) by the wallet's answer. A game whose
//! cards are not all locked at the match's first ball is recorded `void` at that moment ([`record_void`]), every held
//! entry `returned` with its refund's settle intent (owner `parchi:{match}`) in the same transaction; a complete game's
//! end is recorded the same way when the match ends ([`record_end`]). Either is recorded once, and its intents are
//! then applied. At start-up [`recover`] finishes what a previous run left: a pending play is decided by the ledger, a
//! game still open goes on when its match is resumed (`sports::store`; the desk rebuilds it with [`open_game`]) and
//! is abandoned with every stake returned only when its match is gone, and recorded settles (an end's or a void's)
//! are applied.

use super::rules::Payout;
use crate::clock::EpochMs;
use crate::ids::UserId;
use crate::money::Paise;
use crate::store::Db;
use crate::store::StoreError;
use crate::wallet::WalletError;
use crate::wallet::intents;
use crate::wallet::kind::GameKind;
use crate::wallet::{Change, LedgerKind, Movement, SystemAccount, WalletHandle};
use sqlx::Any;
use std::collections::BTreeSet;

pub fn owner(match_id: i64) -> String {
    format!("parchi:{match_id}")
}

/// The hold of an entry's stake.
pub fn hold(match_id: i64, entry: i64, user: UserId, stake: Paise) -> Change {
    Change {
        user,
        movement: Movement::Hold { amount: stake },
        kind: LedgerKind::Bet(GameKind::Parchi),
        reference: owner(match_id),
        idempotency_key: format!("parchi:{match_id}:{entry}:hold"),
    }
}

/// A new play, before its hold: the entry, and the card's players when this play locks it.
pub struct NewPlay<'a> {
    pub match_id: i64,
    pub match_name: &'a str,
    pub card: usize,
    pub user: UserId,
    pub stake: Paise,
    pub locks: Option<&'a [String; 2]>,
    pub now: EpochMs,
}

/// Records a play `pending` (and the game, on its first play); returns the entry's id.
pub async fn record_play(db: &Db, p: &NewPlay<'_>) -> Result<i64, StoreError> {
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    sqlx::query::<Any>(
        "INSERT INTO parchi_games (match_id, match_name, status, created_at) VALUES ($1, $2, 'open', $3) \
         ON CONFLICT (match_id) DO NOTHING",
    )
    .bind(p.match_id)
    .bind(p.match_name)
    .bind(p.now)
    .execute(&mut **tx)
    .await?;
    let id: i64 = sqlx::query_scalar::<Any, i64>(
        "INSERT INTO parchi_entries (match_id, card, user_id, stake, status, created_at) \
         VALUES ($1, $2, $3, $4, 'pending', $5) RETURNING id",
    )
    .bind(p.match_id)
    .bind(p.card as i64)
    .bind(p.user.0)
    .bind(p.stake.get())
    .bind(p.now)
    .fetch_one(&mut **tx)
    .await?;
    if let Some([a, b]) = p.locks {
        sqlx::query::<Any>(
            "INSERT INTO parchi_cards (match_id, card, player1, player2, locked_by, entry_id) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(p.match_id)
        .bind(p.card as i64)
        .bind(a.as_str())
        .bind(b.as_str())
        .bind(p.user.0)
        .bind(id)
        .execute(&mut **tx)
        .await
        ?;
    }
    w.commit().await?;
    Ok(id)
}

/// Closes a pending entry by its hold's answer: `held`, or `void` with the card it locked unlocked.
pub async fn play_held(db: &Db, entry: i64, held: bool) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    sqlx::query::<Any>("UPDATE parchi_entries SET status = $1 WHERE id = $2 AND status = 'pending'")
        .bind(if held { "held" } else { "void" })
        .bind(entry)
        .execute(&mut **tx)
        .await?;
    if !held {
        sqlx::query::<Any>("DELETE FROM parchi_cards WHERE entry_id = $1").bind(entry).execute(&mut **tx).await?;
    }
    w.commit().await.map_err(StoreError::from)
}

/// A game's end as recorded: `finished` with its winning card (0-based) or `abandoned` ([`record_end`]), or `void`
/// ([`record_void`]); its cards' totals.
pub struct End<'a> {
    pub match_id: i64,
    pub abandoned: bool,
    pub winner: Option<usize>,
    pub totals: [u32; 3],
    /// Each held entry (by id) and what it is paid.
    pub payouts: &'a [(i64, Payout)],
    pub now: EpochMs,
}

fn settle_change(match_id: i64, entry: i64, p: &Payout, abandoned: bool) -> Change {
    let kind = if p.paid > p.stake {
        LedgerKind::Win(GameKind::Parchi)
    } else if p.paid == p.stake || abandoned {
        LedgerKind::Refund(GameKind::Parchi)
    } else {
        LedgerKind::Loss(GameKind::Parchi)
    };
    Change {
        user: p.user,
        movement: Movement::Settle { hold: p.stake, payout: p.paid, with: SystemAccount::House },
        kind,
        reference: owner(match_id),
        idempotency_key: format!("parchi:{match_id}:{entry}:settle"),
    }
}

/// What an entry's end makes of it.
fn entry_status(p: &Payout) -> &'static str {
    match p.paid.cmp(&p.stake) {
        std::cmp::Ordering::Greater => "won",
        std::cmp::Ordering::Equal => "returned",
        std::cmp::Ordering::Less => "lost",
    }
}

/// Records a game's end with its entries' outcomes and settle intents, once (a game already ended, or void, records
/// nothing). Returns whether this call recorded it. A game nobody played has no row and nothing to record.
pub async fn record_end(db: &Db, e: &End<'_>) -> Result<bool, StoreError> {
    record_outcome(db, e, if e.abandoned { "abandoned" } else { "finished" }).await
}

/// Records a game void at its match's first ball (its three cards not all locked): every held entry `returned`, each
/// with the settle intent that gives its stake back (`payouts`: each paid its stake), in one transaction, once (a game
/// already void or ended records nothing). Returns whether this call recorded it; the caller then applies the intents
/// (and start-up does, should the server stop first). A game nobody played has no row and nothing to record.
pub async fn record_void(db: &Db, e: &End<'_>) -> Result<bool, StoreError> {
    debug_assert!(e.payouts.iter().all(|(_, p)| p.paid == p.stake), "a void game returns every stake");
    record_outcome(db, e, "void").await
}

async fn record_outcome(db: &Db, e: &End<'_>, status: &str) -> Result<bool, StoreError> {
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    let totals = format!("{},{},{}", e.totals[0], e.totals[1], e.totals[2]);
    let changed = sqlx::query::<Any>(
        "UPDATE parchi_games SET status = $1, winner_card = $2, totals = $3, ended_at = $4 \
         WHERE match_id = $5 AND status = 'open'",
    )
    .bind(status)
    .bind(e.winner.map(|w| w as i64))
    .bind(totals)
    .bind(e.now)
    .bind(e.match_id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if changed == 0 {
        return Ok(false);
    }
    let mut settles = Vec::with_capacity(e.payouts.len());
    for (entry, p) in e.payouts {
        sqlx::query::<Any>(
            "UPDATE parchi_entries SET status = $1, payout = $2, settled_at = $3 WHERE id = $4 AND status IN ('held', 'pending')",
        )
        .bind(entry_status(p))
        .bind(p.paid.get())
        .bind(e.now)
        .bind(*entry)
        .execute(&mut **tx)
        .await
        ?;
        settles.push(settle_change(e.match_id, *entry, p, e.abandoned));
    }
    intents::record(tx, &owner(e.match_id), &settles, e.now).await?;
    w.commit().await?;
    Ok(true)
}

/// What [`recover`] did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Recovered {
    /// Pending plays whose hold had committed, and those whose hold never did.
    pub held: usize,
    pub voided: usize,
    /// Games abandoned because their match did not survive the restart.
    pub abandoned: usize,
    /// Games left open: their match goes on.
    pub resumed: usize,
    /// Games whose recorded settles were applied.
    pub settled: usize,
}

/// A play still `pending`.
#[derive(sqlx_macros::FromRow)]
struct PendingRow {
    id: i64,
    match_id: i64,
    user_id: i64,
    stake: i64,
}

/// A held play of an open game.
#[derive(sqlx_macros::FromRow)]
struct HeldRow {
    id: i64,
    card: i64,
    user_id: i64,
    stake: i64,
}

/// Finishes what a previous run left (see the module's text).
/// `resumed`: the matches that go on (their open games stay open).
pub async fn recover(
    db: &Db,
    wallet: &WalletHandle,
    resumed: &BTreeSet<i64>,
    now: EpochMs,
) -> Result<Recovered, WalletError> {
    let mut done = Recovered::default();
    let pending = sqlx::query_as::<Any, PendingRow>(
        "SELECT id, match_id, user_id, stake FROM parchi_entries WHERE status = 'pending'",
    )
    .fetch_all(&db.pool)
    .await?;
    for r in &pending {
        let (id, match_id, user, stake) = (r.id, r.match_id, r.user_id, r.stake);
        let key = hold(match_id, id, UserId(user), Paise::new(stake)).idempotency_key;
        let held = intents::committed(db, &key, UserId(user)).await?;
        play_held(db, id, held).await?;
        if held { done.held += 1 } else { done.voided += 1 }
    }
    let open: Vec<i64> = sqlx::query_scalar::<Any, i64>("SELECT match_id FROM parchi_games WHERE status = 'open'")
        .fetch_all(&db.pool)
        .await?;
    for match_id in open {
        if resumed.contains(&match_id) {
            done.resumed += 1;
            continue;
        }
        let rows = sqlx::query_as::<Any, HeldRow>(
            "SELECT id, card, user_id, stake FROM parchi_entries WHERE match_id = $1 AND status = 'held' ORDER BY id",
        )
        .bind(match_id)
        .fetch_all(&db.pool)
        .await?;
        let mut payouts = Vec::with_capacity(rows.len());
        for r in &rows {
            let stake = Paise::new(r.stake);
            let card = usize::try_from(r.card).unwrap_or(0);
            let user = UserId(r.user_id);
            payouts.push((r.id, Payout { card, user, stake, paid: stake }));
        }
        let end = End { match_id, abandoned: true, winner: None, totals: [0; 3], payouts: &payouts, now };
        if record_end(db, &end).await? {
            tracing::warn!(
                match_id,
                entries = payouts.len(),
                "a three-card game open at a restart: abandoned, stakes returned"
            );
            done.abandoned += 1;
        }
    }
    done.settled = intents::resume_owned(db, wallet, "parchi:", now).await?;
    Ok(done)
}

/// A game left open by a previous run, as recorded: its locked cards and its held plays in the order taken.
#[derive(Debug, Default)]
pub struct OpenGame {
    pub cards: Vec<(usize, [String; 2])>,
    pub plays: Vec<HeldPlay>,
}

#[derive(Debug, sqlx_macros::FromRow)]
pub struct HeldPlay {
    pub id: i64,
    pub card: i64,
    pub user_id: i64,
    /// The player's name.
    pub name: String,
    pub stake: i64,
    pub created_at: i64,
}

#[derive(sqlx_macros::FromRow)]
struct CardRow {
    card: i64,
    player1: String,
    player2: String,
}

/// The open game of `match_id`, if there is one.
pub async fn open_game(db: &Db, match_id: i64) -> Result<Option<OpenGame>, StoreError> {
    let open: Option<String> =
        sqlx::query_scalar::<Any, String>("SELECT status FROM parchi_games WHERE match_id = $1 AND status = 'open'")
            .bind(match_id)
            .fetch_optional(&db.pool)
            .await?;
    if open.is_none() {
        return Ok(None);
    }
    let cards = sqlx::query_as::<Any, CardRow>(
        "SELECT card, player1, player2 FROM parchi_cards WHERE match_id = $1 ORDER BY card",
    )
    .bind(match_id)
    .fetch_all(&db.pool)
    .await?;
    let plays = sqlx::query_as::<Any, HeldPlay>(
        "SELECT e.id, e.card, e.user_id, u.name, e.stake, e.created_at FROM parchi_entries e \
         JOIN users u ON u.id = e.user_id WHERE e.match_id = $1 AND e.status = 'held' ORDER BY e.id",
    )
    .bind(match_id)
    .fetch_all(&db.pool)
    .await?;
    let cards =
        cards.into_iter().filter_map(|c| Some((usize::try_from(c.card).ok()?, [c.player1, c.player2]))).collect();
    Ok(Some(OpenGame { cards, plays }))
}

/// A player's play, for their history.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[schema(as = ParchiPlayRow)]
#[serde(rename_all = "camelCase")]
pub struct PlayRow {
    pub id: i64,
    pub match_id: i64,
    pub match_name: String,
    /// 1 to 3.
    pub card: i64,
    pub player1: Option<String>,
    pub player2: Option<String>,
    #[serde(serialize_with = "crate::money::as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub betpoints: Paise,
    // `plays_of` leaves out `pending` and `void`.
    /// `held` (the match goes on), `won`, `lost` or `returned`.
    #[schema(value_type = super::wire::EntryStatus)]
    pub status: String,
    #[serde(serialize_with = "crate::money::as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub payout: Paise,
    #[schema(value_type = i64)]
    pub created_at: EpochMs,
}

/// One row of `plays_of`'s query, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct PlayDbRow {
    id: i64,
    match_id: i64,
    match_name: String,
    card: i64,
    player1: Option<String>,
    player2: Option<String>,
    stake: i64,
    status: String,
    payout: Option<i64>,
    created_at: EpochMs,
}

/// A player's plays, newest first (plays the wallet refused are left out).
pub async fn plays_of(db: &Db, user: UserId, limit: i64) -> Result<Vec<PlayRow>, StoreError> {
    let rows = sqlx::query_as::<Any, PlayDbRow>(
        "SELECT e.id, e.match_id, g.match_name, e.card, c.player1, c.player2, e.stake, e.status, e.payout, e.created_at \
         FROM parchi_entries e JOIN parchi_games g ON g.match_id = e.match_id \
         LEFT JOIN parchi_cards c ON c.match_id = e.match_id AND c.card = e.card \
         WHERE e.user_id = $1 AND e.status NOT IN ('pending', 'void') ORDER BY e.id DESC LIMIT $2",
    )
    .bind(user.0)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
    ?;
    Ok(rows
        .into_iter()
        .map(|r| PlayRow {
            id: r.id,
            match_id: r.match_id,
            match_name: r.match_name,
            card: r.card + 1,
            player1: r.player1,
            player2: r.player2,
            betpoints: Paise::new(r.stake),
            status: r.status,
            payout: Paise::new(r.payout.unwrap_or(0)),
            created_at: r.created_at,
        })
        .collect())
}
