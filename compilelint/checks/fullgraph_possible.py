"""CL305: a compile site without `fullgraph=True` whose whole reach has no graph break (advice, opt-in)."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from compilelint.check import Check
from compilelint.checks._compiled_objects import COMPILE
from compilelint.engine import _first_argument, _is_call_result

HELP = ("`fullgraph=True` turns the first graph break into an error at compile time, so a test that runs the "
        "compiled model once catches a break added later; if it raises today, the traceback names a break "
        "compilelint missed")


def _passes_fullgraph(call: Optional[cst.Call]) -> bool:
    """`fullgraph=` given at all (an explicit False is a choice, not an oversight) or `**options`."""
    return call is not None and any(
        (a.keyword is not None and a.keyword.value == "fullgraph") or a.star == "**" for a in call.args)


class FullgraphPossible(Check):
    code = "CL305"
    in_functions_only = False
    anywhere = True

    def _advise(self, node: cst.CSTNode, target: str, spelled: str) -> None:
        self.report(node, f"`{spelled}` is compiled without `fullgraph=True` and compilelint finds no graph break in "
                          "the code it reaches: with `fullgraph=True` a break added later fails at compile time "
                          "instead of silently splitting the graph",
                    help=HELP, requires=("clean-reach", target))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        frame = self.ctx.frame
        if frame is None or frame.region_key is None:
            return
        for decorator in node.decorators:
            expr = decorator.decorator
            call = expr if isinstance(expr, cst.Call) else None
            if self.ctx.resolve(call.func if call else expr) == COMPILE and not _passes_fullgraph(call):
                self._advise(decorator, frame.region_key, node.name.value)

    def visit_Call(self, node: cst.Call) -> None:
        if _passes_fullgraph(node) or self._discarded(node):
            return
        func = node.func
        if self.ctx.resolve(func) == COMPILE:
            argument = _first_argument(node, "model")
            target = self.ctx.compile_target(argument) if argument is not None else None
            if target:
                instance = "()" if _is_call_result(argument, self.ctx) else ""
                self._advise(node, target + instance, cst.Module([]).code_for_node(argument))
        elif isinstance(func, cst.Attribute) and func.attr.value == "compile" \
                and not any(a.keyword is None for a in node.args):
            target = self.ctx.compile_target(func.value, known_only=True)
            if target:
                self._advise(node, target + "()", cst.Module([]).code_for_node(func.value))

    def _discarded(self, node: cst.Call) -> bool:
        """`torch.compile(model)` as a statement compiles nothing (CL301 says so): no advice about it."""
        statement = self.ctx.statements[-1] if self.ctx.statements else None
        return isinstance(statement, cst.SimpleStatementLine) and self.ctx.resolve(node.func) == COMPILE and any(
            isinstance(small, cst.Expr) and small.value is node for small in statement.body)
