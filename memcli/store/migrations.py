"""Named, append-only schema migrations. Never edit one that has shipped: add a new one.

Each runs in one transaction together with the `_migrations` row that records it.
"""

from __future__ import annotations

from collections.abc import Callable

import apsw

# A migration is SQL, or a function of the connection for the ones that depend on
# what the file already holds (run in the same transaction as their `_migrations` row).
MIGRATIONS: list[tuple[str, str | Callable[[apsw.Connection], None]]] = []


def migration(name: str) -> Callable[[Callable[[], str]], Callable[[], str]]:
    def register(fn: Callable[[], str]) -> Callable[[], str]:
        MIGRATIONS.append((name, fn()))
        return fn

    return register


def python_migration(name: str) -> Callable[[Callable[[apsw.Connection], None]], Callable[[apsw.Connection], None]]:
    def register(fn: Callable[[apsw.Connection], None]) -> Callable[[apsw.Connection], None]:
        MIGRATIONS.append((name, fn))
        return fn

    return register


@migration("m001_memories")
def _m001() -> str:
    return """
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE memories (
        rowid INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        scope TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('episodic', 'semantic', 'procedural', 'profile')),
        text TEXT NOT NULL,
        key TEXT,
        importance REAL NOT NULL CHECK (importance >= 0 AND importance <= 1),
        confidence REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
        source TEXT NOT NULL
            CHECK (source IN ('explicit', 'stated', 'inferred', 'reflected', 'tool', 'imported')),
        source_turns TEXT NOT NULL DEFAULT '[]',
        source_ids TEXT NOT NULL DEFAULT '[]',
        valid_from TEXT,
        valid_until TEXT,
        recorded_at TEXT NOT NULL,
        retired_at TEXT,
        retire_reason TEXT,
        replaces TEXT,
        replaced_by TEXT,
        pinned INTEGER NOT NULL DEFAULT 0,
        safety INTEGER NOT NULL DEFAULT 0,
        last_accessed TEXT,
        access_count INTEGER NOT NULL DEFAULT 0,
        stability REAL NOT NULL DEFAULT 1.0
    );
    CREATE INDEX memories_scope_active ON memories (scope, retired_at);
    CREATE INDEX memories_scope_key ON memories (scope, key) WHERE key IS NOT NULL;
    CREATE INDEX memories_replaces ON memories (replaces) WHERE replaces IS NOT NULL;
    """


@migration("m002_memories_fts")
def _m002() -> str:
    return """
    CREATE VIRTUAL TABLE memories_fts USING fts5(
        text, content='memories', content_rowid='rowid', tokenize='porter unicode61'
    );
    CREATE TRIGGER memories_fts_ai AFTER INSERT ON memories BEGIN
        INSERT INTO memories_fts (rowid, text) VALUES (new.rowid, new.text);
    END;
    CREATE TRIGGER memories_fts_ad AFTER DELETE ON memories BEGIN
        INSERT INTO memories_fts (memories_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
    END;
    CREATE TRIGGER memories_fts_au AFTER UPDATE OF text ON memories BEGIN
        INSERT INTO memories_fts (memories_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
        INSERT INTO memories_fts (rowid, text) VALUES (new.rowid, new.text);
    END;
    """


@migration("m003_turns")
def _m003() -> str:
    return """
    CREATE TABLE turns (
        rowid INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        scope TEXT NOT NULL,
        role TEXT NOT NULL,
        content TEXT NOT NULL,
        ts TEXT,
        source TEXT,
        ref TEXT,
        hash TEXT NOT NULL,
        recorded_at TEXT NOT NULL,
        UNIQUE (scope, hash)
    );
    CREATE INDEX turns_scope_source ON turns (scope, source);
    """


@migration("m004_decisions")
def _m004() -> str:
    return """
    CREATE TABLE decisions (
        id INTEGER PRIMARY KEY,
        scope TEXT NOT NULL,
        at TEXT NOT NULL,
        op TEXT NOT NULL,
        fact TEXT NOT NULL,
        target TEXT,
        new_id TEXT,
        decided_by TEXT NOT NULL,
        reason TEXT NOT NULL,
        neighbours TEXT NOT NULL DEFAULT '[]',
        turn TEXT
    );
    CREATE INDEX decisions_scope ON decisions (scope, id);
    CREATE INDEX decisions_target ON decisions (target);
    CREATE INDEX decisions_new_id ON decisions (new_id);
    """


@migration("m005_settings")
def _m005() -> str:
    return """
    CREATE TABLE settings (
        scope TEXT NOT NULL,
        name TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (scope, name)
    );
    """



