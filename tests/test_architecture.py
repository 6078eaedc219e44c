"""The layers of ARCHITECTURE.md hold: no module imports a layer above its own, no import circle, the generic
engine names no game, and no registry is filled by importing a module."""

import ast
import re
import tomllib
from pathlib import Path

import networkx as nx

SOLO = Path(__file__).resolve().parents[1] / "solo"
# lowest first; a package may import its own layer and those below (core and rules share the floor)
RANK = {"core": 0, "rules": 0, "board": 1, "vasl": 1.5, "campaign": 2, "sasl": 2, "ai": 3, "games": 4, "tui": 5,
        "cli": 6}
GAME_IDS = re.compile(r"oto2|\brb\.|votg|abtf|oto-s|oto_s")


def modules() -> dict[str, ast.Module]:
    out = {}
    for path in SOLO.rglob("*.py"):
        name = ".".join(path.relative_to(SOLO.parent).with_suffix("").parts).removesuffix(".__init__")
        out[name] = ast.parse(path.read_text(encoding="utf-8"))
    return out


def imports(tree: ast.Module, known: dict) -> set[str]:
    """The solo modules ``tree`` imports: "from solo.x import y" imports the module solo.x.y if there is one."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("solo"):
            for alias in node.names:
                found.add(f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("solo"))
    return found


def layer(module: str) -> str:
    return module.split(".")[1] if module.count(".") else ""


def test_no_module_imports_a_layer_above_its_own():
    wrong, mods = [], modules()
    for name, tree in mods.items():
        if layer(name) not in RANK:
            continue
        for target in imports(tree, mods):
            up = layer(target)
            if up in RANK and (RANK[up] > RANK[layer(name)] or {up, layer(name)} == {"campaign", "sasl"}):
                wrong.append(f"{name} imports {target}")
    assert not wrong


def test_no_import_circle():
    mods = modules()
    graph = nx.DiGraph()
    for name, tree in mods.items():
        graph.add_node(name)
        graph.add_edges_from((name, target) for target in imports(tree, mods) if target in mods and target != name)
    assert [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1] == []


def _code_strings(tree: ast.Module) -> list[str]:
    """Every string constant that is not a docstring."""
    docstrings = {id(body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
                  and (body := node.body) and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)}
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docstrings]


def test_the_generic_engine_names_no_game():
    named = [f"{name}: {text!r}" for name, tree in modules().items() if layer(name) in ("core", "campaign", "sasl")
             for text in _code_strings(tree) if GAME_IDS.search(text)]
    assert not named


def test_no_registry_is_filled_by_an_import():
    for name, tree in modules().items():
        for node in tree.body:  # module level: no import_module, no update of another module's dict
            text = ast.unparse(node)
            assert "import_module" not in text, name
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                func = node.value.func
                assert not (isinstance(func, ast.Attribute) and func.attr in ("update", "setdefault")), (name, text)
            assert not isinstance(node, ast.AugAssign), (name, text)


# --- issue 39: game knowledge at home -------------------------------------------------------------------------------

TABLES = SOLO.parent / "tables"
MISSION_NAMES = re.compile(r"OtO-S|oto-s|oto_s|\bBtO\b|\bMSR\b|Cross Roads|Breakthrough")


def test_tables_core_names_no_mission():
    """A core table names no mission in what a roll reads or the player sees as the table (its title, rows,
    modifiers, notes, footnotes): a mission's own DRM and rules are in its mission file, so that the player's rulebook
    table replaces the stand-in with nothing lost. The stand-in's `stand_in` and `reading` say what its design was
    built for, and may cite a mission."""
    named = []
    for path in sorted((TABLES / "core").glob("*.toml")):
        for table in tomllib.loads(path.read_text(encoding="utf-8")).get("table", []):
            for key, value in table.items():
                if key not in ("stand_in", "reading") and MISSION_NAMES.search(repr(value)):
                    named.append(f"{path.name} {table['id']} {key}: {MISSION_NAMES.findall(repr(value))}")
    assert not named




def test_cli_names_no_game():
    """The shells read the games from the registry (solo/games/__init__.py) and each game's own files: no game id in
    their code (a title, a list of games), no import of a game's package; nor does games/policies.py, which draws its
    answers from what each question gives (issue 39: the game contract)."""
    mods = modules()
    games = {p.name for p in (SOLO / "games").iterdir() if (p / "__init__.py").is_file()}
    ids = {path.stem for path in (SOLO.parent / "missions").glob("*.toml")} | games
    shells = {name: tree for name, tree in mods.items() if layer(name) == "cli" or name == "solo.games.policies"}
    named = [f"{name}: {text!r}" for name, tree in shells.items() for text in _code_strings(tree) if text in ids]
    imported = {(name, target) for name, tree in shells.items()
                for target in imports(tree, mods) if target.split(".")[2:3] and target.split(".")[2] in games}
    assert not named
    assert not imported
