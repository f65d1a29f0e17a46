-- Sessions end everywhere: an operator may block a person. While `blocked_at` is set, no session can be opened
-- for them (the trigger is the last guard, whatever path opens it), and blocking revokes the open ones.

ALTER TABLE users ADD COLUMN blocked_at BIGINT;

CREATE FUNCTION sessions_refuse_blocked_users() RETURNS trigger AS $$
BEGIN
    IF (SELECT blocked_at FROM users WHERE id = NEW.user_id) IS NOT NULL THEN
        RAISE EXCEPTION 'account_blocked';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER sessions_refuse_blocked_users
BEFORE INSERT ON sessions
FOR EACH ROW EXECUTE FUNCTION sessions_refuse_blocked_users();

-- Revoking every session of a user, and the socket re-check of one session, look sessions up by user.
CREATE INDEX sessions_user_live ON sessions (user_id, revoked_at);