@python_migration("m006_memory_embeddings")
def _m006(conn: apsw.Connection) -> None:
    """Vectors in a plain rowid table next to the vec0 index: `embedding` (float32,
    exact cosine for rescoring and point lookups) and `bits` (its sign bits, the
    coarse hamming scan of recall), with a covering (scope, bits) index so that scan
    never reads the float pages. Rows of an existing `memory_vec` are carried over
    (its quantizer sets bit i of byte i/8 when element i > 0, as memcli does)."""
    conn.execute("""
    CREATE TABLE memory_embeddings (
        rowid INTEGER PRIMARY KEY,  -- memories.rowid
        scope TEXT NOT NULL,
        bits BLOB NOT NULL,
        embedding BLOB NOT NULL
    );
    CREATE INDEX memory_embeddings_scope_bits ON memory_embeddings (scope, bits);
    """)
    if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'memory_vec'").fetchone():
        conn.execute(
            "INSERT INTO memory_embeddings (rowid, scope, bits, embedding) "
            "SELECT memory_rowid, scope, vec_quantize_binary(embedding), embedding FROM memory_vec"
        )


@migration("m007_episodes")
def _m007() -> str:
    """Episodes (what the user said in a turn) beside the facts drawn from it."""
    return "ALTER TABLE memories ADD COLUMN episode INTEGER NOT NULL DEFAULT 0;"


@python_migration("m008_purge_pending")
def _m008(conn: apsw.Connection) -> None:
    """Purges whose file-level scrub (WAL checkpoint, VACUUM) has not finished: a row is
    written in the purge's own transaction and removed once the file holds no copy, so
    the next purge completes one that was killed. A file created with this migration
    has zeroed every byte it freed (`PRAGMA secure_delete` is on for every connection):
    `free_space_zeroed` in `meta` says a purge needs no VACUUM for what came before."""
    conn.execute("""
    CREATE TABLE purge_pending (
        id INTEGER PRIMARY KEY,
        scope TEXT NOT NULL,
        ids TEXT NOT NULL,  -- JSON list of purged record ids (ids only, never text)
        vacuum INTEGER NOT NULL DEFAULT 0,
        at TEXT NOT NULL
    );
    """)
    if not conn.execute("SELECT 1 FROM memories LIMIT 1").fetchone() \
            and not conn.execute("SELECT 1 FROM turns LIMIT 1").fetchone():
        conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('free_space_zeroed', '1')")


def applied(conn: apsw.Connection) -> list[str]:
    exists = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_migrations'"
    ).fetchone()
    if not exists:
        return []
    return [r[0] for r in conn.execute("SELECT name FROM _migrations ORDER BY rowid")]


TABLE = "_migrations"  # the table that marks a file as memcli's


def pending(conn: apsw.Connection) -> list[str]:
    """The migrations this file lacks, found by reading only (no write lock)."""
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (TABLE,)).fetchone():
        return [name for name, _ in MIGRATIONS]
    done = {str(r[0]) for r in conn.execute(f"SELECT name FROM {TABLE}")}
    return [name for name, _ in MIGRATIONS if name not in done]


