//! [`ErrorCode`]: the API's error vocabulary, every `error` an HTTP error body or a socket ack's refusal can carry.
//! Clients branch on these strings, so a variant's wire string never changes; the variants are declared with
//! [`error_codes!`] so that the enum, its strings ([`ErrorCode::as_str`]), the list of all of them
//! ([`ErrorCode::ALL`]) and the schema's description (each code with its doc comment) come from one list.

/// Declares [`ErrorCode`]: each variant with its doc comment and its wire string (the variant's name in
/// snake_case, which serde's `rename_all` also gives it: a test checks they agree).
macro_rules! error_codes {
    ($($(#[doc = $doc:literal])+ $Variant:ident = $wire:literal,)+) => {
        /// A stable snake_case code to branch on: the `error` of every error body and socket refusal.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
        #[serde(rename_all = "snake_case")]
        #[schema(description = concat!(
            "A stable snake_case code to branch on: the `error` of every error body and socket refusal.\n",
            $("\n- `", $wire, "`:", $($doc,)+)+
        ))]
        pub enum ErrorCode {
            $($(#[doc = $doc])+ $Variant,)+
        }

        impl ErrorCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$Variant,)+];

            /// The wire string (what serde writes).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$Variant => $wire,)+
                }
            }
        }
    };
}

