"""CL141: a call, from compiled code, of a function wrapped by `torch.compiler.disable`, and the wrapping itself
when compiled code does it (`@torch.compiler.disable` on a nested def, `torch.compiler.disable(f)`): dynamo skips
the call of disable (GB0007) where it is evaluated, whether or not the wrapped function is called.

Whether a name is disabled is often only known from another file, so the check reports the calls that
could be (project functions, methods, submodules) with their call record, and the project-wide step
keeps those that resolve to a disabled function (`Check.report(requires_disabled=...)`).
"""

import libcst as cst

from compilelint.check import Check
from compilelint.engine import DISABLE_FUNCTIONS
from compilelint.index import BUILTIN_NAMES
from compilelint.names import dotted

HELP = ("dynamo runs the disabled function eagerly and resumes after it in a new graph; remove the "
        "decorator if the function traces, call it outside the compiled region, or keep the call under "
        "`if not torch.compiler.is_compiling():` when it is eager-only work")
# Packages whose functions are never the project's own: calls of them are not candidates.
EXTERNAL_PACKAGES = frozenset(
    "torch numpy math cmath functools itertools operator typing collections einops os sys time random "
    "logging warnings copy dataclasses re json abc contextlib inspect enum string struct pickle pathlib "
    "scipy triton typing_extensions".split()
)


APPLIED = ("`{}` applied in compiled code breaks the graph: dynamo skips the call that wraps the function, "
           "whether or not the wrapped function is called")
APPLIED_HELP = "wrap the function once, where it is defined at module level, and call that from compiled code"


class CallToDisabledFunction(Check):
    code = "CL141"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.called_at_once = set()  # ids of `torch.compiler.disable(f)` calls whose result is called on the spot

    def visit_Decorator(self, node: cst.Decorator) -> None:
        # the engine has stepped out of the decorated function: this is the enclosing scope, which evaluates it
        decorator = node.decorator
        if not isinstance(decorator, cst.Call) and self.ctx.resolve(decorator) in DISABLE_FUNCTIONS:
            self.report(node, APPLIED.format(f"@{dotted(decorator)}"), pattern="applied", help=APPLIED_HELP)

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Call):
            self.called_at_once.add(id(node.func))

    def leave_Call(self, node: cst.Call) -> None:
        # after the arguments: they are evaluated before the call, so a break in one comes first (a value computed
        # in the graph that an argument reads is still the graph's, not a resume function's input)
        ctx = self.ctx
        func = node.func
        if isinstance(func, cst.Call) and ctx.resolve(func.func) in DISABLE_FUNCTIONS:
            self.report(node, "a `torch.compiler.disable`d function called in compiled code breaks the graph",
                        pattern="function", help=HELP)
            return
        if ctx.resolve(func) in DISABLE_FUNCTIONS:
            if id(node) not in self.called_at_once:  # `disable(f)(x)`: reported once, at the call of the result
                self.report(node, APPLIED.format(f"{dotted(func)}(...)"), pattern="applied", help=APPLIED_HELP)
            return
        record = ctx.call_record(node)
        if record is None or not may_be_project_code(ctx, record):
            return
        kind, name = record
        shown = dotted(func) or (dotted(func.value) + "[...]" if isinstance(func, cst.Subscript) and dotted(func.value)
                                 else "this function")
        self.report(node, f"`{shown}` is wrapped by `torch.compiler.disable`: calling it from compiled code breaks "
                          "the graph", pattern="function" if kind == "name" else "method", help=HELP,
                    requires_disabled=record)


def may_be_project_code(ctx, record) -> bool:
    """A call record that may reach the project's code: a method or a submodule of self that is not torch's, a
    `super()` method, an element of a container on self, a name that is no builtin, library or local value."""
    kind, name = record
    frame = ctx.frame
    if kind == "self":  # a method, or a submodule that is not one of torch's
        submodule = frame.cls.submodules.get(name) if frame.cls is not None else None
        return submodule is None or not submodule.startswith("torch.")
    if kind != "name":
        return kind in ("super", "self_item")
    head = name.split(".", 1)[0]
    if head in frame.env:  # a method of a local value: x.view(...)
        return False
    if "." not in name:  # a name of this file, or a builtin
        return name not in BUILTIN_NAMES
    return head not in EXTERNAL_PACKAGES
