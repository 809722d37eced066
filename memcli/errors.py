"""Domain exceptions. The CLI translates each into one line on stderr."""


class MemcliError(Exception):
    """Base class: a runtime error with a message that says how to fix it."""

    exit_code = 1


class ScopeError(MemcliError):
    """A scope string that is not `user:`, `agent:`, `session:` or `org:` + name."""


class NotFound(MemcliError):
    """A memory id that does not exist in the given scope."""


class EmbedderMismatch(MemcliError):
    """The database was built with another embedding model."""


class InputError(MemcliError):
    """Malformed input: bad JSON, a binary file, an unknown role."""


class ModelError(MemcliError):
    """A model failed to load or returned output that cannot be used."""


class ModelUnavailable(ModelError):
    """The model cannot load or cannot answer at all: an error for the whole command,
    never a reply to fall back from."""


class LockBusy(MemcliError):
    """Another process holds the maintenance lock."""
