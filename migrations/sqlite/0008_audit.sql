-- The audit log: one row per operator action that changed something (who, what, when, on what, and the state
-- before and after as JSON text, either may be NULL). Written after the action succeeded; read newest first.

CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    at          INTEGER NOT NULL,
    operator_id INTEGER NOT NULL REFERENCES users (id),
    action      TEXT NOT NULL,
    target      TEXT NOT NULL,
    before      TEXT,
    after       TEXT
);
CREATE INDEX audit_log_operator ON audit_log (operator_id, id);
CREATE INDEX audit_log_target ON audit_log (target, id);
