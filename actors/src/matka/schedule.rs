//! When a market's draws happen, pure: a daily market opens and closes at set Indian Standard Time minutes on its
//! weekdays; a quick market draws every few seconds round the clock (its open result at half time).

use super::rules::Phase;
use crate::clock::EpochMs;
use serde::{Deserialize, Serialize};

/// India is UTC+5:30 all year.
pub const IST_OFFSET_MS: i64 = 19_800_000;
const DAY_MS: i64 = 86_400_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Schedule {
    /// Open and close results at these minutes after IST midnight, on the weekdays set in `weekdays` (bit 0 Monday …
    /// bit 6 Sunday).
    Daily { open_minute: u32, close_minute: u32, weekdays: u8 },
    /// A draw every `seconds`, aligned to the epoch: bids for the open session until half time, then the close
    /// session until the end, when the next draw starts.
    Every { seconds: u32 },
}

/// One draw of a market: its number (the IST day, or the cycle), and when its two results are due.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Draw {
    pub no: i64,
    pub opens_at: EpochMs,
    pub closes_at: EpochMs,
}

impl Draw {
    /// Which bids the draw takes at `now`.
    pub fn phase(&self, now: EpochMs) -> Phase {
        if now < self.opens_at {
            Phase::Open
        } else if now < self.closes_at {
            Phase::Close
        } else {
            Phase::Closed
        }
    }
}

/// Monday = 0 … Sunday = 6 of an IST day number (day 0, 1 January 1970, was a Thursday).
pub fn weekday(day: i64) -> u8 {
    (day + 3).rem_euclid(7) as u8
}

/// "HH:MM" of minutes after midnight.
pub fn clock_text(minute: u32) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// Minutes after midnight from "HH:MM" (24-hour).
pub fn parse_clock(text: &str) -> Option<u32> {
    let (h, m) = text.trim().split_once(':')?;
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

impl Schedule {
    pub fn check(&self) -> Result<(), String> {
        match *self {
            Schedule::Daily { open_minute, close_minute, weekdays } => {
                if open_minute >= close_minute || close_minute >= 24 * 60 {
                    return Err("the open time must come before the close time, within the day".into());
                }
                if weekdays & 0x7f == 0 {
                    return Err("a market runs on at least one weekday".into());
                }
                Ok(())
            }
            Schedule::Every { seconds } if (20..=86_400).contains(&seconds) => Ok(()),
            Schedule::Every { .. } => Err("a quick market draws every 20 s to 24 h".into()),
        }
    }

    /// The draw bids go to at `now`: today's (IST) for a daily market on one of its weekdays (after its close, until
    /// midnight, it is still today's, closed), the running cycle for a quick market; `None` on a day off.
    pub fn current(&self, now: EpochMs) -> Option<Draw> {
        match *self {
            Schedule::Daily { open_minute, close_minute, weekdays } => {
                let day = (now + IST_OFFSET_MS).div_euclid(DAY_MS);
                if weekdays & (1 << weekday(day)) == 0 {
                    return None;
                }
                let midnight = day * DAY_MS - IST_OFFSET_MS;
                Some(Draw {
                    no: day,
                    opens_at: midnight + i64::from(open_minute) * 60_000,
                    closes_at: midnight + i64::from(close_minute) * 60_000,
                })
            }
            Schedule::Every { seconds } => {
                let len = i64::from(seconds) * 1000;
                let no = now.div_euclid(len);
                Some(Draw { no, opens_at: no * len + len / 2, closes_at: (no + 1) * len })
            }
        }
    }

    /// The open and close times as the list shows them ("HH:MM" IST); a quick market's are its current draw's.
    pub fn times(&self, now: EpochMs) -> (String, String) {
        match *self {
            Schedule::Daily { open_minute, close_minute, .. } => (clock_text(open_minute), clock_text(close_minute)),
            Schedule::Every { .. } => {
                let at = |ms: EpochMs| {
                    let s = (ms + IST_OFFSET_MS).rem_euclid(DAY_MS) / 1000;
                    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
                };
                self.current(now).map(|d| (at(d.opens_at), at(d.closes_at))).unwrap_or_default()
            }
        }
    }
}
