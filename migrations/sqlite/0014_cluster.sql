-- Several game-server nodes on one PostgreSQL database (cluster mode; the tables exist on SQLite too, unused).
-- `cluster_nodes`: each live node's heartbeat. `leases`: every table actor and wallet shard is a resource owned by at
-- most one node until `expires_at` (milliseconds, the database's clock); `epoch` rises on every change of owner, and
-- every write an owner makes first takes this row `FOR SHARE` with its epoch, so a node that lost the lease (paused,
-- cut off) cannot commit after another took it: the taker's `UPDATE` waits for such a transaction, and any later one
-- finds the epoch changed and rolls back. `moving_to`: an operator asked the owner to hand the lease over at its next
-- round boundary.

CREATE TABLE cluster_nodes (
    id         TEXT PRIMARY KEY,
    address    TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    seen_at    BIGINT NOT NULL
);

CREATE TABLE leases (
    resource   TEXT PRIMARY KEY,
    owner      TEXT,
    epoch      BIGINT NOT NULL DEFAULT 0,
    expires_at BIGINT NOT NULL DEFAULT 0,
    moving_to  TEXT
);