def migrate(conn: apsw.Connection, now: str) -> list[str]:
    """Apply the pending migrations, each in its own transaction; return their names."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
    )
    done: list[str] = []
    for name, sql in MIGRATIONS:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Re-read inside the write lock: another process may have just applied it.
            if conn.execute("SELECT 1 FROM _migrations WHERE name = ?", (name,)).fetchone():
                conn.execute("COMMIT")
                continue
            if callable(sql):
                sql(conn)
            else:
                conn.execute(sql)
            conn.execute("INSERT INTO _migrations (name, applied_at) VALUES (?, ?)", (name, now))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        done.append(name)
    return done


@migration("m009_memory_changes")
def _m009() -> str:
    """A log of the changes that matter to a scope's vector index (a vector added or
    removed, a record retired, restored or its validity changed), appended by
    triggers whoever writes: a process holding the index in memory reads the log
    past the last change it applied (by the (scope, seq) index) instead of rebuilding
    it. A rehearsal (`touch`) writes none. Old rows are pruned by the writers."""
    return """
    CREATE TABLE memory_changes (
        seq INTEGER PRIMARY KEY,
        scope TEXT NOT NULL,
        row INTEGER NOT NULL  -- memories.rowid
    );
    CREATE INDEX memory_changes_scope ON memory_changes (scope, seq);
    CREATE TRIGGER memory_embeddings_ai AFTER INSERT ON memory_embeddings BEGIN
        INSERT INTO memory_changes (scope, row) VALUES (new.scope, new.rowid);
    END;
    CREATE TRIGGER memory_embeddings_ad AFTER DELETE ON memory_embeddings BEGIN
        INSERT INTO memory_changes (scope, row) VALUES (old.scope, old.rowid);
    END;
    CREATE TRIGGER memories_changes_au AFTER UPDATE OF retired_at, valid_from, valid_until ON memories
    WHEN old.retired_at IS NOT new.retired_at OR old.valid_from IS NOT new.valid_from
         OR old.valid_until IS NOT new.valid_until BEGIN
        INSERT INTO memory_changes (scope, row) VALUES (new.scope, new.rowid);
    END;
    CREATE TRIGGER memories_changes_ad AFTER DELETE ON memories BEGIN
        INSERT INTO memory_changes (scope, row) VALUES (old.scope, old.rowid);
    END;
    """


@python_migration("m010_one_vector_copy")
def _m010(conn: apsw.Connection) -> None:
    """One copy of each vector: `memory_embeddings` keeps them all, the vec0 table
    `memory_vec` (a second copy, read only as a fallback, with 1.6 MB reserved per
    scope) goes. A vector only vec0 held is carried over first."""
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'memory_vec'").fetchone():
        return
    conn.execute(
        "INSERT INTO memory_embeddings (rowid, scope, bits, embedding) "
        "SELECT memory_rowid, scope, vec_quantize_binary(embedding), embedding FROM memory_vec "
        "WHERE memory_rowid NOT IN (SELECT rowid FROM memory_embeddings)"
    )
    conn.execute("DROP TABLE memory_vec")


@migration("m011_fts_scope_column")
def _m011() -> str:
    """The full-text index gets the record's scope as a second column, one token
    (`x` + the scope's UTF-8 in hex), so a search ANDs it with the query's terms:
    FTS5 scores and returns only the scope's matches instead of every match in the
    file (bench/scale.py: 5x less at 100 scopes of 1k). Its bm25 weight is 0, so
    scores are the same as before. The content is a view over `memories`."""
    return """
    DROP TRIGGER memories_fts_ai;
    DROP TRIGGER memories_fts_ad;
    DROP TRIGGER memories_fts_au;
    DROP TABLE memories_fts;
    CREATE VIEW memories_fts_content AS
        SELECT rowid AS mrow, text, 'x' || lower(hex(scope)) AS scope_token FROM memories;
    CREATE VIRTUAL TABLE memories_fts USING fts5(
        text, scope_token, content='memories_fts_content', content_rowid='mrow',
        tokenize='porter unicode61'
    );
    CREATE TRIGGER memories_fts_ai AFTER INSERT ON memories BEGIN
        INSERT INTO memories_fts (rowid, text, scope_token)
        VALUES (new.rowid, new.text, 'x' || lower(hex(new.scope)));
    END;
    CREATE TRIGGER memories_fts_ad AFTER DELETE ON memories BEGIN
        INSERT INTO memories_fts (memories_fts, rowid, text, scope_token)
        VALUES ('delete', old.rowid, old.text, 'x' || lower(hex(old.scope)));
    END;
    CREATE TRIGGER memories_fts_au AFTER UPDATE OF text, scope ON memories BEGIN
        INSERT INTO memories_fts (memories_fts, rowid, text, scope_token)
        VALUES ('delete', old.rowid, old.text, 'x' || lower(hex(old.scope)));
        INSERT INTO memories_fts (rowid, text, scope_token)
        VALUES (new.rowid, new.text, 'x' || lower(hex(new.scope)));
    END;
    INSERT INTO memories_fts (memories_fts) VALUES ('rebuild');
    """


@migration("m012_memories_people")
def _m012() -> str:
    """A partial index of the active records that can introduce a person ("User's
    sister Anna ...", "Anna (User's sister) ..."): ingest reads those to know the
    people of a scope, instead of every record of the scope. The expression is
    `records.INTRODUCTION` (the planner uses the index only for that same text)."""
    return """
    CREATE INDEX memories_people ON memories (scope)
    WHERE retired_at IS NULL AND (text GLOB 'User''s *[A-Z]*' OR text GLOB '[A-Z]* (User''s *');
    """


@migration("m013_episode_turn")
def _m013() -> str:
    """A partial index of the episodes by their own turn (the last of `source_turns`;
    the first, when there are two, is the question or lead of the turn before): the
    episodes of a superseded fact's turn are found without reading every active record
    of the scope (31 ms a lookup at 100k records before). The expression is
    `records.EPISODE_TURN` (the planner uses the index only for that same text)."""
    return """
    CREATE INDEX memories_episode_turn ON memories (scope, json_extract(source_turns, '$[#-1]'))
    WHERE episode = 1;
    """


@migration("m014_decisions_requests")
def _m014() -> str:
    """A partial index of the forget requests the user made in conversation (decisions
    with op `REQUEST`): ingest reads them to apply a request to what it is given later
    that was said before it (sessions ingested out of order)."""
    return """
    CREATE INDEX decisions_requests ON decisions (scope, at) WHERE op = 'REQUEST';
    """


@migration("m015_memory_parts")
def _m015() -> str:
    """The sentences of an episode, each embedded on its own (`memory_parts`, float32
    like `memory_embeddings`): recall reads an episode as near a question as its nearest
    sentence, so a change said in one sentence of a long message is found by that
    sentence. Removed with their record (the trigger; a purge counts them first). A file
    written before has none until `memcli reindex`."""
    return """
    CREATE TABLE memory_parts (
        id INTEGER PRIMARY KEY,
        memory_rowid INTEGER NOT NULL,  -- memories.rowid
        scope TEXT NOT NULL,
        embedding BLOB NOT NULL
    );
    CREATE INDEX memory_parts_memory ON memory_parts (memory_rowid);
    CREATE TRIGGER memory_parts_ad AFTER DELETE ON memories BEGIN
        DELETE FROM memory_parts WHERE memory_rowid = old.rowid;
    END;
    """
