"""CL207: a Python int/float that changes every iteration passed to a compiled callable."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set

import libcst as cst

from compilelint.check import Check
from compilelint.checks._compiled_objects import compile_dynamic, compiled_functions, compiled_target

NUMERIC_CALLS = frozenset({"int", "float", "round", "abs", "min", "max", "len"})


@dataclass
class _Scope:
    compiled: Dict[str, Optional[bool]] = field(default_factory=dict)  # name -> dynamic= of its compile
    constants: Set[str] = field(default_factory=set)  # names bound to a number (not per iteration)
    loops: List[Set[str]] = field(default_factory=list)  # per enclosing loop: numbers that change per iteration


class LoopNumberArgument(Check):
    code = "CL207"
    in_functions_only = False
    anywhere = True

    def __init__(self, ctx):
        super().__init__(ctx)
        module = _Scope(compiled=compiled_functions(ctx.module, ctx.imports))
        self.scopes: List[_Scope] = [module]
        self.parameters = {s.name.value: [p.name.value for p in s.params.params] for s in ctx.module.body
                           if isinstance(s, cst.FunctionDef)}

    # -- scopes and loops ------------------------------------------------------------------------------
    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.append(_Scope())

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.pop()

    def visit_For(self, node: cst.For) -> None:
        varying: Set[str] = set()
        target, source = node.target, node.iter
        called = self.ctx.resolve(source.func) if isinstance(source, cst.Call) else None
        if called == "range" and isinstance(target, cst.Name):
            varying.add(target.value)
        elif called == "enumerate" and isinstance(target, cst.Tuple) and target.elements \
                and isinstance(target.elements[0].value, cst.Name):
            varying.add(target.elements[0].value.value)
        self.scopes[-1].loops.append(varying)

    def leave_For(self, node) -> None:
        self.scopes[-1].loops.pop()

    def visit_While(self, node: cst.While) -> None:
        self.scopes[-1].loops.append(set())

    leave_While = leave_For

    # -- what names hold ---------------------------------------------------------------------------------
    def _varying(self, name: str) -> bool:
        return any(name in loop for loop in self.scopes[-1].loops)

    def _constant(self, name: str) -> bool:
        return name in self.scopes[-1].constants or name in self.scopes[0].constants

    def _number(self, expr: cst.BaseExpression) -> Optional[Set[str]]:
        """The names a number is built from (None: not only from numbers, so maybe a tensor)."""
        names: Set[str] = set()
        stack = [expr]
        while stack:
            node = stack.pop()
            if isinstance(node, (cst.Integer, cst.Float)):
                continue
            if isinstance(node, cst.Name):
                if not (self._varying(node.value) or self._constant(node.value)):
                    return None
                names.add(node.value)
            elif isinstance(node, cst.BinaryOperation):
                stack += [node.left, node.right]
            elif isinstance(node, cst.UnaryOperation):
                stack.append(node.expression)
            elif isinstance(node, cst.Call) and self.ctx.resolve(node.func) in NUMERIC_CALLS \
                    and all(a.keyword is None and not a.star for a in node.args):
                if self.ctx.resolve(node.func) != "len":  # a length is a number, whatever it measures
                    stack += [a.value for a in node.args]
            else:
                return None
        return names

    def _per_iteration_number(self, expr: cst.BaseExpression) -> bool:
        names = self._number(expr)
        return names is not None and any(self._varying(n) for n in names)

    def _bind(self, name: str, value: cst.BaseExpression) -> None:
        scope = self.scopes[-1]
        names = self._number(value)
        # in a loop, a number computed from itself (`lr = lr * 0.9`) changes every iteration
        varying = names is not None and scope.loops and (name in names or any(self._varying(n) for n in names))
        for loop in scope.loops:
            loop.discard(name)
        scope.constants.discard(name)
        scope.compiled.pop(name, None)
        if varying:
            scope.loops[-1].add(name)
        elif names == set():
            scope.constants.add(name)
        else:
            target = compiled_target(value, self.ctx.imports)
            if target is not None:
                scope.compiled[name] = compile_dynamic(value)

    def visit_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            self._bind(node.targets[0].target.value, node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        scope = self.scopes[-1]
        if isinstance(node.target, cst.Name) and scope.loops and self._number(node.target) is not None \
                and self._number(node.value) is not None:
            scope.loops[-1].add(node.target.value)  # `t += 0.1` in a loop: a new value every iteration

    # -- call sites ---------------------------------------------------------------------------------------
    def _compiled(self, name: str):
        for scope in reversed(self.scopes):
            if name in scope.compiled:
                return True, scope.compiled[name]
        return False, None

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "compile" and isinstance(func.value, cst.Name):
            self.scopes[-1].compiled[func.value.value] = compile_dynamic(node)  # `model.compile()` in place
            return
        if not self.scopes[-1].loops or not isinstance(func, cst.Name):
            return
        compiled, dynamic = self._compiled(func.value)
        if not compiled or dynamic is True:
            return
        parameters = self.parameters.get(func.value, []) if func.value in self.scopes[0].compiled else []
        for position, arg in enumerate(node.args):
            if arg.star or not self._per_iteration_number(arg.value):
                continue
            if arg.keyword is not None:
                guarded = arg.keyword.value
            else:
                guarded = parameters[position] if position < len(parameters) else None
            how_often = ("every new value recompiles (`dynamic=False`), until `recompile_limit` (8), then it runs "
                         "eagerly" if dynamic is False else
                         "the second value recompiles once, then the argument is treated as dynamic")
            self.report(arg.value, f"a Python number that changes every iteration is passed to the compiled "
                                   f"`{func.value}`: dynamo guards on its value"
                                   f"{f' (`{guarded} == <first value>`)' if guarded else ''}, "
                                   f"so {how_often}",
                        help="pass it as a tensor (`torch.tensor(value)`, no guard on the value), or compile with "
                             "`dynamic=True` so the number is symbolic from the first call")
