"""CL203: a Python list/set/dict that lives across calls grows inside compiled code."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._python_state import python_state, self_attribute

GROWING_METHODS = frozenset({"append", "extend", "insert", "add", "appendleft", "update", "setdefault"})
# a key that is new on every call makes a dict grow like a list
PER_CALL_KEYS = frozenset({"id"})
# a container made afresh in the call before it grows (`self.pyramid = [x]` then appends) has the same length at
# every entry: one graph for every call (measured on 2.13), no growth to guard on
FRESH_CONTAINERS = (cst.List, cst.Dict, cst.Set)
HELP = ("keep per-call results out of long-lived Python containers in compiled code: return them, collect "
        "them in the (uncompiled) caller, or write into a preallocated tensor buffer")


class ContainerGrows(Check):
    code = "CL203"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # (function frame, container name) made afresh earlier in that function (frames are compared by identity)
        self._rebound: list = []

    def _container(self, expr: cst.BaseExpression):
        """`self.cache` / `CACHE` when it holds a list, set or dict made outside the call."""
        state = python_state(self.ctx.module, self.ctx.imports)
        attr = self_attribute(expr)
        frame = self.ctx.frame
        if attr is not None and frame is not None and frame.cls is not None:
            if attr in state.container_attrs.get(frame.cls.name, set()):
                return f"self.{attr}", f"len(self.{attr})"
        if isinstance(expr, cst.Name) and expr.value in state.container_globals:
            return expr.value, f"len(G['{expr.value}'])"
        return None

    def _report(self, node, name: str, guard: str) -> None:
        self.report(node, f"`{name}` outlives the call and grows on every call: dynamo guards on its length "
                          f"(`{guard} == N`), so every call recompiles until `recompile_limit` (8), then the code "
                          "runs eagerly", help=HELP)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in GROWING_METHODS:
            found = self._container(func.value)
            if found and not self._made_afresh(found[0]) \
                    and (func.attr.value not in ("update", "setdefault") or self._per_call_key(node)):
                self._report(node, *found)

    def visit_Assign(self, node: cst.Assign) -> None:
        # cache[id(x)] = ...: a new key per call
        for target in node.targets:
            sub = target.target
            if isinstance(node.value, FRESH_CONTAINERS) and (found := self._container(sub)):
                self._rebound.append((self.ctx.frame, found[0]))
            if isinstance(sub, cst.Subscript) and len(sub.slice) == 1 and isinstance(sub.slice[0].slice, cst.Index):
                found = self._container(sub.value)
                if found and self._is_per_call_key(sub.slice[0].slice.value):
                    self._report(node, *found)

    def _made_afresh(self, name: str) -> bool:
        return any(frame is self.ctx.frame and made == name for frame, made in self._rebound)

    def _per_call_key(self, call: cst.Call) -> bool:
        return bool(call.args) and self._is_per_call_key(call.args[0].value)

    def _is_per_call_key(self, key: cst.BaseExpression) -> bool:
        return isinstance(key, cst.Call) and self.ctx.resolve(key.func) in PER_CALL_KEYS
