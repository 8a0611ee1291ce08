"""CL209: literal lists of different lengths, or dicts with different keys, passed to one compiled callable."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import libcst as cst

from compilelint.check import Check
from compilelint.checks._compiled_objects import compiled_functions, compiled_target

HELP = ("pass a fixed structure: stack the tensors into one (`torch.stack(xs)`, padded to a fixed count) or give "
        "the dict the same keys at every call (missing entries as `None` still recompile: use a tensor default)")


def _shape(expr: cst.BaseExpression) -> Optional[Tuple[str, object]]:
    """("list", length) of a list/tuple display, ("dict", keys) of a dict display with string keys."""
    if isinstance(expr, (cst.List, cst.Tuple)) and not any(isinstance(e, cst.StarredElement) for e in expr.elements):
        return "list", len(expr.elements)
    if isinstance(expr, cst.Dict) and all(isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)
                                          for e in expr.elements):
        return "dict", tuple(sorted(e.key.evaluated_value for e in expr.elements))
    return None


class ContainerArgumentVaries(Check):
    code = "CL209"
    in_functions_only = False
    anywhere = True

    def __init__(self, ctx):
        super().__init__(ctx)
        self.scopes: List[Dict[str, int]] = [{name: i for i, name in enumerate(compiled_functions(ctx.module,
                                                                                                  ctx.imports))}]
        self.next_key = len(self.scopes[0])
        # (compiled callable, argument position or keyword) -> shapes seen so far
        self.seen: Dict[Tuple[int, object], List[Tuple[str, object]]] = {}

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.append({})

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.pop()

    def _bind(self, name: str) -> None:
        self.scopes[-1][name] = self.next_key
        self.next_key += 1

    def visit_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Name):
            return
        name = node.targets[0].target.value
        self.scopes[-1].pop(name, None)
        if compiled_target(node.value, self.ctx.imports) is not None:
            self._bind(name)

    def _compiled(self, name: str) -> Optional[int]:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return None

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "compile" and isinstance(func.value, cst.Name):
            self._bind(func.value.value)  # `model.compile()` in place
            return
        key = self._compiled(func.value) if isinstance(func, cst.Name) else None
        if key is None:
            return
        for position, arg in enumerate(node.args):
            shape = _shape(arg.value)
            if shape is None or arg.star:
                continue
            seen = self.seen.setdefault((key, arg.keyword.value if arg.keyword else position), [])
            earlier = [s for s in seen if s[0] == shape[0]]
            if earlier and shape not in seen:
                self._report(arg.value, func.value, shape, earlier[0])
            if shape not in seen:
                seen.append(shape)

    def _report(self, node: cst.CSTNode, callee: str, shape, first) -> None:
        if shape[0] == "list":
            what = f"a list of {shape[1]} items where an earlier call passed {first[1]}"
            guard = f"`len(...) == {first[1]}`"
        else:
            what = f"a dict with keys {list(shape[1])} where an earlier call passed {list(first[1])}"
            guard = "its keys, `___dict_contains(...)`"
        self.report(node, f"{what} to the compiled `{callee}`: dynamo guards on the structure ({guard}), so each "
                          "new length or key set recompiles once (and stays cached, up to `recompile_limit`); "
                          "`dynamic=True` does not cover it", help=HELP)
