"""memcli: local long-term memory for LLM agents in one SQLite file."""

from .errors import MemcliError
from .models import Decision, Hit, Memory
from .store import MemoryStore

__all__ = ["MemoryStore", "Memory", "Decision", "Hit", "MemcliError"]
__version__ = "0.1.0"
