"""CL172: a hook handed to `Tensor.register_hook` in compiled code changes state from outside it.

Dynamo traces the hook when compiled code registers it, as a higher-order op that may not change anything outside
its body (GB0067 "HOP: Unsafe side effect", reported on the change itself; measured on 2.13): the gradient saved on
the module (`self.attn_gradients = grad`, Grad-CAM and attention-explainability models), appended to a list the
module keeps, or written into a dict of the module by a hook nested in its forward (`self.store["attn"] = g`). A
hook that only computes (`lambda g: g * 2`) compiles, and so does one writing into a dict the compiled function was
handed (dynamo tracks changes of its inputs).

The hooks are found in the file: a method `m` of a class one of whose methods (not `__init__`, which registers on
parameters, whose hooks run in the eager backward) calls `t.register_hook(self.m)`, and a function nested in one
that calls `t.register_hook(hook)`. Whether that method runs compiled is the project-wide reach of its region.
"""

from typing import Dict, Optional, Set

import libcst as cst

from compilelint.check import Check
from compilelint.checks._python_state import self_attribute

# what grows a list, set or dict in place
GROWING_METHODS = frozenset({"append", "extend", "insert", "add", "update", "setdefault"})
HELP = ("return the gradient from the hook instead of storing it, or register the hook outside the compiled "
        "function (on the eager side, around the compiled call)")


def _registered_hook(call: cst.Call) -> Optional[cst.BaseExpression]:
    """`h` of `t.register_hook(h)`."""
    if isinstance(call.func, cst.Attribute) and call.func.attr.value == "register_hook" and len(call.args) == 1 \
            and not call.args[0].star:
        return call.args[0].value
    return None


def _hooks_registered_in(node: cst.CSTNode) -> Set[str]:
    """The hooks `node` registers, as spelled: "self.m" for a method, "h" for a plain name."""
    found: Set[str] = set()

    class _Registrations(cst.CSTVisitor):
        def visit_Call(self, call: cst.Call) -> None:
            hook = _registered_hook(call)
            if hook is not None and self_attribute(hook) is not None:
                found.add("self." + self_attribute(hook))
            elif isinstance(hook, cst.Name):
                found.add(hook.value)

    node.visit(_Registrations())
    return found


def _base_name(expr: cst.BaseExpression) -> Optional[str]:
    """`store` of `store["g"]`, `store.grads` or `store.grads[0]`."""
    while isinstance(expr, (cst.Attribute, cst.Subscript)):
        expr = expr.value
    return expr.value if isinstance(expr, cst.Name) else None


def _locals_of(function: cst.FunctionDef) -> Set[str]:
    """The parameters of `function` and the plain names its own body binds."""
    names = {p.name.value for p in (*function.params.params, *function.params.posonly_params,
                                    *function.params.kwonly_params)}
    names |= {p.name.value for p in (function.params.star_arg, function.params.star_kwarg)
              if isinstance(p, cst.Param)}

    class _Bindings(cst.CSTVisitor):
        def visit_FunctionDef(self, node) -> bool:
            return node is function

        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            if isinstance(node.target, cst.Name):
                names.add(node.target.value)

        def visit_For(self, node: cst.For) -> None:
            if isinstance(node.target, cst.Name):
                names.add(node.target.value)

    function.visit(_Bindings())
    return names


def _is_method(function: cst.FunctionDef) -> bool:
    """Its first parameter is `self`."""
    return bool(function.params.params) and function.params.params[0].name.value == "self"


class SideEffectInTensorHook(Check):
    code = "CL172"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._registered: Dict[int, Set[str]] = {}  # id(class or function) -> the hooks its code registers
        self._reported: Set[int] = set()  # ids of hooks with a change reported in their own body (dynamo stops there)

    def _registrations(self, scope: cst.CSTNode) -> Set[str]:
        if id(scope) not in self._registered:
            if isinstance(scope, cst.ClassDef):
                methods = [s for s in scope.body.body if isinstance(s, cst.FunctionDef) and s.name.value != "__init__"]
                self._registered[id(scope)] = set().union(*(_hooks_registered_in(m) for m in methods))
            else:
                self._registered[id(scope)] = _hooks_registered_in(scope.body)
        return self._registered[id(scope)]

    def _hook(self) -> Optional[cst.FunctionDef]:
        """The hook being walked: a method its class registers, or a function nested in one that registers it."""
        scopes = [s for s in self.ctx.statements if isinstance(s, (cst.ClassDef, cst.FunctionDef))]
        if len(scopes) < 2 or not isinstance(scopes[-1], cst.FunctionDef):
            return None
        hook, scope = scopes[-1], scopes[-2]
        spelled = ("self." if isinstance(scope, cst.ClassDef) else "") + hook.name.value
        return hook if spelled in self._registrations(scope) else None

    @staticmethod
    def _changed(target: cst.BaseExpression, hook: cst.FunctionDef) -> Optional[str]:
        """The module attribute a store into `target` changes (`self.x`, `self.x[k]`, `self.x.y`), spelled: in a
        method hook, its own `self`; in a nested one, the `self` of the method around it, which the hook does not
        rebind. A container the compiled function was handed compiles there (dynamo tracks its inputs' changes)."""
        if _base_name(target) != "self" or "self" in _locals_of(hook) and not _is_method(hook):
            return None
        base = target
        while isinstance(base, (cst.Attribute, cst.Subscript)) and self_attribute(base) is None:
            base = base.value
        attr = self_attribute(base)
        return f"`self.{attr}`" if attr is not None else None

    def _report(self, node: cst.CSTNode, hook: cst.FunctionDef, what: str) -> None:
        if id(hook) in self._reported:
            return
        if any(statement is node for statement in hook.body.body) or isinstance(hook.body, cst.SimpleStatementSuite):
            self._reported.add(id(hook))  # runs on every call, before anything after it
        self.report(node, f"the tensor hook `{hook.name.value}` changes {what}, state from outside it: dynamo traces "
                          "a hook registered in compiled code as a higher-order op, which may not change anything "
                          "outside it, and breaks here", help=HELP)

    def visit_Assign(self, node: cst.Assign) -> None:
        found = self._hook()
        if found is None or isinstance(node.value, cst.Name) and node.value.value == "None":
            return
        hook = found
        for target in node.targets:
            what = self._changed(target.target, hook)
            if what is not None:
                self._report(self._statement(node), hook, what)
                return

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in GROWING_METHODS:
            return
        found = self._hook()
        if found is None:
            return
        hook = found
        what = self._changed(func.value, hook)
        if what is not None:
            self._report(self._statement(node), hook, f"{what} (`.{func.attr.value}(...)`)")

    def _statement(self, node: cst.CSTNode) -> cst.CSTNode:
        """The statement line holding `node`, as the hook's body lists it."""
        return next((s for s in reversed(self.ctx.statements) if isinstance(s, cst.SimpleStatementLine)), node)
