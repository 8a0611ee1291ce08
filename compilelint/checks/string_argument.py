"""CL205: a `str` parameter of a compiled entry point (forward, @torch.compile) used to decide the trace."""

from typing import Dict, List

import libcst as cst

from compilelint.check import Check

COMPILE_DECORATORS = frozenset({"torch.compile", "torch._dynamo.optimize"})
HELP = ("strings are compile-time constants: each distinct value gets its own graph. Keep the set of values "
        "small and fixed, or turn the choice into a bool/enum attribute set once, or into separate compiled "
        "functions per mode")


class StringArgument(Check):
    code = "CL205"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.depth = 0
        self.watched: List[Dict[str, bool]] = []  # str parameter -> reported yet

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth += 1
        frame = self.ctx.frame
        entry = False
        if self.depth == 1 and frame is not None and frame.region_key:
            is_forward = frame.cls is not None and node.name.value == "forward"
            decorated = any(self.ctx.resolve(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator)
                            in COMPILE_DECORATORS for d in node.decorators)
            entry = is_forward or decorated
        params = list(node.params.params) + list(node.params.kwonly_params) if entry else []
        self.watched.append({p.name.value: False for p in params if _is_str_param(p)})

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth -= 1
        self.watched.pop()

    def _use(self, expr: cst.BaseExpression, node: cst.CSTNode) -> None:
        if not self.watched or not isinstance(expr, cst.Name):
            return
        watched = self.watched[-1] if self.depth == 1 else {}
        if expr.value in watched and not watched[expr.value]:
            watched[expr.value] = True
            self.report(node, f"`{expr.value}` is a `str` argument of a compiled entry point: dynamo guards on its "
                              f"value here (`{expr.value} == '...'`), so every new string recompiles (once per "
                              "distinct value, up to `recompile_limit`)", help=HELP)

    def visit_Comparison(self, node: cst.Comparison) -> None:
        self._use(node.left, node)
        for target in node.comparisons:
            self._use(target.comparator, node)

    def visit_If(self, node: cst.If) -> None:
        self._use(node.test, node.test)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
            self._use(node.slice[0].slice.value, node)


def _is_str_param(param: cst.Param) -> bool:
    annotated = param.annotation is not None and isinstance(param.annotation.annotation, cst.Name) \
        and param.annotation.annotation.value == "str"
    return annotated or isinstance(param.default, (cst.SimpleString, cst.ConcatenatedString))
