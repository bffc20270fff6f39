"""The shape of the Imperial Elegy module: its files import one another in layers, never in a
circle (the world and the card interpreter below, the rulebook's steps above them), so that
each can be read, tested and changed on its own."""

import ast
from pathlib import Path

from kriegsspiel.games import imperial_elegy

PACKAGE = Path(imperial_elegy.__file__).parent


def imports() -> dict[str, set[str]]:
    """Module -> the sibling modules it imports, at the top or inside a function."""
    names = {p.stem for p in PACKAGE.glob("*.py")}
    out: dict[str, set[str]] = {}
    for path in PACKAGE.glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    deps.add(node.module.split(".")[0])
                else:
                    deps.update(a.name for a in node.names if a.name in names)
        out[path.stem] = deps & names - {path.stem}
    return out


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports, if there is one."""
    done: set[str] = set()

    def visit(m: str, path: list[str]) -> list[str] | None:
        if m in path:
            return path[path.index(m) :] + [m]
        if m in done:
            return None
        for d in sorted(graph.get(m, ())):
            found = visit(d, path + [m])
            if found:
                return found
        done.add(m)
        return None

    for m in sorted(graph):
        found = visit(m, [])
        if found:
            return found
    return None


def test_the_modules_import_one_another_in_layers_never_in_a_circle():
    graph = imports()
    assert {"world", "effects", "war", "events", "sequence"} <= set(graph)
    assert circle(graph) is None, " -> ".join(circle(graph))


def test_the_circle_finder_finds_a_circle():
    assert circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert circle({"a": {"b"}, "b": set()}) is None


def test_the_card_interpreter_and_the_world_know_nothing_of_the_steps_above_them():
    graph = imports()
    above = {"war", "events", "sequence", "actions", "crisis", "end", "rules"}
    assert not graph["world"] & (above | {"effects"})
    assert not graph["effects"] & above
