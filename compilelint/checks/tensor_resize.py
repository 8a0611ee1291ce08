"""CL150: `t.resize_()` / `t.resize_as_()` in compiled code."""

import libcst as cst

from compilelint.check import Check
from compilelint.tensors import NOT_TENSOR

METHODS = {"resize_": "resize", "resize_as_": "resize-as"}
HELP = "allocate the tensor at its final size (`torch.empty(n)`, `x.new_empty(shape)`) instead of resizing it"


class TensorResize(Check):
    code = "CL150"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in METHODS and self.ctx.kind(func.value) != NOT_TENSOR:
            self.report(node, f"`.{func.attr.value}()` in compiled code breaks the graph",
                        pattern=METHODS[func.attr.value], help=HELP)
