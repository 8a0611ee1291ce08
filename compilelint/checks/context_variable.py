"""CL163: a method of a module-level `contextvars.ContextVar` (`get`, `set`, `reset`) called in compiled code:
dynamo cannot call methods of the opaque object and breaks the graph (GB0156, measured on 2.13)."""

import libcst as cst

from compilelint.check import Check

METHODS = frozenset({"get", "set", "reset"})
HELP = ("read the variable outside the compiled region (when the module is built, or in the caller) and pass the "
        "value in, or read it only when not compiling (`torch.compiler.is_compiling() or not var.get()`)")


class ContextVariable(Check):
    code = "CL163"

    def visit_Call(self, node: cst.Call) -> None:
        func, frame = node.func, self.ctx.frame
        if isinstance(func, cst.Attribute) and func.attr.value in METHODS and isinstance(func.value, cst.Name) \
                and self.ctx.module_values.get(func.value.value) == "contextvars.ContextVar" \
                and (frame is None or func.value.value not in frame.env):  # not a local of the same name
            self.report(node, f"`{func.value.value}.{func.attr.value}()` of a `contextvars.ContextVar` in compiled "
                              "code breaks the graph: dynamo cannot call its methods", help=HELP)
