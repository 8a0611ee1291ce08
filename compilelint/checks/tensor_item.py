"""CL111: `.item()`, `int(t)`, `float(t)`, `bool(t)`: a tensor turned into a Python scalar."""

import libcst as cst

from compilelint.check import Check
from compilelint.tensors import NOT_TENSOR

HELP = ("keep the value as a 0-d tensor and use tensor ops on it (`x / t` instead of `x / t.item()`); "
        "if the scalar is truly needed, compute it outside the compiled region, or set "
        "`torch._dynamo.config.capture_scalar_outputs = True` (conditions on it still break)")
CONVERSIONS = {"int", "float", "bool"}


class TensorItem(Check):
    code = "CL111"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "item" and not node.args:
            if self.ctx.kind(func.value) != NOT_TENSOR:
                self.report(node, "`.item()` copies a tensor to a Python scalar: a graph break and a device sync",
                            help=HELP)
            return
        if isinstance(func, cst.Name) and len(node.args) == 1 and not node.args[0].keyword:
            name = self.ctx.resolve(func)
            if name in CONVERSIONS and self.ctx.is_tensor(node.args[0].value):
                self.report(node, f"`{name}()` of a tensor calls `.item()`: a graph break and a device sync",
                            help=HELP)
