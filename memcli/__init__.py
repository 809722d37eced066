"""memcli: local long-term memory for LLM agents in one SQLite file."""

from .api import MemoryStore
from .errors import MemcliError
from .models import Decision, Hit, Memory

__all__ = ["MemoryStore", "Memory", "Decision", "Hit", "MemcliError"]
__version__ = "0.1.0"
