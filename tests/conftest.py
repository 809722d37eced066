import os
import tempfile

# Typer/Rich read these at import: fix them before the app is imported so help
# and table output do not depend on the machine.
os.environ["TERMINAL_WIDTH"] = "120"
os.environ["COLUMNS"] = "120"
os.environ.pop("FORCE_COLOR", None)
os.environ.setdefault("XDG_CACHE_HOME", tempfile.mkdtemp(prefix="memcli-cache-"))
os.environ.pop("MEMCLI_SCOPE", None)
os.environ.pop("MEMCLI_MODEL", None)
os.environ.pop("MEMCLI_STRATEGY", None)

import pytest  # noqa: E402

from memcli.api import MemoryStore  # noqa: E402
from memcli.embed import HashEmbedder  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path, monkeypatch):
    """Every test gets its own database path and data dir; the fake embedder unless a
    test asks for the real one."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("MEMCLI_DB", str(tmp_path / "memory.db"))
    monkeypatch.setenv("MEMCLI_EMBEDDER", "hash")
    monkeypatch.delenv("MEMCLI_SCOPE", raising=False)


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "memory.db"


@pytest.fixture
def store(db_path):
    s = MemoryStore(db_path, HashEmbedder())
    yield s
    s.close()


@pytest.fixture(scope="session")
def real_embedder():
    """The bundled MiniLM, loaded once per test session."""
    from memcli.embed import MiniLMEmbedder

    return MiniLMEmbedder()


@pytest.fixture(scope="session")
def real_llm():
    """The bundled SmolLM2, loaded once per test session and closed at the end."""
    from memcli.llm import LlamaCppLLM

    llm = LlamaCppLLM()
    yield llm
    llm.close()


@pytest.fixture
def real_models(monkeypatch):
    """Run the CLI with the real bundled embedder."""
    monkeypatch.setenv("MEMCLI_EMBEDDER", "minilm")
