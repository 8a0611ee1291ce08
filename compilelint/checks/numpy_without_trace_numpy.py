"""CL311: numpy in compiled code when the project sets `torch._dynamo.config.trace_numpy = False`."""

import libcst as cst

from compilelint.check import Check
from compilelint.tensors import NOT_TENSOR

HELP = ("leave `trace_numpy` at its default (True) so dynamo traces numpy as tensor ops, or write the "
        "computation with torch ops (`torch.tanh`, `torch.quantile`, ...)")


class NumpyWithoutTraceNumpy(Check):
    code = "CL311"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "numpy" and not node.args:
            if self.ctx.kind(func.value) != NOT_TENSOR:
                self.report(node, "`.numpy()` in compiled code breaks the graph when `trace_numpy` is off",
                            pattern="tensor-numpy", help=HELP)
            return
        name = self.ctx.resolve(func) or ""
        if name.startswith("numpy."):
            self.report(node, f"`{name}` in compiled code breaks the graph when `trace_numpy` is off",
                        pattern="numpy-call", help=HELP)
