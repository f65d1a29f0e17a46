//! A player's bid request on the Matka desk: checked (market, session, numbers, points, the totals it claims) → its
//! slip recorded `pending` → one hold for its total under `matka:{market}:{draw}` → `held` (or `void` when the hold is
//! refused) → answered. The draw counts the hold in flight, so its result waits for it.

use super::desk::{MatkaDesk, MatkaError, unavailable};
use super::rules::{self, BidType, Pick, Session};
use super::store::{self, Market, NewBid};
use super::wire::{BidAccepted, TakenBid};
use crate::clock::EpochMs;
use crate::ids::UserId;
use crate::money::Paise;
use crate::wallet::WalletError;
use crate::wallet::intents::{apply_until_final, retry_transient};
use actix::prelude::*;
use std::collections::HashSet;

/// A bid request, parsed: the numbers as written and their points.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct PlaceBids {
    pub user: UserId,
    /// The market's name (`gameName`) or id.
    pub market: String,
    pub bid_type: BidType,
    /// Ignored for jodi and sangams (they settle on the close result).
    pub session: Option<Session>,
    pub lines: Vec<(String, Paise)>,
    pub total: Option<Paise>,
    pub profit: Option<Paise>,
}
impl Message for PlaceBids {
    type Result = Result<BidAccepted, MatkaError>;
}

/// A bid request that passed every check needing no IO: the draw `(market, no)` it goes to, and its bids.
struct Checked {
    key: (i64, i64),
    session: Session,
    bids: Vec<NewBid>,
}

impl MatkaDesk {
    /// A market by its name (in any case) or its id.
    fn market(&self, name_or_id: &str) -> Option<&Market> {
        let t = name_or_id.trim();
        self.markets.iter().find(|m| m.name.eq_ignore_ascii_case(t) || m.id.to_string() == t)
    }

    /// The checks of a bid request that need no IO: its bids, and the draw they go to.
    fn check(&self, m: &PlaceBids, now: EpochMs) -> Result<Checked, MatkaError> {
        let market = self.market(&m.market).ok_or(MatkaError::UnknownMarket)?;
        let current = market.schedule.current(now).filter(|_| market.active).ok_or(MatkaError::NoDraw)?;
        let key = (market.id, current.no);
        let live = self.draws.get(&key).ok_or(MatkaError::NoDraw)?;
        let session =
            if m.bid_type.needs_both() { Session::Close } else { m.session.ok_or(MatkaError::UnknownSession)? };
        rules::check_session(live.row.draw.phase(now), m.bid_type, session)?;
        if m.lines.is_empty() {
            return Err(MatkaError::NoBids);
        }
        let rate = self.settings.rates.of(m.bid_type);
        let mut seen = HashSet::new();
        let mut bids = Vec::with_capacity(m.lines.len());
        for (number, points) in &m.lines {
            let pick = Pick::parse(m.bid_type, number).ok_or_else(|| MatkaError::InvalidNumber(number.clone()))?;
            if !seen.insert(pick) {
                return Err(MatkaError::DuplicateNumber(pick.text()));
            }
            rules::check_points(&self.settings, *points)?;
            bids.push(NewBid { bid: m.bid_type, session, pick, stake: *points, rate });
        }
        // The total and what the bids pay if they all win, or a refusal when either overflows (so a decided bid
        // always has its payout).
        let too_much = || MatkaError::Points(rules::PointsRefusal::AboveMaximum(self.settings.max_points));
        let (mut total, mut profit) = (Paise::ZERO, Paise::ZERO);
        for b in &bids {
            total = total.checked_add(b.stake).map_err(|_| too_much())?;
            profit = b.stake.times_hundredths(b.rate).and_then(|p| profit.checked_add(p)).map_err(|_| too_much())?;
        }
        if m.total.is_some_and(|t| t != total) {
            return Err(MatkaError::TotalMismatch(total));
        }
        if m.profit.is_some_and(|p| p != profit) {
            return Err(MatkaError::ProfitMismatch(profit));
        }
        Ok(Checked { key, session, bids })
    }
}

impl Handler<PlaceBids> for MatkaDesk {
    type Result = ResponseActFuture<Self, Result<BidAccepted, MatkaError>>;

    fn handle(&mut self, m: PlaceBids, _: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        let Checked { key, session, bids } = match self.check(&m, now) {
            Ok(c) => c,
            Err(e) => return Box::pin(async move { Err(e) }.into_actor(self)),
        };
        if let Some(live) = self.draws.get_mut(&key) {
            live.holds += 1;
        }
        let market_name = self.markets.iter().find(|x| x.id == key.0).map(|x| x.name.clone()).unwrap_or_default();
        let (db, wallet, user) = (self.db.clone(), self.wallet.clone(), m.user);
        let total = Paise::new(bids.iter().map(|b| b.stake.get()).sum());
        let taken: Vec<TakenBid> = bids
            .iter()
            .map(|b| TakenBid {
                number: b.pick.text(),
                points: b.stake,
                rate: b.rate as f64 / 100.0,
                payout: b.stake.times_hundredths(b.rate).unwrap_or(Paise::ZERO),
            })
            .collect();
        let work = async move {
            let balance = crate::wallet::shard::balances(&db, user).await.map_err(unavailable)?.balance;
            if balance < total {
                return Err(MatkaError::InsufficientBalance);
            }
            let slip =
                retry_transient("recording a matka slip", || store::record_slip(&db, user, key.0, key.1, &bids, now))
                    .await
                    .map_err(unavailable)?;
            let hold = apply_until_final(&wallet, store::slip_hold(user, key.0, key.1, slip, total)).await;
            retry_transient("closing a matka slip", || store::slip_held(&db, slip, hold.is_ok()))
                .await
                .map_err(unavailable)?;
            match hold {
                Ok(r) => Ok((slip, r)),
                Err(WalletError::InsufficientBalance) => Err(MatkaError::InsufficientBalance),
                Err(WalletError::Limited(r)) => Err(MatkaError::Limited(r)),
                Err(e) => Err(unavailable(e)),
            }
        };
        Box::pin(work.into_actor(self).map(move |res, act, _| {
            if let Some(live) = act.draws.get_mut(&key) {
                live.holds = live.holds.saturating_sub(1);
            }
            let (slip, r) = res?;
            let estimated_profit = Paise::new(taken.iter().map(|t| t.payout.get()).sum());
            Ok(BidAccepted {
                success: true,
                message: "Bid placed successfully!".to_string(),
                slip_id: slip,
                market_name,
                draw_no: key.1,
                bid_type: m.bid_type,
                session,
                bids: taken,
                total_bid_points: total,
                estimated_profit,
                balance: r.balance,
                exposure_balance: r.exposure,
            })
        }))
    }
}

crate::timed_handlers!(MatkaDesk: PlaceBids);
