//! A player's moves on the Mines desk, each run in its turn in the player's lane (`desk.rs`): the screen's state, a
//! start (recorded, then its stake held), a reveal (a safe tile recorded before it is answered), the end of a game
//! (its result and settle intent recorded, the settle applied until it commits, then answered) and a reseed. Every
//! move ends with [`MinesDesk::answer`], which lets the player's next move run.

use super::desk::{Job, Live, MinesDesk, MinesError, Reply, Reseed, Start, unavailable};
use super::rules::{self, Board, Game, Refusal, Revealed, Status};
use super::store::{self, NewGame, SeedRow};
use super::wire::{GameSeeds, GameView, MinesState, Moved, PublicSettings, Reseeded, Seeds};
use crate::clock::EpochMs;
use crate::fair::ServerSeed;
use crate::ids::UserId;
use crate::wallet::intents::{apply_until_final, retry_transient};
use crate::wallet::{Balances, Change, GameKind, LedgerKind, Movement, Receipt, SystemAccount, WalletError};
use actix::prelude::*;

impl MinesDesk {
    /// Runs a player's move: its turn came.
    pub(super) fn run(&mut self, user: UserId, job: Job, ctx: &mut Context<Self>) {
        match job {
            Job::Look(reply) => self.look(user, reply, ctx),
            Job::Start(m, reply) => self.start_game(m, reply, ctx),
            Job::Reveal(m, reply) => match self.target(user, m.game) {
                Target::Live(live) => self.reveal(user, live, m.tile, reply, ctx),
                Target::Other(id) => self.finished(user, id, reply, ctx),
                Target::None => self.answer(user, reply, Err(MinesError::NoGame), ctx),
            },
            Job::CashOut(m, reply) => match self.target(user, m.game) {
                Target::Live(mut live) => match live.game.cash_out() {
                    Ok(_) => self.finish(user, live, reply, ctx),
                    Err(e) => self.answer(user, reply, Err(e.into()), ctx),
                },
                Target::Other(id) => self.finished(user, id, reply, ctx),
                Target::None => self.answer(user, reply, Err(MinesError::NoGame), ctx),
            },
            Job::Reseed(m, reply) => self.reseed(m, reply, ctx),
        }
    }

