"""Re-embedding every record with the current embedder (after a model change): the
vectors and the embedder recorded in `meta` are rebuilt in one transaction. An episode
is embedded as ingest embeds it (`episodes.vector_text`, and its sentences, `parts_of`),
less the lead of a reply that pointed back at the message before (never stored)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .connection import Database
from .vectors import SqliteVectorIndex

if TYPE_CHECKING:
    import numpy as np


def reindex(db: Database, vectors: SqliteVectorIndex) -> int:
    """Re-embed every record; returns how many."""
    emb = vectors.embedder
    from ..episodes import part_vectors, vector_text

    rows = db.rows("SELECT rowid, scope, text, episode FROM memories ORDER BY rowid")
    embedded: np.ndarray | list[np.ndarray] = emb.embed([vector_text(r[2], bool(r[3])) for r in rows]) if rows else []
    parts = part_vectors(emb.embed, [(r[2], bool(r[3])) for r in rows])
    with db.transaction():
        db.conn.execute("DELETE FROM memory_embeddings")
        db.conn.execute("DELETE FROM memory_parts")
        db.conn.execute("DELETE FROM meta WHERE key IN ('embedder_model', 'embedder_dim')")
        vectors.ensure()
        for (rowid, scope, _text, _episode), vec, part in zip(rows, embedded, parts, strict=False):
            vectors.add(rowid, scope, vec)
            if part:
                vectors.add_parts(rowid, scope, part)
    return len(rows)
