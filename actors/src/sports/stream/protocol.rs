//! The Betfair Exchange Stream API's messages, as serde types: one JSON object a line (CRLF-terminated) each way over
//! one socket. We send `authentication`, `marketSubscription` and `heartbeat`; the server sends `connection` (once,
//! on connect), `status` (the answer to each request, or why the connection is closing) and `mcm` (market changes).
//! Only the fields the cache and the provider read are typed; the rest are ignored when read.

use serde::{Deserialize, Serialize};

/// What we send. `id` is ours: the server echoes it on the `status` that answers the request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "camelCase")]
pub enum Request {
    #[serde(rename_all = "camelCase")]
    Authentication {
        id: u32,
        app_key: String,
        session: String,
    },
    #[serde(rename_all = "camelCase")]
    MarketSubscription {
        id: u32,
        market_filter: MarketFilter,
        market_data_filter: MarketDataFilter,
        /// The resume tokens of the last subscription (both, or neither): the server then sends what changed since
        /// (`RESUB_DELTA`) instead of a new image.
        #[serde(skip_serializing_if = "Option::is_none")]
        initial_clk: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        clk: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        conflate_ms: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        heartbeat_ms: Option<u64>,
    },
    Heartbeat {
        id: u32,
    },
}

impl Request {
    /// The request as one line on the wire, CRLF included.
    pub fn line(&self) -> String {
        // A request is plain strings and numbers: it always serialises.
        let mut s = serde_json::to_string(self).unwrap_or_default();
        s.push_str("\r\n");
        s
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct MarketFilter {
    pub market_ids: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MarketDataFilter {
    /// `EX_BEST_OFFERS` (the `batb` / `batl` levels) and `EX_MARKET_DEF` (the market's definition).
    pub fields: Vec<String>,
    /// How many best levels `EX_BEST_OFFERS` carries (1 to 10).
    pub ladder_levels: u32,
}

impl MarketDataFilter {
    /// What the provider prices from: the best `levels` offers and the market's definition.
    pub fn best_offers(levels: u32) -> MarketDataFilter {
        MarketDataFilter { fields: vec!["EX_BEST_OFFERS".into(), "EX_MARKET_DEF".into()], ladder_levels: levels }
    }
}

/// What the server sends. An `op` we do not read (`ocm`, `ccm`, …) is `Other`.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(tag = "op", rename_all = "camelCase")]
pub enum Response {
    #[serde(rename_all = "camelCase")]
    Connection {
        connection_id: String,
    },
    Status(StatusMessage),
    Mcm(MarketChangeMessage),
    #[serde(other)]
    Other,
}

impl Response {
    /// One line from the wire (its CRLF, if any, ignored).
    pub fn parse(line: &str) -> Result<Response, serde_json::Error> {
        serde_json::from_str(line.trim_end())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum StatusCode {
    Success,
    Failure,
}

/// The answer to a request (`id`), or the server's reason for closing (`connection_closed`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatusMessage {
    #[serde(default)]
    pub id: Option<u32>,
    pub status_code: StatusCode,
    #[serde(default)]
    pub error_code: Option<String>,
    #[serde(default)]
    pub error_message: Option<String>,
    #[serde(default)]
    pub connection_closed: bool,
}

/// What kind of market change message it is; a plain delta has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ChangeType {
    /// The whole subscription's image (every `mc` carries `img`).
    SubImage,
    /// What changed since the resubscription's `clk`.
    ResubDelta,
    /// Nothing changed; the server is alive (it carries a `clk`).
    Heartbeat,
}

/// A large change split over several messages: applied only once its last segment has arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SegmentType {
    SegStart,
    Seg,
    SegEnd,
}

/// The `status` a market change message carries when the server's data may be late.
pub const LATENCY_STATUS: u32 = 503;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct MarketChangeMessage {
    /// The subscription's request id.
    #[serde(default)]
    pub id: Option<u32>,
    #[serde(default)]
    pub ct: Option<ChangeType>,
    #[serde(default)]
    pub clk: Option<String>,
    #[serde(default)]
    pub initial_clk: Option<String>,
    /// When the server published it (epoch ms, the server's clock: recorded, never used as ours).
    #[serde(default)]
    pub pt: Option<i64>,
    #[serde(default)]
    pub conflate_ms: Option<u64>,
    #[serde(default)]
    pub heartbeat_ms: Option<u64>,
    #[serde(default)]
    pub segment_type: Option<SegmentType>,
    /// [`LATENCY_STATUS`]: what follows may be stale; absent when all is well.
    #[serde(default)]
    pub status: Option<u32>,
    #[serde(default)]
    pub mc: Vec<MarketChange>,
}

/// One market's change: a full image (`img`: replace what is known of it) or a delta.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct MarketChange {
    pub id: String,
    #[serde(default)]
    pub img: bool,
    #[serde(default)]
    pub tv: Option<f64>,
    #[serde(default)]
    pub market_definition: Option<MarketDefinition>,
    #[serde(default)]
    pub rc: Vec<RunnerChange>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FeedMarketStatus {
    Inactive,
    Open,
    Suspended,
    Closed,
}

/// The market's definition: always sent whole, so it replaces the one known.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MarketDefinition {
    pub status: FeedMarketStatus,
    #[serde(default)]
    pub in_play: bool,
    #[serde(default)]
    pub bsp_market: bool,
    /// Seconds.
    #[serde(default)]
    pub bet_delay: u32,
    #[serde(default)]
    pub version: Option<i64>,
    #[serde(default)]
    pub runners: Vec<RunnerDefinition>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RunnerStatus {
    Active,
    Winner,
    Loser,
    Removed,
    /// Any other (`PLACED`, `HIDDEN`, `REMOVED_VACANT`): not a Match Odds runner's.
    #[serde(other)]
    Other,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunnerDefinition {
    pub id: i64,
    pub status: RunnerStatus,
    #[serde(default)]
    pub sort_priority: Option<u32>,
}

/// One runner's change. Ladders are `[price, size]` (`atb`, `atl`: the full depth) or `[level, price, size]`
/// (`batb`, `batl`: the best levels, 0 the best); a size of 0 removes the price or level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct RunnerChange {
    pub id: i64,
    #[serde(default)]
    pub atb: Option<Vec<[f64; 2]>>,
    #[serde(default)]
    pub atl: Option<Vec<[f64; 2]>>,
    #[serde(default)]
    pub batb: Option<Vec<[f64; 3]>>,
    #[serde(default)]
    pub batl: Option<Vec<[f64; 3]>>,
    #[serde(default)]
    pub ltp: Option<f64>,
    #[serde(default)]
    pub tv: Option<f64>,
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn requests_are_written_as_betfair_reads_them() {
        let sub = Request::MarketSubscription {
            id: 2,
            market_filter: MarketFilter { market_ids: vec!["1.23".into()] },
            market_data_filter: MarketDataFilter::best_offers(3),
            initial_clk: Some("a".into()),
            clk: Some("b".into()),
            conflate_ms: None,
            heartbeat_ms: Some(500),
        };
        let line = sub.line();
        assert!(line.ends_with("\r\n"));
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["op"], "marketSubscription");
        assert_eq!(v["marketFilter"]["marketIds"][0], "1.23");
        assert_eq!(v["marketDataFilter"]["fields"][1], "EX_MARKET_DEF");
        assert_eq!(v["marketDataFilter"]["ladderLevels"], 3);
        assert_eq!((v["initialClk"].as_str(), v["clk"].as_str()), (Some("a"), Some("b")));
        assert_eq!(v["heartbeatMs"], 500);
        assert!(v.get("conflateMs").is_none());
        let auth = Request::Authentication { id: 1, app_key: "k".into(), session: "s".into() }.line();
        assert_eq!(auth, "{\"op\":\"authentication\",\"id\":1,\"appKey\":\"k\",\"session\":\"s\"}\r\n");
    }

    #[test]
    fn responses_are_read_and_unknown_ops_and_statuses_pass() {
        let c = Response::parse("{\"op\":\"connection\",\"connectionId\":\"002-1\"}\r\n").unwrap();
        assert_eq!(c, Response::Connection { connection_id: "002-1".into() });
        let s = Response::parse(
            r#"{"op":"status","id":1,"statusCode":"FAILURE","errorCode":"NO_SESSION","connectionClosed":true}"#,
        )
        .unwrap();
        let Response::Status(s) = s else { panic!("{s:?}") };
        assert_eq!((s.status_code, s.connection_closed), (StatusCode::Failure, true));
        assert_eq!(Response::parse(r#"{"op":"ocm","id":3}"#).unwrap(), Response::Other);
        let m = Response::parse(
            r#"{"op":"mcm","id":2,"ct":"SUB_IMAGE","clk":"c","initialClk":"i","pt":1,"heartbeatMs":500,"mc":[{"id":"1.2","img":true,
            "marketDefinition":{"status":"OPEN","inPlay":false,"betDelay":0,"eventId":"9","runners":[{"id":7,"status":"PLACED"}]},
            "rc":[{"id":7,"batb":[[0,2.5,10.0]],"atl":[[2.6,3]],"trd":[[2.5,1]]}]}]}"#,
        )
        .unwrap();
        let Response::Mcm(m) = m else { panic!("{m:?}") };
        assert_eq!((m.ct, m.initial_clk.as_deref()), (Some(ChangeType::SubImage), Some("i")));
        let def = m.mc[0].market_definition.as_ref().unwrap();
        assert_eq!(def.runners[0].status, RunnerStatus::Other);
        assert_eq!(m.mc[0].rc[0].batb, Some(vec![[0.0, 2.5, 10.0]]));
    }
}