    /// The player's seeds: cached, or read (made on first use).
    fn with_seeds(&self, user: UserId) -> impl Future<Output = Result<SeedRow, WalletError>> + 'static {
        let cached = self.seeds.get(&user).cloned();
        let db = self.db.clone();
        async move {
            match cached {
                Some(s) => Ok(s),
                None => Ok(store::seeds(&db, user).await?),
            }
        }
    }

    fn look(&mut self, user: UserId, reply: Reply<MinesState>, ctx: &mut Context<Self>) {
        ctx.spawn(self.with_seeds(user).into_actor(self).map(move |res, act, ctx| {
            let res = res.map_err(unavailable).map(|s| {
                act.seeds.insert(user, s.clone());
                MinesState {
                    settings: PublicSettings::from(&act.settings),
                    suspended: act.suspended,
                    seeds: public_seeds(&s),
                    game: act.live.get(&user).map(|l| GameView::of(l.id, &l.game, &l.seeds)),
                }
            });
            act.answer(user, reply, res, ctx);
        }));
    }

    fn start_game(&mut self, m: Start, reply: Reply<Moved>, ctx: &mut Context<Self>) {
        let user = m.user;
        let checked = if self.suspended {
            Err(MinesError::Suspended)
        } else if self.live.contains_key(&user) {
            Err(MinesError::GameOpen)
        } else {
            rules::check_start(&self.settings, m.stake, m.mines).map_err(MinesError::from)
        };
        if let Err(e) = checked {
            return self.answer(user, reply, Err(e), ctx);
        }
        let (db, wallet, settings, now) =
            (self.db.clone(), self.wallet.clone(), self.settings.clone(), self.clock.now_ms());
        let seeds = self.with_seeds(user);
        let started = async move {
            let seeds = seeds.await.map_err(unavailable)?;
            let Balances { balance, .. } = crate::wallet::shard::balances(&db, user).await.map_err(unavailable)?;
            if balance < m.stake {
                return Ok((seeds, Err(MinesError::InsufficientBalance)));
            }
            let board = Board::deal(&seeds.server_seed, &seeds.client_seed, seeds.nonce, m.mines);
            let game = Game::new(board, m.mines, m.stake, settings.house_edge_bp, settings.max_payout);
            let next_seed = ServerSeed(rand::random());
            let new = NewGame { user, game: &game, seeds: &seeds, next_seed, now };
            let id =
                retry_transient("recording a mines game", || store::open_game(&db, &new)).await.map_err(unavailable)?;
            let next =
                SeedRow { server_seed: next_seed, client_seed: seeds.client_seed.clone(), nonce: seeds.nonce + 1 };
            let keys = store::keys(id);
            let hold = Change {
                user,
                movement: Movement::Hold { amount: m.stake },
                kind: LedgerKind::Bet(GameKind::Mines),
                reference: keys.reference(),
                idempotency_key: keys.ticket(user, 0, "hold"),
            };
            let result = match apply_until_final(&wallet, hold).await {
                Ok(r) => Ok((Live { id, game, seeds: game_seeds(&seeds, now) }, r)),
                Err(e) => {
                    retry_transient("voiding a mines game", || store::void_game(&db, id, now))
                        .await
                        .map_err(unavailable)?;
                    Err(match e {
                        WalletError::InsufficientBalance => MinesError::InsufficientBalance,
                        WalletError::Limited(r) => MinesError::Limited(r),
                        e => unavailable(e),
                    })
                }
            };
            Ok((next, result))
        };
        ctx.spawn(started.into_actor(self).map(move |res, act, ctx| {
            // A failure may leave the recorded seeds ahead of the cached ones: read them again next time.
            if res.is_err() {
                act.seeds.remove(&user);
            }
            let res = res.and_then(|(seeds, result)| {
                act.seeds.insert(user, seeds);
                let (live, receipt) = result?;
                let moved = moved(&live, &receipt);
                act.live.insert(user, live);
                Ok(moved)
            });
            act.answer(user, reply, res, ctx);
        }));
    }

    /// The game a move is for: the player's game in play, unless `game` names another one.
    fn target(&self, user: UserId, game: Option<i64>) -> Target {
        match (self.live.get(&user), game) {
            (Some(live), None) => Target::Live(live.clone()),
            (Some(live), Some(id)) if live.id == id => Target::Live(live.clone()),
            (_, Some(id)) => Target::Other(id),
            (None, None) => Target::None,
        }
    }

    /// A move on a game that is not in play: why it is refused.
    fn finished(&mut self, user: UserId, id: i64, reply: Reply<Moved>, ctx: &mut Context<Self>) {
        let db = self.db.clone();
        ctx.spawn(async move { store::game(&db, id).await }.into_actor(self).map(move |res, act, ctx| {
            let err = match res {
                Err(e) => unavailable(e),
                Ok(None) => MinesError::UnknownGame,
                Ok(Some(g)) if g.user != user => MinesError::NotYourGame,
                Ok(Some(g)) if g.game.status == Status::Lost => Refusal::Lost.into(),
                Ok(Some(_)) => Refusal::AlreadyCashedOut.into(),
            };
            act.answer(user, reply, Err(err), ctx);
        }));
    }

    fn reveal(&mut self, user: UserId, mut live: Live, tile: u8, reply: Reply<Moved>, ctx: &mut Context<Self>) {
        match live.game.reveal(tile) {
            Err(e) => self.answer(user, reply, Err(e.into()), ctx),
            Ok(Revealed::Mine | Revealed::Cleared { .. }) => self.finish(user, live, reply, ctx),
            Ok(Revealed::Safe) => {
                let db = self.db.clone();
                let saved = live.clone();
                let write = async move {
                    store::save_reveal(&db, saved.id, &saved.game).await?;
                    crate::wallet::shard::balances(&db, user).await
                };
                ctx.spawn(write.into_actor(self).map(move |res, act, ctx| {
                    let res = res.map_err(unavailable).map(|b| {
                        let view = GameView::of(live.id, &live.game, &live.seeds);
                        act.live.insert(user, live);
                        Moved { success: true, game: view, balance: b.balance, exposure_balance: b.exposure }
                    });
                    act.answer(user, reply, res, ctx);
                }));
            }
        }
    }

    /// The game is over (lost or won): record it with its settle, move the money, answer.
    fn finish(&mut self, user: UserId, mut live: Live, reply: Reply<Moved>, ctx: &mut Context<Self>) {
        let now = self.clock.now_ms();
        live.seeds.ended_at = Some(now);
        let keys = store::keys(live.id);
        let paid = live.game.paid();
        let settle = Change {
            user,
            movement: Movement::Settle { hold: live.game.stake, payout: paid, with: SystemAccount::House },
            kind: if paid.is_positive() { LedgerKind::Win(GameKind::Mines) } else { LedgerKind::Loss(GameKind::Mines) },
            reference: keys.reference(),
            idempotency_key: keys.ticket(user, 0, "settle"),
        };
        let (db, wallet) = (self.db.clone(), self.wallet.clone());
        let (id, game) = (live.id, live.game.clone());
        let settled = async move {
            retry_transient("ending a mines game", || store::end_game(&db, id, &game, &settle, now))
                .await
                .map_err(|e| (false, e.into()))?;
            apply_until_final(&wallet, settle).await.map_err(|e| (true, e))
        };
        ctx.spawn(settled.into_actor(self).map(move |res, act, ctx| {
            let res = match res {
                Ok(receipt) => {
                    act.live.remove(&user);
                    act.house_won(live.game.stake.get() - paid.get(), now);
                    act.close_intent(live.id, ctx);
                    Ok(moved(&live, &receipt))
                }
                // Recorded, but the wallet refused the settle for good: the intent stays for the operators.
                Err((true, e)) => {
                    tracing::error!(game = live.id, %user, error = %e, "mines settle refused");
                    act.live.remove(&user);
                    Err(MinesError::Unavailable)
                }
                Err((false, e)) => Err(unavailable(e)),
            };
            act.answer(user, reply, res, ctx);
        }));
    }

    /// The game's money has all moved: its intent is closed (off the player's path).
    fn close_intent(&mut self, id: i64, ctx: &mut Context<Self>) {
        let (db, now) = (self.db.clone(), self.clock.now_ms());
        ctx.spawn(
            async move {
                if let Err(e) = retry_transient("closing a mines game", || store::settled(&db, id, now)).await {
                    tracing::error!(game = id, error = %e, "mines intent not closed; the next start closes it");
                }
            }
            .into_actor(self),
        );
    }

    fn house_won(&mut self, paise: i64, now: EpochMs) {
        let day = now.div_euclid(86_400_000);
        if self.house_today.0 != day {
            self.house_today = (day, 0);
        }
        self.house_today.1 += paise;
    }

    fn reseed(&mut self, m: Reseed, reply: Reply<Reseeded>, ctx: &mut Context<Self>) {
        let user = m.user;
        let client_seed = match m.client_seed.as_deref().map(str::trim) {
            None => None,
            Some(s) if !s.is_empty() && s.chars().count() <= 64 && s.chars().all(|c| (' '..='~').contains(&c)) => {
                Some(s.to_string())
            }
            Some(_) => return self.answer(user, reply, Err(MinesError::InvalidSeed), ctx),
        };
        let db = self.db.clone();
        let seeds = self.with_seeds(user);
        let write = async move {
            let before = seeds.await?;
            let next = SeedRow {
                server_seed: ServerSeed(rand::random()),
                client_seed: client_seed.unwrap_or_else(|| before.client_seed.clone()),
                nonce: before.nonce,
            };
            store::reseed(&db, user, &next).await?;
            Ok::<_, WalletError>((before, next))
        };
        ctx.spawn(write.into_actor(self).map(move |res, act, ctx| {
            let res = res.map_err(unavailable).map(|(before, next)| {
                act.seeds.insert(user, next.clone());
                Reseeded {
                    success: true,
                    seeds: public_seeds(&next),
                    previous_server_seed: before.server_seed.to_hex(),
                    previous_commitment: before.server_seed.commitment(),
                }
            });
            act.answer(user, reply, res, ctx);
        }));
    }
}

enum Target {
    Live(Live),
    Other(i64),
    None,
}

fn public_seeds(s: &SeedRow) -> Seeds {
    Seeds { commitment: s.server_seed.commitment(), client_seed: s.client_seed.clone(), nonce: s.nonce }
}

fn game_seeds(s: &SeedRow, now: EpochMs) -> GameSeeds {
    GameSeeds {
        commitment: s.server_seed.commitment(),
        server_seed: s.server_seed.to_hex(),
        client_seed: s.client_seed.clone(),
        nonce: s.nonce,
        created_at: now,
        ended_at: None,
    }
}

fn moved(live: &Live, r: &Receipt) -> Moved {
    Moved {
        success: true,
        game: GameView::of(live.id, &live.game, &live.seeds),
        balance: r.balance,
        exposure_balance: r.exposure,
    }
}
