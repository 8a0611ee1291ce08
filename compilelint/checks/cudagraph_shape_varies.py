"""CL307: a callable compiled with CUDA graphs (`mode="reduce-overhead"`) called in a loop with a slice whose
length follows the loop variable (`step(x[:, :i])`): every new length records a new CUDA graph."""

from __future__ import annotations

from typing import Dict, List, Optional, Set

import libcst as cst

from compilelint.check import Check
from compilelint.checks._compiled_objects import COMPILE, compiled_target
from compilelint.checks.cudagraph_input_mutation import _cudagraph_mode

HELP = ("pad to a few fixed lengths (buckets) and pass the true length or a mask as a tensor, so the CUDA graphs "
        "recorded for those shapes are replayed; or compile without `mode=\"reduce-overhead\"` for this call")


def _names(expr: Optional[cst.BaseExpression]) -> Set[str]:
    found: Set[str] = set()
    stack = [expr] if expr is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            found.add(node.value)
        elif isinstance(node, cst.BinaryOperation):
            stack += [node.left, node.right]
        elif isinstance(node, cst.UnaryOperation):
            stack.append(node.expression)
    return found


class CudagraphShapeVaries(Check):
    code = "CL307"
    in_functions_only = False
    anywhere = True

    def __init__(self, ctx):
        super().__init__(ctx)
        self.cudagraphed: Dict[str, str] = {}  # name bound to a CUDA-graph compiled callable -> its mode
        self.loops: List[Set[str]] = []  # per enclosing for loop: its loop variables

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        for decorator in node.decorators:
            expr = decorator.decorator
            if isinstance(expr, cst.Call) and self.ctx.resolve(expr.func) == COMPILE and _cudagraph_mode(expr):
                self.cudagraphed[node.name.value] = _cudagraph_mode(expr)

    # -- loops ---------------------------------------------------------------------------------------
    def visit_For(self, node: cst.For) -> None:
        target, source = node.target, node.iter
        called = self.ctx.resolve(source.func) if isinstance(source, cst.Call) else None
        variables: Set[str] = set()
        if called == "range" and isinstance(target, cst.Name):
            variables.add(target.value)
        elif called == "enumerate" and isinstance(target, cst.Tuple) and target.elements \
                and isinstance(target.elements[0].value, cst.Name):
            variables.add(target.elements[0].value.value)
        self.loops.append(variables)

    def leave_For(self, node: cst.For) -> None:
        self.loops.pop()

    # -- compiled callables and their calls -----------------------------------------------------------
    def visit_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Name):
            return
        name = node.targets[0].target.value
        value = node.value
        mode = _cudagraph_mode(value) if isinstance(value, cst.Call) else None
        if mode and compiled_target(value, self.ctx.imports) is not None:
            self.cudagraphed[name] = mode
        else:
            self.cudagraphed.pop(name, None)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "compile" and isinstance(func.value, cst.Name):
            mode = _cudagraph_mode(node)
            if mode:  # model.compile(mode="reduce-overhead") compiles in place
                self.cudagraphed[func.value.value] = mode
            return
        if not isinstance(func, cst.Name) or func.value not in self.cudagraphed or not self.loops:
            return
        varying = set().union(*self.loops)
        for arg in node.args:
            if self._length_follows(arg.value, varying):
                self.report(arg.value, f"`{func.value}` is compiled with CUDA graphs (`mode=\"{self.cudagraphed[func.value]}\"`) "
                                       "and called in a loop with a slice whose length follows the loop variable: "
                                       "every new length is warmed up and recorded as a new CUDA graph before one "
                                       "replays, and dynamo recompiles at the second length (once; at every "
                                       "length with `dynamic=False`)", help=HELP)
                return

    @staticmethod
    def _length_follows(expr: cst.BaseExpression, varying: Set[str]) -> bool:
        """`x[:i]`, `x[:, :i + 1]`, `x[i:]`: one bound moves with the loop, the other does not."""
        if not isinstance(expr, cst.Subscript):
            return False
        for element in expr.slice:
            part = element.slice
            if isinstance(part, cst.Slice) and part.step is None:
                lower, upper = _names(part.lower) & varying, _names(part.upper) & varying
                if bool(lower) != bool(upper):
                    return True
        return False
