"""Resolve what a name means, not how it is spelled: `th.compile`, `tc` and `torch.compile` are one thing.

A module-level import table is cheap (imports are a handful of top-level statements) and replaces
libcst's Scope + QualifiedName providers, which cost 12x the parse on real code.
"""

from __future__ import annotations

import functools
import importlib
from typing import Dict, FrozenSet, Optional, Set

import libcst as cst

# defined in the libcst-free index, which resolves names the same way
from compilelint.index import BUILTIN_NAMES, STAR_MODULES


@functools.lru_cache(maxsize=None)
def star_exports(module: str) -> FrozenSet[str]:
    """The names `from module import *` binds (stdlib only, see STAR_MODULES; never torch)."""
    imported = importlib.import_module(module)
    names = getattr(imported, "__all__", None) or [n for n in dir(imported) if not n.startswith("_")]
    return frozenset(names)


def dotted(expr: cst.BaseExpression) -> Optional[str]:
    """`a.b.c` -> "a.b.c"; None for anything that is not a plain attribute chain."""
    # `type() is`: libcst's node classes are final, and an ABC isinstance costs more on this hot path
    if type(expr) is cst.Name:
        return expr.value
    parts = []
    while type(expr) is cst.Attribute:
        parts.append(expr.attr.value)
        expr = expr.value
    if type(expr) is not cst.Name:
        return None
    parts.append(expr.value)
    return ".".join(reversed(parts))


def _module_name(node: cst.BaseExpression) -> str:
    return dotted(node) or ""


class ImportTable:
    """Local name -> fully qualified name, from the imports of one module."""

    def __init__(self, module: str = "", is_package: bool = False) -> None:
        self.module = module
        self.is_package = is_package
        self.aliases: Dict[str, str] = {}
        # module-level `def`/`class` names that hide a builtin: `def print(...)` in the project
        self.defined: Set[str] = set()

    def define(self, name: str) -> None:
        if name in BUILTIN_NAMES:
            self.defined.add(name)

    def add(self, node: cst.CSTNode) -> None:
        if isinstance(node, cst.Import):
            for alias in node.names:
                full = _module_name(alias.name)
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                    self.aliases[alias.asname.name.value] = full
                else:
                    top = full.split(".")[0]
                    self.aliases[top] = top
        elif isinstance(node, cst.ImportFrom) and isinstance(node.names, cst.ImportStar):
            base = self._from_module(node)
            if base in STAR_MODULES:
                for name in star_exports(base):
                    self.aliases.setdefault(name, f"{base}.{name}")
        elif isinstance(node, cst.ImportFrom):
            base = self._from_module(node)
            for alias in node.names:
                name = _module_name(alias.name)
                local = alias.asname.name.value if alias.asname and isinstance(alias.asname.name, cst.Name) else name
                self.aliases[local] = f"{base}.{name}" if base else name

    def _from_module(self, node: cst.ImportFrom) -> str:
        module = _module_name(node.module) if node.module is not None else ""
        level = len(node.relative)
        if not level:
            return module
        package = self.module.split(".") if self.module else []
        if not self.is_package and package:
            package = package[:-1]
        if level > 1:
            package = package[: len(package) - (level - 1)]
        return ".".join([p for p in package if p] + ([module] if module else []))

    def resolve(self, expr: cst.BaseExpression) -> Optional[str]:
        """Qualified name of a Name or attribute chain; unimported names are returned as spelled."""
        name = dotted(expr)
        if name is None:
            return None
        head, dot, rest = name.partition(".")
        full = self.aliases.get(head)
        if full is None:
            full = f"{self.module}.{head}" if head in self.defined and self.module else head
        return f"{full}{dot}{rest}"