error_codes! {
    // Requests and transport.
    /// A JSON body that does not read, or lacks what the call needs.
    InvalidRequest = "invalid_request",
    /// A query string that does not read.
    InvalidQuery = "invalid_query",
    /// A path parameter that does not read.
    InvalidPath = "invalid_path",
    /// A field that does not pass its check (the message says which).
    InvalidInput = "invalid_input",
    /// A required field is missing.
    MissingField = "missing_field",
    /// A user id that is not the digits of a positive number, or not the caller's.
    InvalidUserId = "invalid_user_id",
    /// A `limit` outside its range.
    InvalidLimit = "invalid_limit",
    /// A `count` outside its range.
    InvalidCount = "invalid_count",
    /// A `status` filter that names no status.
    InvalidStatus = "invalid_status",
    /// A date range that does not read, or whose start is not before its end.
    InvalidRange = "invalid_range",
    /// A date range longer than the call allows.
    RangeTooLong = "range_too_long",
    /// A text longer than allowed.
    TooLong = "too_long",
    /// Nothing found at that id.
    NotFound = "not_found",
    /// A request body that arrived too slowly (408).
    RequestTimeout = "request_timeout",
    /// A state-changing request carrying the session cookie from another site (403).
    CrossSiteRequest = "cross_site_request",
    /// Too many socket connections from one address (429).
    TooManyConnections = "too_many_connections",
    /// A socket event the server does not take.
    UnknownEvent = "unknown_event",
    /// Too many requests of this kind from this address (429).
    TooManyRequests = "too_many_requests",
    /// Busy with the caller's previous request: try again shortly (503, or a socket refusal).
    Busy = "busy",
    /// A part of the platform is briefly unavailable: nothing happened, try again (503).
    Unavailable = "unavailable",
    /// An unexpected failure (500); its cause is logged, never sent.
    Internal = "internal",

    // Sessions and accounts.
    /// No session, or an expired one (401).
    Unauthorized = "unauthorized",
    /// The session's role may not do this, or the payload names another player (403).
    Forbidden = "forbidden",
    /// Login failed: the same answer whatever was wrong (401).
    BadCredentials = "bad_credentials",
    /// The account is blocked (403).
    AccountBlocked = "account_blocked",
    /// Too many failed logins or reset codes (429).
    TooManyAttempts = "too_many_attempts",
    /// Too many phone-number lookups from this address (429).
    TooManyLookups = "too_many_lookups",
    /// Too many new accounts from this network (429).
    TooManySignups = "too_many_signups",
    /// A login identifier longer than 64 characters.
    IdentifierTooLong = "identifier_too_long",
    /// A password longer than 128 characters.
    PasswordTooLong = "password_too_long",
    /// A password that is too short.
    InvalidPassword = "invalid_password",
    /// The current password given to change it is wrong.
    WrongPassword = "wrong_password",
    /// The phone number already has an account (409).
    PhoneTaken = "phone_taken",
    /// The e-mail address belongs to another account (409).
    EmailTaken = "email_taken",
    /// A display name that is empty or too long.
    InvalidName = "invalid_name",
    /// An e-mail address that does not read.
    InvalidEmail = "invalid_email",
    /// A password reset code that is wrong or expired.
    BadResetCode = "bad_reset_code",
    /// A reset was started: the code must come with the new password.
    CodeRequired = "code_required",
    /// A load-test fixture player may not move real money (403).
    FixtureAccount = "fixture_account",
    /// Play mode: points have no cash value, so there are no deposits, withdrawals or payment details (403).
    PlayMode = "play_mode",
    /// Play points (their top-up) exist only in play mode (403).
    PlayModeOnly = "play_mode_only",
    /// Today's play-points top-up has been claimed; the next opens at midnight, India time (409).
    TopUpClaimed = "top_up_claimed",
    /// The balance is at the ceiling a play-points top-up fills to (409).
    AtCeiling = "at_ceiling",

    // Real mode's checks.
    /// The date of birth makes the player younger than the platform's minimum age (403).
    Underage = "underage",
    /// The operator does not offer real-money play in the player's region: sign-up, bets and deposits refused (403).
    RegionNotAllowed = "region_not_allowed",
    /// A withdrawal past the thresholds needs a verified identity (403).
    KycRequired = "kyc_required",
    /// An identity document that is not a JPEG, PNG or WebP image (415).
    NotAnImage = "not_an_image",
    /// An identity document larger than allowed (413).
    FileTooLarge = "file_too_large",
    /// Identity documents are already waiting for a check (409).
    KycPending = "kyc_pending",
    /// The identity is already verified (409).
    KycVerified = "kyc_verified",
    /// The identity submission is not waiting for a decision (409).
    KycNotPending = "kyc_not_pending",

    // Responsible gambling.
    /// The player is on a break they chose (403).
    RgOnBreak = "rg_on_break",
    /// The player excluded themselves (403).
    RgSelfExcluded = "rg_self_excluded",
    /// The stake is over the player's own largest-stake limit (403).
    RgStakeLimit = "rg_stake_limit",
    /// The bet could take the player past their own loss limit (403).
    RgLossLimit = "rg_loss_limit",
    /// The deposit is over the player's own deposit limit (403).
    RgDepositLimit = "rg_deposit_limit",
    /// A break or self-exclusion that ends later is already running: it can be made longer, not shorter (409).
    ExclusionActive = "exclusion_active",
    /// A self-exclusion that nobody can lift early (409).
    SelfExclusionLocked = "self_exclusion_locked",
    /// The player is not on a break or self-exclusion (409).
    NotExcluded = "not_excluded",

    // Wallet and cashier.
    /// Not enough balance for this.
    InsufficientBalance = "insufficient_balance",
    /// An amount that is not a positive number of rupees with at most 2 decimals.
    InvalidAmount = "invalid_amount",
    /// The same idempotency key was used for a different request (409).
    IdempotencyConflict = "idempotency_conflict",
    /// The payment reference (UTR) was already used (409).
    UtrTaken = "utr_taken",
    /// A payment reference that is not 4 to 35 letters, digits or '-'.
    InvalidReference = "invalid_reference",
    /// The request or market was already decided (409).
    AlreadyDecided = "already_decided",
    /// The withdrawal's hold is not in the ledger: nothing moved (409).
    HoldMissing = "hold_missing",
    /// An operator may not block their own account.
    CannotBlockSelf = "cannot_block_self",

    // Bets common to the games.
    /// Bets are closed for this round.
    BettingClosed = "betting_closed",
    /// The round named is not the one open for bets.
    WrongRound = "wrong_round",
    /// A stake below the table's minimum.
    StakeTooLow = "stake_too_low",
    /// A stake above the table's maximum.
    StakeTooHigh = "stake_too_high",
    /// A bet's total that is not the sum of its lines.
    TotalMismatch = "total_mismatch",
    /// No bet to cancel or cash out.
    NoBet = "no_bet",
    /// The game is paused by the operators: no new bets for now.
    Suspended = "suspended",
    /// A field the server decides (results, balances, payouts) was sent: nothing was changed.
    ResultsAreTheServers = "results_are_the_servers",
    /// Runs, winners and payouts are decided by the server.
    ServerDecides = "server_decides",

    // Aviator.
    /// A bet slot other than 0 or 1.
    BadSlot = "bad_slot",
    /// A bet is already placed in this slot this round.
    BetExists = "bet_exists",
    /// An auto cash-out below 1.01x.
    BadAutoCashout = "bad_auto_cashout",
    /// Bets are full for this round.
    TableFull = "table_full",
    /// The bet is still being placed.
    BetPending = "bet_pending",
    /// The round has not taken off yet.
    NotFlying = "not_flying",
    /// The bet was already cashed out.
    AlreadySettled = "already_settled",
    /// The round crashed before the cash-out.
    TooLate = "too_late",
    /// The cash-out or cancel is decided but its wallet move is not committed yet: the events follow.
    Pending = "pending",
    /// A salt that does not read.
    InvalidSalt = "invalid_salt",
    /// The chain's salt is already fixed (409).
    SaltFixed = "salt_fixed",
    /// Settings that do not hold together, or changed while a round is in play.
    InvalidSettings = "invalid_settings",
    /// A bankroll share outside 0 to 10000 basis points.
    InvalidBankrollShare = "invalid_bankroll_share",
    /// A negative bankroll capital.
    InvalidBankrollCapital = "invalid_bankroll_capital",

    // The round tables.
    /// No picks in the bet.
    NoPicks = "no_picks",
    /// More picks than the game allows.
    TooManyPicks = "too_many_picks",
    /// The same pick twice in one bet.
    DuplicatePick = "duplicate_pick",
    /// No such pick in this game.
    UnknownPick = "unknown_pick",

    // Mines.
    /// A number of mines outside 1 to 24.
    InvalidMines = "invalid_mines",
    /// A tile outside 0 to 24.
    InvalidTile = "invalid_tile",
    /// The tile is already open.
    TileRevealed = "tile_revealed",
    /// The game is over: it hit a mine.
    HitMine = "hit_mine",
    /// The game was already cashed out.
    AlreadyCashedOut = "already_cashed_out",
    /// No tile is open yet to cash out.
    NothingToCashOut = "nothing_to_cash_out",
    /// The game has reached the maximum win: cash out.
    MaxWin = "max_win",
    /// An open game must end first (409).
    GameOpen = "game_open",
    /// No such game, or no open game.
    NoGame = "no_game",
    /// The game is another player's.
    NotYourGame = "not_your_game",
    /// A client seed that is not 1 to 64 printable characters.
    InvalidSeed = "invalid_seed",

    // Matka.
    /// No such market.
    UnknownMarket = "unknown_market",
    /// The market (or the exchange's market) is closed.
    MarketClosed = "market_closed",
    /// The session is closed for bids.
    SessionClosed = "session_closed",
    /// The bid type needs the Open session.
    NeedsOpenSession = "needs_open_session",
    /// No bid type, or an unknown one.
    UnknownBidType = "unknown_bid_type",
    /// No session, or an unknown one.
    UnknownSession = "unknown_session",
    /// A number that is not valid for the bid type.
    InvalidNumber = "invalid_number",
    /// A number bid twice.
    DuplicateNumber = "duplicate_number",
    /// No valid bid.
    NoBids = "no_bids",
    /// Points that are not whole.
    InvalidPoints = "invalid_points",
    /// Points below the minimum.
    PointsTooLow = "points_too_low",
    /// Points above the maximum.
    PointsTooHigh = "points_too_high",
    /// The estimated profit is not what was sent.
    ProfitMismatch = "profit_mismatch",
    /// The result cannot be declared.
    CannotDeclare = "cannot_declare",
    /// A market (or its settings) that does not hold together, or does not name a market of that type.
    InvalidMarket = "invalid_market",

    // The cricket exchange.
    /// An invalid stake.
    InvalidStake = "invalid_stake",
    /// A stake outside the market's limits.
    StakeLimits = "stake_limits",
    /// Invalid odds.
    InvalidOdds = "invalid_odds",
    /// An invalid team selection.
    InvalidTeam = "invalid_team",
    /// An invalid runs value.
    InvalidRuns = "invalid_runs",
    /// No such match, or no data for it.
    MatchNotFound = "match_not_found",
    /// No such market in this match.
    MarketNotFound = "market_not_found",
    /// The market is suspended.
    MarketSuspended = "market_suspended",
    /// The price has changed: try again.
    PriceChanged = "price_changed",
    /// The bet would take the player's or the market's liability past its limit.
    LiabilityLimit = "liability_limit",
    /// Liability limits that do not hold together.
    InvalidLimits = "invalid_limits",
    /// A socket request that names no match.
    InvalidEvent = "invalid_event",

    // Parchi.
    /// No valid card selected.
    InvalidCard = "invalid_card",
    /// Both players must be selected.
    PlayersMissing = "players_missing",
    /// No such player.
    UnknownPlayer = "unknown_player",
    /// The same player in both slots.
    SamePlayer = "same_player",
    /// The player is already on a card.
    PlayerTaken = "player_taken",
    /// The card is already locked with other players.
    CardLocked = "card_locked",
    /// Plays are closed for this match.
    PlaysClosed = "plays_closed",
    /// The game is already over.
    AlreadyOver = "already_over",

    // Operators.
    /// A test hook's `steps` outside its range.
    InvalidSteps = "invalid_steps",
    /// The server runs alone: there is no node to move to.
    NotClustered = "not_clustered",
    /// The node named is not live, or this node does not hold the lease.
    BadNode = "bad_node",
    /// That node already runs it.
    SameNode = "same_node",
    /// A feed market's id is empty or too long.
    InvalidFeedMarket = "invalid_feed_market",
    /// A feed market's runners: 2 or 3, each with a distinct feed id and a name.
    InvalidRunners = "invalid_runners",
    /// A match's teams: two distinct names.
    InvalidTeams = "invalid_teams",
    /// No sport with that id.
    InvalidSport = "invalid_sport",
    /// The feed market is mapped already.
    FeedMarketMapped = "feed_market_mapped",
    /// No exchange stream is configured (`CASINO_STREAM_ADDR`).
    NoStream = "no_stream",
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorCode;
    use std::collections::HashSet;

    /// Every variant writes its `as_str`, reads back as itself, and no two share a string.
    #[test]
    fn every_code_round_trips_and_is_unique() {
        let mut seen = HashSet::new();
        for &code in ErrorCode::ALL {
            let json = serde_json::to_value(code).unwrap_or_default();
            assert_eq!(json, code.as_str(), "{code:?}");
            assert_eq!(code.to_string(), code.as_str());
            let back: Option<ErrorCode> = serde_json::from_value(json).ok();
            assert_eq!(back, Some(code));
            assert!(seen.insert(code.as_str()), "{} repeats", code.as_str());
        }
    }
}
