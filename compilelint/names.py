"""Resolve what a name means, not how it is spelled: `th.compile`, `tc` and `torch.compile` are one thing.

A module-level import table is cheap (imports are a handful of top-level statements) and replaces
libcst's Scope + QualifiedName providers, which cost 12x the parse on real code.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

# the alias table is shared with the libcst-free index, which resolves names the same way
from compilelint.index import BUILTIN_NAMES, AliasTable


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


class ImportTable(AliasTable):
    """The alias table of libcst nodes: local name -> fully qualified name."""

    def add(self, node: cst.CSTNode) -> None:
        if isinstance(node, cst.Import):
            for alias in node.names:
                self.add_import(_module_name(alias.name), _asname(alias))
        elif isinstance(node, cst.ImportFrom):
            module = _module_name(node.module) if node.module is not None else ""
            names = [("*", None)] if isinstance(node.names, cst.ImportStar) else \
                [(_module_name(alias.name), _asname(alias)) for alias in node.names]
            self.add_from(len(node.relative), module, names)

    def resolve(self, expr: cst.BaseExpression) -> Optional[str]:
        """Qualified name of a Name or attribute chain; unimported names are returned as spelled."""
        name = dotted(expr)
        return None if name is None else self.qualify(name)


def _asname(alias: cst.ImportAlias) -> Optional[str]:
    return alias.asname.name.value if alias.asname and isinstance(alias.asname.name, cst.Name) else None
