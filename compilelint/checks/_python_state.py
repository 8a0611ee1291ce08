"""Shared by the recompilation rules: which module globals and `self` attributes hold Python ints or
containers. Read once per file from the top-level statements and each class's `__init__` (cheap: no walk
of function bodies)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Set

import libcst as cst

from compilelint.names import ImportTable, dotted

CONTAINER_FACTORIES = frozenset({"list", "set", "dict", "collections.deque", "collections.OrderedDict",
                                 "collections.defaultdict"})


@dataclass
class PythonState:
    int_globals: Set[str] = field(default_factory=set)
    container_globals: Set[str] = field(default_factory=set)
    int_attrs: Dict[str, Set[str]] = field(default_factory=dict)  # class -> attributes
    container_attrs: Dict[str, Set[str]] = field(default_factory=dict)


_LAST: list = [None, None]  # (module, state) of the file being linted: several checks ask for it


def is_int_literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        expr = expr.expression
    return isinstance(expr, cst.Integer)


def is_container(expr: cst.BaseExpression, imports: ImportTable) -> bool:
    if isinstance(expr, (cst.List, cst.Set, cst.Dict)):
        return True
    return isinstance(expr, cst.Call) and imports.resolve(expr.func) in CONTAINER_FACTORIES


def _assignments(statement: cst.CSTNode):
    """(target, value) of the plain and annotated assignments of one statement line."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return
    for small in statement.body:
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            yield small.targets[0].target, small.value
        elif isinstance(small, cst.AnnAssign) and small.value is not None:
            yield small.target, small.value


def _record(state_ints: Set[str], state_containers: Set[str], name: str, value, imports: ImportTable) -> None:
    if is_int_literal(value):
        state_ints.add(name)
    elif is_container(value, imports):
        state_containers.add(name)


def python_state(module: cst.Module, imports: ImportTable) -> PythonState:
    if _LAST[0] is module:
        return _LAST[1]
    state = PythonState()
    for statement in module.body:
        for target, value in _assignments(statement):
            if isinstance(target, cst.Name):
                _record(state.int_globals, state.container_globals, target.value, value, imports)
        if isinstance(statement, cst.ClassDef):
            ints = state.int_attrs.setdefault(statement.name.value, set())
            containers = state.container_attrs.setdefault(statement.name.value, set())
            for member in statement.body.body:
                for target, value in _assignments(member):  # class attributes: `step = 0`
                    if isinstance(target, cst.Name):
                        _record(ints, containers, target.value, value, imports)
                if isinstance(member, cst.FunctionDef) and member.name.value == "__init__":
                    for line in member.body.body:
                        for target, value in _assignments(line):
                            name = dotted(target)
                            if name and name.startswith("self.") and name.count(".") == 1:
                                _record(ints, containers, name[5:], value, imports)
    _LAST[:] = [module, state]
    return state


def self_attribute(expr: cst.BaseExpression):
    """`self.x` -> "x"."""
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == "self":
        return expr.attr.value
    return None
