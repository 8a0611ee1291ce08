"""CL208: a module global read in compiled code and changed at run time elsewhere (a flag flipped in a loop)."""

from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

import libcst as cst

from compilelint.check import Check
from compilelint.checks._python_state import is_container

MUTATORS = frozenset({"update", "append", "extend", "insert", "pop", "popitem", "clear", "setdefault", "add",
                      "remove", "discard"})
HELP = ("expected when it takes a few values (each graph stays cached); to avoid it, keep the value in a tensor "
        "(`FLAG = torch.zeros((), dtype=torch.bool)`, `FLAG.fill_(True)`, then `torch.where(FLAG, a, b)`: no guard "
        "on a tensor's value), or read it outside and call separate compiled functions per value")


def _guarded_global(value: cst.BaseExpression, imports) -> bool:
    """Module-level values dynamo guards by value when compiled code reads them."""
    if isinstance(value, cst.UnaryOperation):
        value = value.expression
    if isinstance(value, cst.Name):
        return value.value in ("True", "False", "None")
    return isinstance(value, (cst.Integer, cst.Float, cst.SimpleString, cst.Tuple)) or is_container(value, imports)


class AssignedTargets(Check):
    """A check that sees every assignment target (`x = `, `x += `, `x: T = v`) through its `_target`."""

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._target(target.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._target(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._target(node.target)

    def _target(self, target: cst.BaseExpression) -> None:
        raise NotImplementedError


class GlobalChangedAtRunTime(AssignedTargets):
    code = "CL208"
    in_functions_only = False

    def __init__(self, ctx):
        super().__init__(ctx)
        self.globals: Set[str] = set()
        for statement in ctx.module.body:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                        targets = small.targets if isinstance(small, cst.Assign) else [small]
                        for target in targets:
                            name = target.target
                            if isinstance(name, cst.Name) and not name.value.startswith("__") \
                                    and _guarded_global(small.value, ctx.imports):
                                self.globals.add(name.value)
        self.functions: List[Tuple[str, Set[str], Set[str]]] = []  # (name, `global` names, local bindings)
        self.module_loops = 0
        self.targets: Set[int] = set()  # subscripts written, not read
        # global -> [(function writing it or "", key written, in a loop)]
        self.writes: Dict[str, List[Tuple[str, str, bool]]] = {}
        self.reads: List[Tuple[cst.CSTNode, str, str]] = []  # (node reported, global, reading function)

    # -- scopes ----------------------------------------------------------------------------------------
    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        params = {p.name.value for p in (*node.params.params, *node.params.kwonly_params,
                                         *node.params.posonly_params)}
        self.functions.append((node.name.value, set(), params))

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        name, _declared, local = self.functions.pop()
        shadowed = {id(n) for n, g, f in self.reads if f == name and g in local}
        if shadowed:  # a local of the same name: not the global
            self.ctx.withdraw(self.code, shadowed)
            self.reads = [r for r in self.reads if id(r[0]) not in shadowed]

    def visit_For(self, node) -> None:
        if not self.functions:
            self.module_loops += 1

    def leave_For(self, node) -> None:
        if not self.functions:
            self.module_loops -= 1

    visit_While = visit_For
    leave_While = leave_For

    def visit_Global(self, node: cst.Global) -> None:
        if self.functions:
            self.functions[-1][1].update(n.name.value for n in node.names)

    # -- writes ----------------------------------------------------------------------------------------
    def _write(self, name: str, key: str) -> None:
        in_loop = self.ctx.in_loop if self.functions else self.module_loops > 0
        self.writes.setdefault(name, []).append((self.functions[-1][0] if self.functions else "", key, in_loop))

    def _target(self, target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            if not self.functions:
                if target.value in self.writes or self.module_loops:  # the first binding is the definition
                    self._write(target.value, "=")
                self.writes.setdefault(target.value, [])
            elif target.value in self.functions[-1][1]:
                self._write(target.value, "=")
            else:
                self.functions[-1][2].add(target.value)
        elif isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) \
                and target.value.value in self.globals:
            self.targets.add(id(target))
            self._write(target.value.value, cst.Module([]).code_for_node(target.slice[0]))

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) \
                and func.value.value in self.globals and func.attr.value in MUTATORS:
            self._write(func.value.value, "." + func.attr.value)
        elif self.functions:
            for arg in node.args:
                self._read(arg.value)

    # -- reads: the positions where dynamo reads the value ----------------------------------------------
    def _read(self, expr: cst.BaseExpression, node: Optional[cst.CSTNode] = None) -> None:
        if not self.functions or id(expr) in self.targets:
            return
        name = expr.value.value if isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name) else \
            expr.value if isinstance(expr, cst.Name) else None
        function = self.functions[-1][0]
        if name not in self.globals or any(g == name and f == function for _n, g, f in self.reads):
            return
        self.reads.append((node or expr, name, function))
        guard = f"G['{name}']"
        if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index) \
                and isinstance(expr.slice[0].slice.value, (cst.SimpleString, cst.Integer)):
            guard += f"[{expr.slice[0].slice.value.value}]"
        self.report(node or expr, f"module global `{name}` is read in compiled code and changed at run time "
                                  f"elsewhere in this file: dynamo guards on the value it read here "
                                  f"(`{guard} == <value>`), so each new value recompiles once (up to "
                                  "`recompile_limit`, 8; a value that never repeats recompiles every call)",
                    help=HELP)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        self._read(node)

    def visit_If(self, node: cst.If) -> None:
        self._read(node.test)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._read(node.test)

    def visit_Comparison(self, node: cst.Comparison) -> None:
        self._read(node.left)
        for comparison in node.comparisons:
            self._read(comparison.comparator)

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        self._read(node.left)
        self._read(node.right)

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        self._read(node.expression)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        self._read(node.left)
        self._read(node.right)

    # -- the end of the file: which reads have a write that happens at run time --------------------------
    def leave_Module(self, node: cst.Module) -> None:
        unproven = set()
        for read, name, function in self.reads:
            writes = [(f, key, loop) for f, key, loop in self.writes.get(name, ()) if f != function]
            in_loop = any(loop for _f, _key, loop in writes)
            keys = [key for _f, key, _loop in writes if not key.startswith(".")]
            toggled = len(keys) != len(set(keys))  # the same key (or the name itself) set in two places
            if not (in_loop or toggled):
                unproven.add(id(read))
        if unproven:
            self.ctx.withdraw(self.code, unproven)
