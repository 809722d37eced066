"""The shape of the code: imports point down (no cycles, lazy imports included,
type-checking-only ones excepted), no module over 800 lines, no function over 100."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "memcli"


def _modules() -> dict[str, Path]:
    mods = {}
    for p in ROOT.rglob("*.py"):
        name = ".".join(p.relative_to(ROOT.parent).with_suffix("").parts)
        mods[name.removesuffix(".__init__")] = p
    return mods


def _target(mods: dict[str, Path], cur: str, node: ast.ImportFrom) -> str:
    pkg = cur if mods[cur].name == "__init__.py" else cur.rsplit(".", 1)[0]
    if not node.level:
        return node.module or ""
    parts = pkg.split(".")
    base = ".".join(parts[: len(parts) - node.level + 1])
    return base + ("." + node.module if node.module else "")


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        tree = ast.parse(p.read_text(encoding="utf-8"))
        hints = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                 and getattr(node.test, "id", "") == "TYPE_CHECKING" for n in ast.walk(node)}
        for node in ast.walk(tree):
            if id(node) in hints:
                continue
            if isinstance(node, ast.ImportFrom):
                t = _target(mods, m, node)
                subs = [f"{t}.{a.name}" for a in node.names if f"{t}.{a.name}" in mods]
                names = subs if len(subs) == len(node.names) else [t, *subs]
                graph[m].update(x for x in names if x in mods and x != m)
            elif isinstance(node, ast.Import):
                graph[m].update(a.name for a in node.names if a.name in mods)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(v: str) -> list[str] | None:
        state[v] = 1
        stack.append(v)
        for w in sorted(graph[v]):
            if state.get(w) == 1:
                return stack[stack.index(w):] + [w]
            if w not in state and (found := visit(w)):
                return found
        state[v] = 2
        stack.pop()
        return None

    for v in sorted(graph):
        if v not in state and (found := visit(v)):
            return found
    return None


def test_no_import_cycle():
    assert _cycle(_graph()) is None


def test_the_cycle_finder_finds_one():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_module_over_800_lines_and_no_function_over_100():
    too_long = []
    for name, p in _modules().items():
        text = p.read_text(encoding="utf-8")
        if len(text.splitlines()) > 800:
            too_long.append(f"{name}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                n = (node.end_lineno or node.lineno) - node.lineno + 1
                if n > 100:
                    too_long.append(f"{name}.{node.name}: {n} lines")
    assert too_long == []
