-- Sessions end everywhere: an operator may block a person. While `blocked_at` is set, no session can be opened
-- for them (the trigger is the last guard, whatever path opens it), and blocking revokes the open ones.

ALTER TABLE users ADD COLUMN blocked_at INTEGER;

CREATE TRIGGER sessions_refuse_blocked_users
BEFORE INSERT ON sessions
WHEN (SELECT blocked_at FROM users WHERE id = NEW.user_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'account_blocked');
END;

-- Revoking every session of a user, and the socket re-check of one session, look sessions up by user.
CREATE INDEX sessions_user_live ON sessions (user_id, revoked_at);
