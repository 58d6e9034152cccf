"""What a warm worker imports before it forks: the heavy libraries the selected scripts use, and
the parts of them the scripts reach for, found by reading the scripts (never running them)."""

from __future__ import annotations

import ast
import re

from benchit.records import Script

# Libraries worth importing once in the warm worker when a script imports them.
# What a script takes from them is preloaded too ("module:name"), because transformers and
# diffusers import a model's code only when its class is first looked up.
HEAVY = (
    "torchvision",
    "transformers",
    "diffusers",
    "torch_geometric",
    "timm",
    "onnx",
    "onnxruntime",
    "onnxscript",
    "scipy",
    "pandas",
)
EXTRA_PRELOAD = {
    "transformers": ("transformers.modeling_utils", "transformers.models.auto.modeling_auto"),
    "diffusers": ("diffusers.models",),
}
_IMPORT = re.compile(r"^\s*(?:import|from)\s+([A-Za-z_][\w.]*)(?:\s+import\s+([\w, ]+))?", re.MULTILINE)


def script_imports(source: str) -> list[str]:
    """What ``source`` imports: ``module`` for ``import module``, ``module:name`` for
    ``from module import name`` and for ``module.name`` attribute lookups."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):  # the script will fail on its own; a rough answer will do
        found: list[str] = []
        for module, names in _IMPORT.findall(source):
            found += [module, *(f"{module}:{n.split()[0]}" for n in names.split(",") if n.strip())]
        return found
    found = []
    bound: dict[str, str] = {}  # local name -> module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append(alias.name)
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    bound[alias.name.split(".")[0]] = alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found += [node.module, *(f"{node.module}:{a.name}" for a in node.names if a.name != "*")]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound:
            found.append(f"{bound[node.value.id]}:{node.attr}")
    return found


def preload_modules(scripts: list[Script], extra: list[str]) -> list[str]:
    """What the warm worker imports once for the selected scripts: the heavy libraries they use
    (and the parts of those a script reaches for), then what plugins ask for."""
    found: set[str] = set()
    for script in scripts:
        if script.path.suffix == ".py":
            try:
                found.update(script_imports(script.path.read_text(encoding="utf-8", errors="replace")))
            except OSError:
                continue
    modules: list[str] = []
    for library in HEAVY:
        if any(name == library or name.startswith((f"{library}.", f"{library}:")) for name in found):
            modules += [library, *EXTRA_PRELOAD.get(library, ())]
    top = tuple(modules)
    # Submodules before names, so "pkg.sub:Class" finds pkg.sub imported; sorted for a stable order.
    deeper = sorted(n for n in found if n.split(":")[0].split(".")[0] in top and n not in top)
    deeper.sort(key=lambda n: ":" in n)
    modules += deeper
    return modules + [m for m in extra if m not in modules]
